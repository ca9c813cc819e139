"""wr-versus against brute-force enumeration of both sides' dice, and the readings it pins."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from calculators import CalculatorError, run


def totals(dice: int, modifier: int) -> list[int]:
    return [sum(f) + modifier for f in itertools.product(range(1, 7), repeat=dice)]


def succeeds(total: int, dice: int, modifier: int, target: int) -> bool:
    """The check rule written out afresh: bottom three totals fail, top three succeed unless
    10 or more below the target, anything else must beat the target."""
    lowest, highest = dice + modifier, 6 * dice + modifier
    if total <= lowest + 2:
        return False
    if total >= highest - 2:
        return total > target - 10
    return total > target


def brute_force(a: tuple[int, int], b: tuple[int, int], target, all_fail) -> dict[str, Fraction]:
    counts = {"a": 0, "b": 0, "tie": 0, "none": 0}
    ta_all, tb_all = totals(*a), totals(*b)
    for ta in ta_all:
        for tb in tb_all:
            if target is None:
                key = "a" if ta > tb else "b" if tb > ta else "tie"
            else:
                sa, sb = succeeds(ta, *a, target), succeeds(tb, *b, target)
                if sa != sb:
                    key = "a" if sa else "b"
                elif sa or all_fail == "lowest-margin":
                    margin_a, margin_b = ta - target, tb - target
                    key = "a" if margin_a > margin_b else "b" if margin_b > margin_a else "tie"
                else:
                    key = "none"
            counts[key] += 1
    n = len(ta_all) * len(tb_all)
    return {k: Fraction(v, n) for k, v in counts.items()}


SIDES = [(1, 0), (2, 0), (2, 3), (3, -1)]


@pytest.mark.parametrize("a", SIDES)
@pytest.mark.parametrize("b", SIDES)
@pytest.mark.parametrize("target", [None, 4, 9, 14])
@pytest.mark.parametrize("all_fail", ["no-winner", "lowest-margin"])
def test_matches_brute_force_enumeration(a, b, target, all_fail):
    raw = {"a_dice": a[0], "a_modifier": a[1], "b_dice": b[0], "b_modifier": b[1],
           "all_fail": all_fail}
    if target is not None:
        raw["target"] = target
    result = run("wr-versus", raw)
    expected = brute_force(a, b, target, all_fail)
    for key, value in expected.items():
        assert Fraction(result["exact"][f"p_{key}"]) == value, key
    decided = 1 - expected["tie"]
    assert Fraction(result["exact"]["rerolled_p_a"]) == expected["a"] / decided


def test_equal_sides_without_a_target_win_half_the_time_once_ties_are_rerolled():
    result = run("wr-versus", {"a_stat": 12, "b_stat": 13})
    assert result["rerolled"]["p_a"] == pytest.approx(0.5)
    # 4d6 against 4d6 ties with probability sum over totals of count^2 / 6^8 = 135,954 / 6^8
    assert Fraction(result["exact"]["p_tie"]) == Fraction(135954, 6 ** 8)


def test_a_lone_success_wins_even_with_a_smaller_total_than_a_critical_failure_could_give():
    # Target 2: B's 1d rolls only 1..6, and 1-3 are critical failures that always fail.
    result = run("wr-versus", {"a_dice": 1, "b_dice": 1, "target": 2})
    # A wins whenever A rolls 4-6 and B rolls 1-3 (9/36), or both 4-6 with A higher (3/36).
    assert Fraction(result["exact"]["p_a"]) == Fraction(12, 36)


def test_when_everyone_fails_nobody_wins_unless_the_smallest_margin_is_chosen():
    nobody = run("wr-versus", {"a_dice": 2, "b_dice": 2, "target": 30})
    assert nobody["p_none"] == 1 and nobody["p_a"] == 0
    closest = run("wr-versus", {"a_dice": 2, "b_dice": 2, "target": 30, "all_fail": "lowest-margin"})
    assert closest["p_none"] == 0 and closest["rerolled"]["p_a"] == pytest.approx(0.5)


def test_a_critical_success_below_the_target_loses_to_an_ordinary_success_by_margin():
    # A (1d+10): 14-16 crit successes, 11-13 crit failures. B (3d): 16-18 crit successes.
    # Target 15: A's 16 succeeds by 1; B's 16-18 succeed by 1-3.
    result = run("wr-versus", {"a_dice": 1, "a_modifier": 10, "b_dice": 3, "target": 15})
    expected = brute_force((1, 10), (3, 0), 15, "no-winner")
    assert Fraction(result["exact"]["p_a"]) == expected["a"]


@pytest.mark.parametrize("a", [(0, 0), (0, 3), (1, 0), (2, -2)])
@pytest.mark.parametrize("b", [(0, 0), (0, 5), (1, 1)])
def test_a_speed_below_3_rolls_no_dice_in_the_turn_order_roll(a, b):
    """Turn order: equal speeds roll speed against speed with no target; a stat of 0-2 rolls
    no dice and totals its modifier (given here as a stat of 2, Slow Sound's speed)."""
    raw = {"a_modifier": a[1], "b_modifier": b[1]}
    raw.update({"a_stat": 2} if a[0] == 0 else {"a_dice": a[0]})
    raw.update({"b_stat": 2} if b[0] == 0 else {"b_dice": b[0]})
    result = run("wr-versus", raw)
    expected = brute_force(a, b, None, "no-winner")
    for key, value in expected.items():
        assert Fraction(result["exact"][f"p_{key}"]) == value, key
    if expected["tie"] == 1:
        assert result["never_settled"] is True
        assert result["rerolled"] == {"p_a": 0.5, "p_b": 0.5, "p_none": 0.0}
    else:
        assert result["never_settled"] is False
        assert Fraction(result["exact"]["rerolled_p_a"]) == expected["a"] / (1 - expected["tie"])


def test_two_speed_2_characters_tie_forever_and_the_page_says_the_dm_settles_it():
    from calculators.western_roses.versus_view import render_versus
    result = run("wr-versus", {"a_stat": 2, "b_stat": 2})
    html = str(render_versus(result))
    assert "never settles" in html and "no dice" in html
    assert result["a"]["p_critical_success_totals"] == 0 == result["a"]["p_critical_failure"]


@pytest.mark.parametrize("raw, field", [
    ({"b_dice": 2}, "a_dice"),
    ({"a_dice": 2, "a_stat": 6, "b_dice": 2}, "a_dice"),
    ({"a_dice": 2}, "b_dice"),
    ({"a_stat": 2, "b_dice": 2, "target": 10}, "a_stat"),
    ({"a_dice": 51, "b_dice": 2}, "a_dice"),
    ({"a_dice": 2, "b_dice": 2, "all_fail": "coin"}, "all_fail"),
])
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(CalculatorError) as caught:
        run("wr-versus", raw)
    assert field in [e.field for e in caught.value.errors]
