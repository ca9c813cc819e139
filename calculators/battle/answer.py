"""What every ``*-battle`` calculator answers from its inputs: the battle file and its state
(after one more event, when given), and the combatants its form describes, ready to add."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from ..calculator import WHOLE_RECORD, Linked, RecordLog
from ..errors import CalculatorError, FieldError
from ..params import JSON, TEXT, Param
from . import record
from .panels import tools_of
from .replay import MAX_LOG_TEXT, Battle
from .rules import Rules
from .setup import QUICK_COUNT, invisible, numbered, unique_id
from .state import State


#: The name a saved battle is listed under.
NAME = Param("name", "Battle name", kind=TEXT, default="", maximum=60,
             help="Saved battles are listed under it.")


def saved_character(noun: str = "character") -> tuple[Param, Param]:
    """A saved character picked to add (filled by ``Linked`` with her whole record), and its
    id; ``noun`` is what the system calls her ("girl")."""
    return (Param("new_character", f"Saved {noun} to add", kind=JSON, hidden=True,
                  help="Filled when she picks one of her saved characters."),
            Param("character_of", f"Saved {noun}", kind=TEXT, default="", maximum=80,
                  hidden=True, help="The id of the saved character picked to add."))


def battle_inputs(combatants: str = "saved characters or quick entries (see the battle "
                                    "file); none in a new battle, which starts once someone "
                                    "is added",
                  player: str = "a combatant's") -> tuple[Param, ...]:
    """The battle file (its format, system and rules, see :mod:`.record`; its combatants,
    described by ``combatants``; its log and the digests of its lines), one more event, and
    whose view (``player``: whose id names a player's seat)."""
    return (
        *record.RECORD_INPUTS[:3],
        Param("combatants", "Combatants", kind=JSON, help=f"The combatants: {combatants}."),
        Param("events", "Events", kind=JSON, maximum=MAX_LOG_TEXT,
              help="The log: every event so far, in order."),
        record.RECORD_INPUTS[3],
        Param("event", "New event", kind=JSON, hidden=True,
              help="One more event, checked against the state after the log."),
        Param("seat", "Seat", kind=TEXT, default="", maximum=40, hidden=True,
              help=f"Whose view: {player} id for her player, empty for the game master."),
    )


#: The saved character and the battle inputs as most systems word them.
SAVED_CHARACTER = saved_character()
BATTLE = battle_inputs()


def tracker_options(saved_as: str, character: str, page: str,
                    label: str = "Character to add", also: tuple[Linked, ...] = ()) -> dict:
    """What every ``*-battle`` calculator declares besides its inputs and answer: the battle
    file documented, a saved collection of battles (each one a ``saved_as``), the answer
    above the form, and a saved character of calculator ``character`` (its page ``page``,
    the choice labelled ``label``) filling ``new_character`` whole; ``also``, the records of
    other calculators the tracker adds (Magical Burst's saved monsters); ``seat`` the input
    whose value in an address opens a player's seat only. A battle keeps one identity
    wherever its link goes: its ``events`` are the record's log, kept with the battle file's
    own keys (:data:`.record.RECORD_KEYS`, the answer's ``keep``), each device keeping its own
    ``seat``."""
    character_link = Linked(calculator=character, page=page, param="character_of",
                            fields=(("new_character", WHOLE_RECORD),), label=label)
    return {"document": "battle", "saved": True, "collection": "battle", "saved_as": saved_as,
            "answer_first": True, "seat": "seat",
            "linked": (character_link, *also) if also else character_link,
            "log": RecordLog("events", own=("seat",), kept=record.RECORD_KEYS)}


def opened(rules: Rules, combatants: Any, events: Any, event: Any,
           kept: Mapping[str, Any] | None = None) -> tuple[Battle, State]:
    """The battle the inputs hold and its state: after ``event`` when given (checked against
    the state after the log), an empty state for a new battle with no one added yet. ``kept``
    holds the calculator's other inputs, of which the battle file's own (``format``,
    ``system``, ``rules``, ``lines``) are read: the file is upgraded and replayed under
    today's rules, an event it recorded that they refuse set aside as a ruling, an event
    appended since refused (see :func:`.record.opened`).

    Raises:
        CalculatorError: inputs of the wrong shape, a file of a newer format or another
            system, a bad combatant, an illegal new or appended event.
    """
    combatants = [] if combatants is None else combatants
    if not isinstance(combatants, list):
        raise CalculatorError.single("combatants", "combatants must be a list of combatant "
                                                   "entries.")
    if events is not None and not isinstance(events, list):
        raise CalculatorError.single("events", "events must be a list of events.")
    file = {key: (kept or {}).get(key) for key in record.RECORD_KEYS}
    return record.opened(rules, {**file, "combatants": combatants, "events": events or []},
                         event)


def quick_entry(fields: Iterable[Param], keys: Collection[str], labelled: str, prefix: str,
                adapt: Callable[[Param], dict] = lambda f: {"applies": None}
                ) -> tuple[Param, ...]:
    """The form's quick entry of a combatant: each of her entry's ``fields`` named in
    ``keys`` as an input ``new_<name>``, the ``labelled`` one's label after ``prefix``
    ("Quick foe: Name"), and after her name how many alike to add (:data:`.setup.QUICK_COUNT`);
    ``adapt`` gives each field's other changes (by default it applies whatever else the form
    holds)."""
    entry: list[Param] = []
    for f in fields:
        if f.name in keys:
            entry.append(dataclasses.replace(
                f, name="new_" + f.name, **adapt(f),
                label=prefix + f.label if f.name == labelled else f.label))
            if f.name == "name":
                entry.append(QUICK_COUNT)
    return tuple(entry)


def form_entries(p: Mapping[str, Any], quick_keys: tuple[str, ...],
                 character: str) -> list[tuple[str, dict]]:
    """The combatants the form's "add" inputs describe, by the input describing each: the
    quick entry (``new_<key>`` for each of ``quick_keys`` given a value) once it has a name,
    ``new_count`` times (numbered, see :func:`.setup.numbered`), and the saved character picked
    (``new_character``, an entry of kind ``character``)."""
    quick = {k: p["new_" + k] for k in quick_keys if p["new_" + k] is not None}
    given = []
    if quick["name"].strip():
        people = p["combatants"] if isinstance(p["combatants"], list) else []
        used = {c.get("name") for c in people if isinstance(c, dict)}
        given += [("new_name", {**quick, "name": name})
                  for name in numbered(quick["name"].strip(), p[QUICK_COUNT.name], used)]
    if p["new_character"] is not None:
        given.append(("new_character", {"kind": character, "character": p["new_character"]}))
    return given


def _said(error: FieldError, field: str) -> str:
    """An entry's error as the form's input ``field`` shows it."""
    where, own = error.field.removeprefix("new."), field.removeprefix("new_")
    return error.message if where == own or where.startswith(own + ".") else \
        f"{where}: {error.message}"


def adding(combatants: Any, given: list[tuple[str, dict]],
           read: Callable[[Any, str], dict],
           keep: Callable[[dict], dict] = lambda entry: entry) -> list[dict]:
    """The combatants the form describes (``(input, entry)`` pairs), each read as the battle
    will read it (errors on the input that describes it, naming the entry's field unless the
    input holds that field whole, as ``new_link`` holds ``link``), with an id no one in the
    battle has: ``[{"name", "entry", "input"}]``, each entry as the battle keeps it (``keep``:
    a share link resolved to her character file, :func:`.share_link.resolver`), copies of one
    quick entry sharing their ``input``."""
    taken = {c.get("id") for c in combatants if isinstance(c, dict)} \
        if isinstance(combatants, list) else set()
    found = []
    for field, entry in given:
        try:
            got = read({**entry, "id": "new", "side": "new"}, "new")
        except CalculatorError as exc:
            raise CalculatorError.single(field, "; ".join(_said(e, field) for e in exc.errors)
                                         ) from None
        if invisible(str(got["name"])):  # refused here, on the input, before it is added
            raise CalculatorError.single(field, "Her name holds an invisible or "
                                                "direction-changing character; type it again "
                                                "without one.")
        cid = unique_id(got["name"], taken)
        taken.add(cid)
        found.append({"name": got["name"], "entry": {"id": cid, **keep(entry)},
                      "input": field})
    return found


def fitting(rules: Rules, combatants: Any, found: list[dict]) -> list[dict]:
    """``found`` (see :func:`adding`), once the battle is known to open with those of each
    input added (each input has its own button: a quick entry's copies together): no more
    than its most combatants, no name reading as another's, so the page's buttons are
    accepted.

    Raises:
        CalculatorError: what the battle would refuse, on the input adding the combatant it
            names (or, about the whole list, on the count or that input).
    """
    people = combatants if isinstance(combatants, list) else []
    errors: list[FieldError] = []
    for field in dict.fromkeys(f["input"] for f in found):
        batch = [f for f in found if f["input"] == field]
        try:
            rules.setup([*people, *({**f["entry"], "side": "new"} for f in batch)])
        except CalculatorError as exc:
            whole = QUICK_COUNT.name if len(batch) > 1 else field
            errors += [FieldError(field if re.match(r"combatants\[\d+\]", e.field) else whole,
                                  e.message) for e in exc.errors]
    if errors:
        raise CalculatorError(errors)
    return found


def answered(rules: Rules, inputs: Mapping[str, Any],
             given: Callable[[Mapping[str, Any]], list[tuple[str, dict]]],
             read: Callable[[Any, str], dict], keep: Callable[[dict], dict] = lambda e: e,
             **extra: Callable[[Mapping[str, Any]], Any]) -> dict:
    """What every ``*-battle`` calculator answers from its ``inputs`` (all those it declares):
    the state after the battle's events, and after ``event`` when given.

    Args:
        rules: the system's battle rules.
        inputs: the calculator's inputs, by name.
        given: the combatants the form's "add" inputs describe, as ``(input, entry)`` pairs
            (:func:`form_entries`, :func:`.share_link.link_entries`); none when it names no
            one, and then nothing is read.
        read: reads a combatant's entry as the battle will (errors on its fields).
        keep: each entry as the battle keeps it (:func:`.share_link.resolver`).
        extra: the system's own parts of the answer, each worked out from ``inputs`` once the
            battle has opened (its errors come first), as post-magic-maid's ``act``.

    Returns:
        ``battle``: the battle file (:func:`opened`: combatants and events, the new event
        appended), ``state``: its view (``rules.view``); for the page, ``keep`` (the file's
        own keys as its inputs, when those given no longer describe its log:
        :func:`.record.kept`), ``seat`` (whose view),
        the ``extra`` parts, the game master's tools (``tool`` open, what she typed: see
        :mod:`.panels`) and ``adding``: the combatants the form describes, ready to add
        (:func:`adding`) to a battle that still opens with them (:func:`fitting`).
    """
    combatants = inputs["combatants"]
    battle, state = opened(rules, combatants, inputs["events"], inputs["event"], inputs)
    file = battle.as_json()
    answer = {"battle": file, "keep": record.kept(inputs, file), "state": rules.view(state),
              "seat": inputs["seat"],
              **{name: part(inputs) for name, part in extra.items()}, **tools_of(inputs)}
    entries = given(inputs)
    return {**answer, "adding": fitting(rules, combatants, adding(combatants, entries, read, keep))
            if entries else []}


__all__ = ["BATTLE", "NAME", "SAVED_CHARACTER", "adding", "answered", "battle_inputs",
           "fitting", "form_entries", "opened", "quick_entry", "saved_character",
           "tracker_options"]
