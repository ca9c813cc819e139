"""A combatant's condition in a Western Roses battle (seed 000, "Mortal Wounds"): the wound
track she moves along (fine, mortally wounded, unconscious, dead, destroyed) and the sets of
conditions the rules test. A leaf: it imports nothing else of the fight; the HP at which she
moves along the track are in :mod:`.damage`."""

from __future__ import annotations

FINE, WOUNDED, OUT, DEAD, DESTROYED = ("fine", "mortally-wounded", "unconscious", "dead",
                                       "destroyed")
#: Conditions in which she takes no actions (and cannot dodge).
DOWN = (OUT, DEAD, DESTROYED)
#: Conditions past healing and out of the fight: not healed, not a target, not in an area,
#: passed over in the turn order.
GONE = (DEAD, DESTROYED)

__all__ = ["DEAD", "DESTROYED", "DOWN", "FINE", "GONE", "OUT", "WOUNDED"]
