"""Magical Burst 4.1 rule data for page templates (talents, character, adversaries, chases).

A page reaches them as ``mb.rules.…``. Tables and entries are rendered by the macros in
``build_scripts/templates/magical_burst/rules/``; every number comes from the records loaded
by ``calculators.magical_burst.{rules,talents,adversaries,monsters}``.
"""

from __future__ import annotations

from calculators.magical_burst import adversaries, monsters, rules, talents


def cell(text: object) -> str:
    """Text safe inside a Markdown table cell (pipes escaped, newlines folded)."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def starred(entry) -> str:
    """An entry's name with the source's unexplained asterisk kept as an escaped ``*``."""
    return entry.name + (" \\*" if getattr(entry, "starred", False) else "")


def action_label(action: str | None) -> str:
    return "—" if action is None else f"{action.title()} Action"


def uses_label(uses: int | None, per: str | None) -> str:
    return "—" if uses is None else f"{uses}/{str(per).title()}"


def overcharge_label(cost: str | None) -> str:
    return "—" if cost is None else f"{cost} Overcharge"


def stat_name(stat_id: str) -> str:
    return next(s.name for s in rules.STATS if s.id == stat_id)


def move(move_id: str) -> rules.Move:
    """A 2d6! move of “Help and hindrance” (``remove-ailments``, ``intercept``), from the dice
    rules the check calculators use."""
    return rules.MOVES[move_id]


def creation_budget_rows() -> list[dict]:
    """The point budgets and caps of character creation and advancement, one row per pool."""
    v = rules.character_value
    return [
        {"what": "Bonds", "points": v("bond-points"),
         "range": f"{v('bond-min')}–{v('bond-max')} per bond", "advance": "—"},
        {"what": "Mundane stats", "points": v("mundane-points"),
         "range": f"at most {v('mundane-creation-cap')}", "advance": f"up to {v('mundane-advance-cap')}"},
        {"what": "Magical stats", "points": v("magic-points"),
         "range": f"at most {v('magic-creation-cap')}", "advance": f"up to {v('magic-advance-cap')}"},
        {"what": "Powers", "points": v("starting-powers"), "range": "—", "advance": "—"},
        {"what": "Talents", "points": v("starting-talents"), "range": "—",
         "advance": "bought with experience"},
    ]


def talent_index_rows() -> list[talents.Talent]:
    """Every talent, grouped as the source lists them."""
    order = [("starting", a) for a in talents.AFFINITIES] + [("basic", None), ("common", None)]
    order += [("affinity", a) for a in ("guardian", "medium", "striker")]
    return [t for group, aff in order for t in talents.talents_in(group, aff)]


def talent_list_label(t: talents.Talent) -> str:
    if t.group in ("basic", "common"):
        return t.group.title()
    aff = talents.AFFINITIES[str(t.affinity)]
    return f"{aff} starting" if t.group == "starting" else aff


def monster_budget_rows() -> list[dict]:
    """Each row of the power-level table a full monster is built on: its Resolve formula and
    the talents it takes (reading monster-talents-by-row)."""
    return [{"formula": r.formula(), "talents": monsters.talents_allowed(r.id),
             "example": r.formula(3)} for r in monsters.LEVELS]


NAMESPACE = "mb.rules"
GLOBALS = {
    "value": rules.character_value,
    "battle_rule": rules.battle_value,
    "monster_budget_rows": monster_budget_rows,
    "rule_values": rules.RULE_VALUES,
    "stats_of": rules.stats_of,
    "stat_name": stat_name,
    "bond_events": rules.BOND_EVENTS,
    "powers": rules.POWERS,
    "creation_steps": rules.CREATION_STEPS,
    "creation_budget_rows": creation_budget_rows,
    "advances": rules.ADVANCES,
    "talents_in": talents.talents_in,
    "talent_index_rows": talent_index_rows,
    "talent_list_label": talent_list_label,
    "affinities": talents.AFFINITIES,
    "affinity_roles": talents.AFFINITY_ROLES,
    "talent_count": len(talents.TALENTS),
    "monster_levels": adversaries.MONSTER_LEVELS,
    "boss_abilities": adversaries.BOSS_ABILITIES,
    "monster_talents": [t for t in adversaries.MONSTER_TALENTS if t.who == "monster"],
    "minion_talents": [t for t in adversaries.MONSTER_TALENTS if t.who == "minion"],
    "monster_talent": adversaries.MONSTER_TALENTS_BY_ID.__getitem__,
    "labyrinth_features": adversaries.LABYRINTH_FEATURES,
    "minions": adversaries.MINIONS,
    "mages": adversaries.MAGES,
    "ailments": rules.AILMENTS,
    "chases": rules.CHASES,
    "glossary": rules.GLOSSARY,
    "move": move,
    "cell": cell,
    "starred": starred,
    "action_label": action_label,
    "uses_label": uses_label,
    "overcharge_label": overcharge_label,
}
