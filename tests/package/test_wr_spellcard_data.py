"""Spellcard rule data: loads, references resolve, ids follow the printed names, and the
transcribed costs match the seed text where it is at hand."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from source_texts import WESTERN_ROSES, seed_text
from calculators.interpretations import load_interpretations
from calculators.western_roses.rules import PROFESSIONS
from calculators.western_roses.spellcards import cost_of
from calculators.western_roses.spellcards.rules import (AOE, ATTACK_DICE, DURATIONS, EXAMPLES,
                                                        SKILL_GROUPS, SPECIAL_SKILLS, TARGETS,
                                                        group_profession)



def slug(name: str) -> str:
    """The brief's naming: lower case, '+' spelled 'plus', punctuation dropped, hyphens."""
    text = unicodedata.normalize("NFKD", name).replace("+", "plus ").lower()
    text = re.sub(r"[’'.!?…,]", "", text)
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def test_every_special_skill_id_is_the_slug_of_its_printed_name():
    for skill in SPECIAL_SKILLS.values():
        assert skill.id == slug(skill.name), skill.id


def test_every_skill_group_and_parent_resolves_to_one_profession():
    for group in SKILL_GROUPS.values():
        assert (group.profession is None) != (group.parent is None), group.id
        assert group.parent is None or group.parent in SKILL_GROUPS, group.id
        assert group_profession(group.id) in PROFESSIONS, group.id
    for skill in SPECIAL_SKILLS.values():
        assert skill.group in SKILL_GROUPS, skill.id
        assert SKILL_GROUPS[skill.group].rules is not None, f"{skill.id} sits in a parent group"


def test_each_profession_names_its_own_top_level_skill_group():
    for prof in PROFESSIONS.values():
        if prof.special_skills is not None:
            group = SKILL_GROUPS[prof.special_skills]
            assert group.profession == prof.id and group.parent is None, prof.id


def test_printed_bomb_costs_are_twice_the_skill_cost():
    for skill in SPECIAL_SKILLS.values():
        assert (skill.bomb_cost is not None) == (skill.bomb == "allowed"), skill.id
        if skill.bomb_cost is not None:
            assert skill.bomb_cost == 2 * skill.cost, skill.id


def test_tables_cover_every_value_a_card_can_name():
    assert sorted(t.targets for t in TARGETS.values()) == [0, 1, 2, 3, 4]
    assert sorted(a.size for a in AOE.values()) == [1, 2, 3, 4, 5]
    assert sorted(d.dice for d in ATTACK_DICE.values()) == list(range(1, 9))
    assert sorted((d.rounds, d.homing) for d in DURATIONS.values()) == [
        (1, False), (2, False), (2, True), (3, False), (3, True), (4, False), (4, True),
        (5, False), (5, True)]


def test_table_costs_match_the_seed_text():
    text = seed_text(WESTERN_ROSES)

    def printed(label: str) -> int:
        match = re.search(rf"\n{re.escape(label)} – Cost: (-?\d+)", text)
        assert match, label
        return int(match.group(1))

    for table in (TARGETS, AOE, ATTACK_DICE, DURATIONS):
        for row in table.values():
            assert row.cost == printed(row.name), row.id


def test_special_skill_costs_match_the_seed_text():
    text = seed_text(WESTERN_ROSES)
    for skill in SPECIAL_SKILLS.values():
        match = re.search(rf"\n{re.escape(skill.name)} – (?:[^\n]*?)Cost: (?:variable \()?(\d+)",
                          text)
        assert match, skill.id
        assert skill.cost == int(match.group(1)), skill.id


def test_every_example_card_prices_and_its_breakdown_adds_up():
    for example in EXAMPLES.values():
        result = cost_of(example.card)
        assert sum(line["cost"] for line in result["breakdown"]) == result["cost"], example.id


def test_there_is_an_example_card_for_every_profession_with_special_skills():
    with_skills = {p.id for p in PROFESSIONS.values() if p.special_skills}
    assert with_skills <= {e.profession for e in EXAMPLES.values()}


def test_spellcard_interpretation_ids_are_unique_across_the_system():
    ids = [n.id for n in load_interpretations("calculators.western_roses")]
    assert len(ids) == len(set(ids))


def test_every_interpretation_the_spellcard_code_names_exists():
    package = Path(__file__).resolve().parents[2] / "calculators" / "western_roses" / "spellcards"
    ids = {n.id for n in load_interpretations("calculators.western_roses")}
    named = set()
    for module in package.glob("*.py"):
        # Join string literals continued over lines, so a name split across them is whole.
        source = re.sub(r'"\s*\n\s*f?"', "", module.read_text(encoding="utf-8"))
        named |= set(re.findall(r"interpretation ([a-z0-9]+(?:-[a-z0-9]+)+)", source))
        named |= set(re.findall(r"NOTES\[['\"]([a-z0-9-]+)['\"]\]", source))
    assert named, "no interpretation is named in the spellcard code"
    assert named <= ids, sorted(named - ids)


def test_the_grimoire_numbers_agree_with_the_grimoire_ability_record():
    from calculators.western_roses.rules import ABILITIES
    from calculators.western_roses.spellcards.rules import rule
    grimoire = ABILITIES["grimoire"]
    assert grimoire.modifier("deck-cards") == rule("grimoire-extra-cards")
    assert grimoire.modifier("deck-card-types") == rule("grimoire-extra-kinds")
