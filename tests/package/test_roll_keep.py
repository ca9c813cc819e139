"""roll-keep against brute-force trees, icepool, published figures and the seed's examples."""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import icepool
import pytest

from calculators import CalculatorError, run
from calculators.roll_keep import keep_law
from calculators.roll_keep.keep_law import kept_law

TENTH = Fraction(1, 10)


def die_tree(emphasis: bool, explodes: bool, depth: int) -> dict[int, Fraction]:
    """One die by walking its tree of rolls, as the seed's steps read: first roll, re-roll a
    first 1 once if emphasised, then each 10 adds a fresh d10 (never re-rolled), at most
    ``depth`` explosions. Dice that would explode further are left out (their value is above
    10 * (depth + 1))."""
    law: dict[int, Fraction] = {}

    def explode(total: int, p: Fraction, left: int) -> None:
        for face in range(1, 11):
            if face == 10:
                if left:
                    explode(total + 10, p * TENTH, left - 1)
            else:
                law[total + face] = law.get(total + face, 0) + p * TENTH

    for first in range(1, 11):
        faces = ([(g, TENTH * TENTH) for g in range(1, 11)] if emphasis and first == 1
                 else [(first, TENTH)])
        for face, p in faces:
            if face == 10 and explodes:
                if depth:
                    explode(10, p, depth - 1)
            else:
                law[face] = law.get(face, 0) + p
    return law


def brute_force_pool(dice: int, keep: int, emphasis: bool, explodes: bool,
                     depth: int) -> dict[int, Fraction]:
    """Every combination of ``dice`` die trees, summing the highest ``keep``."""
    one = list(die_tree(emphasis, explodes, depth).items())
    law: dict[int, Fraction] = {}
    for combo in itertools.product(one, repeat=dice):
        total = sum(sorted((v for v, _ in combo), reverse=True)[:keep])
        p = Fraction(1)
        for _, q in combo:
            p *= q
        law[total] = law.get(total, 0) + p
    return law


SMALL_POOLS = [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)]


@pytest.mark.parametrize("dice, keep", SMALL_POOLS)
@pytest.mark.parametrize("emphasis", [False, True])
def test_exploding_law_equals_brute_force_trees_up_to_the_depth_limit(dice, keep, emphasis):
    depth = 3 if dice < 3 else 2
    oracle = brute_force_pool(dice, keep, emphasis, True, depth)
    law = kept_law(dice, keep, emphasis, False)
    # A die cut by the depth limit shows more than 10 * (depth + 1) and is then kept.
    for total in range(0, 10 * (depth + 1) + 1):
        assert law.probability(total) == oracle.get(total, 0), total


@pytest.mark.parametrize("dice, keep", SMALL_POOLS + [(4, 2)])
@pytest.mark.parametrize("emphasis", [False, True])
def test_unskilled_law_equals_full_enumeration(dice, keep, emphasis):
    oracle = brute_force_pool(dice, keep, emphasis, False, 0)
    law = kept_law(dice, keep, emphasis, True)
    assert law.truncated == 0
    assert {s: law.probability(s) for s in law.outcomes()} == oracle


@pytest.mark.parametrize("dice, keep", [(2, 1), (4, 2), (5, 5), (6, 3), (10, 1), (10, 4)])
def test_plain_exploding_keep_highest_equals_icepool(dice, keep):
    depth = 6
    oracle = icepool.d10.explode(depth=depth).highest(dice, keep)
    law = kept_law(dice, keep, False, False)
    for total in range(keep, 10 * (depth + 1)):
        assert law.probability(total) == oracle.probability(total), total


@pytest.mark.parametrize("dice, keep", [(1, 1), (3, 2), (6, 4), (10, 10)])
def test_emphasis_law_equals_icepool_when_only_the_first_roll_is_rerolled(dice, keep):
    depth = 5
    first = icepool.d10.reroll([1], depth=1)
    explosion = icepool.d10.explode(depth=depth - 1)
    die = first.map(lambda face: 10 + explosion if face == 10 else face)
    oracle = die.highest(dice, keep)
    law = kept_law(dice, keep, True, False)
    for total in range(keep, 10 * depth):
        assert law.probability(total) == oracle.probability(total), total


def test_emphasis_does_not_reroll_a_one_rolled_by_an_explosion():
    law = kept_law(1, 1, True, False)
    assert law.probability(1) == Fraction(1, 100)
    assert law.probability(2) == Fraction(11, 100)
    assert law.probability(10) == 0  # a skilled ten always explodes
    assert law.probability(11) == Fraction(11, 100) * Fraction(1, 10)  # 10, then a plain 1


def test_naive_reroll_then_explode_composition_gives_a_different_law():
    """icepool's explode re-rolls the same (emphasised) die, so it re-rolls explosion 1s too."""
    naive = icepool.d10.reroll([1], depth=1).explode(depth=4)
    law = kept_law(1, 1, True, False)
    assert naive.probability(11) == Fraction(11, 100) * Fraction(1, 100)
    assert law.probability(11) != naive.probability(11)
    naive_pool = naive.highest(3, 2)
    assert kept_law(3, 2, True, False).probability(22) != naive_pool.probability(22)


