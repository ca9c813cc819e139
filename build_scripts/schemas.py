"""JSON Schemas for the files a player writes or keeps (a battle, a character, a monster, a
deck), generated from the declarations the calculators read them by: each calculator's
``Param`` inputs, a battle's combatant entry from its ``rules.combatant_fields`` and its events
from ``rules.events``. The build writes them into ``site/schemas/<name>.schema.json`` (the
battle pages link them); the tests validate every example and every battle file the trackers
write against them.

A schema takes what the calculators take: a number or its text (a form and the site's saved
data keep text), a JSON input as itself or as JSON text, a blank for an optional input. An
unknown key is refused, as the calculators refuse it; a battle file's combatants and events
are checked field by field (a field that applies only to some kinds of entry is declared
for all of them, its ``applies`` condition left to the calculator).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from calculators import get
from calculators.battle.record import FORMAT
from calculators.battle.rules import rules_of
from calculators.calculator import Calculator
from calculators.params import BOOL, BOOL_TEXT, CHOICE, INT, JSON, MAX_JSON_TEXT, MAX_TEXT, Param
from calculators.western_roses.spellcards.card import CASTER_FIELDS

DRAFT = "https://json-schema.org/draft/2020-12/schema"
#: Each schema by its name: the calculator whose file it describes, and what it is.
FILES = {
    "wr-battle": "A Western Roses battle file",
    "mb-battle": "A Magical Burst battle file",
    "pmm-battle": "A post-magic-maid battle file",
    "wr-character": "A Western Roses character file",
    "mb-character": "A Magical Burst character file",
    "pmm-character": "A post-magic-maid character file",
    "mb-monster": "A Magical Burst monster file",
    "spellcard-deck": "A Western Roses spellcard deck file",
}
BLANK = {"type": "string", "pattern": r"^\s*$"}
#: An integer as text, as a form, a link or the site's saved data give it.
INTEGER_TEXT = r"^\s*[+-]?[0-9]{1,40}\s*$"


def param_schema(p: Param, inner: dict | None = None) -> dict:
    """One input: its value as the calculator coerces it (see the module's docstring);
    ``inner``, the schema of a JSON input's value where one is declared."""
    out: dict
    if p.kind == INT:
        number = {"type": "integer", **({"minimum": p.minimum} if p.minimum is not None else {}),
                  **({"maximum": p.maximum} if p.maximum is not None else {})}
        out = {"anyOf": [number, {"type": "string", "pattern": INTEGER_TEXT}]}
    elif p.kind == BOOL:
        out = {"anyOf": [{"type": "boolean"},
                         {"type": "string", "enum": sorted(BOOL_TEXT)}]}
    elif p.kind == CHOICE:
        out = {"type": "string", "enum": list(p.values)}
    elif p.kind == JSON:  # branches by type, so an error inside names its field
        value = inner or ({"type": "array", "items": {"type": "string"}} if p.picks
                          else {"type": ["object", "array"]})  # picks: ids or names
        if not p.required:
            value = {"if": {"type": "null"}, "else": value}
        return {"title": p.label, **({"description": p.help} if p.help else {}),
                "if": {"type": "string"}, "then": {"maxLength": MAX_JSON_TEXT},
                "else": value}
    else:
        out = {"type": "string",
               "maxLength": p.maximum if p.maximum is not None else MAX_TEXT}
    if not p.required:
        out = {"anyOf": [out, BLANK, {"type": "null"}]}
    return {"title": p.label, **({"description": p.help} if p.help else {}), **out}


def object_schema(params: tuple[Param, ...], inner: dict[str, dict] | None = None,
                  **extra: dict) -> dict:
    """An object of ``params`` (and ``extra`` properties): no other key, the required ones
    (required whatever else is given) present."""
    inner = inner or {}
    required = [p.name for p in params if p.required and p.applies is None]
    return {"type": "object",
            "properties": {**{p.name: param_schema(p, inner.get(p.name)) for p in params},
                           **extra},
            **({"required": required} if required else {}),
            "additionalProperties": False}


def events_schema(calc: Calculator) -> dict:
    """One event of a battle's log: its ``type`` one of the system's, then its own fields."""
    rules = rules_of(calc)
    kinds = rules.events.values()
    return {"type": "object", "required": ["type"],
            "properties": {"type": {"enum": [e.name for e in kinds]}},
            "allOf": [{"if": {"properties": {"type": {"const": e.name}}, "required": ["type"]},
                       "then": object_schema(e.params, type={"const": e.name})}
                      for e in kinds]}


def battle_inner(calc: Calculator) -> dict[str, dict]:
    """A battle file's combatants and events, declared by its rules, and its record's own."""
    rules = rules_of(calc)
    short = {"type": "string", "maxLength": 64}
    return {"combatants": {"type": "array", "items": object_schema(rules.combatant_fields)},
            "events": {"type": "array", "items": events_schema(calc)},
            "rules": {"type": "object", "properties": {"release": short, "data": short},
                      "additionalProperties": False},
            "lines": {"type": "array", "items": short}}


def deck_schema() -> dict:
    """A deck file: its caster (the fields the deck checker reads) and its cards, each a card
    (checked by the deck checker, which names every bad field) and its copies."""
    return {"type": "object", "required": ["caster", "cards"],
            "properties": {
                "caster": {"type": "object",
                           "properties": {name: {} for name in CASTER_FIELDS},
                           "additionalProperties": False},
                "cards": {"type": "array", "items": {
                    "type": "object", "required": ["card"],
                    "properties": {"card": {"type": "object"},
                                   "copies": {"type": "integer", "minimum": 1}},
                    "additionalProperties": False}}},
            "additionalProperties": False}


def schema(name: str) -> dict:
    """The schema of the file named ``name`` in :data:`FILES`."""
    head = {"$schema": DRAFT, "$id": f"schemas/{name}.schema.json", "title": FILES[name]}
    if name == "spellcard-deck":
        return {**head, **deck_schema()}
    calc = get(name)
    inner = battle_inner(calc) if name.endswith("-battle") else {}
    body = object_schema(calc.params, inner)
    if name.endswith("-battle"):  # a file of an older format has no "format": upgraded first
        declared = body["properties"]["format"]
        body["properties"]["format"] = {
            "title": declared["title"], "description": declared["description"]
            + f" This schema is of format {FORMAT}.",
            "anyOf": [{"const": FORMAT}, {"const": str(FORMAT)}, BLANK, {"type": "null"}]}
    return {**head, "description": calc.summary, **body}


def schema_texts() -> dict[str, str]:
    """File name → text of every schema."""
    return {f"{name}.schema.json": json.dumps(schema(name), ensure_ascii=False, indent=1) + "\n"
            for name in FILES}


def write_schemas(site: Path) -> list[Path]:
    """Write every schema into ``site/schemas/``; returns the files written."""
    folder = site / "schemas"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    site = Path(args[0]) if args else Path(__file__).resolve().parents[1] / "site"
    for path in write_schemas(site):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
