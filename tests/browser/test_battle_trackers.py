"""What every battle tracker keeps at the table, run on each of the three (Western Roses,
Magical Burst, post-magic-maid): a player's seat link opening on her own view at once on a
phone, a battle handed whole to another device by its link, one battle however often its link
goes to a player and back (a fork kept as a named copy) or comes back as a file, two tabs of
one battle, each going on from the newest log, never from an older one, and a saved battle
that keeps its file whole, so it says when it was played under other rules."""

from __future__ import annotations

import json

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


def shared_context(browser, base_url, screen: str):
    """A device: a new profile at ``screen`` whose pages may copy links and read them back."""
    context = new_context(browser, screen)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    return context


def test_a_seat_link_played_on_a_phone_and_brought_back_updates_the_game_masters_battle(
        browser, base_url, tracker: Tracker, screenshot):
    laptop = shared_context(browser, base_url, "1280")
    gm = tracker.open(laptop, tracker.under_way(base_url))
    gm.fill(f"{tracker.widget} [name='name']", "Bridge")
    tracker.wait_live(gm)
    her = tracker.head(gm).split(": ")[1].removesuffix("'s turn.")
    her_id = next(c["id"] for c in tracker.duel if c["name"] == her)
    copy = gm.locator(f"{tracker.widget} .calc-output").get_by_role(
        "button", name=f"Copy {her}'s seat link", exact=True)
    if copy.count():
        copy.click()
    else:  # Magical Burst seats girls only (the duel's Aya is a human): the link it would copy
        gm.evaluate(f"document.querySelector('{tracker.widget}').calcWidget.copyLink("
                    f"{{dataset: {{calcCopyLink: JSON.stringify({{seat: '{her_id}'}})}}, "
                    "textContent: 'Copy her seat link'})")
    gm.wait_for_function(f"() => document.querySelector('{tracker.widget}')"
                         ".calcWidget.outputStatus.textContent.startsWith('Copied')")
    seat_link = gm.evaluate("navigator.clipboard.readText()")
    assert "?" not in seat_link and "#" + tracker.calc + "=" in seat_link  # in the fragment
    other = next(c["name"] for c in tracker.duel if c["name"] != her)

    phone = shared_context(browser, base_url, "390")
    hers = tracker.open(phone, seat_link)
    assert hers.locator(f"{tracker.widget} .battle-turn").inner_text() == "Your turn."
    tracker.tap(hers, "End the turn")
    assert hers.locator(f"{tracker.widget} .battle-turn").inner_text() == \
        f"Waiting: {other}'s turn."
    back = tracker.copy_link(hers)
    phone.close()

    gm = tracker.open(laptop, back)  # she opens the link her player sent
    assert tracker.head(gm) == f"Round 1: {other}'s turn."
    assert gm.locator(f"{tracker.widget} .battle-player").count() == 0  # still her own view
    assert tracker.status(gm).startswith("Updated your saved “Bridge” from the link: ")
    [listed] = tracker.battles(gm)
    assert listed == (f"Bridge (open now) Round 1: {other}'s turn · changed just now Delete")
    played = tracker.log(gm)
    screenshot(gm, f"{tracker.calc}-link-brought-back-1280", full_page=False)

    again = tracker.open(laptop, base_url + tracker.page)  # reopening: the battle changed last
    assert tracker.log(again) == played
    assert len(tracker.battles(again)) == 1
    laptop.close()


def test_a_link_whose_log_parts_from_the_saved_battle_is_kept_as_a_named_copy(
        browser, base_url, tracker: Tracker):
    laptop = shared_context(browser, base_url, "1280")
    gm = tracker.open(laptop, tracker.address(base_url, list(tracker.duel)))
    gm.fill(f"{tracker.widget} [name='name']", "Bridge")
    tracker.wait_live(gm)
    link = tracker.copy_link(gm)

    phone = shared_context(browser, base_url, "390")
    hers = tracker.open(phone, link)
    tracker.start(hers)
    theirs = tracker.log(hers)
    back = tracker.copy_link(hers)
    phone.close()

    tracker.start(gm)  # the game master starts it too: the logs part at the first event
    mine = tracker.log(gm)
    # the logs differ in the start's seed (Western Roses shows the same lines: speed decides)
    gm = tracker.open(laptop, back)
    assert tracker.status(gm) == ("This link's log parts from your saved “Bridge” at event 1: "
                                  "it is kept as “Bridge (copy)”, and yours is unchanged.")
    assert tracker.log(gm) == theirs
    listed = tracker.battles(gm)
    assert [line.split(" Round")[0] for line in listed] == ["Open “Bridge”",
                                                            "Bridge (copy) (open now)"]
    gm.get_by_role("button", name="Open “Bridge”").click()
    tracker.wait_live(gm)
    assert tracker.log(gm) == mine
    gm.fill(f"{tracker.widget} [name='name']", "Bridge at dawn")  # changed last now
    tracker.wait_live(gm)
    again = tracker.open(laptop, base_url + tracker.page)  # reopening: the battle changed last
    assert again.input_value(f"{tracker.widget} [name='name']") == "Bridge at dawn"
    assert tracker.log(again) == mine
    laptop.close()


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
    # as after a quick foe is added: the quick entry's number fields cleared
    page.evaluate(f"""() => {{ const w = document.querySelector('{tracker.widget}').calcWidget;
        const blank = {{}};
        w.form.querySelectorAll('input[inputmode][name^="new_"]').forEach((f) => {{
            if (/^-?\\d+$/.test(f.placeholder)) blank[f.name] = ""; }});
        w.setInputs(blank); }}""")
    tracker.wait_live(page)
    blanks = page.locator(f"{tracker.widget} [data-calc-blanks]")
    assert blanks.count() == 1 and blanks.is_hidden()
    page.locator(f"{tracker.widget} .calc-unfold").click()
    page.wait_for_function(f"() => !document.querySelector('{tracker.widget} "
                           "[data-calc-blanks]').hidden")
    assert blanks.inner_text().startswith("Blank, so counted as: ")
    context.close()


