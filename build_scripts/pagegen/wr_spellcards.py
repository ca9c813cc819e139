"""Western Roses spellcards page: the cost tables, special skills, example cards and deck
limits, all read from the records and functions the ``spellcard`` calculators use.
A page reaches them as ``wr.spellcards.…``.
"""

from __future__ import annotations

import json

from calculators.western_roses.rules import PROFESSIONS
from calculators.western_roses.spellcards import cost_of, rules
from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK
from calculators.western_roses.spellcards.deck import deck_limits
from calculators.western_roses.spellcards.flat import SLOTS, WIDGET, builder_query, from_card
from calculators.ui import h
from calculators.western_roses.spellcards.pricing import modifier_cost, targets_cost


def subgroups(group_id: str) -> list[rules.SkillGroup]:
    """A top-level group's subgroups, or the group itself when it has none."""
    children = [g for g in rules.SKILL_GROUPS.values() if g.parent == group_id]
    return children or [rules.SKILL_GROUPS[group_id]]


def top_groups() -> list[rules.SkillGroup]:
    return [g for g in rules.SKILL_GROUPS.values() if g.parent is None]


def skills_in(group_id: str) -> list[rules.SpecialSkill]:
    return [s for s in rules.SPECIAL_SKILLS.values() if s.group == group_id]


def skill_cost(skill: rules.SpecialSkill) -> str:
    """The cost cell of a special skill, as the rules price it."""
    if skill.pricing == "per-doll":
        return (f"{skill.cost} per active doll, at least "
                f"{rules.rule('dual-strike-minimum')}")
    if skill.pricing == "per-step":
        return f"{skill.cost} per +{rules.rule('lethal-step-damage')} damage"
    if skill.pricing == "healing":
        return (f"{skill.cost} ({rules.rule('healing-duration-multiplier') * skill.cost} if not "
                "instantaneous)")
    return str(skill.cost)


def skill_bomb(skill: rules.SpecialSkill) -> str:
    if skill.bomb == "allowed":
        return f"can be one: {skill.bomb_cost}"
    if skill.bomb == "always":
        return "is one (not doubled)"
    return "no"


RULES_TEXT = {
    "attack": "attack-type rules",
    "defensive": "defensive-type rules",
    "standalone": "a card by itself",
    "own": "a card by itself, at its printed cost",
}


def group_rules(group: rules.SkillGroup) -> str:
    """How a group's cards are built, in a few words."""
    text = RULES_TEXT[group.rules] if group.rules else ""
    if group.target == "charge":
        text += "; always targets the Guardian's charge"
    elif group.target == "self":
        text += "; always targets the Guardian herself"
    return text


def modifier_rows(top: int = 10) -> list[dict]:
    """What each damage modifier costs in total, as the calculator charges it."""
    return [{"modifier": m, "cost": modifier_cost(m)} for m in range(1, top + 1)]


def aoe_target_rows() -> list[dict]:
    """Cost of every AOE with every number of targets, as the calculator adds them."""
    rows = []
    for area in rules.AOE.values():
        cells = [targets_cost(t.targets, area.size)
                 for t in rules.TARGETS.values() if t.targets >= 1]
        rows.append({"aoe": area, "costs": cells})
    return rows


def examples() -> list[dict]:
    """Every example card with its computed cost and the JSON shown on the page."""
    out = []
    for example in rules.EXAMPLES.values():
        result = cost_of(example.card)
        out.append({"example": example, "result": result,
                    "profession": PROFESSIONS[example.profession].name,
                    "json": json.dumps(example.card, indent=2, ensure_ascii=False)})
    return out


def builder_link(card: dict, label: str) -> str:
    """A link that opens ``card`` in the builder widget on the spellcards page (the page
    places it with no initial inputs, so the link gives every input that differs from the
    builder's defaults). A card that does not fit the builder is a build error."""
    flat, _ = from_card(card)
    if flat is None:
        raise ValueError(f"example card {label!r} does not fit the spellcard builder")
    return h("a", label, href=f"{builder_query(flat)}#{WIDGET}")


def example_links() -> list[dict]:
    """Every example card with its cost and a link that opens it in the builder."""
    return [{**e, "link": builder_link(e["example"].card, e["example"].title)}
            for e in examples()]


def deck_rows(levels: range = range(1, 6)) -> list[dict]:
    """Deck limits by level, plain and with the Librarian's and the Grimoire's extra room."""
    rows = []
    for level in levels:
        plain = deck_limits(level, "carefree-soul", False)
        librarian = deck_limits(level, "librarian", False)
        both = deck_limits(level, "librarian", True)
        grimoire = deck_limits(level, "carefree-soul", True)
        rows.append({"level": level, "plain": plain, "librarian": librarian,
                     "grimoire": grimoire, "both": both})
    return rows


def pretty_json(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


NAMESPACE = "wr.spellcards"
GLOBALS = {
    "rules": rules.RULES,
    "rule": rules.rule,
    "card_types": rules.CARD_TYPES,
    "to_hit": rules.TO_HIT,
    "targets": rules.TARGETS,
    "aoe": rules.AOE,
    "durations": rules.DURATIONS,
    "attack_dice": rules.ATTACK_DICE,
    "affinity": rules.AFFINITY,
    "special_skills": rules.SPECIAL_SKILLS,
    "top_groups": top_groups,
    "subgroups": subgroups,
    "skills_in": skills_in,
    "skill_cost": skill_cost,
    "skill_bomb": skill_bomb,
    "group_rules": group_rules,
    "group_profession": rules.group_profession,
    "modifier_rows": modifier_rows,
    "aoe_target_rows": aoe_target_rows,
    "examples": examples,
    "example_links": example_links,
    "builder_slots": len(SLOTS),
    "deck_rows": deck_rows,
    "example_deck": EXAMPLE_DECK,
    "json": pretty_json,
    "limits": {"modifier": rules.MAX_MODIFIER, "steps": rules.MAX_STEPS,
               "dolls": rules.MAX_DOLLS, "level": rules.MAX_LEVEL, "name": rules.MAX_NAME},
}
