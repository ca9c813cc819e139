"""Western Roses shot-types, professions and elements: the data loads, references resolve, and
the transcribed numbers match the seed text where the seed is at hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from source_texts import WESTERN_ROSES, seed_text
from calculators.western_roses.rules import (ELEMENTS, PROFESSIONS, SHOT_TYPES,
                                             STAT_KEYS, elements_in_cycle, relation,
                                             same_cycle)



def test_there_are_ten_shot_types_ten_professions_and_eight_elements():
    assert (len(SHOT_TYPES), len(PROFESSIONS), len(ELEMENTS)) == (10, 10, 8)


def test_every_shot_type_gives_all_four_main_stats_and_positive_hp_speed_range():
    for shot in SHOT_TYPES.values():
        assert tuple(sorted(shot.stats)) == tuple(sorted(STAT_KEYS)), shot.id
        assert shot.hp > 0 and shot.speed > 0 and shot.range > 0, shot.id


def test_only_magic_missile_discounts_spellcards_by_ten_down_to_ten():
    discounted = {s.id: s.spellcard_discount for s in SHOT_TYPES.values() if s.spellcard_discount}
    assert list(discounted) == ["magic-missile"]
    assert (discounted["magic-missile"].amount, discounted["magic-missile"].floor) == (10, 10)


def test_shot_type_numbers_match_the_seed_text():
    text = seed_text(WESTERN_ROSES)
    for shot in SHOT_TYPES.values():
        block = text[text.index(f"\n{shot.name} –"):]
        stats = re.search(r"PWR: (\d+) –\s*CHR: (\d+) – INT: (\d+) – INS: (\d+)", block)
        body = re.search(r"HP: (\d+) – Speed: (\d+) – Range: (\d+)", block)
        assert stats and body, shot.id
        assert [shot.stats[k] for k in STAT_KEYS] == [int(g) for g in stats.groups()], shot.id
        assert [shot.hp, shot.speed, shot.range] == [int(g) for g in body.groups()], shot.id
        assert block[body.end():].lstrip().startswith(shot.ability.name), shot.id


def test_every_implemented_profession_but_none_other_has_special_skills():
    for prof in PROFESSIONS.values():
        assert (prof.special_skills is not None) == prof.implemented, prof.id


def test_librarian_holds_five_more_cards_and_one_more_kind():
    extra = {p.id: (p.deck_extra_cards, p.deck_extra_kinds) for p in PROFESSIONS.values()
             if p.deck_extra_cards or p.deck_extra_kinds}
    assert extra == {"librarian": (5, 1)}


def test_each_element_beats_the_one_that_names_it_as_beaten_by():
    for element in ELEMENTS.values():
        assert element.beats in ELEMENTS and element.beaten_by in ELEMENTS, element.id
        assert ELEMENTS[element.beats].beaten_by == element.id, element.id
        assert same_cycle(element.id, element.beats), element.id


@pytest.mark.parametrize("cycle,size", [("first", 5), ("second", 3)])
def test_each_cycle_closes_after_visiting_all_its_elements(cycle, size):
    members = elements_in_cycle(cycle)
    assert len(members) == size
    start = members[0].id
    seen, current = [start], ELEMENTS[start].beats
    while current != start:
        seen.append(current)
        current = ELEMENTS[current].beats
    assert sorted(seen) == sorted(e.id for e in members)


@pytest.mark.parametrize("attacker,defender,expected", [
    ("water", "fire", "strong"), ("fire", "water", "weak"), ("fire", "metal", "strong"),
    ("metal", "wood", "strong"), ("wood", "wind", "strong"), ("wind", "water", "strong"),
    ("light", "darkness", "strong"), ("darkness", "spirit", "strong"),
    ("spirit", "light", "strong"), ("light", "spirit", "weak"), ("fire", "wood", "neutral"),
    ("fire", "light", "neutral"), ("fire", "fire", "neutral"),
])
def test_relations_follow_the_printed_cycle_sentences(attacker, defender, expected):
    assert relation(attacker, defender) == expected
