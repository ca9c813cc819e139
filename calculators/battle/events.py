"""Event declarations: each event type names its fields (declared
:class:`~calculators.params.Param` records, so the page documenting them and the coercion of
what arrives are one source), the check that decides whether it is legal in a state, and the
pure step that applies it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import CalculatorError, FieldError
from ..params import Param, coerce_all
from ..ui import MAX_SEED
from .state import FIGHTING, SETUP, State

#: The seed field every event that rolls or shuffles carries.
SEED = Param("seed", "Seed", minimum=0, maximum=MAX_SEED, required=True,
             help="Drawn by the browser from crypto.getRandomValues; the same seed rolls the "
                  "same dice, so the battle replays identically.")

Check = Callable[[State, dict], list[FieldError]]
Apply = Callable[[State, dict], None]


@dataclass(frozen=True)
class EventType:
    """One kind of event.

    Attributes:
        name: the event's ``type`` in the log (kebab-case).
        label: a short name for a button or a heading.
        help: one sentence on what it does, for the documentation page.
        fields: its fields besides ``type`` (and ``seed``, added when ``rolls``).
        by: who sends it, in words ("the combatant whose turn it is", "the game master").
        check: the field errors that make it illegal in a state (empty when legal); it must
            catch every illegal case, since ``apply`` assumes a legal event.
        apply: changes the state and writes the log lines; rolls through ``state.dice``.
        rolls: it carries a required ``seed`` for its dice.
    """

    name: str
    label: str
    help: str
    fields: tuple[Param, ...]
    by: str
    check: Check
    apply: Apply
    rolls: bool = False

    @property
    def params(self) -> tuple[Param, ...]:
        """Every field, the seed included."""
        return (*self.fields, SEED) if self.rolls else self.fields


def rolling(events: Iterable[EventType]) -> frozenset[str]:
    """The events that may roll or shuffle: those declaring a ``seed`` field, required or not
    (a move that may set off a mine, the end of a battle with a monster's radiation). A
    button sending one carries a fresh seed."""
    return frozenset(e.name for e in events if any(p.name == "seed" for p in e.params))


def refusal(field: str, message: str) -> list[FieldError]:
    """An event's check refusing it: one error, on ``field`` ("" for the event as a whole)."""
    return [FieldError(field, message)]


def prefixed(errors: list[FieldError], where: str) -> list[FieldError]:
    """``errors`` with their fields put under ``where`` (``events[3].target``)."""
    return [FieldError(f"{where}.{e.field}" if e.field else where, e.message, e.rule)
            for e in errors]


def parse_event(types: Mapping[str, EventType], raw: Any, where: str) -> dict:
    """One event from JSON: its ``type`` known, its fields coerced by their declarations.

    Raises:
        CalculatorError: fields under ``where`` (``event.type``, ``events[2].seed``).
    """
    if not isinstance(raw, Mapping):
        raise CalculatorError.single(where, "An event is a JSON object with a \"type\" and its "
                                            "fields.")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise CalculatorError.single(f"{where}.type", "The event type must be one of: "
                                     + ", ".join(types) + ".")
    fields = {k: v for k, v in raw.items() if k != "type"}
    try:
        clean = coerce_all(types[kind].params, fields)
    except CalculatorError as exc:
        raise CalculatorError(prefixed(exc.errors, where)) from None
    return {"type": kind, **clean}


def as_json(event: dict) -> dict:
    """An event as the log keeps it: ``type`` and the fields given (absent optional ones left
    out), so a saved battle stays short and reads as written."""
    return {k: v for k, v in event.items() if v is not None}


def check_start(state: State, ev: dict) -> list[FieldError]:
    """Starting the battle: only one not started yet."""
    return [] if state.phase == SETUP else [FieldError("", "The battle has already started.")]


def check_end_battle(state: State, ev: dict) -> list[FieldError]:
    """Ending the battle: only one under way, and a ``winner`` (if the system's event has the
    field and it is given) one of its sides."""
    if state.phase != FIGHTING:
        return [FieldError("", "Only a battle under way can end.")]
    sides = sorted({c["side"] for c in state.combatants})
    if ev.get("winner") and ev["winner"] not in sides:
        return [FieldError("winner", "The winner must be one of the sides: " + ", ".join(sides)
                           + ".")]
    return []
