"""Every always-on number of a shot-type, race, profession or ability either changes the
character sheet or has an interpretation note saying why not; the table of
them, with their source sentences, is ``tests/always_on_bonuses.py``.

A sheet number is checked on a character with the bonus against one without it, both worked by
hand from the source (default Western Roses character: Spectrum Mystery pony Carefree Soul, so
PWR 6+1 = 7, CHA 7+1 = 8, INT 8+1 = 9, INS 7+1 = 8, HP 100, speed 4; a stat rolls one die per
3 points).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from always_on_bonuses import BONUSES, PACKAGES, SHEET, Bonus, names_in_note
from source_texts import WESTERN_ROSES, seed_text

from calculators import CALCULATORS
from calculators.interpretations import load_interpretations
from calculators.magical_burst.talents import TALENTS_BY_ID as TALENTS
from calculators.western_roses.rules import ABILITIES, PROFESSIONS, RACES, SHOT_TYPES

WR = CALCULATORS["wr-character"].run
PMM = CALCULATORS["pmm-character"].run
DATA = Path(__file__).resolve().parents[2] / "calculators" / "western_roses" / "data"


def check(sheet: dict, check_id: str) -> tuple[int, int]:
    """(dice, modifier) of one of the sheet's checks."""
    c = next(c for c in sheet["checks"] if c["id"] == check_id)
    return c["dice"], c["modifier"]


def stats(sheet: dict) -> tuple[int, ...]:
    """PWR, CHA, INT, INS and speed."""
    values = {s["id"]: s["value"] for s in sheet["stats"]}
    return values["pwr"], values["cha"], values["int"], values["ins"], sheet["speed"]["value"]


def deck_room(sheet: dict) -> tuple[int, int]:
    return sheet["deck"]["max_cards"], sheet["deck"]["max_kinds"]


def pmm_bonus(sheet: dict, *attributes: str) -> tuple[int, ...]:
    by_id = {a["id"]: a["bonus"] for a in sheet["attributes"]}
    return tuple(by_id[a] for a in attributes)


def pmm_abilities(sheet: dict) -> tuple[int, ...]:
    return tuple(a["bonus"] for a in sheet["abilities"])


