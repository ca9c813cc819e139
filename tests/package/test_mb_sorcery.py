"""mb-sorcery: the window bands, battle penalties and the ritual, against the dice tree walk."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators import CalculatorError, run
from calculators.magical_burst.rules import WINDOWS
from calculators.magical_burst.sorcery import band_of
from mb_dice_oracles import enumerate_pool

WINDOW_NUMBERS = {"small": (10, 12, 17), "major": (12, 15, 19), "grand": (16, 22, 31)}


def brute_bands(rolled: int, fixed: int, bonus: int, window: tuple[int, int, int]):
    """Band chances read straight off the rule: below low fails; low up to middle - 1 has a side
    effect; middle up to high - 1 is clean; high or more has a drawback and a benefit. The walk
    goes just deep enough that every unresolved branch reaches the high number."""
    low, middle, high = window
    depth = 1
    while 6 * depth + 1 + (rolled - 1) + 3 * fixed + bonus < high:
        depth += 1
    walked, rest = enumerate_pool(rolled, depth, modifier=bonus, fixed=fixed)
    chance = {"failure": Fraction(0), "side-effect": Fraction(0), "clean": Fraction(0),
              "drawback-benefit": rest}
    for (total, _), p in walked.items():
        if total < low:
            chance["failure"] += p
        elif total < middle:
            chance["side-effect"] += p
        elif total < high:
            chance["clean"] += p
        else:
            chance["drawback-benefit"] += p
    return chance


def test_the_windows_are_the_three_of_the_rules():
    assert {w.id: (w.low, w.middle, w.high) for w in WINDOWS} == WINDOW_NUMBERS


@pytest.mark.parametrize("stat", [0, 3, 6, 10])
@pytest.mark.parametrize("action,penalty", [("out-of-battle", 0), ("whole-turn", 0),
                                            ("major-action", -2), ("minor-action", -4)])
def test_band_chances_match_the_tree_walk_with_the_battle_penalty(stat, action, penalty):
    result = run("mb-sorcery", {"stat": stat, "action": action})
    for window in result["windows"]:
        expected = brute_bands(2, 0, stat + penalty, WINDOW_NUMBERS[window["id"]])
        assert {k: Fraction(v) for k, v in window["exact"].items()} == expected, window["id"]


@pytest.mark.parametrize("boosts,replaced,rolled", [(0, None, 1), (1, None, 1), (2, None, 2),
                                                    (3, None, 2), (0, 0, 2), (3, 4, 1),
                                                    (2, 1, 3)])
def test_a_ritual_makes_half_the_starting_dice_threes_or_what_cool_headed_picks(boosts, replaced,
                                                                               rolled):
    params = {"stat": 4, "boosts": boosts, "ritual": True}
    if replaced is not None:
        params["replaced"] = replaced
    result = run("mb-sorcery", params)
    fixed = 2 + boosts - rolled
    assert (result["rolled"], result["replaced"]) == (rolled, fixed)
    for window in result["windows"]:
        expected = brute_bands(rolled, fixed, 4, WINDOW_NUMBERS[window["id"]])
        assert {k: Fraction(v) for k, v in window["exact"].items()} == expected


def test_dice_made_threes_never_add_overcharge():
    """Interpretation ritual-replaces-dice-before-the-roll: one rolled die -> mean 1/5."""
    result = run("mb-sorcery", {"ritual": True})
    assert result["mean_overcharge"] == pytest.approx(0.2)
    assert result["overcharge"][1]["p"] == pytest.approx(5 / 36)


def test_a_total_on_the_low_number_works_with_a_side_effect():
    """Interpretation sorcery-total-on-the-low-number."""
    small = WINDOWS[0]
    assert [band_of(t, small) for t in (9, 10, 11, 12, 16, 17)] == [
        "failure", "side-effect", "side-effect", "clean", "clean", "drawback-benefit"]


def test_a_ritual_cannot_be_an_action_in_battle():
    with pytest.raises(CalculatorError) as caught:
        run("mb-sorcery", {"ritual": True, "action": "major-action"})
    assert caught.value.errors[0].field == "ritual"


def test_cool_headed_still_rolls_one_die():
    with pytest.raises(CalculatorError) as caught:
        run("mb-sorcery", {"ritual": True, "replaced": 2})
    assert caught.value.errors[0].field == "replaced"


def test_dice_are_only_made_threes_in_a_ritual():
    with pytest.raises(CalculatorError) as caught:
        run("mb-sorcery", {"replaced": 1})
    assert caught.value.errors[0].field == "replaced"
