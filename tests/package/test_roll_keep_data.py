"""Roll-and-keep rule data: every record loads, ids are unique, references resolve, and the
seed's worked examples agree with the functions the calculator uses."""

from __future__ import annotations

import pytest

from calculators.interpretations import load_interpretations
from calculators.roll_keep import rules
from calculators.roll_keep.pools import normalise

SEED_SECTIONS = {
    "Dice and the XkY+Z formula (untitled opening)", "Glossary (untitled list)",
    "Assembling Your Dice Pool", "Maneuvers and Raises", "Empty Raises",
    "Blank effects (untitled list)", "Clear Thinker", "Knives (untitled list)",
    "Improvised Weapons", "Marks (untitled list)", "Movement (untitled list)",
    "Reducing Gains and Maluses",
}

ALL_RECORDS = (tuple(rules.DICE_RULES.values()) + rules.GLOSSARY + rules.STEPS
               + rules.NORMALISATION_EXAMPLES + rules.ROLL_EXAMPLES + rules.MANEUVERS
               + rules.RULE_STATEMENTS + rules.MOVEMENT_EXAMPLES)


def test_every_record_cites_one_of_the_seed_sections():
    for record in ALL_RECORDS + load_interpretations("calculators.roll_keep"):
        assert record.source.file == "001_46d3c7a1980aa35d.txt", record.id
        assert record.source.section in SEED_SECTIONS, record.id


def test_every_seed_section_is_restated_by_some_record():
    cited = {record.source.section for record in ALL_RECORDS}
    assert SEED_SECTIONS <= cited, SEED_SECTIONS - cited


def test_glossary_ids_and_terms_are_unique_and_see_also_resolves():
    ids = [t.id for t in rules.GLOSSARY]
    assert len(ids) == len(set(ids))
    assert len({t.term.lower() for t in rules.GLOSSARY}) == len(ids)
    for term in rules.GLOSSARY:
        for other in term.see_also:
            assert other in ids, f"{term.id} refers to missing {other}"
            assert other != term.id, term.id


def test_the_seed_glossary_terms_are_all_present():
    terms = {t.term for t in rules.GLOSSARY}
    assert {"Contest", "Dice Pool", "Emphasis", "Explosion", "Flat Modifier", "Gain", "Malus",
            "Result", "Rolled Dice", "Summed Dice", "Test", "Unskilled Penalty"} <= terms


@pytest.mark.parametrize("procedure, count", [("rolling", 6), ("assembling", 7)])
def test_procedures_are_numbered_without_gaps(procedure, count):
    assert [s.number for s in rules.steps(procedure)] == list(range(1, count + 1))


@pytest.mark.parametrize("example", rules.NORMALISATION_EXAMPLES, ids=lambda e: e.id)
def test_the_seed_normalisation_examples_come_out_of_normalise(example):
    before, after = example.before, example.after
    got = normalise(before.rolled, before.kept, before.flat)
    assert (got.rolled, got.kept, got.flat) == (after.rolled, after.kept, after.flat)


def test_the_worked_roll_keeps_the_highest_dice_and_adds_the_flat_modifier():
    (example,) = rules.ROLL_EXAMPLES
    keep = example.pool.kept
    assert tuple(sorted(example.after_explosions, reverse=True)[:keep]) == \
        tuple(sorted(example.kept_dice, reverse=True))
    assert sum(example.kept_dice) + example.pool.flat == example.result
    # Emphasis changed only the 1; explosions changed only the 10s, each into 11..19.
    assert 1 in example.first_roll and 1 not in example.after_emphasis
    for before, after in zip(example.after_emphasis, example.after_explosions):
        assert after == before or (before == 10 and 11 <= after <= 19)


def test_maneuver_costs_and_the_buydown_bonus_match_the_rule_values():
    by_id = {m.id: m for m in rules.MANEUVERS}
    assert by_id["free-raise-buydown"].cost == rules.DICE_RULES["free-raise-buydown-cost"].value
    assert rules.BUYDOWN_BONUS == rules.RAISE_MALUS == 5
    assert by_id["flurry"].applies_on_failure and by_id["flurry"].cost == 3
    assert by_id["more-bugs"].repeats and not by_id["second-wind"].repeats


def test_every_statement_topic_has_statements():
    topics = {r.topic for r in rules.RULE_STATEMENTS}
    for topic in topics:
        assert rules.statements(topic)
    with pytest.raises(KeyError):
        rules.statements("no-such-topic")


@pytest.mark.parametrize("example", rules.MOVEMENT_EXAMPLES, ids=lambda e: e.id)
def test_movement_modifiers_add_up_as_in_the_seed_example(example):
    assert rules.movement_water(example.water, example.modifiers) == example.moves_as


def test_movement_never_goes_below_water_one():
    assert rules.movement_water(1, (-3,)) == 1


def test_interpretation_notes_load_with_unique_ids_and_the_code_cites_existing_ones():
    from calculators.roll_keep import roll
    notes = {n.id for n in load_interpretations("calculators.roll_keep")}
    assert "free-raises-cost-nothing" in notes and "free-raises-cost-nothing" in roll.__doc__
    assert {"step-six-excess", "odd-excess-dice", "emphasis-only-first-roll",
            "raise-limit-scope", "tn-met-succeeds"} <= notes
