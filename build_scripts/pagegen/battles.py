"""A battle file and its events, documented from their declarations: the combatant entry's
fields and every event type's fields come from the same ``Param`` records the battle engine
coerces with, so an event or field added to the rules is on the page at the next build."""

from __future__ import annotations

from calculators.battle import Rules
from calculators.battle.rules import rules_of
from calculators.registry import get
from calculators.western_roses.fight.numbers import number as wr_number

from .record_files import _cell, params_table


def combatant_table(rules: Rules) -> str:
    """The keys of one combatant entry of a battle played by ``rules``."""
    return params_table(rules.combatant_fields)


def event_list(rules: Rules) -> str:
    """Every event of ``rules``: a heading with its ``type`` (anchor ``event-<type>``), what
    it does, who sends it, and its fields as a table."""
    out = []
    for event in rules.events.values():
        out.append(f"### `{event.name}`: {event.label} {{#event-{event.name}}}\n")
        out.append(f"{event.help} Sent by {_cell(event.by)}.\n")
        out.append(params_table(event.params) if event.params else "No fields besides `type`.")
        out.append("")
    return "\n".join(out)


def battle_combatant_table(name: str) -> str:
    """:func:`combatant_table` of battle calculator ``name``."""
    return combatant_table(rules_of(get(name)))


def battle_event_list(name: str) -> str:
    """:func:`event_list` of battle calculator ``name``."""
    return event_list(rules_of(get(name)))


GLOBALS = {"battle_combatant_table": battle_combatant_table,
           "battle_event_list": battle_event_list,
           "wr.battle.rule": wr_number}
