"""Checks and versus rolls made with an event's dice (seed 000, "Basic rolls", "Critical Success
and Failure"), classified by the check rules' own code
(:func:`calculators.western_roses.checks.classify`,
:func:`calculators.western_roses.checks.dice_for_stat`), and written as the log shows them."""

from __future__ import annotations

from dataclasses import dataclass

from ...battle.state import State
from ..checks import (CRITICAL_FAILURE, CRITICAL_SUCCESS, SUCCESS, classify, critical_band,
                      dice_for_stat)
from .numbers import DIE_SIDES

#: Re-rolls of a tied versus roll before a coin settles it (only two sides rolling no dice
#: with equal modifiers tie for ever; reading speed-versus-roll).
MAX_REROLLS = 100


@dataclass(frozen=True)
class Rolled:
    """One check: its total, outcome (``classify``'s four, or ``None`` without a target)
    and the words the log shows (``3d6+2 → 4, 6, 1 +2 = 13``)."""

    total: int
    outcome: str | None
    words: str

    @property
    def succeeded(self) -> bool:
        return self.outcome in (SUCCESS, CRITICAL_SUCCESS)

    @property
    def critical_failure(self) -> bool:
        return self.outcome == CRITICAL_FAILURE


def _words(dice: int, modifier: int, faces: list[int], total: int, band: str | None) -> str:
    mod = f"{modifier:+d}" if modifier else ""
    shown = ", ".join(map(str, faces)) or "no dice"
    crit = {CRITICAL_SUCCESS: " (critical success)", CRITICAL_FAILURE: " (critical failure)"}
    return f"{dice}d{DIE_SIDES}{mod} → {shown}{' ' + mod if mod else ''} = {total}" + \
        crit.get(band or "", "")


def roll(state: State, stat: int, modifier: int, target: int | None, label: str) -> Rolled:
    """Roll a check of ``stat`` (one die per 3 points) plus ``modifier`` against ``target``
    (``None``: a bare total for a versus roll). A stat under 3 rolls no dice: its total is
    the modifier, with no critical band."""
    dice = dice_for_stat(max(stat, 0))
    faces = state.dice.roll(dice, DIE_SIDES, label)
    total = sum(faces) + modifier
    lowest, highest = dice + modifier, dice * DIE_SIDES + modifier
    band = critical_band(total, lowest, highest) if dice else None
    if target is None:
        outcome = None
    elif dice:
        outcome = classify(total, lowest, highest, target)
    else:
        outcome = SUCCESS if total > target else "failure"
    return Rolled(total, outcome, _words(dice, modifier, faces, total, band))


Side = tuple[int, int, str]


def versus(state: State, a: Side, b: Side) -> tuple[bool, list[str]]:
    """A versus roll without a target, ties rolled again: whether A wins, and each roll's
    words. ``a`` and ``b`` are ``(stat, modifier, label)``."""
    shown = []
    for _ in range(MAX_REROLLS):
        ra, rb = roll(state, a[0], a[1], None, a[2]), roll(state, b[0], b[1], None, b[2])
        shown.append(f"{a[2]} {ra.words} against {b[2]} {rb.words}")
        if ra.total != rb.total:
            return ra.total > rb.total, shown
    coin = state.dice.roll(1, 2, "coin for a tie no roll settles")[0]
    shown.append(f"still tied: a coin gives it to {(a if coin == 1 else b)[2]}")
    return coin == 1, shown
