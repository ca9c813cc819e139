"""A system-independent battle engine: a battle is its combatants and its log of events.

The state is the log replayed (:func:`.replay.replay`); every event is declared with its fields
and checked against the state it applies to before it changes anything; randomness comes only
from the seed an event carries; Undo drops the last event and replays. A system (Western Roses
first) supplies its :class:`.rules.Rules`: how combatants are read, its event types, and the
JSON view of a state. The game master's overrides (:mod:`.overrides`) are events like any
other, so the log is the whole record of a battle.
"""

from .dice import Dice
from .events import EventType
from .log import Line
from .replay import Battle, push, replay, replayed, undo
from .rules import Rules
from .state import State

__all__ = ["Battle", "Dice", "EventType", "Line", "Rules", "State", "push", "replay", "replayed",
           "undo"]
