"""Assembling a pool and bringing it within the limits (seed 001, "Assembling Your Dice Pool").

Steps 5 and 6 are what a calculator must get right: no more than 10 rolled dice (each full 2
dice removed give one more kept die), then no more kept dice than rolled (each kept die removed
gives +4). Step 5 comes first, so its extra kept dice may be converted by step 6.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import EXCESS_PER_KEPT, FLAT_PER_EXCESS_KEPT, MAX_ROLLED, notation


@dataclass(frozen=True)
class Normalised:
    """A pool after steps 5 and 6, with what each step changed."""

    rolled: int
    kept: int
    flat: int
    dropped_rolled: int  # step 5: rolled dice removed
    added_kept: int  # step 5: kept dice gained from them
    dropped_kept: int  # step 6: kept dice removed
    added_flat: int  # step 6: flat bonus gained from them

    def notation(self) -> str:
        return notation(self.rolled, self.kept, self.flat)


def assemble(attribute: int, skill: int, extra_rolled: int, extra_kept: int,
             flat: int) -> tuple[int, int, int]:
    """Steps 1–4: start at 0k0+0, gain +XkX for the attribute, +Xk0 for the skill rank, then
    the other bonuses and maluses. Returns (rolled, kept, flat) before the limits."""
    return attribute + skill + extra_rolled, attribute + extra_kept, flat


def normalise(rolled: int, kept: int, flat: int) -> Normalised:
    """Steps 5 and 6 (see the module docstring); 13k5 → 10k6, 2k4 → 2k2+8, 10k13 → 10k10+12."""
    excess = max(0, rolled - MAX_ROLLED)
    added_kept = excess // EXCESS_PER_KEPT
    rolled -= excess
    kept += added_kept
    over = max(0, kept - rolled)
    kept -= over
    return Normalised(rolled, kept, flat + over * FLAT_PER_EXCESS_KEPT, excess, added_kept,
                      over, over * FLAT_PER_EXCESS_KEPT)
