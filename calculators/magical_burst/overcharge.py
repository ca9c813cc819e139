"""Magical Burst overcharge: the stages of a stat's counter and what each calls for.

Seed ``002_f32d69e9731a3667.txt`` (Magical Burst 4.1), section “Overcharge”: every six rolled on
a magical stat's check adds a point to that stat's counter; the counter's value picks a stage
(1-4 minor flair, 5-7 major flair, 8-10 temporary change, 11-12 permanent change, 13+ burst), and
when a stage's effect comes into play the counter goes back to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import Source, load_records

__all__ = [
    "BURST_AT",
    "STAGES",
    "STATS",
    "Stage",
    "apply_effect",
    "stage_of",
]

#: The three magical stats, each with its own counter (seed “Magical attributes”).
STATS: tuple[str, ...] = ("heart", "fury", "judgment")


@dataclass(frozen=True)
class Stage:
    """One band of a counter's value (seed “Overcharge”).

    Attributes:
        id: ``none``, ``minor-flair``, ``major-flair``, ``temporary-change``,
            ``permanent-change`` or ``burst``.
        name: the stage's name as the source gives it.
        first: the lowest counter value in the band.
        last: the highest, or ``None`` for the open-ended burst band.
        table: which kind of table the stage calls for (``none``, ``minor-flair``,
            ``major-flair``, ``change`` or ``burst``).
        summary: what the stage is, in the site's own words.
    """

    id: str
    name: str
    first: int
    last: int | None
    table: Literal["none", "minor-flair", "major-flair", "change", "burst"]
    summary: str
    source: Source

    def holds(self, counter: int) -> bool:
        """Whether ``counter`` falls in this stage's band."""
        return self.first <= counter and (self.last is None or counter <= self.last)


STAGES: tuple[Stage, ...] = load_records(__package__, "overcharge_stages.json", Stage)
STAGE_BY_ID: dict[str, Stage] = {s.id: s for s in STAGES}

#: The counter value at which a burst happens at once (seed “Overcharge”: 13+).
BURST_AT: int = STAGE_BY_ID["burst"].first


def stage_of(counter: int) -> Stage:
    """The stage a counter value stands at.

    Args:
        counter: a stat's overcharge counter, 0 or more.

    Returns:
        The :class:`Stage` whose band holds ``counter`` (0 -> ``none``, 13 and above -> ``burst``).

    Raises:
        ValueError: if ``counter`` is negative.
    """
    if counter < 0:
        raise ValueError(f"an overcharge counter cannot be negative (got {counter})")
    for stage in STAGES:
        if stage.holds(counter):
            return stage
    raise AssertionError(f"no stage holds {counter}: overcharge_stages.json has a gap")


def apply_effect(counter: int) -> int:
    """The counter after its stage's effect comes into play.

    Seed “Overcharge”: whenever an overcharge effect comes into play, the counter of the stat it
    affects resets to zero. An empty counter has no effect to apply and stays at zero.
    """
    stage_of(counter)  # validates
    return 0
