"""A battle file and its events, documented from their declarations: the combatant entry's
fields and every event type's fields come from the same ``Param`` records the battle engine
coerces with, so an event or field added to the rules is on the page at the next build."""

from __future__ import annotations

import importlib

from calculators.battle import Rules
from calculators.registry import LOCATIONS
from calculators.western_roses.fight.numbers import number as wr_number

from .record_files import _cell, params_table


def _rules(name: str) -> Rules:
    """The battle rules beside battle calculator ``name`` (its module's ``RULES``)."""
    module = LOCATIONS[name].partition(":")[0]
    rules = getattr(importlib.import_module(f"calculators.{module}"), "RULES", None)
    if not isinstance(rules, Rules):
        raise RuntimeError(f"{name} is not a battle calculator (its module has no RULES)")
    return rules


def battle_combatant_table(name: str) -> str:
    """The keys of one combatant entry of battle calculator ``name``'s file."""
    return params_table(_rules(name).combatant_fields)


def battle_event_list(name: str) -> str:
    """Every event of battle calculator ``name``: a heading with its ``type`` (anchor
    ``event-<type>``), what it does, who sends it, and its fields as a table."""
    out = []
    for event in _rules(name).events.values():
        out.append(f"### `{event.name}`: {event.label} {{#event-{event.name}}}\n")
        out.append(f"{event.help} Sent by {_cell(event.by)}.\n")
        out.append(params_table(event.params) if event.params else "No fields besides `type`.")
        out.append("")
    return "\n".join(out)


GLOBALS = {"battle_combatant_table": battle_combatant_table,
           "battle_event_list": battle_event_list,
           "wr.battle.rule": wr_number}
