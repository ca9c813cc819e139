"""rk-contest: pool against pool, checked against icepool's own composition of the same dice."""

from __future__ import annotations

import icepool
import pytest

from calculators import run

DEPTH = 8  # explosions icepool follows; a longer chain has chance 1e-9 per die


def oracle_die(emphasis: bool, explodes: bool):
    """One die as seed 001 rolls it: emphasis re-rolls a first 1 once, then a 10 explodes into
    fresh, never re-rolled d10s."""
    first = icepool.d10.reroll([1], depth=1) if emphasis else icepool.d10
    if not explodes:
        return first
    explosion = icepool.d10.explode(depth=DEPTH - 1)
    return first.map(lambda face: 10 + explosion if face == 10 else face)


def oracle_odds(a: tuple, b: tuple) -> tuple[float, float, float]:
    """(P(A > B), P(A = B), P(A < B)) for sides (rolled, kept, shift, emphasis, explodes)."""
    def result(side):
        rolled, kept, shift, emphasis, explodes = side
        return oracle_die(emphasis, explodes).highest(rolled, kept) + shift
    margin = result(a) - result(b)
    return (float(margin.probability(">", 0)), float(margin.probability("==", 0)),
            float(margin.probability("<", 0)))


def contest(**params) -> dict:
    return run("rk-contest", params)


CASES = [
    # (A: rolled, kept, flat, emphasis), (B: ...)
    ((1, 1, 0, False), (1, 1, 0, False)),
    ((3, 2, 0, False), (2, 1, 0, False)),
    ((4, 2, 3, True), (5, 2, 0, False)),
    ((2, 2, -4, False), (3, 1, 0, True)),
]


@pytest.mark.parametrize("a, b", CASES)
def test_unskilled_odds_equal_icepools_exact_enumeration(a, b):
    got = contest(a_rolled=a[0], a_kept=a[1], a_flat=a[2], a_emphasis=a[3], a_unskilled=True,
                  b_rolled=b[0], b_kept=b[1], b_flat=b[2], b_emphasis=b[3], b_unskilled=True)
    want = oracle_odds((a[0], a[1], a[2], a[3], False), (b[0], b[1], b[2], b[3], False))
    assert got["truncated"] == 0
    assert (got["p_a"], got["p_tie"], got["p_b"]) == pytest.approx(want, abs=1e-14)


@pytest.mark.parametrize("a, b", CASES)
def test_exploding_odds_equal_icepool_up_to_its_explosion_depth(a, b):
    got = contest(a_rolled=a[0], a_kept=a[1], a_flat=a[2], a_emphasis=a[3],
                  b_rolled=b[0], b_kept=b[1], b_flat=b[2], b_emphasis=b[3])
    want = oracle_odds((a[0], a[1], a[2], a[3], True), (b[0], b[1], b[2], b[3], True))
    # icepool stops chains after DEPTH explosions; at most one die in 10**DEPTH gets that far.
    bound = (a[0] + b[0]) * 10.0 ** -DEPTH
    assert (got["p_a"], got["p_tie"], got["p_b"]) == pytest.approx(want, abs=bound)


def test_the_three_outcomes_and_the_margins_account_for_every_roll():
    got = contest(a_rolled=6, a_kept=3, a_emphasis=True, b_rolled=7, b_kept=2, b_flat=5)
    assert got["p_a"] + got["p_tie"] + got["p_b"] + got["truncated"] == pytest.approx(1, abs=1e-15)
    assert 0 < got["truncated"] < 2e-12
    margins = got["margins"]
    assert sum(r["p"] for r in margins if r["margin"] > 0) == pytest.approx(got["p_a"], abs=1e-12)
    assert sum(r["p"] for r in margins if r["margin"] == 0) == pytest.approx(got["p_tie"], abs=1e-12)
    assert margins[0]["p_at_least"] == pytest.approx(1, abs=1e-11)
    mean = got["a"]["mean"] - got["b"]["mean"]
    assert got["mean_margin"] == pytest.approx(mean, abs=1e-9)


def test_ties_are_rolled_again_so_the_headline_odds_share_out_the_tie():
    # Reading contest-ties-roll-again: P(A wins eventually) = sum over n of tie^n * p_a.
    got = contest(a_rolled=4, a_kept=2, a_unskilled=True, b_rolled=3, b_kept=2, b_unskilled=True)
    want_a, want_tie, want_b = oracle_odds((4, 2, 0, False, False), (3, 2, 0, False, False))
    geometric = sum(want_tie ** n for n in range(200)) * want_a
    assert got["rerolled"]["p_a"] == pytest.approx(geometric, abs=1e-14)
    assert got["rerolled"]["p_a"] + got["rerolled"]["p_b"] == pytest.approx(1, abs=1e-15)


def test_equal_pools_are_an_even_contest():
    got = contest(a_rolled=5, a_kept=3, b_rolled=5, b_kept=3)
    assert got["p_a"] == pytest.approx(got["p_b"], abs=1e-15)
    assert got["p_tie"] > 0.02


def test_each_raise_costs_a_side_five_on_its_result():
    raised = contest(a_rolled=6, a_kept=3, a_raises=2, b_rolled=5, b_kept=3)
    lowered = contest(a_rolled=6, a_kept=3, a_flat=-10, b_rolled=5, b_kept=3)
    assert raised["a"]["malus"] == 10
    assert (raised["p_a"], raised["p_tie"]) == (lowered["p_a"], lowered["p_tie"])


def test_an_assembled_side_rolls_attribute_plus_skill_keeping_the_attribute():
    assembled = contest(a_mode="assemble", a_attribute=3, a_skill=2, b_rolled=4, b_kept=2)
    written = contest(a_rolled=5, a_kept=3, b_rolled=4, b_kept=2)
    assert assembled["a"]["pool"] == "5k3"
    assert assembled["p_a"] == written["p_a"]


def test_a_side_over_the_limits_is_rolled_as_normalised():
    got = contest(a_rolled=13, a_kept=5, b_rolled=2, b_kept=4)
    assert (got["a"]["given"], got["a"]["pool"]) == ("13k5", "10k6")
    assert (got["b"]["given"], got["b"]["pool"]) == ("2k4", "2k2+8")


def test_the_answer_names_both_pools_and_says_ties_are_rolled_again():
    from calculators.registry import get
    calc = get("rk-contest")
    html = calc.render(calc.run({"a_rolled": 13, "a_kept": 5, "a_raises": 1}))
    assert "13k5, rolled as 10k6" in html and "B rolls 4k2" in html
    assert "Tie on one roll" in html and "1 raise, −5" in html
    assert "rolled again" in html


def test_a_written_side_ignores_attribute_and_skill_and_an_assembled_one_its_written_dice():
    written = contest(a_rolled=6, a_kept=2, a_attribute=9, a_skill=9)
    assert written["a"]["pool"] == "6k2"
    assembled = contest(a_mode="assemble", a_attribute=2, a_skill=1, a_rolled=9, a_kept=9)
    assert assembled["a"]["pool"] == "3k2"
