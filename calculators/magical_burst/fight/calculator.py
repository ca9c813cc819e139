"""``mb-battle``: a Magical Burst battle tracker over the battle engine
(:mod:`calculators.battle`).

A battle is its combatants and its events; the answer is the state after them (and after
``event``, with the new log), or the field errors of the first illegal one. Its ``RULES`` are
the engine's: the combatants read by :mod:`.combatants`, every event of :mod:`.events` (the
game master's overrides from :mod:`.overrides`), the state's view and legal events of
:mod:`.view`; :mod:`.table` renders it at the table. Besides, the page's example and the
form's quick entry of a combatant (a saved girl or monster, a human, a monster built by the
rules, a minion).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...battle import Rules
from ...battle.answer import (NAME, answered, battle_inputs, form_entries, quick_entry,
                              saved_character, tracker_options)
from ...battle.panels import GM_TOOLS
from ...calculator import WHOLE_RECORD, Calculator, Linked
from ...errors import CalculatorError
from ...params import JSON, TEXT, Param, When
from ..monster_builder import MB_MONSTER
from ..monsters import MONSTER
from .combatants import COMBATANT_FIELDS, GIRL, HUMAN, MINION, read_combatant, setup
from .events import EVENTS
from .table import NEW_KEYS, render_table
from .view import legal, view


RULES = Rules(system="magical-burst", events={e.name: e for e in EVENTS},
              setup=setup, view=view, legal=legal, combatant_fields=COMBATANT_FIELDS)


def _quick(f: Param) -> dict:
    """How the quick entry changes a combatant's field besides its name: optional, shown for
    the kinds it applies to (all three quick kinds: always), and its kind one of those three,
    a human by default (a girl is added from her saved character)."""
    when = (When("new_kind", f.applies.values) if f.applies is not None
            and set(f.applies.values) != {HUMAN, MONSTER, MINION} else None)
    kind = {"default": HUMAN, "choices": f.choices[1:]} if f.name == "kind" else {}
    return {"applies": when, "required": False, **kind}


#: The quick entry of a human, a monster or a minion, as the form offers it.
NEW_COMBATANT = quick_entry(COMBATANT_FIELDS, NEW_KEYS, "kind", "New combatant: ", _quick)


def _given(p: Mapping[str, Any]) -> list[tuple[str, dict]]:
    """The combatants the form describes: a quick entry named, a saved girl or monster picked;
    the form's hex, when given, is where a saved one stands too."""
    given = form_entries(p, NEW_KEYS, GIRL)
    if p["new_monster"] is not None:
        given.append(("new_monster", _saved_monster(p["new_monster"])))
    hexed = {k: p["new_" + k] for k in ("q", "r") if p["new_" + k] is not None}
    return [(field, {**entry, **hexed}) for field, entry in given]


def _saved_monster(record: Any) -> dict:
    """A saved monster (the monster builder's inputs, as text, as its collection keeps them)
    as its battle entry, its numbers as the builder reads them.

    Raises:
        CalculatorError: on ``new_monster``, what the builder refuses in it.
    """
    try:
        return MB_MONSTER.run(record)["entry"]
    except CalculatorError as exc:
        raise CalculatorError.single("new_monster", f"The saved monster is refused: {exc}") \
            from None


def mb_battle(**inputs: Any) -> dict:
    """The state after the battle's events (and ``event``, when given), and the combatants
    the form describes, ready to add: see :func:`calculators.battle.answer.answered`."""
    return answered(RULES, inputs, _given, read_combatant)


#: The page's example: two girls against a spread-2 monster and a minion.
EXAMPLE_GIRL = {
    "name": "Akane Hoshino", "bond_1_name": "Her little brother Ren", "bond_1": 4,
    "bond_2_name": "The poetry club", "bond_2": 3, "bond_3_name": "Grandmother's bakery",
    "bond_3": 3, "bond_4_name": "Rival, Mei", "bond_4": 2, "power_1": "lost-flight",
    "power_2": "red-thread", "communication": 3, "tenacity": 3, "insight": 2, "heart": 3,
    "fury": 4, "judgment": 2, "attack_stat": "fury", "defence_stat": "heart",
    "support_stat": "judgment", "affinity": "striker", "talent_1": "bypass",
    "talent_2": "blast-strike", "talent_3": "follow-up",
}
EXAMPLE_COMBATANTS = [
    {"id": "akane", "side": "girls", "kind": "girl", "character": EXAMPLE_GIRL},
    {"id": "mother", "side": "monsters", "kind": "monster", "name": "Clockwork Mother",
     "spread": 2, "level": "row-14", "attack": 4, "defence": 3, "support": 3,
     "boss_abilities": ["lost-armour", "action-burst"], "talents": ["binding-attack",
                                                                    "memory-blaze"]},
    {"id": "imp", "side": "monsters", "kind": "minion", "template": "maintenance-imps"},
]

MB_BATTLE = Calculator(
    name="mb-battle",
    title="Battle tracker",
    summary="A Magical Burst battle replayed from its log: initiative, actions, attacks and "
            "damage, Resolve and wounds, ailments, overcharge stages and bursts, monsters built "
            "by the rules, with the rule and dice of every step.",
    params=(
        NAME,
        *NEW_COMBATANT,
        *saved_character("girl"),
        Param("new_monster", "Saved monster to add", kind=JSON, hidden=True,
              help="Filled when one of the saved monsters (the monster builder's) is picked."),
        Param("monster_of", "Saved monster", kind=TEXT, default="", maximum=80, hidden=True,
              help="The id of the saved monster picked to add."),
        *battle_inputs("girls from their character files, humans, monsters and minions (see "
                       "the battle file); none in a new battle", "a girl's"),
        *GM_TOOLS,
    ),
    compute=mb_battle,
    render=render_table,
    example={"combatants": EXAMPLE_COMBATANTS, "events": [{"type": "start", "seed": 1}]},
    rules=(("Combat", "magical-burst/combat.md"), ("Monsters", "magical-burst/monsters.md")),
    **tracker_options("Magical Burst battle", "mb-character", "magical-burst/character.md",
                      "Girl to add", also=(Linked(
                          calculator="mb-monster", page="magical-burst/monsters.md#monster-builder",
                          param="monster_of", fields=(("new_monster", WHOLE_RECORD),),
                          label="Monster to add"),)),
)


__all__ = ["EXAMPLE_COMBATANTS", "EXAMPLE_GIRL", "MB_BATTLE", "NEW_COMBATANT", "RULES", "mb_battle"]
