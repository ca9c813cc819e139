"""Reading a battle's combatants into the state before any event, for every system: the list
checked, each entry read by the system's own reader, ids unique, every bad entry reported; and
the fresh id a combatant added by the form gets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import CalculatorError, FieldError
from ..params import TEXT, Param
from .state import State

#: The first fields of every system's combatant entry: who she is in the battle's events,
#: and her side.
IDENTITY_FIELDS = (
    Param("id", "Id", kind=TEXT, required=True, maximum=40,
          help="Short and unique in the battle: events name her by it."),
    Param("side", "Side", kind=TEXT, required=True, maximum=40,
          help="Her side (\"heroes\", \"foes\"…); several combatants share one."),
)


def read_combatants(raw: Any, read: Callable[[Any, str], dict], most: int) -> State:
    """The state before the first event: each of ``raw`` read by ``read(entry, where)``.

    Raises:
        CalculatorError: fields ``combatants[i].…``, every bad entry's errors together.
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


__all__ = ["IDENTITY_FIELDS", "read_combatants", "unique_id"]