def test_one_exploding_d10_averages_55_ninths():
    result = run("roll-keep", {"rolled": 1, "kept": 1, "tn": 0})
    assert result["mean"] == pytest.approx(55 / 9, abs=1e-9)


def test_one_emphasised_exploding_d10_averages_the_hand_derived_mean():
    # faces 2..9 weigh 11/100, face 1 weighs 1/100, and a ten (11/100) is 10 + 55/9 on average
    expected = (1 + 11 * sum(range(2, 10))) / 100 + 11 / 100 * (10 + 55 / 9)
    assert run("roll-keep", {"rolled": 1, "kept": 1, "emphasis": True})["mean"] == \
        pytest.approx(expected, abs=1e-9)


def test_higher_of_two_plain_d10_reaches_10_nineteen_percent_of_the_time():
    result = run("roll-keep", {"rolled": 2, "kept": 1, "unskilled": True, "tn": 10})
    assert result["p_at_least"] == pytest.approx(0.19, abs=1e-15)


@pytest.mark.parametrize("tn", [1, 5, 12, 19, 25, 31])
def test_chance_to_reach_a_tn_matches_brute_force(tn):
    oracle = brute_force_pool(3, 2, True, True, 2)  # exact for totals up to 30
    expected = 1 - sum(p for total, p in oracle.items() if total < tn)
    result = run("roll-keep", {"rolled": 3, "kept": 2, "emphasis": True, "tn": tn})
    assert result["p_at_least"] == pytest.approx(float(expected), abs=1e-15)


def test_every_pool_leaves_out_less_than_one_in_a_trillion_at_its_first_cap():
    for dice in range(1, 11):
        for keep in range(1, dice + 1):
            for faces in (keep_law.PLAIN_FACES, keep_law.EMPHASIS_FACES):
                law = keep_law._exploding_law(dice, keep, faces,
                                              keep_law._initial_cap(dice, keep))
                assert 0 < law.truncated < keep_law.TRUNCATION_LIMIT, (dice, keep, faces)
                assert sum(law.weights) + law.truncated_weight == law.denominator


def test_the_truncated_mass_is_reported_in_the_result_and_the_html():
    from calculators.roll_keep.roll import ROLL_KEEP
    result = run("roll-keep", {"rolled": 10, "kept": 10})
    assert 0 < result["truncated"] < 1e-12
    assert "left out" in ROLL_KEEP.render(result)
    assert run("roll-keep", {"rolled": 10, "kept": 10, "unskilled": True})["truncated"] == 0


def test_the_largest_pools_answer_quickly_even_with_cold_caches():
    for dice, keep in [(10, 10), (10, 5), (10, 1), (9, 8)]:
        keep_law._kept_law.cache_clear()
        keep_law.top_of_faces.cache_clear()
        start = time.perf_counter()
        run("roll-keep", {"rolled": dice, "kept": keep, "emphasis": True})
        assert time.perf_counter() - start < 0.5, (dice, keep)


def test_unskilled_dice_never_exceed_ten_each():
    result = run("roll-keep", {"rolled": 3, "kept": 2, "unskilled": True, "tn": 20})
    assert result["distribution"][-1]["total"] == 20
    assert result["p_at_least"] == pytest.approx(3 * 0.1**2 * 0.9 + 0.1**3, abs=1e-15)  # two tens


# --- pools: assembly and normalisation --------------------------------------------------

@pytest.mark.parametrize("given, rolled_as", [
    ((13, 5, 0), "10k6"), ((2, 4, 0), "2k2+8"), ((10, 13, 0), "10k10+12"),
    ((11, 3, 1), "10k3+1"), ((14, 9, 0), "10k10+4"), ((40, 40, -3), "10k10+177"),
    ((5, 3, -2), "5k3-2"),
])
def test_pools_are_brought_within_the_limits_as_steps_5_and_6_say(given, rolled_as):
    rolled, kept, flat = given
    result = run("roll-keep", {"rolled": rolled, "kept": kept, "flat": flat})
    assert result["pool"]["notation"] == rolled_as


def test_an_assembled_pool_gains_the_attribute_on_both_sides_and_the_skill_on_rolled():
    result = run("roll-keep", {"mode": "assemble", "attribute": 3, "skill": 4,
                               "extra_rolled": 1, "extra_kept": -1, "flat": 2})
    assert result["given"]["notation"] == "8k2+2"
    big = run("roll-keep", {"mode": "assemble", "attribute": 6, "skill": 7, "extra_kept": 1})
    assert (big["given"]["notation"], big["pool"]["notation"]) == ("13k7", "10k8")