#: bonus key -> (calculator, inputs with it, inputs without it, what is read, hand-worked
#: (with, without)).
SHEET_CASES: dict[str, tuple[Callable, dict, dict, Callable, tuple]] = {
    # Night Dance: CHA 10+1 = 11 (3d), dexterity ⌈(11 + PWR 9) / 2⌉ = 10 (3d), each +2; the
    # default's CHA 8 (2d) and dexterity ⌈(8 + 7) / 2⌉ = 8 (2d), no modifier.
    "embrace-of-night": (WR, {"shot_type": "night-dance"}, {},
                         lambda s: (check(s, "stealth"), check(s, "dexterity")),
                         (((3, 2), (3, 2)), ((2, 0), (2, 0)))),
    "pony-improvise": (WR, {}, {"race": "oni"}, lambda s: check(s, "improvise")[1], (4, 0)),
    "pony-extra-ability": (WR, {}, {"race": "oni"},
                           lambda s: sum(t["what"] == "an ability" for t in s["to_choose"]),
                           (2, 1)),
    "fairy-stats": (WR, {"race": "fairy"}, {}, stats, ((7, 10, 8, 6, 4), (7, 8, 9, 8, 4))),
    "oni-stats": (WR, {"race": "oni"}, {}, stats, ((10, 8, 8, 8, 4), (7, 8, 9, 8, 4))),
    "tengu-stats": (WR, {"race": "tengu"}, {}, stats, ((5, 10, 9, 8, 6), (7, 8, 9, 8, 4))),
    "lunarian-stats": (WR, {"race": "lunarian"}, {}, stats,
                       ((7, 10, 11, 6, 4), (7, 8, 9, 8, 4))),
    "moon-hare-stats": (WR, {"race": "moon-hare"}, {}, stats,
                        ((5, 10, 8, 10, 5), (7, 8, 9, 8, 4))),
    "magician-stats": (WR, {"race": "magician"}, {}, stats,
                       ((6, 6, 12, 10, 4), (7, 8, 9, 8, 4))),
    "youkai-stats": (WR, {"race": "youkai"}, {}, stats, ((9, 8, 8, 9, 4), (7, 8, 9, 8, 4))),
    "lunarian-moon-purity": (WR, {"race": "lunarian"}, {},
                             lambda s: (check(s, "legends")[1], check(s, "dexterity")[1]),
                             ((2, 2), (0, 0))),
    # Without the Carefree Soul (a Guardian): Spectrum Mystery's own 6, 7, 8, 7.
    "carefree-soul": (WR, {}, {"profession": "guardian"}, lambda s: stats(s)[:4],
                      ((7, 8, 9, 8), (6, 7, 8, 7))),
    # A level-1 deck: 15 + 5 cards and 4 kinds ("Spellcards"), 5 and 1 more for a Librarian.
    "librarian-deck": (WR, {"profession": "librarian"}, {}, deck_room, ((25, 5), (20, 4))),
    "guardian": (WR, {"profession": "guardian"}, {}, lambda s: s["hp"]["value"], (120, 100)),
    "skill-focus": (WR, {"ability_1": "skill-focus", "focus_skill_1": "flying"}, {},
                    lambda s: check(s, "flying")[1], (2, 0)),
    "shoot-and-ill-move": (WR, {"ability_1": "shoot-and-ill-move"}, {},
                           lambda s: check(s, "dodge-danmaku")[1], (2, 0)),
    "graze-points": (WR, {"ability_1": "graze-points"}, {}, lambda s: check(s, "graze")[1],
                     (4, 0)),
    # CHA 8 + 1 = 9 rolls 3 dice instead of 2.
    "frilly-clothing": (WR, {"ability_1": "frilly-clothing"}, {}, lambda s: check(s, "cha"),
                        ((3, 0), (2, 0))),
    "keen-senses": (WR, {"ability_1": "keen-senses"}, {},
                    lambda s: (check(s, "sense")[1], check(s, "intuition")[1]), ((2, 2), (0, 0))),
    "well-read": (WR, {"ability_1": "well-read"}, {},
                  lambda s: (check(s, "will")[1], check(s, "legends")[1]), ((2, 2), (0, 0))),
    "grimoire": (WR, {"ability_1": "grimoire"}, {}, deck_room, ((25, 5), (20, 4))),
    "hard-to-kill": (WR, {"ability_1": "hard-to-kill"}, {}, lambda s: s["hp"]["value"],
                     (120, 100)),
    "creation-attribute-bonus": (PMM, {"plus_1": "int", "plus_2": "dex"}, {},
                                 lambda s: pmm_bonus(s, "int", "dex"), ((1, 1), (0, 0))),
    "single-ability-bonus": (PMM, {"ab1_kind": "rolled", "ab1_start": "single"},
                             {"ab1_kind": "rolled"}, pmm_abilities, ((5,), (0,))),
    "double-ability-bonus": (PMM, {"ab1_kind": "rolled", "ab1_start": "double",
                                   "ab2_kind": "rolled", "ab2_start": "double"},
                             {"ab1_kind": "rolled", "ab2_kind": "rolled"}, pmm_abilities,
                             ((2, 2), (0, 0))),
    "attribute-specialization": (PMM, {"level_ups": 1, "spec_int": 1}, {},
                                 lambda s: pmm_bonus(s, "int"), ((1,), (0,))),
}

#: A plain attack card (4 dice of attack power) for the deck on a sheet.
CARD = {"card": {"type": "attack", "attack": {"dice": 4, "modifier": 0}}, "copies": 1}

ON_SHEET = [b for b in BONUSES if b.where == SHEET]
OFF_SHEET = [b for b in BONUSES if b.where != SHEET]


def by_key(bonuses: list[Bonus]):
    return pytest.mark.parametrize("bonus", bonuses, ids=[b.key for b in bonuses])


def normalised(text: str) -> str:
    return " ".join(text.split())


@by_key(list(BONUSES))
def test_each_bonus_is_stated_in_its_source_in_these_words(bonus):
    assert normalised(bonus.sentence) in normalised(seed_text(bonus.seed))


