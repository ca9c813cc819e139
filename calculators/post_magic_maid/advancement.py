"""Die advancement and bonus caps (seed ``003_1585970b7e222c64.txt``, “Advancement”,
“Die advancement”, “Character Creation” and the bonus sections).

Only an attribute rolled with the smallest die a character has may be advanced, one step along
d6 -> d8 -> d12 -> d20 -> d32, so the set of dice after any number of points spent is fixed
whichever attributes the player picks.
"""

from __future__ import annotations

from .rules import BONUSES, DIE_TRACK, STARTING_DICE, die_by_id

__all__ = ["bonus_steps", "dice_after_points", "die_progression", "next_die"]


def next_die(die_id: str) -> str | None:
    """The die one step up the track from ``die_id``, or ``None`` past the last (d32; see the
    interpretation note ``die-track-ends-at-d32``)."""
    step = die_by_id(die_id).step
    return DIE_TRACK[step].id if step < len(DIE_TRACK) else None


def starting_dice() -> list[str]:
    """A new character's six dice, smallest first: d6, d6, d8, d8, d12, d20."""
    dice = [s.die for s in STARTING_DICE for _ in range(s.attributes)]
    return sorted(dice, key=lambda d: die_by_id(d).step)


def dice_after_points(points: int) -> list[str] | None:
    """The character's dice, smallest first, after spending ``points`` die advancement points;
    ``None`` if that many cannot be spent (every die is already a d32)."""
    dice = starting_dice()
    for _ in range(points):
        bigger = next_die(dice[0])
        if bigger is None:
            return None
        dice[0] = bigger
        dice.sort(key=lambda d: die_by_id(d).step)
    return dice


def die_progression() -> list[dict]:
    """One row per number of points spent, from none until every die is a d32: the dice by
    size (``{"d6": 2, "d8": 2, …}``) and which die the next point may advance."""
    rows = []
    points = 0
    while (dice := dice_after_points(points)) is not None:
        counts = {d.id: dice.count(d.id) for d in DIE_TRACK}
        rows.append({"points": points, "dice": counts, "advances": dice[0],
                     "to": next_die(dice[0])})
        points += 1
    return rows


def bonus_steps(bonus_id: str) -> list[dict]:
    """Each application of a bonus kind with what it adds and the running total
    (single-ability bonus: +5 = 5, +3 = 8, +1 = 9)."""
    total, rows = 0, []
    for n, increment in enumerate(BONUSES[bonus_id].increments, start=1):
        total += increment
        rows.append({"application": n, "adds": increment, "total": total})
    return rows
