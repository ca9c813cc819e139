"""``wr-versus``: who wins a Western Roses versus check (seed 000, "Versus Checks", "Turn
Order", "Critical Success and Failure").

Both characters roll their stat's dice plus modifiers. Without a target number the higher
total wins. With one, a side succeeds as in a check (criticals included, by
:func:`.checks.classify`); a lone success wins, several successes are settled by the greater
margin (total − target), and if everyone fails either nobody wins or the smallest margin of
failure wins (``all_fail``). Equal totals or margins are a tie, rolled again ("Turn Order");
the result gives the odds of one roll and the odds once ties are re-rolled.

Turn order ("Turn Order") breaks equal speeds with a versus roll of speed, with no target. A
speed below 3 rolls no dice (one die per 3 points, rounded down), so its total is its modifier
alone; two such sides with equal modifiers tie on every roll, and re-rolling never settles it.
The site then gives each side an even chance, as the DM must settle it (interpretation
speed-versus-roll).
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..dice import Distribution
from ..errors import CalculatorError
from ..params import CHOICE, Param
from .checks import CRITICAL_SUCCESS, SUCCESS, check_distribution, classify, dice_for_stat
from .rules import CRITICAL_WINDOW, STAT_POINTS_PER_DIE
from .versus_view import render_versus

#: Most dice one side may roll (a stat of 152): keeps the largest input well under 300 ms.
MAX_DICE = 50
MAX_STAT = STAT_POINTS_PER_DIE * (MAX_DICE + 1) - 1

NO_WINNER = "no-winner"
LOWEST_MARGIN = "lowest-margin"
ALL_FAIL_CHOICES = ((NO_WINNER, "Nobody wins"), (LOWEST_MARGIN, "Smallest margin of failure wins"))


def side_dice(dice: int | None, stat: int | None, field: str, target: int | None) -> int:
    """Dice for one side from either ``<field>_dice`` or ``<field>_stat``.

    A stat below 3 rolls no dice. That is allowed without a target (the speed roll of "Turn
    Order", where Slow Sound's speed 2 meets it); against a target a roll of no dice has no
    critical range to classify, and no rule asks for one, so it is refused.
    """
    if (dice is None) == (stat is None):
        message = ("Give either a stat or a number of dice, not both." if dice is not None
                   else "Give a stat or a number of dice.")
        raise CalculatorError.single(f"{field}_dice", message)
    if stat is not None:
        dice = dice_for_stat(stat)
        if dice < 1 and target is not None:
            raise CalculatorError.single(
                f"{field}_stat", f"A stat of {stat} rolls no dice: against a target number a "
                f"versus check needs a stat of at least {STAT_POINTS_PER_DIE}. Without a target "
                "(the speed roll for turn order) it rolls no dice and totals its modifier.")
    assert dice is not None
    return dice


def success_flags(law: Distribution, target: int | None) -> dict[int, bool]:
    """Whether each total of ``law`` succeeds against ``target`` (all ``True`` without one)."""
    if target is None:
        return {t: True for t in law.outcomes()}
    lo, hi = law.min, law.max
    return {t: classify(t, lo, hi, target) in (SUCCESS, CRITICAL_SUCCESS) for t in law.outcomes()}


def versus_odds(law_a: Distribution, law_b: Distribution, target: int | None,
                all_fail: str) -> dict[str, Fraction]:
    """Exact chances, for one roll each, that A wins, B wins, they tie, or nobody wins.

    Runs in time linear in the number of totals: for every total of A it looks up, by
    running sums over B's totals, how much of B (succeeding or failing) lies below it.
    """
    flags_a, flags_b = success_flags(law_a, target), success_flags(law_b, target)
    # below[ok][t]: P(B succeeds == ok and B's total < t); at[ok][t]: P(... and total == t)
    at: dict[bool, dict[int, Fraction]] = {True: {}, False: {}}
    for t, p in law_b.items():
        at[flags_b[t]][t] = p
    p_b_ok = sum(at[True].values(), Fraction(0))
    p_b_fail = 1 - p_b_ok

    def below(ok: bool) -> dict[int, Fraction]:
        running, out = Fraction(0), {}
        for t in range(min(law_a.min, law_b.min), max(law_a.max, law_b.max) + 2):
            out[t] = running
            running += at[ok].get(t, Fraction(0))
        return out

    below_ok, below_fail = below(True), below(False)
    p_a = p_tie = p_none = Fraction(0)
    compare_failures = target is not None and all_fail == LOWEST_MARGIN
    for t, p in law_a.items():
        if flags_a[t]:
            # A succeeds: beats every failing B, and every succeeding B with a lower total.
            p_a += p * (p_b_fail + below_ok[t])
            p_tie += p * at[True].get(t, Fraction(0))
        elif compare_failures:
            p_a += p * below_fail[t]
            p_tie += p * at[False].get(t, Fraction(0))
        else:
            p_none += p * p_b_fail
    p_b = 1 - p_a - p_tie - p_none
    return {"a": p_a, "b": p_b, "tie": p_tie, "none": p_none}


def difference_rows(law_a: Distribution, law_b: Distribution) -> list[dict]:
    """The distribution of A's total minus B's total, with P(difference >= d)."""
    diff = law_a + law_b.map(lambda t: -t)
    rows, at_least = [], Fraction(1)
    for d, p in diff.items():
        rows.append({"difference": d, "p": float(p), "p_at_least": float(at_least)})
        at_least -= p
    return rows


def _side_summary(dice: int, stat: int | None, modifier: int, law: Distribution,
                  target: int | None) -> dict:
    """One side's roll: range, mean, and the chance of its critical totals (and, with a
    target, of succeeding)."""
    lo, hi = law.min, law.max
    rolled = dice > 0  # a roll of no dice has no high or low end to be critical
    summary = {"dice": dice, "stat": stat, "modifier": modifier, "lowest": lo, "highest": hi,
               "mean": float(law.mean()),
               "p_critical_success_totals": float(law.probability(
                   lambda t: rolled and t > hi - CRITICAL_WINDOW)),
               "p_critical_failure": float(law.probability(
                   lambda t: rolled and t < lo + CRITICAL_WINDOW))}
    if target is not None:
        summary["p_success"] = float(law.probability(
            lambda t: classify(t, lo, hi, target) in (SUCCESS, CRITICAL_SUCCESS)))
    return summary


def wr_versus(a_dice: int | None, a_stat: int | None, a_modifier: int, b_dice: int | None,
              b_stat: int | None, b_modifier: int, target: int | None, all_fail: str) -> dict:
    """Odds of a versus check; see the module docstring for the rule.

    Returns:
        ``p_a``, ``p_b``, ``p_tie``, ``p_none`` for a single roll; ``rerolled`` with the same
        odds once ties are rolled again (``p_a``, ``p_b``, ``p_none``); ``never_settled``: true
        when every roll ties (two sides of no dice and equal modifiers), and ``rerolled`` is
        then an even split; exact fractions under ``exact``; each side's summary under
        ``a``/``b``; and ``difference``: the distribution of A's total minus B's.
    """
    dice_a = side_dice(a_dice, a_stat, "a", target)
    dice_b = side_dice(b_dice, b_stat, "b", target)
    law_a = check_distribution(dice_a, a_modifier)
    law_b = check_distribution(dice_b, b_modifier)
    odds = versus_odds(law_a, law_b, target, all_fail)
    decided = 1 - odds["tie"]
    never_settled = decided == 0
    if never_settled:  # interpretation speed-versus-roll: the DM settles it, evenly
        rerolled = {"a": Fraction(1, 2), "b": Fraction(1, 2), "none": Fraction(0)}
    else:
        rerolled = {k: odds[k] / decided for k in ("a", "b", "none")}
    return {
        "never_settled": never_settled,
        "target": target,
        "all_fail": all_fail,
        "a": _side_summary(dice_a, a_stat, a_modifier, law_a, target),
        "b": _side_summary(dice_b, b_stat, b_modifier, law_b, target),
        "p_a": float(odds["a"]), "p_b": float(odds["b"]), "p_tie": float(odds["tie"]),
        "p_none": float(odds["none"]),
        "rerolled": {f"p_{k}": float(v) for k, v in rerolled.items()},
        "exact": {**{f"p_{k}": str(v) for k, v in odds.items()},
                  **{f"rerolled_p_{k}": str(v) for k, v in rerolled.items()}},
        "difference": difference_rows(law_a, law_b),
    }


def _pool_params(side: str, label: str) -> tuple[Param, ...]:
    return (
        Param(f"{side}_dice", f"{label}: dice", minimum=1, maximum=MAX_DICE,
              exclusive=f"{side}_pool", help="How many d6; or give a stat instead."),
        Param(f"{side}_stat", f"{label}: stat", minimum=0, maximum=MAX_STAT,
              exclusive=f"{side}_pool", help="One die per 3 points, rounded down."),
        Param(f"{side}_modifier", f"{label}: modifier", default=0, minimum=-200, maximum=200,
              help="Total of bonuses and penalties."),
    )


WR_VERSUS = Calculator(
    name="wr-versus",
    title="Versus check",
    summary="Chance that character A beats character B in a Western Roses versus check.",
    params=(
        *_pool_params("a", "A"),
        *_pool_params("b", "B"),
        Param("target", "Target number", minimum=-500, maximum=1000,
              help="Optional. Leave blank when the higher roll simply wins."),
        Param("all_fail", "If everyone fails", kind=CHOICE, default=NO_WINNER,
              choices=ALL_FAIL_CHOICES, help="Only with a target number: the DM's choice."),
    ),
    compute=wr_versus,
    example={"a_stat": 12, "b_stat": 12},
    render=render_versus,
    rules=(("Versus checks", "western-roses/combat.md#versus-checks"),
           ("Critical success and failure",
            "western-roses/basic-rolls.md#critical-success-and-failure")),
)
