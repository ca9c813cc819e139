"""Western Roses rules pages (character creation, combat, items, status effects, elements,
glossary): the rule records and small formatting helpers, as
``wr.rules.…``.

Every number a page shows comes from these records, which the calculators read too.
"""

from __future__ import annotations

from calculators.ui import signed
from calculators.western_roses import combat, gear, rules

STAT_NAMES = {"pwr": "Power", "cha": "Charisma", "int": "Intelligence", "ins": "Insight",
              "speed": "Speed"}
STAT_ABBREVIATIONS = {**rules.STAT_LABELS, "speed": "SPD"}


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


NAMESPACE = "wr.rules"
GLOBALS = {
    "stat_bonus": stat_bonus,
    "stat_keys": rules.STAT_KEYS,
    "race_stat_keys": rules.RACE_STAT_KEYS,
    "stat_abbreviations": STAT_ABBREVIATIONS,
    "stat_names": STAT_NAMES,
    "shot_types": rules.SHOT_TYPES,
    "professions": rules.PROFESSIONS,
    "special_skill_name": special_skill_name,
    "elements": rules.ELEMENTS,
    "cycle_labels": rules.CYCLE_LABELS,
    "elements_in_cycle": rules.elements_in_cycle,
    "element_name": element_name,
    "cycle_chain": cycle_chain,
    "races": rules.RACES,
    "skills": rules.SKILLS,
    "skill_groups": rules.SKILL_GROUPS,
    "skill_base": skill_base,
    "abilities": rules.ABILITIES,
    "manipulations": rules.MANIPULATIONS,
    "weapon_categories": gear.WEAPON_CATEGORIES,
    "weapons_in": gear.weapons_in,
    "weapon_range": weapon_range,
    "recovery": recovery,
    "armour": gear.ARMOUR,
    "clothing": gear.CLOTHING,
    "actions": combat.ACTIONS,
    "spell_meter": combat.SPELL_METER,
    "power_pickup": sorted(combat.POWER_PICKUP.values(), key=lambda p: -p.distance),
    "share": share,
    "wounds": combat.WOUNDS,
    "status_effects": combat.STATUS_EFFECTS,
    "drinking": sorted(combat.DRINKING.values(), key=lambda d: d.level),
    "rule": rule,
    "rule_record": combat.COMBAT_RULES,
}
