"""wr-check against brute-force enumeration and the worked cases of seed 000."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from calculators import CalculatorError, run


def brute_force(dice: int, modifier: int, target: int) -> dict[str, Fraction]:
    """Enumerate every face combination and apply the rule as written, independently of the
    calculator: top three totals succeed unless 10+ below the target; bottom three fail."""
    rolls = [sum(faces) + modifier for faces in itertools.product(range(1, 7), repeat=dice)]
    lowest, highest = dice + modifier, 6 * dice + modifier
    success = crit_success = crit_failure = by_critical = 0
    for total in rolls:
        if total <= lowest + 2:
            crit_failure += 1
        elif total >= highest - 2:
            if total > target - 10:
                crit_success += 1
                success += 1
                by_critical += total <= target
        elif total > target:
            success += 1
    n = len(rolls)
    return {"p_success": Fraction(success, n), "p_critical_success": Fraction(crit_success, n),
            "p_critical_failure": Fraction(crit_failure, n),
            "p_success_by_critical": Fraction(by_critical, n)}


@pytest.mark.parametrize("dice", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("modifier", [-3, 0, 4])
@pytest.mark.parametrize("target", [-5, 3, 8, 12, 17, 25, 33, 40])
def test_matches_brute_force_enumeration(dice, modifier, target):
    result = run("wr-check", {"dice": dice, "modifier": modifier, "target": target})
    expected = brute_force(dice, modifier, target)
    for key, value in expected.items():
        assert Fraction(result["exact"][key]) == value, key
        assert result[key] == pytest.approx(float(value), abs=1e-12)


def test_distribution_is_the_enumerated_distribution_of_totals():
    result = run("wr-check", {"dice": 3, "modifier": 2, "target": 10})
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=3):
        counts[sum(faces) + 2] = counts.get(sum(faces) + 2, 0) + 1
    got = {row["total"]: row["p"] for row in result["distribution"]}
    assert got == pytest.approx({t: c / 216 for t, c in counts.items()}, abs=1e-12)
    at_least = {row["total"]: row["p_at_least"] for row in result["distribution"]}
    assert at_least[12] == pytest.approx(sum(c for t, c in counts.items() if t >= 12) / 216)


def test_four_dice_against_25_succeed_only_on_the_critical_totals_22_to_24():
    result = run("wr-check", {"dice": 4, "target": 25})
    succeeding = [r["total"] for r in result["distribution"] if r["outcome"] == "critical-success"]
    assert succeeding == [22, 23, 24]
    assert not [r for r in result["distribution"] if r["outcome"] == "success"]
    # 4d6 rolls 22, 23, 24 in 10 + 4 + 1 of 1296 ways.
    assert Fraction(result["exact"]["p_success"]) == Fraction(15, 1296)


def test_a_critical_ten_or_more_below_the_target_fails():
    result = run("wr-check", {"dice": 4, "target": 34})  # 24 is exactly 10 below
    assert result["p_success"] == 0
    assert run("wr-check", {"dice": 4, "target": 33})["p_success"] > 0


def test_pony_and_oni_from_the_rules_text():
    """Seed 000 'Basic rolls': power 12 rolls 4d, power 18 rolls 6d; 4d+4 spans 8–28."""
    assert run("wr-check", {"stat": 12, "target": 25})["dice"] == 4
    oni = run("wr-check", {"stat": 18, "modifier": -4, "target": 25})
    assert (oni["dice"], oni["highest"]) == (6, 32)
    pony = run("wr-check", {"dice": 4, "modifier": 4, "target": 25})
    assert (pony["lowest"], pony["highest"]) == (8, 28)
    assert pony["critical_failure_totals"] == [8, 10]


def test_a_stat_that_does_not_divide_evenly_rounds_down():
    assert run("wr-check", {"stat": 14})["dice"] == 4
    assert run("wr-check", {"stat": 3})["dice"] == 1


@pytest.mark.parametrize("raw, field", [
    ({"stat": 2}, "stat"),
    ({"stat": -1}, "stat"),
    ({"dice": 0}, "dice"),
    ({"dice": 101}, "dice"),
    ({"dice": "four"}, "dice"),
    ({"dice": 4, "stat": 12}, "dice"),
    ({}, "dice"),
    ({"dice": 4, "target": "1e9"}, "target"),
])
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(CalculatorError) as caught:
        run("wr-check", raw)
    assert [e.field for e in caught.value.errors] == [field]


def test_stat_below_three_explains_that_no_dice_are_rolled():
    with pytest.raises(CalculatorError, match="rolls no dice"):
        run("wr-check", {"stat": 2})


def test_one_die_beats_two_against_9_and_the_answer_says_why():
    # 1d: 4-6 are critical successes within 10 of 9, so half of all rolls succeed; 2d needs
    # 10+ (6 of 36). The reading small-pool-can-beat-a-larger-one is named in the answer.
    from calculators import CALCULATORS
    one, two = (run("wr-check", {"dice": d, "target": 9}) for d in (1, 2))
    assert Fraction(one["exact"]["p_success"]) == Fraction(1, 2)
    assert Fraction(two["exact"]["p_success"]) == Fraction(6, 36)
    assert "small-pool-can-beat-a-larger-one" in str(CALCULATORS["wr-check"].render(one))
    assert "small-pool-can-beat-a-larger-one" not in str(CALCULATORS["wr-check"].render(two))