def test_an_assembled_pool_with_no_dice_left_names_the_field():
    with pytest.raises(CalculatorError) as caught:
        run("roll-keep", {"mode": "assemble", "attribute": 1, "skill": 0, "extra_rolled": -1})
    assert caught.value.errors[0].field == "extra_rolled"
    with pytest.raises(CalculatorError) as caught:
        run("roll-keep", {"mode": "assemble", "attribute": 2, "extra_kept": -2})
    assert caught.value.errors[0].field == "extra_kept"


def test_in_pool_mode_the_assembly_inputs_are_ignored():
    a = run("roll-keep", {"rolled": 4, "kept": 2, "attribute": 9, "skill": 9})
    assert a["pool"]["notation"] == "4k2"


# --- raises --------------------------------------------------------------------------------

def test_each_raise_costs_five_from_the_total():
    with_raise = run("roll-keep", {"rolled": 6, "kept": 3, "tn": 20, "raises": 2})
    higher_tn = run("roll-keep", {"rolled": 6, "kept": 3, "tn": 30})
    assert with_raise["p_at_least"] == higher_tn["p_at_least"]
    assert with_raise["raise_table"][2]["p"] == with_raise["p_at_least"]
    assert with_raise["raise_table"][0]["p"] == run("roll-keep", {"rolled": 6, "kept": 3,
                                                                  "tn": 20})["p_at_least"]


def test_raises_above_the_void_limit_are_refused():
    with pytest.raises(CalculatorError) as caught:
        run("roll-keep", {"raises": 3, "void": 2})
    assert caught.value.errors[0].field == "raises"
    assert "Void 2" in str(caught.value)


def test_empty_raises_count_toward_the_limit_and_cost_five_each():
    with pytest.raises(CalculatorError):
        run("roll-keep", {"raises": 2, "empty_raises": 1, "void": 2})
    result = run("roll-keep", {"rolled": 6, "kept": 3, "tn": 20, "raises": 1,
                               "empty_raises": 1, "void": 2})
    assert result["raise_malus"] == 10
    assert result["raise_limit"] == 1
    assert [row["raises"] for row in result["raise_table"]] == [0, 1]


def test_empty_raises_beyond_the_limit_are_reported_unmet_not_called():
    result = run("roll-keep", {"empty_raises": 4, "void": 3})
    assert (result["empty_raises_called"], result["unmet_empty_raises"]) == (3, 1)
    assert result["raise_malus"] == 15


def test_free_raises_neither_cost_five_nor_count_toward_the_limit():
    """Interpretation free-raises-cost-nothing."""
    plain = run("roll-keep", {"rolled": 6, "kept": 3, "tn": 20, "raises": 2, "void": 2})
    free = run("roll-keep", {"rolled": 6, "kept": 3, "tn": 20, "raises": 2, "void": 2,
                             "free_raises": 3})
    assert free["p_at_least"] == plain["p_at_least"]
    assert free["maneuver_raises"] == 5
    assert [r["maneuver_raises"] for r in free["raise_table"]] == [3, 4, 5]


def test_the_raise_table_runs_to_the_void_limit_when_one_is_given():
    result = run("roll-keep", {"rolled": 5, "kept": 3, "tn": 10, "void": 4})
    assert [row["raises"] for row in result["raise_table"]] == [0, 1, 2, 3, 4]
    chances = [row["p"] for row in result["raise_table"]]
    assert chances == sorted(chances, reverse=True)


def test_without_a_limit_the_raise_table_stops_once_success_is_rare():
    result = run("roll-keep", {"rolled": 3, "kept": 2, "tn": 20})
    assert result["raise_table"][-1]["p"] < 0.001
    assert all(row["p"] >= 0.001 for row in result["raise_table"][:-1])


def test_an_unreachable_tn_is_zero_for_unskilled_dice_and_a_bound_for_exploding_ones():
    unskilled = run("roll-keep", {"rolled": 2, "kept": 2, "unskilled": True, "tn": 21})
    assert (unskilled["p_at_least"], unskilled["p_at_least_is_bound"]) == (0.0, False)
    skilled = run("roll-keep", {"rolled": 1, "kept": 1, "tn": 400})
    assert skilled["p_at_least_is_bound"] and 0 < skilled["p_at_least"] < 1e-12


def test_totals_are_not_floored_at_zero():
    """Interpretation totals-may-be-negative."""
    result = run("roll-keep", {"rolled": 1, "kept": 1, "raises": 2, "tn": 0})
    assert result["lowest"] == 1 - 10
    assert result["p_at_least"] < 1


def test_skill_rank_zero_still_explodes_unless_marked_unskilled():
    """Interpretation unskilled-is-a-choice: attribute rolls have no skill dice and explode."""
    attribute_roll = run("roll-keep", {"mode": "assemble", "attribute": 2, "skill": 0,
                                       "tn": 21})
    unskilled = run("roll-keep", {"mode": "assemble", "attribute": 2, "skill": 0, "tn": 21,
                                  "unskilled": True})
    assert attribute_roll["p_at_least"] > 0 and attribute_roll["explodes"]
    assert unskilled["p_at_least"] == 0
