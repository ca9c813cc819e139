"""``wr-battle``: a Western Roses battle tracker over the battle engine
(:mod:`calculators.battle`).

A battle is its combatants and its events; the answer is the state after them (and after
``event``, with the new log), or the field errors of the first illegal one. The rules live in
small modules: :mod:`.battle_combatants` (who fights), :mod:`.battle_turns` (turn order and
the start of a turn), :mod:`.battle_actions` (the events a table sends),
:mod:`.battle_attacks` (attacks, dodging, grazing, cards), :mod:`.battle_meter` (spell-meter,
hand and spell power), :mod:`.battle_falling` (wounds, falling, dropped spell power) and
:mod:`.battle_statuses`; the game master's overrides come from :mod:`calculators.battle.overrides`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..battle import Rules
from ..battle.answer import BATTLE, NAME, SAVED_CHARACTER, adding, form_entries, opened
from ..battle.overrides import OverrideHooks, Settable, override_events
from ..calculator import WHOLE_RECORD, Calculator, Linked
from ..params import MAX_JSON_TEXT, TEXT, Param
from .battle_actions import EVENTS
from .battle_combatants import (CHARACTER, COMBATANT_FIELDS, LINK, MAX_HP, MAX_STAT,
                                 read_combatant, setup)
from .battle_falling import LOWEST_HP, set_condition_from_hp
from .battle_meter import POINTS_PER_CARD
from .battle_turns import ACTIONS_PER_TURN, next_turn
from .battle_table import NEW_FOE_KEYS, render_table
from .battle_view import legal, view
from .combat import STATUS_EFFECTS

#: The quick entry of a foe, as the form offers it: a combatant's own fields, prefixed.
NEW_FOE = tuple(dataclasses.replace(f, name="new_" + f.name, applies=None,
                                    label="Quick foe: " + f.label if f.name == "name" else f.label)
                for f in COMBATANT_FIELDS if f.name in NEW_FOE_KEYS)


def _after_set(state, c: dict, field: str, old: int) -> None:
    """HP and max HP move her along the wound track, as a hit or a heal would."""
    if field in ("hp", "max_hp"):
        c["hp"] = min(c["hp"], c["max_hp"])
        set_condition_from_hp(state, c)


def _fixed(low: int, high: int):
    return lambda c: (low, high)


SETTABLE = {
    "hp": Settable("HP", lambda c: (LOWEST_HP, c["max_hp"])),
    "max_hp": Settable("Max HP", _fixed(1, MAX_HP)),
    "spell_power": Settable("Spell power", lambda c: (0, c["cap"])),
    "meter": Settable("Spell-meter", _fixed(0, POINTS_PER_CARD - 1)),
    "actions": Settable("Actions left", _fixed(0, ACTIONS_PER_TURN)),
    **{k: Settable(k.upper(), _fixed(0, MAX_STAT)) for k in ("pwr", "cha", "int", "ins")},
    "will": Settable("Will", _fixed(0, MAX_STAT)),
    "speed": Settable("Speed", _fixed(0, MAX_STAT)),
    "range": Settable("Range", _fixed(0, MAX_STAT)),
    "x": Settable("Column", _fixed(-1000, 1000)),
    "y": Settable("Row", _fixed(-1000, 1000)),
    "out_turns": Settable("Turns unconscious", _fixed(0, 100)),
}

OVERRIDES = override_events(OverrideHooks(
    settable=SETTABLE, statuses={s.id: s.name for s in STATUS_EFFECTS.values()},
    after_set=_after_set, next_turn=next_turn))

RULES = Rules(system="western-roses", events={e.name: e for e in (*EVENTS, *OVERRIDES)},
              setup=setup, view=view, legal=legal, combatant_fields=COMBATANT_FIELDS)


def _given(p: dict) -> list[tuple[str, dict]]:
    """The combatants the form's "add" inputs describe, by the input describing each."""
    given = form_entries(p, NEW_FOE_KEYS, CHARACTER)
    if p["new_link"].strip():
        given.append(("new_link", {"kind": LINK, "link": p["new_link"].strip()}))
    return given


def wr_battle(combatants: Any, events: Any, event: Any, seat: str = "", name: str = "",
              **new: Any) -> dict:
    """The state after the battle's events (and ``event``, when given).

    Returns:
        ``battle``: the battle file (combatants and events, the new event appended),
        ``state``: see :func:`.battle_view.view`; for the page, ``seat`` (whose view) and
        ``adding``: the combatants the form describes, ready to add.
    """
    battle, state = opened(RULES, combatants, events, event)
    return {"battle": battle.as_json(), "state": view(state), "seat": seat,
            "adding": adding(combatants, _given(new), read_combatant) if new else []}


#: The page's example: a hero and a quick foe, facing each other 3 spaces apart.
EXAMPLE_COMBATANTS = [
    {"id": "reimu", "side": "heroes", "name": "Reimu", "pwr": 9, "cha": 12, "int": 15,
     "ins": 9, "hp": 60, "speed": 6, "range": 5, "x": 0, "y": 0},
    {"id": "wolf", "side": "foes", "name": "Wolf youkai", "pwr": 14, "cha": 9, "int": 6,
     "ins": 9, "hp": 40, "speed": 7, "range": 3, "weapon": "natural-weapon", "x": 3, "y": 0},
]

WR_BATTLE = Calculator(
    name="wr-battle",
    title="Battle tracker",
    summary="A Western Roses battle replayed from its log: turn order, spell power, the "
            "spell-meter and hand, attacks, dodges and grazes, wounds and falling, with the "
            "rule and dice of every step.",
    params=(
        NAME,
        *NEW_FOE,
        Param("new_link", "Add a character from her share link", kind=TEXT, default="",
              maximum=MAX_JSON_TEXT, help="Paste the link the character builder's \"Copy a "
                                          "link\" gives."),
        *SAVED_CHARACTER,
        *BATTLE,
    ),
    compute=wr_battle,
    render=render_table,
    example={"combatants": EXAMPLE_COMBATANTS, "events": [{"type": "start", "seed": 1}]},
    rules=(("Combat", "western-roses/combat.md"), ("Battle tracker", "western-roses/battle.md")),
    document="battle",
    saved=True,
    collection="battle",
    saved_as="Western Roses battle",
    answer_first=True,
    linked=Linked(calculator="wr-character", page="western-roses/character.md",
                  param="character_of", fields=(("new_character", WHOLE_RECORD),),
                  label="Character to add"),
)
