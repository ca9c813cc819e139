"""Conditions and wound levels in a Magical Burst battle (seed 002, "Life and death",
"Monsters", "Minions", "Overcharge"): what a combatant's ``condition`` may be, the sets of them
the rules ask about, and a wound level by the damage taken since Resolve ran out. A leaf: it
imports nothing else of the fight."""

from __future__ import annotations

from ..rules import WOUNDS, wound_level

FIGHTING, DOWN, DEAD, DEFEATED, DESTROYED = "fighting", "down", "dead", "defeated", "destroyed"
#: A girl who became her Heart Burst's creature, a minion a monster was reborn in.
TRANSFORMED = "transformed"
#: Conditions that take no more turns.
OUT = (DEAD, DEFEATED, DESTROYED, TRANSFORMED)
#: Conditions of those who no longer hold a hex (a destroyed minion, a defeated monster).
GONE = (DESTROYED, DEFEATED)
#: The damage since Resolve ran out that kills (the last wound level's first).
DEATH_AT = WOUNDS[-1].first_damage


__all__ = ["DEAD", "DEATH_AT", "DEFEATED", "DESTROYED", "DOWN", "FIGHTING", "GONE", "OUT",
           "TRANSFORMED", "wound_level"]
