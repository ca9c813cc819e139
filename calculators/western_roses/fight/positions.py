"""Where combatants stand in a Western Roses battle (seed 000, "Actions", "Spell Power",
"Targets"): the arena's grid and its bounds, the distance between two spaces (a diagonal step
counting as one, reading arena-distance), how far dropped spell power is collected from, and
the spaces a spellcard's area covers (reading aoe-counts-steps-in-four-directions)."""

from __future__ import annotations

from ...battle.state import State
from ..combat import POWER_PICKUP
from .conditions import GONE

#: How far from the origin a position may be, in spaces (and how far a move or a pickup
#: may be measured).
ARENA = 1000
#: The farthest dropped spell power is collected from.
MAX_PICKUP = max(p.distance for p in POWER_PICKUP.values())


def distance(a: dict, b: dict) -> int:
    """Spaces between two combatants on the arena's grid, a diagonal step counting as one
    (reading arena-distance)."""
    return max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"]))


def in_area(state: State, centre: dict, aoe: int, caster: dict) -> list[dict]:
    """``centre`` and everyone else standing within ``aoe`` steps of her space along the
    grid's four directions, the dead and destroyed and the caster left out of an area."""
    out = [centre]
    for o in state.combatants:
        if o is centre or o is caster or o["condition"] in GONE:
            continue
        if abs(o["x"] - centre["x"]) + abs(o["y"] - centre["y"]) <= aoe:
            out.append(o)
    return out


__all__ = ["ARENA", "MAX_PICKUP", "distance", "in_area"]
