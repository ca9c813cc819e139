"""The battle tracker's controls beyond an attack, tapped as the table taps them: the game
master overrules a number, a status and a turn from her view in two taps each; a player rolls
a check from her view on a phone and sees it beside the buttons; a player moves on the pad;
the saved-battles panel speaks of a battle, not of a character sheet.

Numbers are worked out from the rule text (a quick foe has 50 HP and starts with 50 spell
power, gaining her insight of 12 at the start of her turn; a check rolls a die per 3 points)
and read off the page."""

from __future__ import annotations

import re

import pytest
from screens import new_context
from test_wr_battle_tracker import DUEL, W, address, figure, head, in_view, open_tracker, tap

pytestmark = pytest.mark.browser


def row_figure(page, name: str, label: str) -> str:
    row = page.locator(f"{W} .battle-row", has=page.locator(".battle-who strong",
                                                            has_text=re.compile(f"^{name}$")))
    return row.locator(".battle-figure", has=page.locator(
        "dt", has_text=re.compile(f"^{label}$"))).locator("dd").inner_text()


def test_the_game_master_overrules_numbers_statuses_and_a_turn_in_two_taps(browser, base_url,
                                                                           screenshot):
    context = new_context(browser, "1280")
    page = open_tracker(context, address(base_url, DUEL))
    tap(page, "Start the battle")
    assert row_figure(page, "Aya", "HP") == "50/50"
    tap(page, "Adjust Aya")
    tap(page, "−10", "Aya's HP")
    assert row_figure(page, "Aya", "HP") == "40/50"
    tap(page, "+1", "Aya's Meter")
    assert row_figure(page, "Aya", "Meter") == "1/5"
    tap(page, "Add fear", "Aya's statuses")
    assert "fear" in page.locator(f"{W} .battle-row[aria-current] .battle-condition").inner_text()
    log = page.inner_text(f"{W} .battle-side")
    assert "Aya: HP set to 40 (was 50)." in log and "The game master" in log
    page.locator(f"{W} .battle-gm").evaluate("(el) => el.scrollIntoView()")
    screenshot(page, "wr-battle-adjust-1280", full_page=False)
    tap(page, "Skip the turn", "Aya's turn")
    assert head(page) == "Round 1: Bob's turn."
    assert page.locator(f"{W} .battle-adjust-panel").count() == 0  # closed by the skip
    # Undo takes an override back like any other step
    page.click(f"{W} [data-calc-undo]")
    page.wait_for_function(f"() => document.querySelector('{W} .battle-head').textContent"
                           ".startsWith(\"Round 1: Aya's turn\")")
    context.close()


def test_a_player_rolls_a_check_on_her_phone_and_sees_it_beside_the_buttons(browser, base_url):
    context = new_context(browser, "390")
    aya = {**DUEL[0], "ins": 9}
    page = open_tracker(context, address(base_url, [aya, DUEL[1]]))
    tap(page, "Start the battle")
    tap(page, "Play as Aya")
    tap(page, "End the turn")  # a check the table asks of her outside her turn
    tap(page, "Insight", "Aya rolls")
    shown = page.locator(f"{W} .battle-roll")
    text = shown.inner_text()
    faces = re.search(r"3d6 → (\d), (\d), (\d) = (\d+)", text)  # insight 9: three dice
    assert faces and sum(map(int, faces.groups()[:3])) == int(faces[4])
    assert in_view(page, f"{W} .battle-roll") and in_view(page, f"{W} [aria-label='Aya rolls']")
    assert text in page.inner_text(f"{W} .battle-log")
    # the saved battle's panel keeps the players' rolls, in a battle's words
    page.wait_for_function("() => document.querySelector('[data-roll-log]').textContent"
                           ".includes('rolls insight')")
    panel = page.inner_text(".calc-collection")
    assert "Players' rolls" in panel and "Print the battle" in panel
    assert "sheet" not in panel.lower() and " her " not in panel
    context.close()


def test_a_player_moves_on_the_pad_within_her_speed_with_taps(browser, base_url, screenshot):
    context = new_context(browser, "390")
    aya = {**DUEL[0], "speed": 2}
    page = open_tracker(context, address(base_url, [aya, {**DUEL[1], "speed": 1, "x": 8}]))
    tap(page, "Start the battle")
    tap(page, "Play as Aya")
    tap(page, "Move…")
    tap(page, "Right", "Move pad")
    tap(page, "Right", "Move pad")
    assert page.locator(f"{W} [aria-label='Move pad']").get_by_role(
        "button", name="Right", exact=True).count() == 0  # a third step passes her speed
    assert "Move to (2, 0): 2 of her 2 spaces." in page.inner_text(f"{W} .battle-move-to")
    page.locator(f"{W} .battle-move").evaluate("(el) => el.scrollIntoView()")
    screenshot(page, "wr-battle-move-pad-390", full_page=False)
    tap(page, "Move here", "Move pad")
    assert figure(page, "Actions") == "1"
    assert "moves 2 spaces to (2, 0)" in page.inner_text(f"{W} .battle-log")
    context.close()
