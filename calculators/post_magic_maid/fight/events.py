"""Every event type of a post-magic-maid battle, in the order the battle page documents them
(:data:`EVENTS`, the list the calculator gives the engine), assembled from the family modules:
:mod:`.actions` (start, the joker's choice, planning, end of turn and of battle), :mod:`.blitz`
(burning a Blitz Point, giving an ace away), :mod:`.attacks` (an action) and :mod:`.damage`
(treating a wound), and the game master's overrides (:mod:`.overrides`)."""

from __future__ import annotations

from .actions import END_BATTLE, END_TURN, JOKER_ORDER, PLAN, START
from .attacks import ACT
from .blitz import BURN, GIVE_ACE
from .damage import TREAT
from .overrides import OVERRIDES

EVENTS = (START, JOKER_ORDER, PLAN, BURN, GIVE_ACE, ACT, TREAT, END_TURN, END_BATTLE,
          *OVERRIDES)

__all__ = ["EVENTS"]
