"""``wr-battle``: a Western Roses battle tracker over the battle engine
(:mod:`calculators.battle`): the calculator, its :data:`RULES`, the page's example and the
form's quick entry of a foe.

A battle is its combatants and its events; the answer is the state after them (and after
``event``, with the new log), or the field errors of the first illegal one. The rules live in
the package's modules named by role (see :mod:`calculators.western_roses.fight`): who fights
(:mod:`.combatants`), every event (:mod:`.events`), what a reader sees (:mod:`.view`) and the
table (:mod:`.table`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...battle import Rules
from ...battle.answer import (BATTLE, NAME, SAVED_CHARACTER, answered, form_entries,
                              quick_entry, tracker_options)
from ...battle.panels import GM_TOOLS
from ...battle.share_link import NEW_LINK, link_entries, resolver
from ...calculator import Calculator
from ..character import PAGE as CHARACTER_PAGE, WR_CHARACTER
from .combatants import CHARACTER, COMBATANT_FIELDS, read_combatant, setup
from .events import EVENTS
from .table import NEW_FOE_KEYS, render_table
from .view import legal, view

#: The quick entry of a foe, as the form offers it: a combatant's own fields, prefixed.
NEW_FOE = quick_entry(COMBATANT_FIELDS, NEW_FOE_KEYS, "name", "Quick foe: ")


RULES = Rules(system="western-roses", events={e.name: e for e in EVENTS},
              setup=setup, view=view, legal=legal, combatant_fields=COMBATANT_FIELDS)


def _given(p: Mapping[str, Any]) -> list[tuple[str, dict]]:
    """The combatants the form's "add" inputs describe: a quick foe, a saved character, a
    share link."""
    return form_entries(p, NEW_FOE_KEYS, CHARACTER) + link_entries(p)


#: A combatant added from her share link, kept as her character file.
_KEEP = resolver(WR_CHARACTER, CHARACTER_PAGE)


def wr_battle(**inputs: Any) -> dict:
    """The state after the battle's events (and ``event``, when given), and the combatants
    the form describes, ready to add: see :func:`calculators.battle.answer.answered`."""
    return answered(RULES, inputs, _given, read_combatant, _KEEP)


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
        NEW_LINK,
        *SAVED_CHARACTER,
        *BATTLE,
        *GM_TOOLS,
    ),
    compute=wr_battle,
    render=render_table,
    example={"combatants": EXAMPLE_COMBATANTS, "events": [{"type": "start", "seed": 1}]},
    rules=(("Combat", "western-roses/combat.md"), ("Battle tracker", "western-roses/battle.md")),
    **tracker_options("Western Roses battle", "wr-character", "western-roses/character.md"),
)
