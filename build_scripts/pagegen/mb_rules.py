"""Magical Burst 4.1 rule data for page templates (talents, character, adversaries, chases).

Names are prefixed ``mbr_``. Tables and entries are rendered by the macros in
``build_scripts/templates/magical_burst/rules/``; every number comes from the records loaded
by ``calculators.magical_burst.{character,talents,adversaries,reference}``.
"""

from __future__ import annotations

from calculators.magical_burst import adversaries, rules, talents


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


def band_label(band: rules.MoveBand) -> str:
    if band.first is None:
        return f"{band.last} or less"
    return f"{band.first}+" if band.last is None else f"{band.first}–{band.last}"


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


GLOBALS = {
    "mbr_value": rules.character_value,
    "mbr_rule_values": rules.RULE_VALUES,
    "mbr_stats_of": rules.stats_of,
    "mbr_stat_name": stat_name,
    "mbr_bond_events": rules.BOND_EVENTS,
    "mbr_powers": rules.POWERS,
    "mbr_creation_steps": rules.CREATION_STEPS,
    "mbr_creation_budget_rows": creation_budget_rows,
    "mbr_advances": rules.ADVANCES,
    "mbr_talents_in": talents.talents_in,
    "mbr_talent_index_rows": talent_index_rows,
    "mbr_talent_list_label": talent_list_label,
    "mbr_affinities": talents.AFFINITIES,
    "mbr_affinity_roles": talents.AFFINITY_ROLES,
    "mbr_talent_count": len(talents.TALENTS),
    "mbr_monster_levels": adversaries.MONSTER_LEVELS,
    "mbr_boss_abilities": adversaries.BOSS_ABILITIES,
    "mbr_monster_talents": [t for t in adversaries.MONSTER_TALENTS if t.who == "monster"],
    "mbr_minion_talents": [t for t in adversaries.MONSTER_TALENTS if t.who == "minion"],
    "mbr_monster_talent": adversaries.MONSTER_TALENTS_BY_ID.__getitem__,
    "mbr_labyrinth_features": adversaries.LABYRINTH_FEATURES,
    "mbr_minions": adversaries.MINIONS,
    "mbr_mages": adversaries.MAGES,
    "mbr_ailments": rules.AILMENTS,
    "mbr_chases": rules.CHASES,
    "mbr_glossary": rules.GLOSSARY,
    "mbr_move": move,
    "mbr_band_label": band_label,
    "mbr_sorcery_actions": rules.ACTIONS,
    "mbr_check_value": rules.check_value,
    "mbr_cell": cell,
    "mbr_starred": starred,
    "mbr_action_label": action_label,
    "mbr_uses_label": uses_label,
    "mbr_overcharge_label": overcharge_label,
}
