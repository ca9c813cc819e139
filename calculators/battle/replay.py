"""A battle as a value, its state as its log replayed, Undo as the log without its last event
(the python-chess ``push``/``pop`` shape, with the log as the save file)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import CalculatorError
from .dice import Dice
from .events import as_json, parse_event, prefixed
from .log import digest
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
    """A battle: its combatants as entered and its events in order (both JSON).

    Attributes:
        head: what a battle file says of itself before its combatants (its ``format``,
            ``system`` and the ``rules`` it was played under; see :mod:`.record`), empty for
            a bare battle.
        lines: each event's log lines as a digest (:func:`.log.digest`), when kept.
    """

    combatants: tuple[Any, ...]
    events: tuple[dict, ...]
    head: Mapping[str, Any] = field(default_factory=dict)
    lines: tuple[str, ...] | None = None

    def as_json(self) -> dict:
        kept = {} if self.lines is None else {"lines": list(self.lines)}
        return {**self.head, "combatants": list(self.combatants), "events": list(self.events),
                **kept}


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
    before = len(state.log)
    kind.apply(state, event)
    state.events += 1
    state.digests.append(digest(state.log[before:]))
    return as_json(event)


#: The rule a ruling of a replay of recorded events cites.
REPLAY_RULING = "The tracker, replaying the battle under today's rules"


def set_aside(state: State, raw: Any, refused: CalculatorError, where: str) -> None:
    """An event today's rules refuse (``refused``, its errors) as a ruling in the log instead:
    the state does not change, a line says which event and why, and the battle goes on."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    named = f"event {state.events}" + (f" ({kind})" if isinstance(kind, str) else "")
    reasons = " ".join(e.message for e in refused.errors)
    before = len(state.log)
    state.dice = Dice(None)
    state.write(f"Today's rules refuse {named}, so it is set aside and the battle goes on "
                f"without it: {reasons}", REPLAY_RULING)
    state.refused.append(state.events)
    state.events += 1
    state.digests.append(digest(state.log[before:]))


def replay(rules: Rules, combatants: Any, events: Any, recorded: int | None = 0) -> State:
    """The state after ``events``, from ``combatants``; every event checked in turn. The first
    ``recorded`` events are those a battle file recorded, perhaps under other rules (its
    ``lines`` cover them, :mod:`.record`): one of them the rules refuse is set aside as a
    ruling in the log (:func:`set_aside`) instead of refusing the battle. An event past them
    (appended since: a tap) is a new one, refused when illegal. ``None`` (a log that keeps no
    digests: a file from before files had them, a page's battle saved before the page kept
    them) counts every event as recorded: nothing tells a tap from what it held.

    Raises:
        CalculatorError: the first bad combatant(s), or the first illegal event past the
            ``recorded`` ones (``events[i].field``).
    """
    state = rules.setup(combatants)
    if not isinstance(events, list):
        raise CalculatorError.single("events", "events must be a list of events.")
    if len(events) > MAX_EVENTS:
        raise CalculatorError.single("events", f"A battle holds at most {MAX_EVENTS} events; "
                                               f"got {len(events)}.")
    recorded = len(events) if recorded is None else recorded
    for index, raw in enumerate(events):
        _step(rules, state, raw, index, recorded)
    return state


#: The last state replayed or pushed, by its rules and battle (one entry). A table sends the
#: whole log with each new event, so the next answer starts from the state it left instead of
#: replaying the log again: one event is answered in the time of one event, however long the
#: battle. That holds whether the new event comes apart (``push``) or at the end of the log
#: (the tracker's buttons append it to ``events``): a log that is the kept one and one event
#: more is that event applied to a copy of the kept state. Equal battle JSON replays to an
#: equal state (dice come only from the events), so a hit is the replay's own answer, for as
#: many ``recorded`` events as cover the ones it set aside (:func:`_serves`).
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


def _serves(kept: State, recorded: int) -> bool:
    """Whether ``kept`` is the state a replay of its log with ``recorded`` events recorded
    gives: each event it set aside was a recorded one (every other event was applied, as a
    strict check applies it)."""
    return not kept.refused or kept.refused[-1] < recorded


def _step(rules: Rules, state: State, raw: Any, index: int, recorded: int) -> None:
    """Event ``index`` of a log applied, checked first; one of the ``recorded`` events that
    the rules refuse is set aside as a ruling (:func:`set_aside`), a later one refused."""
    if index >= recorded:
        apply_event(rules, state, raw, f"events[{index}]")
        return
    try:
        apply_event(rules, state, raw, f"events[{index}]")
    except CalculatorError as exc:  # parse and check refuse before anything changes
        set_aside(state, raw, exc, f"events[{index}]")


def _kept(rules: Rules, key: str | None, combatants: Any, events: Any,
          recorded: int | None) -> State | None:
    """A copy of the kept state of this battle (``key``), or of this battle without its last
    event with that event applied (checked as :func:`replay` checks it, errors on
    ``events[i]``); None when neither is kept for ``recorded`` events recorded. Raises as
    :func:`replay` would."""
    if key is None or not _LAST:
        return None
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        return None
    recorded = len(events) if recorded is None else recorded
    if key in _LAST:
        return _LAST[key].copy() if _serves(_LAST[key], recorded) else None
    if not events:
        return None
    appended = len(events) - 1
    before = _LAST.get(_key(rules, combatants, events[:-1]))
    if before is None or not _serves(before, recorded):
        return None
    state = before.copy()
    _step(rules, state, events[-1], appended, recorded)
    _remember(key, state)
    return state


def replayed(rules: Rules, combatants: Any, events: Any, recorded: int | None = 0) -> State:
    """:func:`replay`, or a copy of the state last replayed or pushed for the same battle (or
    for it without its last event, that event then applied)."""
    key = _key(rules, combatants, events)
    state = _kept(rules, key, combatants, events, recorded)
    if state is not None:
        return state
    state = replay(rules, combatants, events, recorded)
    _remember(key, state)
    return state


def push(rules: Rules, battle: Battle, raw_event: Any, recorded: int | None = 0
         ) -> tuple[Battle, State]:
    """``battle`` with one more event, and its state; the event checked against the state
    it applies to (errors on ``event.…``), the log before it replayed with its first
    ``recorded`` events recorded (see :func:`replay`). ``battle`` itself never changes."""
    state = replayed(rules, list(battle.combatants), list(battle.events), recorded)
    if len(battle.events) >= MAX_EVENTS:
        raise CalculatorError.single("event", f"A battle holds at most {MAX_EVENTS} events.")
    event = apply_event(rules, state, raw_event, "event")
    after = Battle(battle.combatants, (*battle.events, event), battle.head,
                   None if battle.lines is None else tuple(state.digests))
    _remember(_key(rules, list(after.combatants), list(after.events)), state)
    return after, state


def undo(battle: Battle) -> Battle:
    """``battle`` without its last event (itself when it has none)."""
    return Battle(battle.combatants, battle.events[:-1], battle.head,
                  None if battle.lines is None else battle.lines[:-1])
