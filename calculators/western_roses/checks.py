"""``wr-check``: the odds of a Western Roses check (seed 000, "Basic rolls",
"Critical Success and Failure", "Target Numbers").

A check rolls one d6 per three stat points (rounded down), adds a modifier, and succeeds when
the total is strictly higher than the target number. The three highest possible totals are a
critical success, which succeeds even below the target unless it is 10 or more below it; the
three lowest possible totals are a critical failure, which always fails.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..calculator import Calculator
from ..dice import Distribution
from ..errors import CalculatorError
from ..params import Param
from .check_view import render_check
from .rules import (CRITICAL_SUCCESS_CUTOFF, CRITICAL_WINDOW, DIE_SIDES,
                    STAT_POINTS_PER_DIE)

#: Most dice a check may roll: a stat of 300. Far beyond play, and still answers in milliseconds.
MAX_DICE = 100

CRITICAL_FAILURE = "critical-failure"
FAILURE = "failure"
SUCCESS = "success"
CRITICAL_SUCCESS = "critical-success"


def dice_for_stat(stat: int) -> int:
    """Dice rolled for a stat: one per three points, rounded down."""
    return stat // STAT_POINTS_PER_DIE


def critical_band(total: int, lowest: int, highest: int) -> str | None:
    """Which critical band a total falls in, before any target is known: ``critical-failure``
    (the three lowest totals), ``critical-success`` (the three highest) or ``None``."""
    if total < lowest + CRITICAL_WINDOW:
        return CRITICAL_FAILURE
    if total > highest - CRITICAL_WINDOW:
        return CRITICAL_SUCCESS
    return None


def classify(total: int, lowest: int, highest: int, target: int) -> str:
    """The outcome of one total, given the lowest and highest totals the roll can make."""
    band = critical_band(total, lowest, highest)
    if band == CRITICAL_FAILURE:
        return CRITICAL_FAILURE
    if band == CRITICAL_SUCCESS:
        return CRITICAL_SUCCESS if target - total < CRITICAL_SUCCESS_CUTOFF else FAILURE
    return SUCCESS if total > target else FAILURE


def check_distribution(dice: int, modifier: int) -> Distribution:
    """The distribution of ``dice``d6 + ``modifier``; no dice total the modifier alone."""
    if dice == 0:
        return Distribution.constant(modifier)
    return Distribution.die(DIE_SIDES).sum_of(dice) + modifier


def roll_check(dice: int, modifier: int, seed: int) -> dict:
    """Roll ``dice``d6 + ``modifier`` with ``random.Random(seed)`` (the same seed, the same
    roll): the faces, the total, the lowest and highest totals possible and the critical
    band the total falls in (see :func:`critical_band`)."""
    if dice < 1:
        raise ValueError("a check rolls at least one die")
    rng = random.Random(seed)
    faces = [rng.randint(1, DIE_SIDES) for _ in range(dice)]
    law = check_distribution(dice, modifier)
    total = sum(faces) + modifier
    return {"dice": dice, "modifier": modifier, "faces": faces, "total": total,
            "lowest": law.min, "highest": law.max,
            "band": critical_band(total, law.min, law.max)}


def wr_check(dice: int | None, stat: int | None, modifier: int, target: int) -> dict:
    """Exact odds of a check; see the module docstring for the rule.

    Returns:
        ``p_success`` (critical successes included), ``p_critical_success`` (critical totals that
        count as successes), ``p_critical_failure``, ``p_success_by_critical`` (successes at or
        below the target, which only the critical rule gives), exact fractions under ``exact``,
        the ``mean`` total, and ``distribution``: every total with its probability, the
        probability of rolling at least it, and its outcome.
    """
    if (dice is None) == (stat is None):
        message = ("Give either a stat or a number of dice, not both." if dice is not None
                   else "Give a stat or a number of dice.")
        raise CalculatorError.single("dice", message)
    if stat is not None:
        dice = dice_for_stat(stat)
        if dice < 1:
            raise CalculatorError.single(
                "stat", f"A stat of {stat} rolls no dice: a check needs a stat of at least "
                f"{STAT_POINTS_PER_DIE}.")
        if dice > MAX_DICE:
            raise CalculatorError.single(
                "stat", f"A stat of {stat} would roll {dice} dice; the limit is {MAX_DICE} "
                f"(a stat of {STAT_POINTS_PER_DIE * (MAX_DICE + 1) - 1}).")
    assert dice is not None
    law = check_distribution(dice, modifier)
    lowest, highest = law.min, law.max
    rows = []
    at_least = Fraction(1)
    totals = {CRITICAL_FAILURE: Fraction(0), FAILURE: Fraction(0), SUCCESS: Fraction(0),
              CRITICAL_SUCCESS: Fraction(0)}
    for total, p in law.items():
        outcome = classify(total, lowest, highest, target)
        totals[outcome] += p
        rows.append({"total": total, "p": float(p), "p_at_least": float(at_least),
                     "outcome": outcome})
        at_least -= p
    p_success = totals[SUCCESS] + totals[CRITICAL_SUCCESS]
    # Critical successes at or below the target: success the critical rule alone gives.
    p_by_critical = law.probability(
        lambda t: t <= target and classify(t, lowest, highest, target) == CRITICAL_SUCCESS)
    return {
        "dice": dice,
        "stat": stat,
        "modifier": modifier,
        "target": target,
        "lowest": lowest,
        "highest": highest,
        "critical_failure_totals": [lowest, lowest + CRITICAL_WINDOW - 1],
        "critical_success_totals": [highest - CRITICAL_WINDOW + 1, highest],
        "p_success": float(p_success),
        "p_critical_success": float(totals[CRITICAL_SUCCESS]),
        "p_critical_failure": float(totals[CRITICAL_FAILURE]),
        "p_success_by_critical": float(p_by_critical),
        "exact": {
            "p_success_by_critical": str(p_by_critical),
            "p_success": str(p_success),
            "p_critical_success": str(totals[CRITICAL_SUCCESS]),
            "p_critical_failure": str(totals[CRITICAL_FAILURE]),
        },
        "mean": float(law.mean()),
        "distribution": rows,
    }


WR_CHECK = Calculator(
    name="wr-check",
    title="Check odds",
    summary="Chance that a Western Roses check beats a target number, criticals included.",
    params=(
        Param("dice", "Dice", minimum=1, maximum=MAX_DICE, exclusive="pool",
              help="How many d6 to roll; or give a stat instead."),
        Param("stat", "Stat", minimum=0, maximum=STAT_POINTS_PER_DIE * (MAX_DICE + 1) - 1,
              exclusive="pool", help="The stat rolled: one die per 3 points, rounded down."),
        Param("modifier", "Modifier", default=0, minimum=-500, maximum=500,
              help="Total of all bonuses and penalties."),
        Param("target", "Target number", default=12, minimum=-1000, maximum=1000,
              help="The total to beat; 12 is an average task."),
    ),
    compute=wr_check,
    example={"dice": 4},
    render=render_check,
    rules=(("Basic rolls", "western-roses/basic-rolls.md"),
           ("Critical success and failure",
            "western-roses/basic-rolls.md#critical-success-and-failure")),
)