def test_a_battle_saved_on_the_device_keeps_its_file_and_says_so_when_played_under_other_rules(
        browser, base_url, tracker: Tracker):
    """The saved battle holds what the answer's battle file holds (format 2, its system, the
    rules, one digest per event), so once an older release's rules and lines are in it, it
    opens naming the line that differs and refusing nothing, and keeps them until it is
    played on."""
    from calculators import get

    context = new_context(browser, "1280")
    page = tracker.open(context, tracker.under_way(base_url))
    page.fill(f"{tracker.widget} [name='name']", "Bridge")
    tracker.wait_live(page)
    tracker.tap(page, "Next turn")
    tracker.tap(page, "Next turn")
    [saved] = tracker.saved(page)
    state = saved["state"]
    events = json.loads(state["events"])
    file = get(tracker.calc).run({"combatants": json.loads(state["combatants"]),
                                  "events": events})["battle"]  # as the command line writes it
    assert len(events) == 3 and state["format"] == "2" and state["system"] == file["system"]
    assert json.loads(state["rules"]) == file["rules"]
    assert json.loads(state["lines"]) == file["lines"] and len(file["lines"]) == 3

    older = {"release": "0.0.9", "data": "0123456789ab"}  # as an older release wrote it
    page.evaluate("([key, state]) => { const c = JSON.parse(localStorage.getItem(key)); "
                  "c.records[0].state = state; localStorage.setItem(key, JSON.stringify(c)); }",
                  [f"rpg-calc/v1/collection/{tracker.calc}",
                   {**state, "rules": json.dumps(older),
                    "lines": json.dumps([file["lines"][0], "0badc0de", file["lines"][2]])}])
    page.reload()
    tracker.wait_live(page)  # opened, nothing refused
    notice = page.inner_text(f"{tracker.widget} .battle-record")
    assert notice.startswith("Played under the rules of release 0.0.9 (rule data "
                             "0123456789ab); replayed under today's")
    assert "1 of its events' lines differ from when it was saved, the first at event 1" in notice
    assert json.loads(tracker.saved(page)[0]["state"]["rules"]) == older  # it says so again
    tracker.tap(page, "Next turn")  # played on: saved under today's rules
    assert json.loads(tracker.saved(page)[0]["state"]["rules"]) == file["rules"]
    context.close()


def test_an_imported_battle_file_is_folded_into_the_saved_battle_by_its_id(
        browser, base_url, tracker: Tracker, tmp_path):
    """A battle exported, then imported where it is saved: behind the saved one, nothing
    changes; going on from it, it updates it; parting from it, it is kept as a named copy."""
    context = new_context(browser, "1280")
    page = tracker.open(context, tracker.address(base_url, list(tracker.duel)))
    page.fill(f"{tracker.widget} [name='name']", "Bridge")
    tracker.wait_live(page)
    tracker.export(page, tmp_path / "before.json")
    tracker.start(page)
    started = tracker.log(page)
    exported = tracker.export(page, tmp_path / "started.json")
    [record] = exported["collections"][tracker.calc]["records"]
    assert record["name"] == "Bridge" and record["id"] == tracker.saved(page)[0]["id"]

    assert tracker.import_file(page, tmp_path / "before.json") == \
        "This file is 1 event behind your saved “Bridge”, which is open."
    assert tracker.log(page) == started and len(tracker.battles(page)) == 1
    undo = page.locator(f"{tracker.widget} [data-calc-undo]")
    undo.click()  # back before the start: the file goes on from it
    tracker.wait_live(page)
    assert tracker.import_file(page, tmp_path / "started.json") == \
        "Updated your saved “Bridge” from the file: 1 event more."
    assert tracker.log(page) == started and len(tracker.battles(page)) == 1

    undo.click()
    tracker.wait_live(page)
    tracker.start(page)  # started again, with another seed: the file parts from it
    mine = tracker.log(page)
    assert tracker.import_file(page, tmp_path / "started.json") == (
        "This file's log parts from your saved “Bridge” at event 1: it is kept as "
        "“Bridge (copy)”, and yours is unchanged.")
    assert tracker.log(page) == started
    assert [line.split(" Round")[0] for line in tracker.battles(page)] == [
        "Open “Bridge”", "Bridge (copy) (open now)"]
    page.get_by_role("button", name="Open “Bridge”").click()
    tracker.wait_live(page)
    assert tracker.log(page) == mine
    context.close()
