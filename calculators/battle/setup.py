"""Reading a battle's combatants into the state before any event, for every system: the list
checked, each entry read by the system's own reader, ids unique, every bad entry reported; and
the fresh id a combatant added by the form gets, and the names of copies added at once."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection
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

#: Most copies of a quick entry added in one step.
MOST_COPIES = 10
#: How many of the quick entry to add at once ("3 × Imp"): each her own id and name.
QUICK_COUNT = Param("new_count", "How many", default=1, minimum=1, maximum=MOST_COPIES,
                    help="Several alike in one step, numbered: Imp 1, Imp 2, Imp 3.")


def numbered(name: str, count: int, used: Collection[str]) -> list[str]:
    """``count`` names for copies of ``name``: ``name`` itself for one, else ``name`` and a
    number ("Imp 1", "Imp 2"…), skipping those ``used`` already, so each reads as her own in
    the log."""
    if count == 1:
        return [name]
    names: list[str] = []
    n = 0
    while len(names) < count:
        n += 1
        if f"{name} {n}" not in used:
            names.append(f"{name} {n}")
    return names


def invisible(text: str) -> bool:
    """Whether ``text`` holds a character that shows nothing or turns the text around: a
    zero-width space or joiner, a byte-order mark, a direction control (Unicode's "format"
    characters). Two names that differ only by one would read the same in the log."""
    return any(unicodedata.category(ch) == "Cf" for ch in text)


def reads_as(text: str) -> str:
    """How ``text`` reads: compatibility forms folded (full-width letters, ligatures) and
    spaces collapsed, so "Wolf", "ＷＯＬＦ" and "Wolf  " read the same."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def _names_apart(c: dict, where: str, named: dict[str, str]) -> list[FieldError]:
    """Her id and name hold nothing invisible, and her name is either another's to the letter
    (two quick foes both "Imp") or reads unlike it (each name seen so far in ``named``, by
    how it reads): never a lookalike the log could not tell apart."""
    for key in ("id", "name"):
        if isinstance(c.get(key), str) and invisible(c[key]):
            return [FieldError(f"{where}.{key}", "It holds an invisible or direction-changing "
                                                 "character; type it again without one.")]
    name = c.get("name")
    if not isinstance(name, str):
        return []
    other = named.setdefault(reads_as(name), name)
    if other != name:
        return [FieldError(f"{where}.name", f"“{name}” reads the same as “{other}”, another "
                                            "combatant's name; give each a name of her own.")]
    return []


def read_combatants(raw: Any, read: Callable[[Any, str], dict], most: int) -> State:
    """The state before the first event: each of ``raw`` read by ``read(entry, where)``;
    no two with one id, or with names that read the same (the log names them).

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
    named: dict[str, str] = {}
    for index, entry in enumerate(raw):
        try:
            c = read(entry, f"combatants[{index}]")
        except CalculatorError as exc:
            errors.extend(exc.errors)
            continue
        if c["id"] in seen:
            errors.append(FieldError(f"combatants[{index}].id", f"The id “{c['id']}” is used "
                                     "twice; each combatant needs her own."))
        else:
            errors.extend(_names_apart(c, f"combatants[{index}]", named))
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


__all__ = ["IDENTITY_FIELDS", "MOST_COPIES", "QUICK_COUNT", "invisible", "numbered",
           "read_combatants", "reads_as", "unique_id"]
