"""Post-magic-maid rule data: every file loads and cross-checks, the numbers are the seed's
(typed here by hand from seed 003), every source names a real section, and the derived tables
(die advancement, bonus steps) follow the rules."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from source_texts import POST_MAGIC_MAID, seed_text
from calculators.interpretations import load_interpretations
from calculators.post_magic_maid import advancement, rules
from calculators.ruledata import RuleDataError, parse_records

DATA = resources.files("calculators.post_magic_maid").joinpath("data")
PACKAGE = Path(rules.__file__).resolve().parent

#: The seed's section headings (its title, its `####` and `#`/`##` headings), typed by hand.
SECTIONS = {
    "Post-magic-maid rules", "Basic check system", "Character Creation", "Single-ability bonus",
    "Double-ability bonus", "Note", "Passive ability bonus", "Advancement",
    "Ability advancement", "Attribute specialization advancement", "Die advancement",
    "Acquiring die advancement points", "Magic", "Blitz Points", "Initiative / Actions",
    "Contested actions", "Wounds / Healing", "Wounds", "Healing",
}

DATA_FILES = sorted(p.name for p in DATA.iterdir() if p.name.endswith(".json"))


def all_records():
    for name in DATA_FILES:
        for record in json.loads(DATA.joinpath(name).read_text(encoding="utf-8"))["records"]:
            yield name, record


def test_every_data_file_is_loaded_by_the_rules_module_or_the_notes():
    loaded = {"rules.json", "attributes.json", "die_track.json", "starting_dice.json",
              "tiers.json", "bonuses.json", "cards.json", "card_rules.json", "magic.json",
              "wounds.json", "healing.json", "level_ups.json"}
    notes = {n for n in DATA_FILES if n.startswith("interpretations")}
    assert set(DATA_FILES) == loaded | notes


@pytest.mark.parametrize("name, record", list(all_records()),
                         ids=[f"{n}:{r['id']}" for n, r in all_records()])
def test_every_record_cites_a_section_of_the_seed(name, record):
    assert record["source"] in SECTIONS, f"{name}: {record['id']}"


def test_every_listed_section_is_a_heading_or_the_title_of_the_seed():
    text = seed_text(POST_MAGIC_MAID)
    headings = {re.sub(r"[:\s]+$", "", m.group(1)).strip()
                for m in re.finditer(r"^\s*\d+\.\s*#+\s*(.+)$", text, re.M)}
    headings.add("Post-magic-maid rules")
    assert SECTIONS <= headings


def test_ids_are_unique_across_every_file():
    ids = [(name, r["id"]) for name, r in all_records() if not name.startswith("interp")]
    by_file: dict[str, list[str]] = {}
    for name, i in ids:
        by_file.setdefault(name, []).append(i)
    for name, file_ids in by_file.items():
        assert len(file_ids) == len(set(file_ids)), name


def test_six_attributes_rolled_with_two_d6_two_d8_a_d12_and_a_d20():
    assert [a.name for a in rules.ATTRIBUTES] == ["Int", "Str", "Dex", "Cha", "Wll", "Lck"]
    assert {s.die: s.attributes for s in rules.STARTING_DICE} == {"d6": 2, "d8": 2, "d12": 1,
                                                                   "d20": 1}


def test_die_track_runs_d6_d8_d12_d20_d32():
    assert [d.sides for d in rules.DIE_TRACK] == [6, 8, 12, 20, 32]


def test_tiers_are_below_10_then_10_15_20_25():
    assert [t.difficulty for t in rules.TIERS] == [None, 10, 15, 20, 25]


def test_bonus_increments_and_caps_are_the_seeds():
    b = rules.BONUSES
    assert b["single-ability-bonus"].increments == (5, 3, 1)
    assert b["double-ability-bonus"].increments == (2, 2)
    assert b["passive-ability-bonus"].increments == ()
    assert b["attribute-specialization"].increments == (1, 1, 1)
    assert rules.rule("max-ability-bonus") == 13 and rules.rule("max-attribute-bonus") == 5


def test_the_deck_is_54_cards_with_4_aces_12_face_cards_and_2_jokers():
    assert rules.deck_counts() == {"ace": 4, "face": 12, "number": 36, "joker": 2}
    ranked = sorted((c for c in rules.CARDS if c.initiative), key=lambda c: -c.initiative)
    assert ranked[0].id == "ace"  # aces high


def test_blitz_and_action_numbers_are_the_seeds():
    assert (rules.rule("starting-blitz-points"), rules.rule("blitz-draw"),
            rules.rule("automatic-result"), rules.rule("multiple-action-penalty"),
            rules.rule("assist-tier-margin"), rules.rule("magic-die-sides")) == (3, 7, 25, 5, 2, 6)


def test_wound_tracks_have_the_seeds_capacities():
    tracks = {(w.track, w.name): w.capacity for w in rules.WOUNDS}
    assert tracks == {("blunt", "slight"): 4, ("blunt", "moderate"): 3, ("blunt", "heavy"): 3,
                      ("blunt", "unconscious"): 1, ("rending", "slight"): 3,
                      ("rending", "moderate"): 2, ("rending", "heavy"): 1,
                      ("rending", "mortal"): 1}


def test_healing_references_resolve_to_wound_tiers():
    wound_ids = {w.id for w in rules.WOUNDS}
    for heal in rules.HEALING:
        assert set(heal.removes) <= wound_ids, heal.id


def test_magic_d6_bands_cover_each_face_once():
    faces = sorted(f for m in rules.MAGIC for f in range(m.low, m.high + 1))
    assert faces == [1, 2, 3, 4, 5, 6]


def test_a_duplicate_id_is_refused_with_the_id_named():
    doc = json.loads(DATA.joinpath("attributes.json").read_text(encoding="utf-8"))
    doc["records"].append(dict(doc["records"][0]))
    with pytest.raises(RuleDataError, match="record int: duplicate id"):
        parse_records(doc, rules.Attribute, "attributes.json")


def test_a_wrong_field_type_is_refused_with_the_record_named():
    doc = json.loads(DATA.joinpath("tiers.json").read_text(encoding="utf-8"))
    doc["records"][1]["difficulty"] = "ten"
    with pytest.raises(RuleDataError, match="tier-10"):
        parse_records(doc, rules.Tier, "tiers.json")


def test_die_advancement_goes_smallest_die_first_and_ends_with_six_d32s():
    rows = advancement.die_progression()
    assert rows[0]["dice"] == {"d6": 2, "d8": 2, "d12": 1, "d20": 1, "d32": 0}
    assert rows[2]["dice"]["d8"] == 4  # both d6s advanced: four d8s (seed example)
    assert rows[-1]["dice"] == {"d6": 0, "d8": 0, "d12": 0, "d20": 0, "d32": 6}
    # Steps to d32: 4 for each d6, 3 for each d8, 2 for the d12, 1 for the d20.
    assert rows[-1]["points"] == 2 * 4 + 2 * 3 + 2 + 1
    assert advancement.dice_after_points(rows[-1]["points"] + 1) is None


def test_single_ability_bonus_steps_total_5_8_9():
    assert [s["total"] for s in advancement.bonus_steps("single-ability-bonus")] == [5, 8, 9]


def test_interpretation_notes_cited_in_code_exist():
    notes = {n.id for n in load_interpretations("calculators.post_magic_maid")}
    cited = set()
    for path in PACKAGE.rglob("*.py"):
        cited |= set(re.findall(r"note ``([a-z0-9-]+)``", path.read_text(encoding="utf-8")))
    assert cited and cited <= notes
