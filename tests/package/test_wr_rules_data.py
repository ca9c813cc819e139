"""Western Roses rule data (races, skills, gear, combat, drinking…): every record loads,
references resolve, and the numbers restate the source."""

from __future__ import annotations

import pytest

from calculators.interpretations import load_interpretations
from calculators.western_roses import combat, gear, rules


def test_every_interpretation_note_loads_with_a_unique_id():
    ids = [n.id for n in load_interpretations("calculators.western_roses")]
    assert len(ids) == len(set(ids))
    assert "skill-base-is-the-average" in ids


def test_every_skill_belongs_to_a_known_group_and_stats():
    for skill in rules.SKILLS.values():
        assert skill.group in rules.SKILL_GROUPS, skill.id
        assert set(skill.base) <= set(rules.STAT_KEYS), skill.id


def test_two_stat_skills_start_at_the_average_rounded_up():
    stats = {"pwr": 5, "cha": 7, "int": 5, "ins": 8}
    assert rules.SKILLS["will"].base_value(stats) == 8
    assert rules.SKILLS["dexterity"].base_value(stats) == 6
    assert rules.SKILLS["sense"].base_value(stats) == 8


def test_every_modifier_names_something_the_rules_know():
    known = rules.MODIFIER_TARGETS
    for owner in [*rules.RACES.values(), *rules.ABILITIES.values()]:
        for m in owner.modifiers:
            kind, _, key = m.applies_to.partition(":")
            assert (m.applies_to in known or (kind == "skill" and key in rules.SKILLS)
                    or (kind == "stat" and key in rules.STAT_KEYS)), (owner.id, m.applies_to)


def test_race_stat_bonuses_restate_the_source():
    assert rules.RACES["oni"].stat_bonuses == {"pwr": 3, "int": -1}
    assert rules.RACES["moon-hare"].stat_bonuses == {"speed": 1, "pwr": -2, "cha": 2,
                                                        "int": -1, "ins": 2}
    assert rules.RACES["pony"].stat_bonuses == {}
    assert len(rules.RACES) == 8


def test_elemental_manipulations_need_an_element_that_exists():
    for manip in rules.MANIPULATIONS.values():
        if manip.requires_affinity is not None:
            assert manip.requires_affinity in rules.ELEMENTS, manip.id
    assert rules.MANIPULATIONS["ice"].requires_affinity == "water"
    assert rules.MANIPULATIONS["earth"].requires_affinity is None


def test_every_weapon_has_a_known_category_and_a_sensible_reach():
    for weapon in gear.WEAPONS.values():
        assert weapon.category in gear.WEAPON_CATEGORIES, weapon.id
        assert weapon.damage_dice >= 1, weapon.id
        assert weapon.range.spaces_for(6) >= 1, weapon.id


@pytest.mark.parametrize("weapon, range_stat, spaces", [
    ("throwing-knives", 5, 3), ("throwing-axes", 6, 2), ("shuriken", 3, 6), ("needles", 4, 4),
    ("spear", 9, 2),
])
def test_thrown_reach_is_a_share_of_the_range_stat_rounded_up(weapon, range_stat, spaces):
    assert gear.WEAPONS[weapon].range.spaces_for(range_stat) == spaces


def test_only_improvised_weapons_carry_penalties():
    penalised = {c.id for c in gear.WEAPON_CATEGORIES.values()
                 if c.to_hit_modifier or c.damage_modifier}
    assert penalised == {"improvised"}
    assert (gear.WEAPON_CATEGORIES["improvised"].to_hit_modifier,
            gear.WEAPON_CATEGORIES["improvised"].damage_modifier) == (-2, -4)


def test_drunkenness_levels_run_from_sober_to_plastered_in_order():
    levels = sorted(combat.DRINKING.values(), key=lambda d: d.level)
    assert [d.id for d in levels] == ["sober", "buzzed", "tipsy", "drunk", "heavily-drunk",
                                      "plastered"]
    assert [d.level for d in levels] == list(range(6))


def test_consciousness_check_totals_are_the_levels_penalty_plus_the_extra_modifier():
    for level in combat.DRINKING.values():
        check = level.consciousness_check
        if check is not None:
            assert check.total == check.modifier + level.other_modifier, level.id


def test_spell_power_pickup_shares_shrink_with_distance():
    by_distance = sorted(combat.POWER_PICKUP.values(), key=lambda p: p.distance)
    assert [p.distance for p in by_distance] == [0, 1, 2, 3]
    shares = [p.fraction for p in by_distance]
    assert shares == sorted(shares, reverse=True) and shares[0] == 1


def test_status_effects_are_resisted_by_a_stat_or_skill_that_exists():
    for effect in combat.STATUS_EFFECTS.values():
        if effect.resisted_by is not None:
            assert (effect.resisted_by in rules.STAT_KEYS
                    or effect.resisted_by in rules.SKILLS), effect.id


def test_combat_numbers_restate_the_source():
    assert combat.rule("dodge-difficulty") == 12
    assert combat.rule("actions-per-turn") == 2
    assert combat.rule("max-spell-power") == 400
    assert combat.rule("spell-meter-points-per-card") == 5
    assert combat.SPELL_METER["taking-damage"].points == 3


def test_professions_and_shot_types_the_calculators_name_exist():
    for profession in ("combat-maid", "drunken-master"):
        assert profession in rules.PROFESSIONS
    for shot in ("fourth-strike", "charge-of-virtue", "homing-amulets"):
        assert shot in rules.SHOT_TYPES
    assert rules.SHOT_TYPES["charge-of-virtue"].damage_reduction is not None
