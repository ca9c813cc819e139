"""Western Roses rules pages (character creation, combat, items, status effects, elements,
glossary): the rule records and small formatting helpers, prefixed ``wrr_``.

Every number a page shows comes from these records, which the calculators read too.
"""

from __future__ import annotations

from calculators.western_roses import combat, gear, rules
from calculators.western_roses.rules import CHECK_RULES

STAT_NAMES = {"pwr": "Power", "cha": "Charisma", "int": "Intelligence", "ins": "Insight",
              "speed": "Speed"}
STAT_ABBREVIATIONS = {**rules.STAT_LABELS, "speed": "SPD"}


def signed(value: int) -> str:
    """+3, −1, 0 — with a true minus sign."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def stat_bonus(bonuses: dict[str, int] | None, key: str) -> str:
    """A bonus cell: the signed bonus, or an en dash when there is none."""
    value = (bonuses or {}).get(key, 0)
    return signed(value) if value else "–"


def skill_base(skill: rules.Skill) -> str:
    """A skill's base formula in words: "Insight", "(Charisma + Insight) ÷ 2, rounded up"."""
    names = [STAT_NAMES[k] for k in skill.base]
    if len(names) == 1:
        return names[0]
    return f"({' + '.join(names)}) ÷ {len(names)}, rounded up"


def special_skill_name(group_id: str | None) -> str:
    """The name of a profession's special spellcard skills, from the spellcard data."""
    if group_id is None:
        return "–"
    try:
        from calculators.western_roses.spellcards.rules import SKILL_GROUPS
    except ImportError:  # the spellcard package is optional for these pages
        return group_id.replace("-", " ").title()
    group = SKILL_GROUPS.get(group_id)
    return group.name if group else group_id


def weapon_range(weapon: gear.Weapon) -> str:
    return weapon.range.describe()


def recovery(weapon: gear.Weapon) -> str:
    if weapon.category != "throwing":
        return "–"
    return f"{weapon.recovery_dice}d" if weapon.recovery_dice else "not recoverable"


def share(pickup: combat.PowerPickup) -> str:
    fraction = pickup.fraction
    return "all" if fraction == 1 else {(1, 4): "¼", (1, 2): "½", (3, 4): "¾"}.get(
        (fraction.numerator, fraction.denominator), str(fraction))


def element_name(element_id: str) -> str:
    return rules.ELEMENTS[element_id].name


def cycle_chain(cycle: str) -> list[str]:
    """Element names of a cycle in beating order, back to the first: each beats the next."""
    members = rules.elements_in_cycle(cycle)
    chain = [members[0]]
    while chain[-1].beats != chain[0].id:
        chain.append(rules.ELEMENTS[chain[-1].beats])
        if len(chain) > len(members):
            raise ValueError(f"elements of the {cycle} cycle do not close into one loop")
    return [e.name for e in chain] + [chain[0].name]


def rule(rule_id: str) -> int:
    """A combat number by id (``combat_rules.json``)."""
    return combat.rule(rule_id)


GLOBALS = {
    "wrr_signed": signed,
    "wrr_stat_bonus": stat_bonus,
    "wrr_stat_keys": rules.STAT_KEYS,
    "wrr_race_stat_keys": rules.RACE_STAT_KEYS,
    "wrr_stat_abbreviations": STAT_ABBREVIATIONS,
    "wrr_stat_names": STAT_NAMES,
    "wrr_shot_types": rules.SHOT_TYPES,
    "wrr_professions": rules.PROFESSIONS,
    "wrr_special_skill_name": special_skill_name,
    "wrr_elements": rules.ELEMENTS,
    "wrr_cycle_labels": rules.CYCLE_LABELS,
    "wrr_elements_in_cycle": rules.elements_in_cycle,
    "wrr_element_name": element_name,
    "wrr_cycle_chain": cycle_chain,
    "wrr_races": rules.RACES,
    "wrr_skills": rules.SKILLS,
    "wrr_skill_groups": rules.SKILL_GROUPS,
    "wrr_skill_base": skill_base,
    "wrr_abilities": rules.ABILITIES,
    "wrr_manipulations": rules.MANIPULATIONS,
    "wrr_weapon_categories": gear.WEAPON_CATEGORIES,
    "wrr_weapons_in": gear.weapons_in,
    "wrr_weapon_range": weapon_range,
    "wrr_recovery": recovery,
    "wrr_armour": gear.ARMOUR,
    "wrr_clothing": gear.CLOTHING,
    "wrr_actions": combat.ACTIONS,
    "wrr_spell_meter": combat.SPELL_METER,
    "wrr_power_pickup": sorted(combat.POWER_PICKUP.values(), key=lambda p: -p.distance),
    "wrr_share": share,
    "wrr_wounds": combat.WOUNDS,
    "wrr_status_effects": combat.STATUS_EFFECTS,
    "wrr_drinking": sorted(combat.DRINKING.values(), key=lambda d: d.level),
    "wrr_rule": rule,
    "wrr_rule_record": combat.COMBAT_RULES,
    "wrr_check_rules": CHECK_RULES,
}
