"""``mb-sorcery``: the chance of each outcome of a sorcery roll in each difficulty window.

Seed ``002_f32d69e9731a3667.txt``, “Sorcery”: sorcery is a magical check (2d6! + Heart, Fury or
Judgment). Each window has three numbers: below the low one it fails; from the low number to
just under the middle one it works with a side effect (interpretation
``sorcery-total-on-the-low-number``); from the middle to just under the high one it is clean;
the high number or more brings a drawback and a benefit. A ritual of about fifteen minutes
replaces half the starting dice, rounded up, with 3s (“Cool Headed”: the player picks how many,
leaving at least one die rolled; interpretation ``ritual-replaces-dice-before-the-roll``). In
battle (“Help and hindrance”) sorcery takes -2 as a Major action, -4 as a Minor action, nothing
for the whole turn.
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import BOOL, CHOICE, Param
from .checks import (BOOST_OVERCHARGE, BOOSTS, CHECK_DICE, MAX_BOOSTS, MODIFIER, STAT_RANGE,
                     check_law, mean_die, mean_overcharge, overcharge_law, total_rows)
from .rules import ACTIONS, BANDS, RITUALS, WINDOWS, SorceryRule
from .sorcery_view import render_sorcery

__all__ = ["MB_SORCERY", "band_of", "ritual_replaced"]

FAILURE, SIDE_EFFECT, CLEAN, DRAWBACK = "failure", "side-effect", "clean", "drawback-benefit"
OUT_OF_BATTLE = "out-of-battle"
RITUAL_FACE = RITUALS["ritual"].face


def band_of(total: int, window: SorceryRule) -> str:
    """The outcome of ``total`` in ``window`` (low number included in the side-effect band)."""
    assert window.low is not None and window.middle is not None and window.high is not None
    if total < window.low:
        return FAILURE
    if total < window.middle:
        return SIDE_EFFECT
    return CLEAN if total < window.high else DRAWBACK


def ritual_replaced(pool: int) -> int:
    """Dice a ritual turns into 3s: half the starting pool, rounded up."""
    return (pool + 1) // 2


def window_bands(law, window: SorceryRule) -> dict[str, Fraction]:
    """P(each band) for one window, exact (left-out outcomes all reach the high number)."""
    assert window.low is not None and window.middle is not None and window.high is not None
    at_low, at_mid, at_high = (law.at_least(window.low), law.at_least(window.middle),
                               law.at_least(window.high))
    return {FAILURE: 1 - at_low, SIDE_EFFECT: at_low - at_mid, CLEAN: at_mid - at_high,
            DRAWBACK: at_high}


def mb_sorcery(stat: int, modifier: int, action: str, boosts: int, ritual: bool,
               replaced: int | None) -> dict:
    """Chances of failure, side effect, clean success and drawback-with-benefit in each window.

    Raises:
        CalculatorError: a ritual in battle, a dice count without a ritual, or replacing every
            die.
    """
    pool = CHECK_DICE + boosts
    if ritual and action != OUT_OF_BATTLE:
        raise CalculatorError.single(
            "ritual", "A ritual takes about fifteen minutes, so it cannot be cast as an action "
            "in battle; choose “Out of battle” or turn the ritual off.")
    if replaced is not None and not ritual:
        raise CalculatorError.single(
            "replaced", "Dice are only replaced by 3s in a ritual; turn the ritual on or leave "
            "this blank.")
    if replaced is not None and replaced > pool - 1:
        raise CalculatorError.single(
            "replaced", f"With {pool} dice at most {pool - 1} can be 3s: Cool Headed still rolls "
            "at least one die.")
    fixed = (ritual_replaced(pool) if replaced is None else replaced) if ritual else 0
    penalty = ACTIONS[action].penalty or 0
    law = check_law(True, stat, modifier + penalty, boosts, replaced=fixed)
    extra = boosts * BOOST_OVERCHARGE
    mean_oc = mean_overcharge(pool - fixed, extra, True)
    windows = []
    for window in WINDOWS:
        chances = window_bands(law, window)
        windows.append({
            "id": window.id, "name": window.name, "low": window.low, "middle": window.middle,
            "high": window.high,
            "p": {k: float(v) for k, v in chances.items()},
            "exact": {k: str(v) for k, v in chances.items()},
            "p_success": float(1 - chances[FAILURE]),
        })
    return {
        "stat": stat, "modifier": modifier, "action": action, "action_name": ACTIONS[action].name,
        "penalty": penalty, "boosts": boosts, "ritual": ritual, "dice": pool,
        "rolled": pool - fixed, "replaced": fixed, "ritual_face": RITUAL_FACE,
        "bands": {k: b.name for k, b in BANDS.items()},
        "windows": windows,
        "mean_total": float(mean_die(True) * (pool - fixed) + RITUAL_FACE * fixed + stat
                            + modifier + penalty),
        "mean_overcharge": float(mean_oc),
        "overcharge": [{"overcharge": k, "p": float(p)}
                       for k, p in overcharge_law(law, extra).items()],
        "distribution": total_rows(law, lambda t: band_of(t, WINDOWS[0])),
        "truncated": float(law.truncated),
    }


MB_SORCERY = Calculator(
    name="mb-sorcery",
    title="Sorcery odds",
    summary="Chance of failure, side effect, clean success, or drawback and benefit for each "
            "sorcery difficulty window.",
    params=(
        Param("stat", "Stat", default=3, minimum=STAT_RANGE[0], maximum=STAT_RANGE[1],
              help="Heart to help or protect, Fury to harm, Judgment to learn or investigate."),
        MODIFIER,
        Param("action", "Cast as", kind=CHOICE, default=OUT_OF_BATTLE,
              choices=tuple((a.id, f"{a.name} ({a.penalty:+d})" if a.penalty else a.name)
                            for a in ACTIONS.values()),
              help="In battle: -2 as a Major action, -4 as a Minor one, none for the whole turn."),
        BOOSTS,
        Param("ritual", "Ritual", kind=BOOL, default=False,
              help="About fifteen minutes: half the dice, rounded up, become 3s."),
        Param("replaced", "Dice made 3s (Cool Headed)", minimum=0, maximum=CHECK_DICE + MAX_BOOSTS - 1,
              help="With Cool Headed, how many dice the ritual makes 3s (at least one die "
                   "still rolled); blank: half, rounded up."),
    ),
    compute=mb_sorcery,
    render=render_sorcery,
    rules=(("Sorcery", "magical-burst/checks.md#sorcery"),),
)
