"""A player's seat link and the game master's tools, in Chromium, on the three trackers:

- a seat link on a 390 px phone shows her seat only: no form, no Reset, no game master's view,
  no other seat, no setup; also while a foe owes a decision, which her view says is the game
  master's;
- the game master's Adjust panel in Magical Burst and post-magic-maid takes a typed change:
  Resolve 28 − 23 = 5 on the page's Clockwork Mother (spread 2, row 14: Resolve 28, read off
  the page before the change), Blitz Points 3 − 2 = 1 on a post-magic-maid quick entry (3, the
  quick entry's default);
- once the fight has started the form is folded behind one button;
- each tracker's page links its system's game master's screen above the tracker.
"""

from __future__ import annotations

import json
import re

import pytest
from battle_trackers import MB, PMM, TRACKERS, WR, Tracker
from playwright.sync_api import expect
from screens import new_context

pytestmark = pytest.mark.browser

#: What a seat link must not show: the game master's controls and the setup's.
GM_ONLY = ("Game master's view", "Start the battle", "Remove", "Next turn", "End the battle",
           "Reset")


def visible_buttons(page, tracker: Tracker) -> list[str]:
    return page.locator(f"{tracker.widget} button:visible").all_inner_texts()


def assert_seat_only(page, tracker: Tracker) -> None:
    """Her view, and nothing of the game master's or of the setup on the page."""
    widget = page.locator(tracker.widget)
    assert widget.locator(".battle-player").count() == 1
    assert widget.locator(".battle-gm").count() == 0
    assert widget.locator("textarea:visible, .calc-field:visible").count() == 0
    labels = [label.strip() for label in visible_buttons(page, tracker)]
    for label in labels:
        assert label not in GM_ONLY and not label.startswith(("Play as", "Adjust", "Copy ")), \
            labels


def pending_seed(tracker: Tracker, combatants: list, events: list, owed: str) -> list:
    """``events`` and one more found by seed (the test's own search) that leaves a decision
    ``owed`` by Bob."""
    from calculators import get

    *head, last = events
    for seed in range(1, 400):
        tried = [*head, {**last, "seed": seed}]
        state = get(tracker.calc).run({"combatants": combatants, "events": tried})["state"]
        if any(e["type"] == owed and e["by"] == "bob" for e in state["legal"]):
            return tried
    raise AssertionError(f"{tracker.calc}: no seed under 400 leaves Bob a {owed}")


@pytest.mark.parametrize("tracker", TRACKERS, ids=str)
def test_a_seat_link_at_390_shows_her_seat_only(browser, base_url, tracker: Tracker,
                                                screenshot):
    link, name = tracker.seat_now(base_url)
    context = new_context(browser, "390")
    page = tracker.open(context, link)
    assert page.locator(f"{tracker.widget} .battle-player h3").inner_text() == name
    assert_seat_only(page, tracker)
    # her own taps still move the battle, and she stays in her seat
    first = page.locator(f"{tracker.widget} .battle-player [role=group] button").first
    first.tap()
    tracker.wait_live(page)
    assert_seat_only(page, tracker)
    screenshot(page, f"{tracker.calc}-seat-link-390", full_page=False)
    context.close()


@pytest.mark.parametrize("tracker, owed", [(WR, "graze"), (PMM, "joker-order")], ids=str)
def test_a_seat_link_waits_on_a_foes_decision_without_the_game_masters_controls(
        browser, base_url, tracker: Tracker, owed: str):
    if tracker is WR:
        people = [{"id": "aya", "side": "heroes", "name": "Aya", "int": 15, "speed": 8},
                  {"id": "bob", "side": "foes", "name": "Bob", "ins": 6, "hp": 80, "speed": 5,
                   "x": 2}]
        events = pending_seed(tracker, people, [
            {"type": "start", "seed": 1},
            {"type": "attack", "target": "bob", "attack": "danmaku"}], owed)
        what = "Bob chooses whether to graze"
    else:
        people = list(tracker.duel)
        events = pending_seed(tracker, people, [{"type": "start", "acts": "aya"}], owed)
        what = "Bob chooses who goes first and last"
    context = new_context(browser, "390")
    page = tracker.open(context, tracker.address(base_url, people, events=json.dumps(events),
                                                 seat="aya"))
    waiting = page.inner_text(f"{tracker.widget} .battle-waiting")
    assert waiting == f"Waiting: {what}. It is the game master's decision, on her screen."
    assert_seat_only(page, tracker)
    context.close()


def adjust(page, tracker: Tracker, name: str, change: str, number: str) -> None:
    """Open ``name``'s adjustments, type ``change`` and Apply it to ``number``: the tap that
    leaves the box is applied to the answer the typing brings."""
    tracker.tap(page, f"Adjust {name}")
    page.fill(f"{tracker.widget} .battle-adjust-panel input[data-calc-field=gm_amount]", change)
    group = page.locator(f"{tracker.widget} [role=group][aria-label=\"{name}'s {number}\"]")
    group.get_by_role("button", name="Apply", exact=False).click()
    tracker.wait_live(page)


