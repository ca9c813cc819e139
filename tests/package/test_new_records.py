"""Where a new character starts (``Calculator.blank``, issue 25 item 3): the rules' starting
point, not the page's example. For each of the three character builders the blank is a sheet
its calculator answers without errors, with no names, nothing spent and no wounds; the budgets
it shows as left are the rule data's own figures, read here straight from the JSON files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calculators import get
from calculators.battle.record import FORMAT, RELEASE
from calculators.battle.rules import rules_of
from calculators.registry import LOCATIONS
from calculators.params import BOOL, TEXT

DATA = Path(__file__).resolve().parents[2] / "calculators"
CHARACTERS = ("wr-character", "pmm-character", "mb-character")


def rule_value(path: str, rule_id: str) -> int:
    records = json.loads((DATA / path).read_text(encoding="utf-8"))["records"]
    return next(r["value"] for r in records if r["id"] == rule_id)


BATTLES = ("wr-battle", "mb-battle", "pmm-battle")


def test_every_collection_is_a_builder_or_a_battle_tracker():
    kept = sorted(name for name in LOCATIONS if get(name).collection)
    assert kept == sorted((*CHARACTERS, *BATTLES, "mb-monster"))


@pytest.mark.parametrize("name", BATTLES)
def test_a_new_battle_has_no_name_no_one_in_it_and_no_log(name):
    calc = get(name)
    blank = calc.blank()
    assert blank["name"] == "" and not blank.get("combatants") and not blank.get("events")
    answer = calc.run(blank)
    assert answer["state"]["phase"] == "setup" and answer["state"]["combatants"] == []
    battle = answer["battle"]
    assert (battle["combatants"], battle["events"], battle["lines"]) == ([], [], [])
    # ...and says which file it is: today's format, its system, today's rules.
    assert battle["format"] == FORMAT and battle["system"] == rules_of(calc).system
    assert battle["rules"]["release"] == RELEASE


@pytest.mark.parametrize("name", CHARACTERS)
def test_a_new_character_has_no_names_no_switches_on_and_none_of_the_example(name):
    calc = get(name)
    blank = calc.blank()
    for param in calc.params:
        if param.kind == TEXT:
            assert blank.get(param.name, "") == "", param.name
        if param.kind == BOOL:
            assert blank.get(param.name, False) is False, param.name
    # Every input the example sets to a name or a number of its own is back at its start.
    changed = {k for k, v in calc.example.items() if blank.get(k) != v}
    assert "name" in changed and len(changed) >= 5
    calc.run(blank)  # answered, not rejected


def test_a_new_western_roses_character_has_spent_no_points_and_chosen_nothing():
    calc = get("wr-character")
    sheet = calc.run(calc.blank())
    assert sheet["name"] == "" and sheet["level"] == 1
    assert sheet["bonus_points"]["spent"] == 0
    assert sheet["bonus_points"]["left"] == rule_value("western_roses/data/combat_rules.json", "bonus-points")
    assert sheet["skill_points"]["left"] == rule_value("western_roses/data/combat_rules.json", "skill-points")
    assert sheet["skill_points"]["spent"] == 0
    assert sheet["deck"]["total_cards"] == 0
    assert {item["field"] for item in sheet["to_choose"]} >= {"ability_1"}


def test_a_new_post_magic_maid_character_has_no_level_ups_abilities_or_wounds():
    calc = get("pmm-character")
    sheet = calc.run(calc.blank())
    assert sheet["name"] == "" and sheet["abilities"] == []
    assert sheet["level_ups"]["received"] == 0
    assert sum(sheet["level_ups"]["spent"].values()) == 0
    assert sheet["die_points"]["spent"] == 0
    assert all(a["specialization"] == 0 and a["advanced"] == 0 for a in sheet["attributes"])
    assert all(w["count"] == 0 for track in sheet["wounds"].values() for w in track)
    assert sheet["blitz"] == rule_value("post_magic_maid/data/rules.json", "starting-blitz-points")


def test_a_new_magical_burst_character_has_every_budget_left_and_no_damage():
    calc = get("mb-character")
    sheet = calc.run(calc.blank())
    assert sheet["name"] == "" and sheet["bonds"]["rows"] == []
    assert sheet["left"] and all(line["value"] == line["of"] for line in sheet["left"]), sheet["left"]
    assert sheet["resolve"]["damage"] == 0 and sheet["resolve"]["level"] == 0
    assert sheet["resolve"]["now"] == sheet["resolve"]["maximum"]
    assert sheet["ailments"] == [] and sheet["experience"]["spent"] == 0
    assert all(stat["counter"] == 0 for stat in sheet["overcharge"]["stats"])
