"""Every event type of a Western Roses battle, in the order the battle page documents them
(the list the calculator gives the engine): the battle's start, the six actions (Move, Attack,
Concentrate, Use a spellcard, Use an ability, Do nothing) with the graze decision after a
dodge and collecting dropped spell power, the end of a turn and of the battle, a check the
table asks for, and the game master's overrides. Each is declared by its family's module."""

from __future__ import annotations

from .abilities import ABILITY
from .actions import COLLECT, CONCENTRATE, MOVE, NOTHING
from .attacks import ATTACK, GRAZE
from .casting import CAST
from .checks import ROLL
from .overrides import OVERRIDES
from .turns import END_BATTLE, END_TURN, START

EVENTS = (START, MOVE, ATTACK, GRAZE, CONCENTRATE, CAST, ABILITY, COLLECT, NOTHING, END_TURN,
          END_BATTLE, ROLL, *OVERRIDES)

__all__ = ["EVENTS"]