def row_figure(page, tracker: Tracker, name: str, label: str) -> str:
    row = page.locator(f"{tracker.widget} .battle-row",
                       has=page.locator(".battle-who strong", has_text=name))
    return row.locator(".battle-figure", has=page.locator("dt", has_text=label)).first \
        .locator("dd").inner_text()


def test_the_game_master_types_a_change_in_magical_bursts_adjust_panel(browser, base_url):
    context = new_context(browser, "1280")
    page = MB.open(context, base_url + MB.page)  # the page's example, under way
    before = int(row_figure(page, MB, "Clockwork Mother", "Resolve").split("/")[0])
    adjust(page, MB, "Clockwork Mother", "-23", "Resolve")
    page.wait_for_function(
        "([sel, want]) => Array.from(document.querySelectorAll(sel)).some("
        "(el) => el.textContent.includes(want))",
        arg=[f"{MB.widget} .battle-log li", f"Resolve set to {before - 23} (was {before})"])
    assert row_figure(page, MB, "Clockwork Mother", "Resolve").split("/")[0] == \
        str(before - 23)
    # the newest lines and Undo beside the turn's buttons: Undo takes the change back
    latest = page.locator(f"{MB.widget} .battle-latest")
    assert "Resolve set to" in latest.inner_text()
    MB.tap(page, "Undo", "Last step")
    assert row_figure(page, MB, "Clockwork Mother", "Resolve").split("/")[0] == str(before)
    # the battle is under way: its setup and file are folded behind one button
    assert page.locator(f"{MB.widget} .calc-form textarea:visible").count() == 0
    page.get_by_role("button", name="Show the setup and the battle file").click()
    assert page.locator(f"{MB.widget} .calc-form textarea:visible").count() == 2
    context.close()


def test_the_game_master_types_a_change_in_post_magic_maids_adjust_panel(browser, base_url):
    context = new_context(browser, "1280")
    page = PMM.open(context, PMM.under_way(base_url))
    before = int(row_figure(page, PMM, "Bob", "Blitz Points"))
    adjust(page, PMM, "Bob", "-2", "Blitz Points")
    page.wait_for_function(
        "([sel, want]) => Array.from(document.querySelectorAll(sel)).some("
        "(el) => el.textContent.includes(want))",
        arg=[f"{PMM.widget} .battle-log li", f"Blitz Points set to {before - 2}"])
    assert row_figure(page, PMM, "Bob", "Blitz Points") == str(before - 2)
    context.close()


def test_apply_pressed_while_the_answer_to_her_typing_comes_back_counts_once(browser, base_url):
    """The game master types a change, then presses Apply with the mouse and holds it: leaving
    the box sends her change, and its answer replaces the panel (Apply now reads "Apply −2 →
    1") before she lets go. Her release applies the change, once."""
    context = new_context(browser, "1280")
    page = PMM.open(context, PMM.under_way(base_url))
    before = int(row_figure(page, PMM, "Bob", "Blitz Points"))
    PMM.tap(page, "Adjust Bob")
    page.fill(f"{PMM.widget} .battle-adjust-panel input[data-calc-field=gm_amount]", "-2")
    group = page.locator(f"{PMM.widget} [role=group][aria-label=\"Bob's Blitz Points\"]")
    apply = group.get_by_role("button", name="Apply", exact=False)
    assert apply.inner_text() == "Apply", "the panel already answered the typing"
    apply.hover()
    page.mouse.down()
    group.get_by_role("button", name=f"Apply −2 → {before - 2}").wait_for()
    PMM.wait_live(page)
    page.mouse.up()
    PMM.wait_live(page)
    log = page.locator(f"{PMM.widget} .battle-log li").all_inner_texts()
    assert [line for line in log if "Blitz Points set to" in line] == \
        [f"Bob: Blitz Points set to {before - 2} (was {before}). (The game master)"]
    assert row_figure(page, PMM, "Bob", "Blitz Points") == str(before - 2)
    context.close()


@pytest.mark.parametrize("tracker", TRACKERS, ids=str)
def test_the_open_adjust_panel_at_390_has_no_wcag_violation_and_finger_sized_controls(
        browser, base_url, axe_source, tracker: Tracker):
    from wcag import violations_in_both_palettes

    context = new_context(browser, "390")
    page = tracker.open(context, tracker.under_way(base_url))
    tracker.tap(page, "Adjust Bob")
    panel = page.locator(f"{tracker.widget} .battle-adjust-panel")
    heights = panel.locator("button, input").evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert violations_in_both_palettes(page, axe_source, "adjust panel") == []
    context.close()


@pytest.mark.parametrize("tracker", TRACKERS, ids=str)
def test_each_tracker_links_its_systems_game_masters_screen(browser, base_url,
                                                           tracker: Tracker):
    context = new_context(browser, "1280", python=False)
    page = context.new_page()
    page.goto(base_url + tracker.page)
    link = page.locator("article").get_by_role("link", name="game master's screen")
    assert link.bounding_box()["y"] < page.locator(tracker.widget).bounding_box()["y"]
    link.click()  # instant navigation: the address changes before the page does
    page.wait_for_url(base_url + tracker.page.split("/")[0] + "/gm-screen/")
    expect(page.locator("article h1")).to_have_text(re.compile("^Game master's screen"))
    context.close()