@by_key(ON_SHEET)
def test_a_bonus_the_sheet_counts_changes_her_sheet_as_worked_by_hand(bonus):
    if bonus.key == "efficiency":  # priced on her deck: see the test below
        return
    calculator, with_it, without_it, read, (expected_with, expected_without) = \
        SHEET_CASES[bonus.key]
    assert read(calculator(with_it)) == expected_with
    assert read(calculator(without_it)) == expected_without


def test_every_sheet_bonus_has_a_hand_worked_case_and_no_case_is_left_over():
    assert set(SHEET_CASES) | {"efficiency"} == {b.key for b in ON_SHEET}


def test_efficiency_takes_ten_off_each_card_of_a_magic_missile_s_deck():
    """Magic Missile's Efficiency on the sheet's deck: the same card costs 10 less (it cost
    30 without, so the floor of 10 does not bind)."""
    with_it = WR({"shot_type": "magic-missile", "deck": [CARD]})["deck"]["total_cost"]
    without = WR({"deck": [CARD]})["deck"]["total_cost"]
    assert without >= 20 and with_it == without - 10


def test_a_night_dancer_s_stealth_roll_adds_the_two():
    """The Roll button of her Stealth rolls 3d6+2, and the sheet shows
    her Stealth as 3d+2."""
    sheet = WR({"shot_type": "night-dance", "roll": "stealth", "seed": 11})
    roll = sheet["roll"]
    assert (roll["dice"], roll["modifier"]) == (3, 2)
    assert roll["total"] == sum(roll["faces"]) + 2
    assert roll["entry"].startswith("Stealth check: 3d6+2 → ")
    assert "Embrace of Night" in json.dumps(
        next(c for c in sheet["checks"] if c["id"] == "stealth")["modifiers"])


@by_key(OFF_SHEET)
def test_a_bonus_the_sheet_does_not_count_has_a_note_that_names_it(bonus):
    notes = {n.id: n for n in load_interpretations(PACKAGES[bonus.seed])}
    assert bonus.where in notes, f"no interpretation note {bonus.where}"
    note = notes[bonus.where]
    text = f"{note.conflict} {note.reading}".lower()
    names = names_in_note(bonus)
    assert any(name.lower() in text for name in names), (bonus.key, names)


def test_every_shot_type_race_profession_and_ability_is_in_the_table():
    owners = {b.owner for b in BONUSES if b.seed == WESTERN_ROSES}
    expected = {*SHOT_TYPES, *RACES, *(p.id for p in PROFESSIONS.values() if p.implemented),
                *ABILITIES}
    assert expected <= owners, sorted(expected - owners)


def _structured_numbers() -> set[tuple[str, ...]]:
    """Every number the Western Roses rule data carries for a shot-type, race, profession or
    ability besides starting stats, as the table's ``datum`` names it."""
    found: set[tuple[str, ...]] = set()
    for stem in ("shot_types", "races", "professions", "abilities"):
        for record in json.loads((DATA / f"{stem}.json").read_text("utf-8"))["records"]:
            for m in record.get("modifiers", []):
                found.add((stem, record["id"], "modifiers", m["applies_to"]))
            for field in ("stat_bonuses", "stat_bonus", "spellcard_discount", "damage_reduction",
                          "hp_bonus", "deck_extra_cards", "deck_extra_kinds"):
                if record.get(field):
                    found.add((stem, record["id"], field))
    return found


def test_every_number_in_the_rule_data_is_in_the_table():
    listed = {datum for b in BONUSES for datum in b.datum}
    missing = _structured_numbers() - listed
    assert not missing, sorted(missing)
    assert listed <= _structured_numbers(), sorted(listed - _structured_numbers())


#: Magical Burst talents without an action whose number is no standing bonus: three are uses
#: the player chooses (a rest, a declaration, a bond lowered), and Cool Headed's 3 is a die face.
NOT_BONUSES = {"recover", "fight-for-friends", "hate-the-world", "cool-headed"}


def test_every_magical_burst_talent_without_an_action_and_with_a_number_is_in_the_table():
    numbered = {t.id for t in TALENTS.values() if t.action is None
                and any(ch.isdigit() for ch in t.summary)}
    listed = {b.owner for b in BONUSES if b.where == "talent-numbers-off-the-sheet"}
    assert numbered - NOT_BONUSES == listed
