"""mb-check and mb-move against dice trees walked by hand, icepool, and figures from seed 002."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest

from calculators import CalculatorError, run
from calculators.magical_burst.exploding import roll_law, sixes_law
from mb_dice_oracles import enumerate_pool

@pytest.mark.parametrize("dice", [1, 2, 3])
def test_the_joint_law_matches_a_walk_of_the_dice_tree(dice):
    depth = 5
    walked, _ = enumerate_pool(dice, depth, modifier=2)
    law = roll_law(dice, modifier=2)
    got = {(t, s): p for t, s, p in law.items()}
    # Every outcome with fewer sixes than the walk's depth is fully resolved by the walk.
    for (total, sixes), p in walked.items():
        if sixes < depth:
            assert got.get((total, sixes)) == p, (total, sixes)
    for (total, sixes), p in got.items():
        if sixes < depth:
            assert walked.get((total, sixes)) == p, (total, sixes)


def test_the_left_out_mass_is_under_one_in_a_trillion_and_is_exactly_the_rest():
    law = roll_law(3)
    assert 0 < law.truncated < Fraction(1, 10**12)
    assert sum(p for _, _, p in law.items()) + law.truncated == 1


@pytest.mark.parametrize("stat", [-3, 0, 2, 5, 9])
@pytest.mark.parametrize("boosts", [0, 1, 3])
def test_success_chances_match_icepool_exploding_dice(stat, boosts):
    pool = (2 + boosts) @ icepool.d6.explode(depth=20)
    result = run("mb-check", {"stat": stat, "boosts": boosts})
    assert result["p_success"] == pytest.approx(float(pool.probability(">=", 9 - stat)),
                                                abs=1e-12)
    assert result["p_major"] == pytest.approx(float(pool.probability(">=", 13 - stat)),
                                              abs=1e-12)


def test_mundane_two_d6_reach_9_on_10_of_36_and_never_13_without_a_stat():
    result = run("mb-check", {"kind": "mundane", "stat": 0})
    assert Fraction(result["exact"]["p_success"]) == Fraction(10, 36)
    assert result["p_major"] == 0
    assert result["overcharge"] == [{"overcharge": 0, "p": 1.0}]
    assert result["truncated"] == 0


def test_mundane_distribution_is_the_enumerated_sum_of_two_dice_plus_the_stat():
    result = run("mb-check", {"kind": "mundane", "stat": 3, "modifier": -1})
    counts: dict[int, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        counts[a + b + 2] = counts.get(a + b + 2, 0) + 1
    assert {r["total"]: r["p"] for r in result["distribution"]} == pytest.approx(
        {t: c / 36 for t, c in counts.items()}, abs=1e-15)


def test_a_magical_check_reaches_9_as_often_as_a_mundane_one_with_the_same_stat_when_a_six_already_does():
    """With stat 3 any six already makes 9, so exploding cannot change P(9+): 26/36."""
    magical = run("mb-check", {"stat": 3})
    mundane = run("mb-check", {"kind": "mundane", "stat": 3})
    assert Fraction(magical["exact"]["p_success"]) == Fraction(26, 36)
    assert magical["exact"]["p_success"] == mundane["exact"]["p_success"]


def test_a_magical_check_with_no_stat_makes_13_on_one_in_six():
    """13+ needs at least one six; the tree walk (every unresolved branch is far above 13)
    sums to exactly 1/6, and the calculator must agree exactly."""
    walked, rest = enumerate_pool(2, 8)
    by_walk = sum(p for (t, _), p in walked.items() if t >= 13) + rest
    assert by_walk == Fraction(1, 6)
    assert Fraction(run("mb-check", {"stat": 0})["exact"]["p_major"]) == Fraction(1, 6)


def test_three_sixes_in_a_row_come_once_in_216_dice_as_the_artefact_rule_says():
    """Seed 002, "Sorcery" (optional artefact rule): three 6s in a row about every 216 dice."""
    one_die = sixes_law(1, 2)  # P(0), P(1), P(2) sixes
    assert 1 - sum(one_die) == Fraction(1, 216)


def test_overcharge_distribution_is_the_number_of_sixes_plus_one_per_boost():
    result = run("mb-check", {"stat": 2, "boosts": 1})
    walked, _ = enumerate_pool(3, 6)
    for row in result["overcharge"][:4]:
        sixes = row["overcharge"] - 1
        expected = sum(p for (_, s), p in walked.items() if s == sixes)
        assert row["p"] == pytest.approx(float(expected), abs=1e-15)
    assert Fraction(result["exact"]["mean_overcharge"]) == 1 + Fraction(3, 5)


def test_the_joint_table_splits_each_total_by_its_sixes():
    result = run("mb-check", {"stat": 0})
    walked, _ = enumerate_pool(2, 6)
    row13 = next(r for r in result["joint"] if r["total"] == 13)
    for sixes in range(3):
        assert row13["p_by_sixes"][sixes] == pytest.approx(
            float(walked.get((13, sixes), 0)), abs=1e-15)


def test_a_mundane_check_cannot_be_boosted():
    with pytest.raises(CalculatorError) as caught:
        run("mb-check", {"kind": "mundane", "boosts": 1})
    assert caught.value.errors[0].field == "boosts"


def brute_band_chances(stat: int, boosts: int = 0) -> list[Fraction]:
    """P(10 or less), P(11-13), P(14+) by walking the dice tree deep enough that every
    unresolved branch is already 14+."""
    walked, rest = enumerate_pool(2 + boosts, 4, modifier=stat)
    low = sum(p for (t, _), p in walked.items() if t <= 10)
    middle = sum(p for (t, _), p in walked.items() if 11 <= t <= 13)
    return [low, middle, 1 - low - middle]


@pytest.mark.parametrize("move", ["rise-again", "reckless-movement", "remove-ailments",
                                  "intercept"])
@pytest.mark.parametrize("stat", [-2, 0, 3, 6])
def test_move_rows_match_the_tree_walk(move, stat):
    result = run("mb-move", {"move": move, "stat": stat})
    expected = brute_band_chances(stat)
    assert [Fraction(b["exact"]) for b in result["bands"]] == expected
    assert [(b["first"], b["last"]) for b in result["bands"]] == [(None, 10), (11, 13), (14, None)]


def test_rising_again_adds_its_table_points_on_top_of_the_sixes():
    """Interpretation rising-again-overcharge-is-extra: mean = 2/5 (sixes) + 2 P(<=10) + 1 P(11+)."""
    result = run("mb-move", {"move": "rise-again", "stat": 2})
    low, middle, high = brute_band_chances(2)
    assert result["mean_overcharge"] == pytest.approx(float(Fraction(2, 5) + 2 * low + middle + high))
    assert min(r["overcharge"] for r in result["overcharge"]) == 1


def test_reckless_movement_adds_only_the_sixes_as_overcharge():
    result = run("mb-move", {"move": "reckless-movement", "stat": 2})
    assert result["mean_overcharge"] == pytest.approx(0.4)


def test_on_ten_or_less_removing_ailments_and_intercepting_do_nothing():
    """Interpretation nothing-happens-on-ten-or-less."""
    ailments = run("mb-move", {"move": "remove-ailments"})["bands"][0]["outcome"]
    intercept = run("mb-move", {"move": "intercept"})["bands"][0]["outcome"]
    assert "No ailment" in ailments
    assert "fails" in intercept
