"""The Magical Burst dice rule data: every record loads, cites a real heading of seed 002, and
the numbers the calculators use are the rules' numbers."""

from __future__ import annotations

import re
from pathlib import Path

from source_texts import MAGICAL_BURST, seed_text
from calculators import CALCULATORS
from calculators.interpretations import load_interpretations
from calculators.magical_burst.rules import (ACTIONS, BANDS, CHECK_RULES, MOVES, RITUALS,
                                             WINDOWS, WOUNDS)

PACKAGE = Path(__file__).resolve().parents[2] / "calculators" / "magical_burst"
DICE_MODULES = ("exploding", "checks", "sorcery", "attack", "overcharge_odds", "burst")


def all_sources():
    yield from (r.source for r in CHECK_RULES.values())
    yield from (r.source for r in (*WINDOWS, *BANDS.values(), *ACTIONS.values(),
                                   *RITUALS.values()))
    yield from (m.source for m in MOVES.values())
    yield from (w.source for w in WOUNDS)
    yield from (n.source for n in load_interpretations("calculators.magical_burst")
                if n.id in INTERPRETATION_IDS)


INTERPRETATION_IDS = {
    "sorcery-total-on-the-low-number", "ritual-replaces-dice-before-the-roll",
    "boosts-declared-before-the-roll", "attack-tie-with-equal-stats", "damage-never-below-zero",
    "nothing-happens-on-ten-or-less", "rising-again-overcharge-is-extra",
    "judgment-burst-avoided-on-the-difficulty", "overcharge-odds-without-resets",
    "first-wound-penalty"}


def test_every_source_is_a_heading_of_the_seed():
    headings = {re.sub(r"^\s*1\.\s+", "", line).strip()
                for line in seed_text(MAGICAL_BURST).splitlines()
                if line.strip() and len(line.strip()) < 40}
    for source in all_sources():
        assert source.file == MAGICAL_BURST
        assert source.section in headings, source.section


def test_the_check_numbers_are_those_of_the_rules():
    numbers = {k: r.value for k, r in CHECK_RULES.items()}
    assert (numbers["check-dice"], numbers["success-at"], numbers["major-success-at"]) == (2, 9, 13)
    assert (numbers["melee-damage-bonus"], numbers["ranged-damage-bonus"],
            numbers["damage-per-six"]) == (2, 0, 2)
    assert (numbers["judgment-burst-damage-per-point"],
            numbers["judgment-burst-difficulty-per-point"]) == (1, 2)


def test_the_battle_penalties_are_none_minus_two_and_minus_four():
    assert {k: a.penalty for k, a in ACTIONS.items()} == {
        "out-of-battle": 0, "whole-turn": 0, "major-action": -2, "minor-action": -4}


def test_every_move_uses_the_ten_or_less_eleven_to_thirteen_fourteen_plus_table():
    for move in MOVES.values():
        assert [(b.first, b.last) for b in move.bands] == [(None, 10), (11, 13), (14, None)]
    assert MOVES["intercept"].stat == "defence"
    assert [b.overcharge for b in MOVES["rise-again"].bands] == [2, 1, 1]


def test_every_interpretation_the_dice_code_cites_exists():
    known = {n.id for n in load_interpretations("calculators.magical_burst")}
    assert INTERPRETATION_IDS <= known
    cited = set()
    for module in DICE_MODULES:
        text = (PACKAGE / f"{module}.py").read_text(encoding="utf-8")
        cited |= set(re.findall(r"``([a-z0-9]+(?:-[a-z0-9]+)+)``", text)) & known
    assert cited, "no interpretation is cited by the dice modules"


def test_the_magical_burst_dice_calculators_are_registered_under_their_names():
    for name in ("mb-check", "mb-move", "mb-sorcery", "mb-attack", "mb-overcharge",
                 "mb-judgment-burst"):
        assert CALCULATORS[name].name == name


def test_wound_levels_run_from_one_damage_to_death_at_six_with_growing_penalties():
    """Interpretation first-wound-penalty: the unsigned first penalty is -2."""
    assert [(w.first_damage, w.last_damage, w.penalty) for w in WOUNDS] == [
        (1, 2, -2), (3, 4, -3), (5, 5, -4), (6, None, None)]
