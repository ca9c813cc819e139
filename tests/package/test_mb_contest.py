"""mb-contest against plain enumeration of the dice, with the tie rules written out again."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from calculators import run

SIXTH = Fraction(1, 6)
DEPTH = 5  # sixes a die may chain in the oracle; a longer chain has chance 6**-6 per die


def exploding_die() -> dict[tuple[int, int], Fraction]:
    """(value, sixes) of one exploding d6, chains of at most DEPTH sixes (the rest left out)."""
    law: dict[tuple[int, int], Fraction] = {}
    for sixes in range(DEPTH + 1):
        for last in range(1, 6):
            key = (6 * sixes + last, sixes)
            law[key] = law.get(key, 0) + SIXTH ** (sixes + 1)
    return law


def roll(dice: int, bonus: int, explodes: bool) -> dict[tuple[int, int], Fraction]:
    one = exploding_die() if explodes else {(f, 0): SIXTH for f in range(1, 7)}
    law: dict[tuple[int, int], Fraction] = {}
    for combo in itertools.product(one.items(), repeat=dice):
        total = sum(v for (v, _), _ in combo) + bonus
        sixes = sum(s for (_, s), _ in combo)
        p = Fraction(1)
        for _, q in combo:
            p *= q
        law[(total, sixes)] = law.get((total, sixes), 0) + p
    return law


def oracle(explodes: bool, a_stat: int, a_mod: int, a_dice: int,
           b_stat: int, b_mod: int, b_dice: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P(challenger wins one roll), P(equal totals), P(tie that nothing breaks))."""
    a, b = roll(a_dice, a_stat + a_mod, explodes), roll(b_dice, b_stat + b_mod, explodes)
    win = tie = stands = Fraction(0)
    for (ta, sa), pa in a.items():
        for (tb, sb), pb in b.items():
            p = pa * pb
            if ta == tb:
                tie += p
            if ta > tb or (ta == tb and (sa > sb or (sa == sb and a_stat > b_stat))):
                win += p
            elif ta == tb and sa == sb and a_stat == b_stat:
                stands += p
    return win, tie, stands


@pytest.mark.parametrize("a_stat, a_mod, b_stat, b_mod", [
    (3, 0, 3, 0), (4, 0, 2, 1), (1, 2, 5, -2), (0, 0, 0, 3)])
def test_a_mundane_contest_equals_enumeration_with_ties_to_the_stat_then_rolled_again(
        a_stat, a_mod, b_stat, b_mod):
    got = run("mb-contest", {"kind": "mundane", "a_stat": a_stat, "a_modifier": a_mod,
                             "b_stat": b_stat, "b_modifier": b_mod})
    win, tie, stands = oracle(False, a_stat, a_mod, 2, b_stat, b_mod, 2)
    want = win / (1 - stands)  # a tie nothing breaks is rolled again until one is ahead
    assert got["p_a"] == pytest.approx(float(want), abs=1e-15)
    assert got["p_tie"] == pytest.approx(float(tie), abs=1e-15)
    assert got["p_a"] + got["p_b"] == pytest.approx(1, abs=1e-15)


@pytest.mark.parametrize("a_stat, a_mod, a_boosts, b_stat, b_mod, b_boosts", [
    (3, 0, 0, 3, 0, 0), (4, 0, 1, 2, 1, 0), (2, 0, 0, 5, -3, 1)])
def test_a_support_challenge_equals_enumeration_with_sixes_then_stat_breaking_ties(
        a_stat, a_mod, a_boosts, b_stat, b_mod, b_boosts):
    got = run("mb-contest", {"a_stat": a_stat, "a_modifier": a_mod, "a_boosts": a_boosts,
                             "b_stat": b_stat, "b_modifier": b_mod, "b_boosts": b_boosts})
    win, tie, stands = oracle(True, a_stat, a_mod, 2 + a_boosts, b_stat, b_mod, 2 + b_boosts)
    bound = (4 + a_boosts + b_boosts) * 6.0 ** -(DEPTH + 1)  # chains the oracle leaves out
    assert got["p_a"] == pytest.approx(float(win), abs=bound)
    assert got["p_tie"] == pytest.approx(float(tie), abs=bound)
    assert got["p_tie_stands"] == pytest.approx(float(stands), abs=bound)
    # A tie that stands fails the challenger: it is counted on the opponent's side.
    assert got["p_a"] + got["p_b"] + got["truncated"] == pytest.approx(1, abs=1e-15)


def test_boosts_do_not_apply_to_a_mundane_contest():
    plain = run("mb-contest", {"kind": "mundane"})
    boosted = run("mb-contest", {"kind": "mundane", "a_boosts": 2})
    assert boosted["a_boosts"] == 0 and boosted["p_a"] == plain["p_a"]


def test_the_answer_states_the_tie_rule_it_used():
    from calculators.registry import get
    calc = get("mb-contest")
    html = calc.render(calc.run({}))
    assert "more sixes, then the higher Support" in html
    assert "the rules break ties only for attacks" in html
    assert "2d6!+3" in html
