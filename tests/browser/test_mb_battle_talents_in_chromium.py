"""The monster talents the Magical Burst battle plays, each tapped in the tracker
(magical-burst/battle-tracker/) and read where its answer appears: Ambush Tactics at 390 px,
Mind Leech and Overcharge Radiation at 1280 px, possession at 390 px. Every number is worked
from the dice the log shows and the rule text (seed 002, "Talents:"), never read off a total."""

from __future__ import annotations

import re

import pytest
from battle_trackers import MB
from test_mb_battle_tracker import PEOPLE, first_turn_seed, numbers_of, opened_at

pytestmark = pytest.mark.browser

W = MB.widget
tap = MB.tap
DICE = re.compile(r"2d6! \[([\d, ]+)\]")
BONDED = {**PEOPLE[0], "character": {**PEOPLE[0]["character"],
                                     "bond_1_name": "Her brother Ren", "bond_1": 3,
                                     "bond_2_name": "The poetry club", "bond_2": 2}}
REN = {"id": "ren", "side": "girls", "kind": "human", "name": "Ren", "tenacity": 3}


def mother(*talents: str) -> dict:
    """Mother (Attack 5, Defence 4, Support 3; spread 3 × 16 = 48 Resolve) with ``talents``."""
    return {**PEOPLE[3], "boss_abilities": [], "talents": list(talents)}


def dice(line: str, nth: int = 0) -> list[int]:
    """The faces of the ``nth`` 2d6! roll a log line shows."""
    return [int(d) for d in DICE.findall(line)[nth].split(", ")]


def row_of(page, name: str):
    return page.locator(f"{W} .battle-row", has=page.locator(
        "strong", has_text=re.compile(f"^{re.escape(name)}$")))


def tap_targets_fit_a_finger(page, *groups: str) -> None:
    for label in groups:
        heights = page.locator(f"{W} [role=group][aria-label=\"{label}\"] button").evaluate_all(
            "(all) => all.map((b) => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, (label, heights)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_an_ambush_attack_gets_3_and_1d6_and_the_monster_chooses_to_go_first(browser,
                                                                            base_url):
    """Mother takes its extra turn before round 1; a melee attack on Akane is 2d6! + Attack
    5 + 3 against 2d6! + her Defence 3, and a hit deals 1d6 + 2 ± 2 a six + 1d6; then "Go
    first in round 1" puts Mother at the top of the order as round 1 begins."""
    people = [PEOPLE[0], PEOPLE[1], mother("ambush-tactics")]
    context, page = opened_at(browser, base_url, "390", people, [{"type": "start", "seed": 1}])
    assert MB.head(page) == "Before the first round: Mother's ambush turn."
    tap_targets_fit_a_finger(page, "End the ambush", "Attack Akane")
    tap(page, "Melee", group="Attack Akane")
    log = MB.log(page)
    line = next(text for text in log if text.startswith("Mother attacks Akane (melee)"))
    a, d = dice(line, 0), dice(line, 1)
    assert f"+ Attack 5 +3 ambush = {sum(a) + 8} against" in line
    hit = (sum(a) + 8, a.count(6), 5) > (sum(d) + 3, d.count(6), 3)
    assert ("a hit" in line) == hit
    damage = 0
    if hit:
        words = next(text for text in log if text.startswith("Damage: "))
        found = re.match(r"Damage: 1d6 \[(\d)\] \+2 melee.* \+\d 1d6 \[(\d)\] ambush", words)
        damage = max(0, int(found[1]) + 2 + 2 * (a.count(6) - d.count(6)) + int(found[2]))
    assert numbers_of(page, "Akane")["Resolve"] == f"{max(0, 18 - damage)}/18"
    tap(page, "Go first in round 1", group="End the ambush")
    assert MB.head(page) == "Round 1: Mother's turn."
    assert page.locator(f"{W} .battle-row .battle-who strong").first.inner_text() == "Mother"
    context.close()


def test_mind_leech_on_a_bond_leaves_a_false_belief_where_she_sees_it(browser, base_url):
    """One tap on "Bond: Her brother Ren": Mother's 2d6! + Support 3 against Akane's 2d6! +
    Support 3 (ties to more sixes, then her); a win shows the false belief under her numbers
    in the game master's view and in her player's."""
    people = [BONDED, mother("mind-leech")]
    seed = first_turn_seed(people, "mother")
    context, page = opened_at(browser, base_url, "1280", people,
                              [{"type": "start", "seed": seed}])
    tap(page, "Bond: Her brother Ren", group="Mind Leech on Akane")
    line = next(text for text in MB.log(page) if text.startswith("Mother's Support: "))
    mine, hers = dice(line, 0), dice(line, 1)
    wins = (sum(mine) + 3, mine.count(6), 3) > (sum(hers) + 3, hers.count(6), 3)
    belief = row_of(page, "Akane").locator(".battle-belief")
    assert belief.count() == (1 if wins else 0)
    if wins:
        assert "False belief about “Her brother Ren”" in belief.inner_text()
    assert numbers_of(page, "Mother")["Major"] == "0"
    tap(page, "Play as Akane")
    player = page.locator(f"{W} .battle-player")
    assert player.locator(".battle-belief").count() == (1 if wins else 0)
    context.close()


def test_ending_the_battle_radiates_1d6_overcharge_on_the_monsters_highest_attribute(
        browser, base_url):
    """Mother's highest attribute is Attack 5, behind each girl's Attack her Fury: "End the
    battle" gives Akane and Mei 1d6 each, the die in the log, on the Fury counter of her row."""
    people = [PEOPLE[0], PEOPLE[1], mother("overcharge-radiation")]
    context, page = opened_at(browser, base_url, "1280", people, [{"type": "start", "seed": 1}])
    tap(page, "End the battle", group="End the battle")
    assert MB.head(page) == "The battle has ended."
    log = MB.log(page)
    for name in ("Akane", "Mei"):
        line = next(text for text in log if text.startswith(f"{name}: Fury overcharge 0 → "))
        die = int(re.search(r"Overcharge Radiation, 1d6 \[(\d)\]", line)[1])
        assert numbers_of(page, name)["Fury"] == str(die)
    context.close()


def test_a_monster_possesses_a_human_and_rolls_3_lower_by_taps(browser, base_url):
    """"Possess Ren" takes Mother's Minor action and shows under its numbers; its melee attack
    on Akane is then 2d6! + Attack 5 − 3."""
    people = [PEOPLE[0], REN, mother("lost-possession")]
    seed = first_turn_seed(people, "mother")
    context, page = opened_at(browser, base_url, "390", people,
                              [{"type": "start", "seed": seed}])
    tap_targets_fit_a_finger(page, "Possession")
    tap(page, "Possess Ren", group="Possession")
    assert row_of(page, "Mother").locator(".battle-possessing").inner_text() == "Possessing Ren"
    assert row_of(page, "Ren").locator(".battle-possessing").inner_text().startswith(
        "Possessed by Mother")
    assert (numbers_of(page, "Mother")["Major"], numbers_of(page, "Mother")["Minor"]) == ("1",
                                                                                       "0")
    tap(page, "Melee", group="Attack Akane")
    line = next(text for text in MB.log(page) if text.startswith("Mother attacks Akane"))
    a = dice(line)
    assert f"+ Attack 5 -3 possessing = {sum(a) + 2} against" in line
    context.close()
