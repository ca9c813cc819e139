"""A JSON Schema for each file a player writes or keeps (issue 35, item 1): generated from
the declarations, validated here by ``jsonschema``: every example and every file the site
writes validates, a file with an unknown key or a wrong type is refused with the field named,
and a file of the format before versions is upgraded, then validates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from build_scripts import golden
from build_scripts.schemas import FILES, schema, write_schemas
from calculators import get
from calculators.battle import record
from calculators.battle.rules import rules_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BATTLES = ("wr-battle", "mb-battle", "pmm-battle")
KEPT = ("wr-character", "mb-character", "pmm-character", "mb-monster")


def problems(name: str, document) -> list[str]:
    """Each schema error as ``field: message``, the field as the calculators name it."""
    validator = Draft202012Validator(schema(name))
    out = []
    for error in validator.iter_errors(document):
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                        for p in error.absolute_path).lstrip(".")
        out.append(f"{where}: {error.message}")
    return out


@pytest.mark.parametrize("name", FILES)
def test_each_schema_is_a_valid_json_schema(name):
    Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_file_validates(path):
    name = {"spellcard-deck-deck": "spellcard-deck"}.get(path.stem, path.stem)
    if name not in FILES:
        pytest.skip(f"{path.name} is an input's value, not a file a player keeps")
    assert problems(name, json.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("name", BATTLES)
def test_every_battle_file_a_tracker_writes_validates(name):
    """The answer's battle file, for the page's example and each golden battle."""
    calc = get(name)
    written = [calc.run(calc.example)["battle"], calc.run(calc.blank())["battle"]]
    for path in sorted(golden.FOLDER.glob(f"{name.removesuffix('-battle')}-*.json")):
        written.append(calc.run(json.loads(path.read_text(encoding="utf-8"))["battle"])
                       ["battle"])
    for battle in written:
        assert battle["format"] == record.FORMAT
        assert problems(name, battle) == []


@pytest.mark.parametrize("name", (*KEPT, *BATTLES))
def test_a_record_as_the_site_keeps_it_validates(name):
    """The site keeps a record's inputs as text (a number "12", a JSON input as JSON text,
    a flag "true"), as its saved data exports them; a battle's with its file's own keys, as
    the page keeps them from its answer."""
    calc = get(name)
    as_text = {k: v if isinstance(v, str) else json.dumps(v) if isinstance(v, (dict, list))
               else str(v).lower() if isinstance(v, bool) else str(v)
               for k, v in calc.defaults().items()}
    if name in BATTLES:
        as_text |= calc.run(calc.example)["keep"]
        assert set(as_text) >= set(record.RECORD_KEYS)
    assert problems(name, as_text) == []


def test_a_deck_file_validates_and_a_deck_with_a_stray_key_does_not():
    deck = json.loads((EXAMPLES / "spellcard-deck-deck.json").read_text(encoding="utf-8"))
    assert problems("spellcard-deck", deck) == []
    deck["caster"]["colour"] = "red"
    assert problems("spellcard-deck", deck) == [
        "caster: Additional properties are not allowed ('colour' was unexpected)"]


def test_an_unknown_key_or_a_wrong_type_is_refused_with_the_field_named():
    battle = get("wr-battle").run(get("wr-battle").example)["battle"]
    assert problems("wr-battle", {**battle, "colour": "red"}) == [
        ": Additional properties are not allowed ('colour' was unexpected)"]
    wolf = {**battle["combatants"][1], "hp": "lots"}
    found = problems("wr-battle", {**battle, "combatants": [battle["combatants"][0], wolf]})
    assert found and all(f.startswith("combatants[1].hp: ") for f in found)
    start = {**battle["events"][0], "seed": [1]}
    found = problems("wr-battle", {**battle, "events": [start]})
    assert found and all(f.startswith("events[0].seed: ") for f in found)
    found = problems("wr-battle", {**battle, "events": [{"type": "start", "seed": 1,
                                                          "speed": 3}]})
    assert found == ["events[0]: Additional properties are not allowed ('speed' was "
                     "unexpected)"]
    assert problems("wr-character", {"pwr": True}) and problems("wr-character", {"nmae": "A"})
    found = problems("mb-monster", {"talents": {"veil": 1}, "boss_abilities": ["Blood Rain"]})
    assert found and all(f.startswith("talents: ") for f in found)  # picks: a list of names


@pytest.mark.parametrize("name", BATTLES)
def test_a_file_with_no_version_is_upgraded_and_then_validates(name):
    calc = get(name)
    old = {"combatants": calc.example["combatants"], "events": calc.example["events"]}
    new = record.upgraded(old, rules_of(calc))
    assert new["format"] == record.FORMAT and problems(name, new) == []
    assert problems(name, {**new, "format": record.FORMAT + 1})  # only today's format


def test_the_build_publishes_every_schema(tmp_path):
    written = write_schemas(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{n}.schema.json" for n in FILES)
    for path in written:
        assert json.loads(path.read_text(encoding="utf-8"))["$schema"].startswith("https://")
