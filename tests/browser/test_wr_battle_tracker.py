"""The battle tracker at the table (western-roses/battle-tracker/), played as people play it:
a player on a phone runs her turns with taps only, looking at her own numbers; a game master on
a laptop runs a 2-against-3 fight through two rounds; the battle is kept on the device.

Numbers are checked against the rule text (she gains her insight in spell power at the start
of her turn and again when she concentrates; the meter gains 2 for concentrating; a graze
gains twice the damage dodged or takes half or all of it), read off the page."""

from __future__ import annotations

import json
import re

import pytest
from battle_trackers import BOOT_TIMEOUT, WR
from screens import import_saved_data, new_context
from wcag import violations_in_both_palettes

pytestmark = pytest.mark.browser

PAGE = WR.page
W = WR.widget
SPEEDS = {"aya": 9, "bea": 8, "cat": 7, "dog": 5, "eel": 3}
#: One hero against one foe; Aya acts first.
DUEL = list(WR.duel)
address, wait_live, tap, head, open_tracker = WR.address, WR.wait_live, WR.tap, WR.head, WR.open


def deck() -> dict:
    from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK
    return EXAMPLE_DECK


def figure(page, label: str) -> str:
    """A figure of the player's view ("HP" → "80/80")."""
    return page.locator(f"{W} .battle-player .battle-figure", has=page.locator(
        "dt", has_text=re.compile(f"^{label}$"))).locator("dd").inner_text()


def spell_power(page) -> int:
    return int(figure(page, "Spell power").split("/")[0])


def start_named(context, base_url: str, name: str):
    """A new tab on the duel, the battle named ``name`` and started."""
    page = open_tracker(context, address(base_url, DUEL))
    page.fill(f"{W} [name='name']", name)
    wait_live(page)
    tap(page, "Start the battle")
    return page


