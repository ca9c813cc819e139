"""Her condition and her wounds in a post-magic-maid battle (seed
``003_1585970b7e222c64.txt``, “Wounds”): the conditions her wounds leave her in, the two wound
tracks and every wound count's key, and the one function from her wounds to her condition
(note ``wound-overflow``). A leaf of the fight: it reads the character sheet's wound tiers
(:data:`..sheet.WOUND_FIELDS`) and nothing else of the fight."""

from __future__ import annotations

from collections.abc import Mapping

from ..sheet import WOUND_FIELDS

#: Her condition from her wounds (note ``wound-overflow``): the blunt track's top tier knocks
#: her out; the rending track's heavy tier leaves hours, its top tier a minute.
FINE, OUT, BLEEDING, DYING = "fine", "unconscious", "bleeding", "dying"
#: The two wound tracks, as the act event names them.
TRACKS = tuple(WOUND_FIELDS)
#: Every wound count's key, the tracks' lowest tier first: ``blunt_slight`` … ``rending_mortal``.
WOUND_KEYS = tuple(field for fields in WOUND_FIELDS.values() for field, _ in fields)


def condition(wounds: Mapping[str, int]) -> str:
    """What her wounds (a combatant, or any mapping with the wound counts) leave her:
    unconscious once the blunt track's top tier is filled, dying with the rending track's top
    tier, bleeding with its heavy tier, else fine."""
    def full(track: str, tier: int) -> bool:
        return any(wounds[f] >= w.capacity for f, w in WOUND_FIELDS[track] if w.tier == tier)
    if full("blunt", 4):
        return OUT
    if full("rending", 4):
        return DYING
    if any(wounds[f] for f, w in WOUND_FIELDS["rending"] if w.tier == 3):
        return BLEEDING
    return FINE


__all__ = ["BLEEDING", "DYING", "FINE", "OUT", "TRACKS", "WOUND_KEYS", "condition"]
