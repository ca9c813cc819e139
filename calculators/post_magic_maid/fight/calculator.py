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

from typing import Any

from ...battle import Rules
from ...battle.answer import (BATTLE, NAME, SAVED_CHARACTER, adding, form_entries, opened,
                              quick_entry, tracker_options)
from ...battle.panels import GM_TOOLS, tools_of
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


def pmm_battle(combatants: Any, events: Any, event: Any, seat: str = "", name: str = "",
               act_attrs: str = "", act_ability: str = "", act_d8s: int = 0,
               act_helper: str = "", act_against: str = "", act_helper_attrs: str = "",
               act_against_attrs: str = "", tool: str = "", gm_amount: int | None = None,
               gm_rounds: int | None = None, gm_text: str = "", **new: Any) -> dict:
    """The state after the battle's events (and ``event``, when given).

    Returns:
        ``battle``: the battle file (combatants and events, the new event appended),
        ``state``: see :func:`.view.view`; for the page, ``seat`` (whose view),
        ``act``: the next action's choices tapped so far, and ``adding``: the combatants the
        form describes, ready to add; and the game master's tools (``tool`` open, what she
        typed: see :mod:`calculators.battle.panels`).
    """
    battle, state = opened(RULES, combatants, events, event, new)
    act = {"attrs": _picked(act_attrs, "act_attrs"), "ability": act_ability, "d8s": act_d8s,
           "helper": act_helper, "against": act_against,
           "helper_attrs": _picked(act_helper_attrs, "act_helper_attrs"),
           "against_attrs": _picked(act_against_attrs, "act_against_attrs")}
    return {"battle": battle.as_json(), "state": view(state), "seat": seat, "act": act,
            **tools_of({"tool": tool, "gm_amount": gm_amount, "gm_rounds": gm_rounds,
                        "gm_text": gm_text}),
            "adding": adding(combatants, form_entries(new, NEW_QUICK_KEYS, CHARACTER)
                             + link_entries(new), read_combatant,
                             resolver(PMM_CHARACTER, CHARACTER_PAGE)) if new else []}


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
