"""Magical Burst 4.1 rule data for page templates (talents, character, adversaries, chases).

Names are prefixed ``mbr_``. Tables and entries are rendered by the macros in
``build_scripts/templates/magical_burst/rules/``; every number comes from the records loaded
by ``calculators.magical_burst.{character,talents,adversaries,reference}``.
"""

from __future__ import annotations

from calculators.magical_burst import adversaries, character, reference, talents
from calculators.magical_burst import battle_data, battle_monsters, dice_rules


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
    return next(s.name for s in character.STATS if s.id == stat_id)


def move(move_id: str) -> dice_rules.Move:
    """A 2d6! move of “Help and hindrance” (``remove-ailments``, ``intercept``), from the dice
    rules the check calculators use."""
    return dice_rules.MOVES[move_id]


def band_label(band: dice_rules.MoveBand) -> str:
    if band.first is None:
        return f"{band.last} or less"
    return f"{band.first}+" if band.last is None else f"{band.first}–{band.last}"


def creation_budget_rows() -> list[dict]:
    """The point budgets and caps of character creation and advancement, one row per pool."""
    v = character.value
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
    return [{"formula": r.formula(), "talents": battle_monsters.talents_allowed(r.id),
             "example": r.formula(3)} for r in battle_monsters.LEVELS]


GLOBALS = {
    "mbr_value": character.value,
    "mbr_battle_rule": battle_data.battle_rule,
    "mbr_monster_budget_rows": monster_budget_rows,
    "mbr_rule_values": character.RULE_VALUES,
    "mbr_stats_of": character.stats_of,
    "mbr_stat_name": stat_name,
    "mbr_bond_events": character.BOND_EVENTS,
    "mbr_powers": character.POWERS,
    "mbr_creation_steps": character.CREATION_STEPS,
    "mbr_creation_budget_rows": creation_budget_rows,
    "mbr_advances": character.ADVANCES,
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
    "mbr_ailments": reference.AILMENTS,
    "mbr_chases": reference.CHASES,
    "mbr_glossary": reference.GLOSSARY,
    "mbr_move": move,
    "mbr_band_label": band_label,
    "mbr_sorcery_actions": dice_rules.ACTIONS,
    "mbr_check_value": dice_rules.value,
    "mbr_cell": cell,
    "mbr_starred": starred,
    "mbr_action_label": action_label,
    "mbr_uses_label": uses_label,
    "mbr_overcharge_label": overcharge_label,
}
