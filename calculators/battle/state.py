"""The state a battle's events build: combatants, turn order, whose turn, pending decisions
and the log. Systems keep their own numbers inside each combatant's dict and in ``data``."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .dice import Dice
from .log import Line

SETUP, FIGHTING, ENDED = "setup", "fighting", "ended"


#: Values a copy shares rather than copies: they never change.
_IMMUTABLE = (str, int, float, bool, type(None))


def copied(value):
    """A deep copy of ``value``: dicts and lists walked directly, what never changes shared,
    anything else (a tuple, a set) left to ``copy.deepcopy``. A state is copied on every
    answer (the kept state of a battle, one event on), and its combatants are JSON-shaped, so
    this is several times quicker than ``copy.deepcopy`` of the whole, which keeps a memo of
    every object it meets."""
    kind = type(value)
    if kind is dict:
        return {key: copied(item) for key, item in value.items()}
    if kind is list:
        return [copied(item) for item in value]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)


@dataclass
class State:
    """A battle at one point of its log (mutable only while an event is applied to it).

    Attributes:
        combatants: each a JSON-able dict with at least ``id``, ``name`` and ``side``.
        phase: ``setup`` before the first event starts it, ``fighting``, ``ended``.
        round: 1 from the first turn; +1 each time the order comes back to its top.
        order: combatant ids, the first to act first.
        turn: index in ``order`` of the combatant whose turn it is.
        pending: decisions owed before play goes on (a defender's choice to graze), first
            first; while one is owed, only its answer (or a game master's event) is legal.
        data: system-specific state (dropped spell power, lasting card effects…).
        log: the lines written so far.
        events: how many events have been applied.
        digests: a short digest of each applied event's log lines (:func:`.log.digest`), in
            order: what a battle file keeps so a later replay can say which lines now differ.
        refused: the recorded events a replay (:func:`.replay.replay`) set aside as rulings,
            by index.
        record: what opening the battle file found (:mod:`.record`): the rules it was played
            under and what reads differently under today's; empty when there is nothing to say.
    """

    combatants: list[dict]
    phase: str = SETUP
    round: int = 0
    order: list[str] = field(default_factory=list)
    turn: int = 0
    pending: list[dict] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    log: list[Line] = field(default_factory=list)
    events: int = 0
    digests: list[str] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)
    record: dict = field(default_factory=dict)
    dice: Dice = field(default_factory=lambda: Dice(None))

    def copy(self) -> State:
        """A state that changes independently of this one (log lines are never changed once
        written, so the log's list is copied and its lines shared)."""
        return State(combatants=copied(self.combatants), phase=self.phase,
                     round=self.round, order=list(self.order), turn=self.turn,
                     pending=copied(self.pending), data=copied(self.data),
                     log=list(self.log), events=self.events, digests=list(self.digests),
                     refused=list(self.refused), record=copied(self.record))

    def by_id(self, cid: str) -> dict:
        """The combatant ``cid`` (a ``KeyError`` for an unknown id; events check ids first)."""
        for c in self.combatants:
            if c["id"] == cid:
                return c
        raise KeyError(cid)

    def has(self, cid: object) -> bool:
        return any(c["id"] == cid for c in self.combatants)

    @property
    def current(self) -> str | None:
        """The id of the combatant whose turn it is, or ``None`` outside the fight."""
        if self.phase != FIGHTING or not self.order:
            return None
        return self.order[self.turn]

    def write(self, text: str, rule: str, url: str = "", note: str = "") -> None:
        """Add a log line carrying the dice rolled since the last line."""
        self.log.append(Line(text, rule, url, tuple(self.dice.take()), note, self.events))
