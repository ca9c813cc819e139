"""``pmm-battle``: a post-magic-maid battle tracker over the battle engine
(:mod:`calculators.battle`).

A battle is its combatants and its events; the answer is the state after them (and after
``event``, with the new log), or the field errors of the first illegal one. The engine's
:data:`RULES` gather the fight's pieces: who fights (:mod:`.combatants`), the events a table
sends (:mod:`.events`) and the game master's overrides (:mod:`.overrides`), the state's JSON
and what is legal (:mod:`.view`); the page's example, the form's quick entry and the next
action's hidden inputs are here, the table's HTML is :mod:`.table`.
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
from ...errors import CalculatorError
from ...params import TEXT, Param
from ..character import PMM_CHARACTER
from ..character_view import PAGE as CHARACTER_PAGE
from ..sheet import ATTRIBUTE_IDS
from .actions import CHECK_IDS, MAX_D8S
from .combatants import CHARACTER, COMBATANT_FIELDS, read_combatant, setup
from .events import EVENTS
from .table import NEW_QUICK_KEYS, render_table
from .view import legal, view

#: The quick entry, as the form offers it: a combatant's own fields, prefixed.
NEW_QUICK = quick_entry(COMBATANT_FIELDS, NEW_QUICK_KEYS, "name", "Quick entry: ")

RULES = Rules(system="post-magic-maid", events={e.name: e for e in EVENTS},
              setup=setup, view=view, legal=legal, combatant_fields=COMBATANT_FIELDS)


def _picked(attrs: str, field: str) -> str:
    """The attributes tapped (in the input ``field``): none, one, or a check's pair."""
    if attrs and attrs not in ATTRIBUTE_IDS and attrs not in CHECK_IDS:
        raise CalculatorError.single(field, "Pick one attribute or two, as "
                                     "\"str-dex\" in the rules' order.")
    return attrs


def _act(p: Mapping[str, Any]) -> dict:
    """The next action's choices tapped so far (the hidden ``act_*`` inputs)."""
    return {"attrs": _picked(p["act_attrs"], "act_attrs"), "ability": p["act_ability"],
            "d8s": p["act_d8s"], "helper": p["act_helper"], "against": p["act_against"],
            "helper_attrs": _picked(p["act_helper_attrs"], "act_helper_attrs"),
            "against_attrs": _picked(p["act_against_attrs"], "act_against_attrs")}


def _given(p: Mapping[str, Any]) -> list[tuple[str, dict]]:
    """The combatants the form's "add" inputs describe: a quick entry, a saved character, a
    share link."""
    return form_entries(p, NEW_QUICK_KEYS, CHARACTER) + link_entries(p)


#: A combatant added from her share link, kept as her character file.
_KEEP = resolver(PMM_CHARACTER, CHARACTER_PAGE)


def pmm_battle(**inputs: Any) -> dict:
    """The state after the battle's events (and ``event``, when given), with ``act``: the
    next action's choices tapped so far, and the combatants the form describes, ready to add:
    see :func:`calculators.battle.answer.answered`."""
    return answered(RULES, inputs, _given, read_combatant, _KEEP, act=_act)


#: The page's example: a saved-character-like heroine and a quick foe.
EXAMPLE_COMBATANTS = [
    {"id": "aoi", "side": "heroes", "name": "Aoi", "die_dex": "d12", "die_int": "d8",
     "bonus_dex": 2, "bonus_str": 1},
    {"id": "thug", "side": "foes", "name": "Thug", "die_str": "d12", "die_dex": "d8",
     "bonus_str": 1},
]

PMM_BATTLE = Calculator(
    name="pmm-battle",
    title="Battle tracker",
    summary="A post-magic-maid battle replayed from its log: initiative by cards, Blitz Points "
            "and their draws, several actions at their penalties, assists, contests, both "
            "wound tracks and treating wounds, with the rule and dice of every step.",
    params=(
        NAME,
        *NEW_QUICK,
        NEW_LINK,
        *SAVED_CHARACTER,
        *BATTLE,
        Param("act_attrs", "Next action's attributes", kind=TEXT, default="", maximum=10,
              hidden=True, help="Tapped on the tracker: one attribute id or a pair (str-dex)."),
        Param("act_ability", "Next action's ability", kind=TEXT, default="", maximum=10,
              hidden=True, help="Tapped on the tracker: her ability's slot (ab1…)."),
        Param("act_d8s", "Next action's bonus d8s", default=0, minimum=0, maximum=MAX_D8S,
              hidden=True),
        Param("act_helper", "Next action's helper", kind=TEXT, default="", maximum=40,
              hidden=True),
        Param("act_against", "Next action's opponent", kind=TEXT, default="", maximum=40,
              hidden=True),
        Param("act_helper_attrs", "Helper's attributes", kind=TEXT, default="", maximum=10,
              hidden=True, help="Tapped on the tracker: the pair the helper rolls (the "
                                "action's own when left out)."),
        Param("act_against_attrs", "Opponent's attributes", kind=TEXT, default="", maximum=10,
              hidden=True, help="Tapped on the tracker: the pair the opponent rolls (the "
                                "action's own when left out)."),
        *GM_TOOLS,
    ),
    compute=pmm_battle,
    render=render_table,
    example={"combatants": EXAMPLE_COMBATANTS, "events": [{"type": "start", "seed": 3}]},
    rules=(("Blitz Points and initiative", "post-magic-maid/blitz-and-initiative.md"),
           ("Wounds", "post-magic-maid/wounds.md"),
           ("Battle tracker", "post-magic-maid/battle.md")),
    **tracker_options("post-magic-maid battle", "pmm-character", CHARACTER_PAGE),
)


__all__ = ["EXAMPLE_COMBATANTS", "NEW_QUICK", "PMM_BATTLE", "RULES", "pmm_battle"]
