"""``rk-contest``: one roll-and-keep pool against another (seed 001, glossary "Contest",
"Assembling Your Dice Pool", "Maneuvers and Raises").

In a contest each side rolls its pool with no target number and the higher result wins. Each
side is a pool written XkY+Z or assembled from an attribute and a skill rank, brought within
the limits (steps 5 and 6) exactly as ``roll-keep`` does, with its own emphasis, unskilled flag
and raises (−5 each). The seed does not say what a tie does; the site reads it as rolled again
(interpretation ``contest-ties-roll-again``), so the headline odds are those of the roll that
settles it, ``p_a / (p_a + p_b)``, beside the chance of a tie on one roll.

Both kept-sum laws are exact up to the cut below 1e-12 of :mod:`.keep_law`; the comparison is
done on integer weights, so the only inexact part is that cut, reported as ``truncated``.
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..params import BOOL, CHOICE, Param, When
from .contest_view import render_contest
from .keep_law import kept_law
from .pools import assemble, normalise
from .roll import ASSEMBLE, MAX_INPUT_DICE, MAX_RAISES, POOL
from .rules import RAISE_MALUS, notation

SIDES = ("a", "b")


def _side(prefix: str, p: dict) -> dict:
    """One side's pool as rolled, its kept-sum law and the shift its flat and raises add."""
    get = lambda key: p[f"{prefix}_{key}"]  # noqa: E731 - a local reader of this side's inputs
    rolled, kept, flat = get("rolled"), get("kept"), get("flat")
    if get("mode") == ASSEMBLE:
        rolled, kept, flat = assemble(get("attribute"), get("skill"), 0, 0, flat)
    pool = normalise(rolled, kept, flat)
    law = kept_law(pool.rolled, pool.kept, get("emphasis"), get("unskilled"))
    return {"given": notation(rolled, kept, flat), "pool": pool.notation(),
            "emphasis": get("emphasis"), "unskilled": get("unskilled"),
            "raises": get("raises"), "malus": RAISE_MALUS * get("raises"),
            "shift": pool.flat - RAISE_MALUS * get("raises"), "law": law}


def rk_contest(**params) -> dict:
    """Exact chances that side A's result beats, ties or loses to side B's.

    Returns:
        ``a`` and ``b`` (each pool as given and as rolled, emphasis, unskilled, raises and the
        mean result), ``p_a``, ``p_tie`` and ``p_b`` (one roll each, every explosion chain
        kept up to the cut), ``rerolled`` (``p_a`` and ``p_b`` once ties are rolled again),
        ``margins`` (A's result minus B's, each with its chance and the
        chance A is ahead by at least that much), ``mean_margin`` and ``truncated`` (the chance
        left out by the cut of either law, below 2e-12).
    """
    sides = {s: _side(s, params) for s in SIDES}
    a, b = sides["a"], sides["b"]
    wa, wb = a["law"].weights, b["law"].weights
    da, db = a["law"].denominator, b["law"].denominator
    offset = a["shift"] - b["shift"]  # margin = i - j + offset for kept sums i (A), j (B)

    # Exact: A wins when j < i + offset, ties when j == i + offset (prefix sums over B).
    below = [0]
    for y in wb:
        below.append(below[-1] + y)
    win = tie = 0
    for i, x in enumerate(wa):
        k = i + offset
        win += x * below[max(0, min(len(wb), k))]
        if 0 <= k < len(wb):
            tie += x * wb[k]
    denominator = da * db
    kept_mass = below[-1] * sum(wa)
    truncated = 1 - Fraction(kept_mass, denominator)

    # The margin's spread is for display, so it is convolved in floats (the exact integer
    # convolution of two 10k10 laws takes half a second).
    pa, pb = [x / da for x in wa], [y / db for y in wb]
    spread = [0.0] * (len(wa) + len(wb) - 1)  # index k is margin k - (len(wb) - 1) + offset
    for i, x in enumerate(pa):
        if x:
            base = i + len(wb) - 1
            for j, y in enumerate(pb):
                spread[base - j] += x * y
    low = offset - (len(wb) - 1)
    rows, at_least = [], kept_mass / denominator
    for k, p in enumerate(spread):
        if p:
            rows.append({"margin": low + k, "p": p, "p_at_least": max(at_least, 0.0)})
        at_least -= p
    mean = sum((low + k) * p for k, p in enumerate(spread)) / sum(spread)
    return {
        "a": _public(a),
        "b": _public(b),
        "p_a": win / denominator,
        "p_tie": tie / denominator,
        "p_b": (kept_mass - win - tie) / denominator,
        "rerolled": {"p_a": win / (kept_mass - tie), "p_b": (kept_mass - win - tie) / (kept_mass - tie)},
        "mean_margin": mean,
        "truncated": float(truncated),
        "margins": rows,
    }


