"""What every system's battle does with its combatant entries: read them all (each entry's
errors under ``combatants[i]``, ids unique), read the ones a form describes before they are
added (errors on the form's input, a fresh id), and answer a battle file with or without one
more event. A system passes its own reader of one entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import CalculatorError, FieldError
from .replay import Battle, push, replayed
from .rules import Rules
from .state import State

Reader = Callable[[Any, str], dict]


def read_combatants(raw: Any, read: Reader, most: int) -> State:
    """The state before the first event: every entry read by ``read``, ids unique.

    Raises:
        CalculatorError: fields ``combatants[i].…``, every bad entry at once.
    """
    if not isinstance(raw, list) or not raw:
        raise CalculatorError.single("combatants", "combatants must be a non-empty list of "
                                                   "combatant entries.")
    if len(raw) > most:
        raise CalculatorError.single("combatants", f"A battle has at most {most} "
                                                   f"combatants; got {len(raw)}.")
    errors: list[FieldError] = []
    combatants = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        try:
            c = read(entry, f"combatants[{index}]")
        except CalculatorError as exc:
            errors.extend(exc.errors)
            continue
        if c["id"] in seen:
            errors.append(FieldError(f"combatants[{index}].id", f"The id “{c['id']}” is used "
                                     "twice; each combatant needs her own."))
        seen.add(c["id"])
        combatants.append(c)
    if errors:
        raise CalculatorError(errors)
    return State(combatants=combatants)


def unique_id(name: str, taken: set[str]) -> str:
    """A short id from a name (letters, digits and hyphens), not one of ``taken``."""
    base = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")[:30] or "c"
    found, n = base, 1
    while found in taken:
        n += 1
        found = f"{base}-{n}"
    return found


def adding(combatants: list, given: list[tuple[str, dict]], read: Reader) -> list[dict]:
    """The entries a form describes (``(input, entry)`` pairs), each read as the battle will
    read it (errors on that input) and given an id no one in the battle has."""
    taken = {c.get("id") for c in combatants if isinstance(c, dict)}
    found = []
    for field, entry in given:
        try:
            c = read({**entry, "id": "new", "side": "new"}, "new")
        except CalculatorError as exc:
            raise CalculatorError.single(field, "; ".join(
                f"{e.field.removeprefix('new.')}: {e.message}" for e in exc.errors)) from None
        cid = unique_id(c["name"], taken)
        taken.add(cid)
        found.append({"name": c["name"], "entry": {"id": cid, **entry}})
    return found


def answer(rules: Rules, combatants: Any, events: Any, event: Any) -> tuple[Battle, State]:
    """A battle calculator's battle and state: none added yet (a new battle, in setup), the
    log replayed, or one more event pushed.

    Raises:
        CalculatorError: on ``combatants`` or ``events`` when they are not lists, or the
            errors of a bad entry or event.
    """
    combatants = [] if combatants is None else combatants
    if not isinstance(combatants, list):
        raise CalculatorError.single("combatants", "combatants must be a list of combatant "
                                                   "entries.")
    if events is not None and not isinstance(events, list):
        raise CalculatorError.single("events", "events must be a list of events.")
    battle = Battle(tuple(combatants), tuple(events or []))
    if not combatants and not events and event is None:
        return battle, State(combatants=[])  # a new battle: no one added yet
    if event is not None:
        return push(rules, battle, event)
    return battle, replayed(rules, list(battle.combatants), list(battle.events))


__all__ = ["adding", "answer", "read_combatants", "unique_id"]
