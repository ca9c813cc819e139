"""``roll-keep``: the odds of a roll-and-keep d10 pool (seed 001, opening section, glossary,
"Assembling Your Dice Pool", "Maneuvers and Raises", "Empty Raises").

A pool is given directly (``rolled``k``kept``+``flat``) or assembled from an attribute, a skill
rank and other bonuses; either way it is brought within the limits (steps 5 and 6 of assembly)
before it is rolled. The kept-sum law is exact up to a truncation below 1e-12 (see
:mod:`.keep_law`). Raises subtract 5 each from the total; the Void attribute, when given, caps
the raises called plus the empty raises; free raises buy maneuvers without a malus and outside
the cap (interpretation ``free-raises-cost-nothing``).
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import BOOL, CHOICE, Param, When
from .keep_law import kept_law
from .pools import assemble, normalise
from .roll_view import render_roll
from .rules import RAISE_MALUS, notation

MAX_INPUT_DICE = 40
MAX_RAISES = 20
MAX_VOID = 10
#: Without a Void limit, the raise table stops once success is rarer than this.
TABLE_FLOOR = 0.001

POOL, ASSEMBLE = "pool", "assemble"


def roll_keep(mode: str, rolled: int, kept: int, attribute: int, skill: int,
              extra_rolled: int, extra_kept: int, flat: int, emphasis: bool, unskilled: bool,
              tn: int, raises: int, free_raises: int, empty_raises: int,
              void: int | None) -> dict:
    """Exact odds of a pool against a target number, with raises.

    Returns:
        The pool as given and as rolled (``pool``, after steps 5–6, with what changed),
        ``p_at_least`` (chance the total reaches ``tn`` with the raises called), ``mean``,
        ``truncated`` (probability left out, below 1e-12), ``raise_table`` (chance of success
        for each number of raises called) and ``distribution`` (every total with its chance
        and the chance of at least it).
    """
    if mode == ASSEMBLE:
        rolled, kept, flat = assemble(attribute, skill, extra_rolled, extra_kept, flat)
        if rolled < 1:
            raise CalculatorError.single(
                "extra_rolled", f"The pool would roll {rolled} dice; it needs at least one.")
        if kept < 1:
            raise CalculatorError.single(
                "extra_kept", f"The pool would keep {kept} dice; it needs at least one.")
    given = {"rolled": rolled, "kept": kept, "flat": flat,
             "notation": notation(rolled, kept, flat)}
    pool = normalise(rolled, kept, flat)

    empty_called = empty_raises if void is None else min(empty_raises, void)
    limit = None if void is None else void - empty_called
    if limit is not None and raises > limit:
        reason = f" ({empty_called} empty raises already count)" if empty_called else ""
        raise CalculatorError.single(
            "raises", f"With Void {void} you can call at most {limit} raises{reason}; "
            "free raises do not count toward the limit.")

    law = kept_law(pool.rolled, pool.kept, emphasis, unskilled)
    weights, denominator, truncated = law.weights, law.denominator, law.truncated
    tail = law.truncated_weight  # all of it lies above the cap, so it counts as "at least"
    at_least = [0] * (len(weights) + 1)
    at_least[-1] = tail
    for s in range(len(weights) - 1, -1, -1):
        at_least[s] = at_least[s + 1] + weights[s]

    def chance(called: int) -> tuple[float, bool]:
        """P(total >= tn) with ``called`` raises; (value, is only an upper bound)."""
        need = tn - pool.flat + RAISE_MALUS * (called + empty_called)
        if need <= 0:
            return 1.0, False
        if need < len(at_least):
            return at_least[need] / denominator, False
        if not tail:
            return 0.0, False  # dice that cannot explode never get there
        return float(truncated), True

    shift = pool.flat - RAISE_MALUS * (raises + empty_called)
    rows = [{"total": s + shift, "p": w / denominator, "p_at_least": at_least[s] / denominator}
            for s, w in enumerate(weights) if w]
    p_at_least, is_bound = chance(raises)
    mean = Fraction(sum(s * w for s, w in enumerate(weights)), denominator) + shift

    table = []
    top = MAX_RAISES if limit is None else limit
    for called in range(top + 1):
        p, bound = chance(called)
        table.append({"raises": called, "maneuver_raises": called + free_raises,
                      "malus": RAISE_MALUS * (called + empty_called), "p": p,
                      "upper_bound": bound})
        if limit is None and called >= raises and p < TABLE_FLOOR:
            break
    return {
        "mode": mode,
        "given": given,
        "pool": {"rolled": pool.rolled, "kept": pool.kept, "flat": pool.flat,
                 "notation": pool.notation(), "dropped_rolled": pool.dropped_rolled,
                 "added_kept": pool.added_kept, "dropped_kept": pool.dropped_kept,
                 "added_flat": pool.added_flat},
        "emphasis": emphasis,
        "unskilled": unskilled,
        "explodes": not unskilled,
        "tn": tn,
        "raises": raises,
        "free_raises": free_raises,
        "maneuver_raises": raises + free_raises,
        "empty_raises": empty_raises,
        "empty_raises_called": empty_called,
        "unmet_empty_raises": empty_raises - empty_called,
        "void": void,
        "raise_limit": limit,
        "raise_malus": RAISE_MALUS * (raises + empty_called),
        "p_at_least": p_at_least,
        "p_at_least_is_bound": is_bound,
        "mean": float(mean),
        "lowest": rows[0]["total"],
        "highest_shown": rows[-1]["total"],
        "truncated": float(truncated),
        "raise_table": table,
        "distribution": rows,
    }


ROLL_KEEP = Calculator(
    name="roll-keep",
    title="Roll-and-keep odds",
    summary="Chance that an XkY+Z pool of d10s reaches a target number, with emphasis, "
            "exploding tens and raises.",
    params=(
        Param("mode", "Pool from", kind=CHOICE, default=POOL,
              choices=((POOL, "XkY+Z as written"), (ASSEMBLE, "attribute + skill"))),
        Param("rolled", "Rolled dice (X)", default=5, minimum=1, maximum=MAX_INPUT_DICE,
              help="Above 10 is converted.", applies=When("mode", (POOL,))),
        Param("kept", "Kept dice (Y)", default=3, minimum=1, maximum=MAX_INPUT_DICE,
              help="Dice summed; more than rolled becomes +4 each.",
              applies=When("mode", (POOL,))),
        Param("attribute", "Attribute", default=3, minimum=1, maximum=10,
              help="Gain +XkX.", applies=When("mode", (ASSEMBLE,))),
        Param("skill", "Skill rank", default=2, minimum=0, maximum=10,
              help="Gain +Xk0 (0 for attribute rolls).", applies=When("mode", (ASSEMBLE,))),
        Param("extra_rolled", "Other rolled dice", default=0, minimum=-20, maximum=20,
              help="Bonuses minus maluses to rolled dice.", applies=When("mode", (ASSEMBLE,))),
        Param("extra_kept", "Other kept dice", default=0, minimum=-20, maximum=20,
              help="Bonuses minus maluses to kept dice.", applies=When("mode", (ASSEMBLE,))),
        Param("flat", "Flat modifier (Z)", default=0, minimum=-200, maximum=200,
              help="Added to the total; +5 per Free Raise Buydown goes here."),
        Param("emphasis", "Emphasis", kind=BOOL, default=False,
              help="Re-roll each first-roll 1 once, before explosions."),
        Param("unskilled", "Unskilled", kind=BOOL, default=False,
              help="No ranks in the skill tested: tens do not explode."),
        Param("tn", "Target number", default=20, minimum=0, maximum=400,
              help="Success when the total reaches it."),
        Param("raises", "Raises called", default=0, minimum=0, maximum=MAX_RAISES,
              help="−5 to the total each."),
        Param("free_raises", "Free raises", default=0, minimum=0, maximum=MAX_RAISES,
              help="Pay for maneuvers with no malus, outside the limit."),
        Param("empty_raises", "Empty raises", default=0, minimum=0, maximum=MAX_RAISES,
              help="Forced raises: −5 each, count toward the limit."),
        Param("void", "Void (raise limit)", minimum=0, maximum=MAX_VOID,
              help="Optional: most raises + empty raises you may call."),
    ),
    compute=roll_keep,
    render=render_roll,
    example={"rolled": 5, "kept": 3, "tn": 20},
    rules=(("Rolling a pool", "roll-and-keep/dice-pools.md#rolling"),
           ("Emphasis", "roll-and-keep/dice-pools.md#emphasis"),
           ("Explosions", "roll-and-keep/dice-pools.md#explosions"),
           ("Assembling a pool", "roll-and-keep/dice-pools.md#assembling"),
           ("Limits on a pool", "roll-and-keep/dice-pools.md#limits"),
           ("Raises", "roll-and-keep/tests-and-raises.md#raises")),
)