def _public(side: dict) -> dict:
    """A side as the result reports it: no law, but its mean result."""
    law = side["law"]
    mean = Fraction(sum(s * w for s, w in enumerate(law.weights)), law.denominator)
    return {key: side[key] for key in ("given", "pool", "emphasis", "unskilled", "raises",
                                       "malus")} | {"mean": float(mean + side["shift"])}


def _side_params(prefix: str, who: str, rolled: int, kept: int) -> tuple[Param, ...]:
    """The inputs of one side, named ``<prefix>_<input>`` and labelled for ``who``; the
    written pool and the attribute and skill each apply only in their own mode."""
    written, assembled = When(f"{prefix}_mode", (POOL,)), When(f"{prefix}_mode", (ASSEMBLE,))
    return (
        Param(f"{prefix}_mode", f"{who}: pool from", kind=CHOICE, default=POOL,
              choices=((POOL, "XkY+Z as written"), (ASSEMBLE, "attribute + skill"))),
        Param(f"{prefix}_rolled", f"{who}: rolled dice (X)", default=rolled, minimum=1,
              maximum=MAX_INPUT_DICE, applies=written),
        Param(f"{prefix}_kept", f"{who}: kept dice (Y)", default=kept, minimum=1,
              maximum=MAX_INPUT_DICE, applies=written),
        Param(f"{prefix}_attribute", f"{who}: attribute", default=3, minimum=1, maximum=10,
              applies=assembled, help="Gain +XkX."),
        Param(f"{prefix}_skill", f"{who}: skill rank", default=2, minimum=0, maximum=10,
              applies=assembled, help="Gain +Xk0."),
        Param(f"{prefix}_flat", f"{who}: flat modifier (Z)", default=0, minimum=-200,
              maximum=200, help="Added to the result."),
        Param(f"{prefix}_emphasis", f"{who}: emphasis", kind=BOOL, default=False,
              help="Re-roll each first-roll 1 once."),
        Param(f"{prefix}_unskilled", f"{who}: unskilled", kind=BOOL, default=False,
              help="Tens do not explode."),
        Param(f"{prefix}_raises", f"{who}: raises called", default=0, minimum=0,
              maximum=MAX_RAISES, help="−5 to the result each."),
    )


RK_CONTEST = Calculator(
    name="rk-contest",
    title="Roll-and-keep contest",
    summary="Chance that one XkY+Z pool of d10s beats another, ties and the spread of the "
            "margin, exact, with emphasis, exploding tens and raises on either side.",
    params=_side_params("a", "A", 5, 3) + _side_params("b", "B", 4, 2),
    compute=rk_contest,
    render=render_contest,
    rules=(("Tests and contests", "roll-and-keep/tests-and-raises.md#tests-and-contests"),
           ("Rolling a pool", "roll-and-keep/dice-pools.md#rolling"),
           ("Assembling a pool", "roll-and-keep/dice-pools.md#assembling"),
           ("Raises", "roll-and-keep/tests-and-raises.md#raises")),
)
