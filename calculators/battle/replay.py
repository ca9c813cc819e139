"""A battle as a value, its state as its log replayed, Undo as the log without its last event
(the python-chess ``push``/``pop`` shape, with the log as the save file)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import CalculatorError
from .dice import Dice
from .events import as_json, parse_event, prefixed
from .rules import Rules
from .state import State

#: Most events a battle file may hold (a limit of the input: a long evening is a few hundred).
MAX_EVENTS = 5000
#: Longest JSON text one event takes, with room to spare (a game master's note of the longest
#: kind is about 240 characters; the sample battles' longest event, 271).
MAX_EVENT_TEXT = 300
#: Longest text of the ``events`` input: :data:`MAX_EVENTS` events of the longest kind, so
#: the browser, which sends the log as text, accepts every battle the engine does.
MAX_LOG_TEXT = MAX_EVENTS * MAX_EVENT_TEXT


@dataclass(frozen=True)
class Battle:
    """A battle: its combatants as entered and its events in order (both JSON)."""

    combatants: tuple[Any, ...]
    events: tuple[dict, ...]

    def as_json(self) -> dict:
        return {"combatants": list(self.combatants), "events": list(self.events)}


def apply_event(rules: Rules, state: State, raw: Any, where: str) -> dict:
    """Check raw event ``raw`` against ``state`` and apply it; returns the clean event.

    Raises:
        CalculatorError: when it is malformed or illegal here, fields under ``where``. The
            state may then be part-way changed; callers replay from the log instead of keeping
            it (a battle is a value: an illegal event changes no battle).
    """
    event = parse_event(rules.events, raw, where)
    kind = rules.events[event["type"]]
    errors = kind.check(state, event)
    if errors:
        raise CalculatorError(prefixed(errors, where))
    state.dice = Dice(event.get("seed"))
    kind.apply(state, event)
    state.events += 1
    return as_json(event)


def replay(rules: Rules, combatants: Any, events: Any) -> State:
    """The state after ``events``, from ``combatants``; every event checked in turn.

    Raises:
        CalculatorError: the first bad combatant(s), or the first illegal event
            (``events[i].field``).
    """
    state = rules.setup(combatants)
    if not isinstance(events, list):
        raise CalculatorError.single("events", "events must be a list of events.")
    if len(events) > MAX_EVENTS:
        raise CalculatorError.single("events", f"A battle holds at most {MAX_EVENTS} events; "
                                               f"got {len(events)}.")
    for index, raw in enumerate(events):
        apply_event(rules, state, raw, f"events[{index}]")
    return state


#: The last state replayed or pushed, by its rules and battle (one entry). A table sends the
#: whole log with each new event, so the next answer starts from the state it left instead of
#: replaying the log again: one event is answered in the time of one event, however long the
#: battle. That holds whether the new event comes apart (``push``) or at the end of the log
#: (the tracker's buttons append it to ``events``): a log that is the kept one and one event
#: more is that event applied to a copy of the kept state. Equal battle JSON replays to an
#: equal state (dice come only from the events), so a hit is the replay's own answer.
_LAST: dict[str, State] = {}


def _key(rules: Rules, combatants: Any, events: Any) -> str | None:
    try:
        return rules.system + "\n" + json.dumps([combatants, events], sort_keys=True)
    except (TypeError, ValueError):  # not JSON (a direct caller's own objects): no memo
        return None


def _remember(key: str | None, state: State) -> None:
    _LAST.clear()
    if key is not None:
        _LAST[key] = state.copy()


def _kept(rules: Rules, key: str | None, combatants: Any, events: Any) -> State | None:
    """A copy of the kept state of this battle (``key``), or of this battle without its last
    event with that event applied (checked as :func:`replay` checks it, errors on
    ``events[i]``); None when neither is kept. Raises as :func:`replay` would."""
    if key is None or not _LAST:
        return None
    if key in _LAST:
        return _LAST[key].copy()
    if not isinstance(events, list) or not events or len(events) > MAX_EVENTS:
        return None
    before = _key(rules, combatants, events[:-1])
    if before not in _LAST:
        return None
    state = _LAST[before].copy()
    apply_event(rules, state, events[-1], f"events[{len(events) - 1}]")
    _remember(key, state)
    return state


def replayed(rules: Rules, combatants: Any, events: Any) -> State:
    """:func:`replay`, or a copy of the state last replayed or pushed for the same battle (or
    for it without its last event, that event then applied)."""
    key = _key(rules, combatants, events)
    state = _kept(rules, key, combatants, events)
    if state is not None:
        return state
    state = replay(rules, combatants, events)
    _remember(key, state)
    return state


def push(rules: Rules, battle: Battle, raw_event: Any) -> tuple[Battle, State]:
    """``battle`` with one more event, and its state; the event checked against the state
    it applies to (errors on ``event.…``). ``battle`` itself never changes."""
    state = replayed(rules, list(battle.combatants), list(battle.events))
    if len(battle.events) >= MAX_EVENTS:
        raise CalculatorError.single("event", f"A battle holds at most {MAX_EVENTS} events.")
    event = apply_event(rules, state, raw_event, "event")
    after = Battle(battle.combatants, (*battle.events, event))
    _remember(_key(rules, list(after.combatants), list(after.events)), state)
    return after, state


def undo(battle: Battle) -> Battle:
    """``battle`` without its last event (itself when it has none)."""
    return Battle(battle.combatants, battle.events[:-1])
