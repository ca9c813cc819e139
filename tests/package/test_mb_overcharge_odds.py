"""mb-overcharge against a transition matrix built separately, a linear solve, a seeded
simulation and Wald's identity; mb-judgment-burst against hand-worked figures."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from calculators import CalculatorError, run
from mb_dice_oracles import die_tree, enumerate_pool

BURST = 13


def step_law(boosts: int) -> list[Fraction]:
    """P(a check adds j overcharge), j = 0..BURST-1, by convolving one die's sixes taken from
    the tree walk (not from a closed formula), then shifting by the boosts."""
    leaves, _ = die_tree(BURST + 1)
    one = [Fraction(0)] * BURST
    for _, sixes, p in leaves:
        if sixes < BURST:
            one[sixes] += p
    law = [Fraction(1)] + [Fraction(0)] * (BURST - 1)
    for _ in range(2 + boosts):
        law = [sum(law[i] * one[j - i] for i in range(j + 1)) for j in range(BURST)]
    return [law[j - boosts] if j >= boosts else Fraction(0) for j in range(BURST)]


def matrix(boosts: int) -> list[list[Fraction]]:
    """The 14x14 transition matrix over counters 0..12 and an absorbing burst state."""
    p = step_law(boosts)
    rows = []
    for c in range(BURST):
        row = [Fraction(0)] * (BURST + 1)
        for j in range(BURST - c):
            row[c + j] = p[j]
        row[BURST] = 1 - sum(row)
        rows.append(row)
    rows.append([Fraction(0)] * BURST + [Fraction(1)])
    return rows


def distribution_after(start: int, boosts: int, checks: int) -> list[Fraction]:
    m = matrix(boosts)
    v = [Fraction(0)] * (BURST + 1)
    v[start] = Fraction(1)
    for _ in range(checks):
        v = [sum(v[i] * m[i][j] for i in range(BURST + 1)) for j in range(BURST + 1)]
    return v


def solve_expected_checks(boosts: int) -> list[Fraction]:
    """Solve (I - Q) t = 1 for the expected checks to absorption, by Gauss-Jordan elimination."""
    m = matrix(boosts)
    a = [[(1 if i == j else 0) - m[i][j] for j in range(BURST)] + [Fraction(1)]
         for i in range(BURST)]
    for col in range(BURST):
        pivot = next(r for r in range(col, BURST) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        a[col] = [x / a[col][col] for x in a[col]]
        for r in range(BURST):
            if r != col and a[r][col]:
                a[r] = [x - a[r][col] * y for x, y in zip(a[r], a[col])]
    return [a[i][BURST] for i in range(BURST)]


STAGES = {"none": (0, 0), "minor-flair": (1, 4), "major-flair": (5, 7),
          "temporary-change": (8, 10), "permanent-change": (11, 12), "burst": (13, 13)}


@pytest.mark.parametrize("start,boosts", [(0, 0), (5, 0), (12, 0), (0, 1), (7, 3)])
def test_stage_odds_for_every_run_length_match_the_matrix_chain(start, boosts):
    result = run("mb-overcharge", {"start": start, "boosts": boosts})
    for row in result["table"]:
        v = distribution_after(start, boosts, row["checks"])
        for stage, (first, last) in STAGES.items():
            expected = sum(v[first:last + 1])
            assert row["p_stage"][stage] == pytest.approx(float(expected), abs=1e-15), \
                (row["checks"], stage)
        assert row["p_burst"] == pytest.approx(float(v[BURST]), abs=1e-15)


def test_the_burst_chance_is_exact():
    result = run("mb-overcharge", {"start": 3, "checks": 7, "boosts": 1})
    assert Fraction(result["exact_p_burst"]) == distribution_after(3, 1, 7)[BURST]


@pytest.mark.parametrize("boosts", [0, 1, 2, 3])
@pytest.mark.parametrize("start", [0, 6, 12])
def test_expected_checks_to_a_burst_solve_the_linear_system(start, boosts):
    result = run("mb-overcharge", {"start": start, "boosts": boosts})
    assert Fraction(result["exact_expected_checks_to_burst"]) == \
        solve_expected_checks(boosts)[start]


@pytest.mark.parametrize("boosts", [0, 2])
def test_points_released_obey_walds_identity(boosts):
    """Released points = start + overcharge of all checks up to the burst, whose mean is
    E[checks] x E[overcharge per check] by Wald's identity."""
    result = run("mb-overcharge", {"start": 4, "boosts": boosts})
    mean_step = boosts + Fraction(2 + boosts, 5)
    assert result["mean_overcharge_per_check"] == pytest.approx(float(mean_step))
    assert result["expected_released_at_burst"] == pytest.approx(
        4 + result["expected_checks_to_burst"] * float(mean_step), rel=1e-12)


def test_a_counter_at_twelve_bursts_with_any_six_and_three_boosts_always_burst():
    one = run("mb-overcharge", {"start": 12, "checks": 1})
    assert Fraction(one["exact_p_burst"]) == 1 - Fraction(25, 36)
    assert run("mb-overcharge", {"start": 10, "checks": 1, "boosts": 3})["p_burst"] == 1


def test_a_seeded_simulation_of_twenty_checks_agrees_within_five_standard_errors():
    """20,000 runs of 20 checks from an empty counter: P(burst) is near 0.08, so its standard
    error is about 0.0019 and five of them are crossed by chance less than once in a million."""
    rng = random.Random(13)
    runs, bursts = 20_000, 0
    for _ in range(runs):
        counter = 0
        for _ in range(20):
            dice = 2
            while dice:
                if rng.randint(1, 6) == 6:
                    counter += 1
                else:
                    dice -= 1
        bursts += counter >= BURST
    p = run("mb-overcharge", {"checks": 20})["p_burst"]
    assert abs(bursts / runs - p) < 5 * (p * (1 - p) / runs) ** 0.5


def test_the_counter_chart_ends_in_the_burst_column_and_sums_to_one():
    result = run("mb-overcharge", {"start": 2, "checks": 9})
    assert [r["counter"] for r in result["counter"]] == list(range(BURST + 1))
    assert sum(r["p"] for r in result["counter"]) == pytest.approx(1, abs=1e-15)
    assert result["counter_at_least"][0] == 1


def test_a_judgment_burst_of_13_deals_13_and_needs_26_to_avoid():
    result = run("mb-judgment-burst", {"points": 13, "stat": 3})
    assert (result["damage"], result["difficulty"]) == (13, 26)
    walked, rest = enumerate_pool(2, 6, modifier=3)  # unresolved branches are all 26+
    expected = sum(p for (t, _), p in walked.items() if t >= 26) + rest
    assert Fraction(result["exact_p_avoid"]) == expected


def test_a_bystander_without_magic_meets_the_difficulty_on_plain_2d6_plus_tenacity():
    """Interpretation judgment-burst-avoided-on-the-difficulty: 13 points need 26; Tenacity 15
    on 2d6 needs 11+, which is 3 of 36."""
    result = run("mb-judgment-burst", {"points": 13, "bystander": "mundane", "stat": 15})
    assert Fraction(result["exact_p_avoid"]) == Fraction(3, 36)
    assert result["expected_damage"] == pytest.approx(13 * 33 / 36)


def test_a_burst_releases_at_least_thirteen_points():
    with pytest.raises(CalculatorError) as caught:
        run("mb-judgment-burst", {"points": 12})
    assert caught.value.errors[0].field == "points"