def in_view(page, selector: str) -> bool:
    """The element is wholly on the screen as the page stands."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_player_runs_three_turns_at_390_with_taps_only(browser, base_url, screenshot):
    context = new_context(browser, "390")
    aya = {"id": "aya", "side": "heroes", "name": "Aya", "ins": 18, "hp": 80, "speed": 9,
           "spell_power": 300, "deck": deck()}
    bob = {"id": "bob", "side": "foes", "name": "Bob", "int": 15, "speed": 2, "x": 2}
    # the game master starts the battle and hands her phone over in Aya's seat
    page = open_tracker(context, address(base_url, [aya, bob]))
    tap(page, "Start the battle")
    tap(page, "Play as Aya")
    assert "Your turn." in page.inner_text(f"{W} .battle-turn")
    # start of her turn: 300 + her insight
    assert spell_power(page) == 300 + 18
    # her view starts at the top of the screen with everything she taps this turn on it
    page.locator(f"{W} .calc-output").evaluate("(el) => el.scrollIntoView()")
    for part in (".battle-numbers-big", "[aria-label=\"Aya's actions\"]",
                 "[aria-label=\"Attack Bob\"]", ".battle-hand"):
        assert in_view(page, f"{W} {part}"), part
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    heights = page.locator(f"{W} .battle-player button").evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44  # a finger's tap target

    tap(page, "Concentrate")
    assert spell_power(page) == 318 + 18 and figure(page, "Meter") == "2/5"
    cards = page.locator(f"{W} .battle-card")
    assert cards.count() == 1  # the card drawn as the battle began
    name = cards.locator("strong").inner_text()
    cost = int(re.search(r"costs (\d+)", cards.inner_text())[1])
    cast = next(label for label in ("Cast at Bob", "Cast on Bob", "Cast")
                if cards.get_by_role("button", name=label, exact=True).count())
    tap(page, cast, f"Card 1: {name}")
    if page.locator(f"{W} .battle-waiting").count():  # Bob dodged: the game master's call
        tap(page, "Game master's view")
        tap(page, "Don't graze", "Bob's graze")
        tap(page, "Play as Aya")
    assert spell_power(page) == 336 - cost and figure(page, "Cards") == "0"
    assert name in page.inner_text(f"{W} .battle-log")
    tap(page, "End the turn")
    assert "Waiting: Bob's turn." in page.inner_text(f"{W} .battle-turn")

    # Bob's turn, run by the game master on the same phone: a danmaku attack she dodges
    tap(page, "Game master's view")
    while True:
        tap(page, "Danmaku", "Attack Aya")
        if page.locator(f"{W} [aria-label=\"Aya's graze\"]").count():
            break
        page.click(f"{W} [data-calc-undo]")  # not dodged: take it back, roll again
        wait_live(page)
    tap(page, "Play as Aya")
    prompt = page.inner_text(f"{W} .battle-pending")
    damage = int(re.search(r"dodged (\d+) damage", prompt)[1])
    hp_before, sp_before = int(figure(page, "HP").split("/")[0]), spell_power(page)
    tap(page, "Graze", "Aya's graze")
    hp, sp = int(figure(page, "HP").split("/")[0]), spell_power(page)
    assert (sp, hp) == (min(400, sp_before + 2 * damage), hp_before) or (
        sp == sp_before and hp in (hp_before - damage // 2, hp_before - (damage + 1) // 2,
                                   hp_before - damage))
    assert "graz" in page.inner_text(f"{W} .battle-log").lower()
    tap(page, "Game master's view")
    tap(page, "Next turn")
    tap(page, "Play as Aya")

    # her second and third turns: each starts with her insight gained; Bob does nothing
    for _ in range(2):
        assert "Your turn." in page.inner_text(f"{W} .battle-turn")
        tap(page, "Concentrate")
        tap(page, "Do nothing")
        assert figure(page, "Actions") == "0"
        ended = spell_power(page)
        tap(page, "End the turn")
        tap(page, "Game master's view")
        tap(page, "Next turn")
        tap(page, "Play as Aya")
        assert "Your turn." in page.inner_text(f"{W} .battle-turn")
        assert spell_power(page) == min(400, ended + 18)
    assert head(page).startswith("Round 4:")
    screenshot(page, "wr-battle-player-390")
    context.close()


def test_a_game_master_runs_two_against_three_for_two_rounds_at_1280(browser, base_url,
                                                                     screenshot):
    context = new_context(browser, "1280")
    people = [{"id": cid, "side": "heroes" if cid in ("aya", "bea") else "foes",
               "name": cid.title(), "speed": speed, "hp": 90, "x": 0 if cid in ("aya", "bea")
               else 2} for cid, speed in SPEEDS.items()]
    page = open_tracker(context, address(base_url, people))
    tap(page, "Start the battle")
    seen = []
    for _ in range(10):
        current = page.locator(f"{W} .battle-row[aria-current]")
        me = current.locator("strong").first.inner_text()
        seen.append((head(page).split(":")[0], me))
        target = "Cat" if me in ("Aya", "Bea") else "Aya"
        # an attack from the current combatant to another: one tap on the target's Danmaku
        current.locator(f"[role=group][aria-label=\"Attack {target}\"]").get_by_role(
            "button", name="Danmaku").click()
        wait_live(page)
        if page.locator(f"{W} .battle-pending").count():
            page.locator(f"{W} .battle-pending").get_by_role("button", name="Graze",
                                                             exact=True).click()
            wait_live(page)
        tap(page, "Next turn")
    order = [name.title() for name in SPEEDS]
    assert seen == [("Round 1", n) for n in order] + [("Round 2", n) for n in order]
    assert head(page).startswith("Round 3:")
    # the log beside the turn order, both on the screen
    main = page.locator(f"{W} .battle-main").bounding_box()
    side = page.locator(f"{W} .battle-side").bounding_box()
    assert side["x"] >= main["x"] + main["width"] and side["y"] < 800
    # every combatant's numbers in one list, in turn order
    rows = page.locator(f"{W} .battle-row .battle-who strong").all_inner_texts()
    assert rows == order
    assert page.locator(f"{W} .battle-row .battle-hp").count() == 5
    screenshot(page, "wr-battle-game-master-1280")
    context.close()


def test_a_battle_is_kept_named_through_a_reload_export_and_import(browser, base_url,
                                                                   tmp_path):
    context = new_context(browser, "1280", accept_downloads=True)
    page = start_named(context, base_url, "Bridge")
    tap(page, "Concentrate")
    before = page.inner_text(f"{W} .battle-side")
    page.goto(base_url + PAGE)  # no inputs in the address: the saved battle comes back
    wait_live(page)
    assert page.input_value(f"{W} [name='name']") == "Bridge"
    assert page.inner_text(f"{W} .battle-side") == before
    page.click("[data-collection-new]")
    wait_live(page)
    page.fill(f"{W} [name='name']", "Cave")
    wait_live(page)
    page.wait_for_function("() => Array.from(document.querySelectorAll('[data-collection-list] "
                           "li')).some((li) => li.textContent.includes('Cave'))")
    listed = page.locator("[data-collection-list] li").all_inner_texts()
    assert any("Bridge" in x for x in listed) and any("Cave" in x for x in listed)

    # the home page's export carries both, and imported on another device Bridge is whole
    page.goto(base_url)
    page.wait_for_selector("[data-saved-summary]")
    assert "2 Western Roses battles" in page.inner_text("[data-saved-summary]")
    with page.expect_download() as download:
        page.click("[data-saved-export]")
    path = tmp_path / "saved.json"
    download.value.save_as(path)
    records = json.loads(path.read_text(encoding="utf-8"))["collections"]["wr-battle"]["records"]
    bridge = next(r for r in records if r["name"] == "Bridge")
    assert [e["type"] for e in json.loads(bridge["state"]["events"])] == ["start", "concentrate"]
    other = new_context(browser, "390")
    import_saved_data(other, base_url, path, "2 Western Roses battles")
    tracker = open_tracker(other, base_url + PAGE)
    tracker.get_by_role("button", name="Open \u201cBridge\u201d").tap()
    wait_live(tracker)
    assert tracker.inner_text(f"{W} .battle-side") == before
    other.close()
    context.close()


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_every_view_of_the_tracker_has_no_wcag_violation(browser, base_url, axe_source, screen):
    people = [{"id": "aya", "side": "heroes", "name": "Aya", "speed": 9, "deck": deck()},
              {"id": "bob", "side": "foes", "name": "Bob", "speed": 2}]
    start = json.dumps([{"type": "start", "seed": 3}])
    views = {"setup": address(base_url, people, new_name="Cat"),
             "game master": address(base_url, people, events=start),
             "player": address(base_url, people, events=start, seat="aya"),
             "adjustments": address(base_url, people, events=start, tool="adjust:aya"),
             "move pad": address(base_url, people, events=start, seat="aya", tool="move:1:0")}
    found = []
    for view, url in views.items():
        context = new_context(browser, screen)
        found += violations_in_both_palettes(open_tracker(context, url), axe_source, view)
        context.close()
    assert not found, "\n".join(found)


def test_a_new_battle_takes_her_saved_character_and_a_quick_foe_by_taps(browser, base_url):
    context = new_context(browser, "390")
    sheet = context.new_page()
    sheet.goto(base_url + "western-roses/character/")
    sheet.wait_for_selector("#wr-character[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    sheet.fill("#wr-character [name='name']", "Momiji")
    sheet.wait_for_function("() => Array.from(document.querySelectorAll('[data-collection-list]"
                            " li')).some((li) => li.textContent.includes('Momiji'))")
    sheet.close()

    page = open_tracker(context, base_url + PAGE)
    page.locator("[data-collection-new]").tap()
    wait_live(page)
    assert "Not started" in head(page)
    page.select_option(f"{W} [data-link-select]", label="Momiji")
    wait_live(page)
    tap(page, "To the heroes", "Add Momiji")
    page.fill(f"{W} [name='new_name']", "Wolf")
    page.fill(f"{W} [name='new_speed']", "0")
    wait_live(page)
    tap(page, "To the foes", "Add Wolf")
    assert page.locator(f"{W} .battle-setup li strong").all_inner_texts() == ["Momiji", "Wolf"]
    assert page.input_value(f"{W} [name='new_name']") == ""
    tap(page, "Start the battle")
    assert head(page) == "Round 1: Momiji's turn."  # her speed against the foe's 0
    combatants = json.loads(page.input_value(f"{W} [name='combatants']"))
    assert combatants[0]["kind"] == "character" and combatants[0]["character"]["name"] == "Momiji"
    context.close()
