"""What every battle tracker keeps at the table, run on each of the three (Western Roses,
Magical Burst, post-magic-maid): a player's seat link opening on her own view at once on a
phone, a battle handed whole to another device by its link, and two tabs of one battle, each
going on from the newest log, never from an older one."""

from __future__ import annotations

import pytest
from battle_trackers import PMM, TRACKERS, Tracker
from screens import new_context

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("tracker", TRACKERS, ids=str)]


def on_first_screen(page, locator) -> bool:
    """Whether ``locator`` lies wholly within the phone's first screen (nothing scrolled)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return page.evaluate("scrollY") == 0 and box is not None and box["y"] >= 0 and \
        box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]


def test_a_player_opening_her_seat_link_on_a_phone_sees_her_view_on_the_first_screen(
        browser, base_url, tracker: Tracker, screenshot):
    link, name = tracker.seat_now(base_url)
    context = new_context(browser, "390")
    page = tracker.open(context, link)
    view = page.locator(f"{tracker.widget} .battle-player")
    assert view.locator("h3").inner_text() == name
    assert on_first_screen(page, view.locator("h3"))
    assert on_first_screen(page, view.locator(".battle-numbers-big"))
    assert view.locator(".battle-turn").inner_text() == "Your turn."
    first = view.locator("[role=group] button").first  # her turn's first control
    assert on_first_screen(page, first)
    if tracker is PMM:  # her check: two attributes tapped, and Roll still on the first screen
        attributes = view.locator("[role=group][aria-label=Attributes] button")
        for label in attributes.all_inner_texts()[:2]:
            tracker.tap(page, label, "Attributes")
        roll = page.locator(f"{tracker.widget} .battle-player [aria-label=Roll] button")
        assert roll.inner_text().startswith("Roll ")
        assert on_first_screen(page, roll)
        for group in ("Actions this turn", "Blitz"):
            assert on_first_screen(page, view.locator(f"[role=group][aria-label='{group}']"))
    screenshot(page, f"{tracker.calc}-seat-390", full_page=False)
    context.close()


def test_the_game_master_hands_the_whole_battle_to_another_device_by_its_link(
        browser, base_url, tracker: Tracker):
    context = new_context(browser, "1280")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = tracker.open(context, tracker.under_way(base_url))
    tracker.tap(page, "Next turn")
    head, log = tracker.head(page), tracker.log(page)
    assert head == "Round 1: Bob's turn."
    page.click("[data-collection-share]")
    page.wait_for_function("() => document.querySelector('[data-collection-status]')"
                           ".textContent.startsWith('Copied')")
    link = page.evaluate("navigator.clipboard.readText()")
    context.close()

    phone = new_context(browser, "390")
    other = tracker.open(phone, link)
    assert tracker.head(other) == head
    assert tracker.log(other) == log
    phone.close()


def test_two_tabs_of_one_battle_each_go_on_from_the_newest_log(browser, base_url,
                                                              tracker: Tracker):
    context = new_context(browser, "1280")
    first = tracker.open(context, tracker.under_way(base_url))
    first.fill(f"{tracker.widget} [name='name']", "Bridge")
    tracker.wait_live(first)
    second = tracker.open(context, base_url + tracker.page)  # the saved battle
    assert tracker.head(second) == "Round 1: Aya's turn."
    tracker.tap(first, "Next turn")
    after_first = tracker.log(first)
    tracker.wait_log(second, after_first)
    tracker.tap(second, "Next turn")  # on top of the first tab's Next turn, not in its place
    after_second = tracker.log(second)
    assert after_second[:len(after_first)] == after_first
    assert len(after_second) > len(after_first)
    assert tracker.head(second).startswith("Round 2: Aya's turn")
    tracker.wait_log(first, after_second)
    first.reload()
    tracker.wait_live(first)
    assert tracker.log(first) == after_second
    context.close()


def test_a_running_battle_names_no_blank_setup_field_above_its_answer(browser, base_url,
                                                                       tracker: Tracker):
    """The quick entry's blank number fields stand for their defaults only when a combatant
    is added: above a battle under way (its setup folded away) no "Blank, so counted as" line
    speaks of them, and unfolding the setup names them again."""
    context = new_context(browser, "1280")
    page = tracker.open(context, tracker.under_way(base_url))
    blanks = page.locator(f"{tracker.widget} [data-calc-blanks]")
    assert blanks.is_hidden()
    page.locator(f"{tracker.widget} .calc-unfold").click()
    page.wait_for_function(f"() => !document.querySelector('{tracker.widget} "
                           "[data-calc-blanks]').hidden")
    assert blanks.inner_text().startswith("Blank, so counted as: ")
    context.close()
