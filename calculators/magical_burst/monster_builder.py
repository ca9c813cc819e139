"""``mb-monster``: a Magical Burst monster built by the rules and kept to reuse (seed 002,
"Monsters", "Boss abilities", "Talents").

The game master picks a power level and a spread; the builder gives its Resolve, how many
talents and boss abilities it may take, refuses a pick the rules do not allow (on the input
that breaks them), and gives the monster's entry for a battle file (``mb-battle``). Monsters are
a saved collection, like characters: named, kept on the device, exported, shared. The rules
are :mod:`.monsters`, the same code the battle reads a monster entry with."""

from __future__ import annotations

import dataclasses
import json

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import TEXT, Param
from ..ui.markup import Html, h
from ..ui.tables import data_table, details
from .adversaries import MONSTER_TALENTS_BY_ID
from .monsters import BOSS_BY_ID, MONSTER, MONSTER_FIELDS, build_monster, check_monster

#: A monster entry's own fields (those that apply to a monster), as the builder's inputs.
FIELDS = tuple(dataclasses.replace(f, applies=None) for f in MONSTER_FIELDS)


def mb_monster(name: str, **fields) -> dict:
    """The monster's numbers and budgets, its abilities by name, and its battle entry.

    Raises:
        CalculatorError: every pick the rules refuse, on its input.
    """
    errors = check_monster(fields)
    if errors:
        raise CalculatorError(errors)
    built = build_monster(fields)
    entry = {"kind": MONSTER, "name": name,
             **{k: v for k, v in fields.items() if v is not None}}
    abilities = ([{"kind": "Boss ability", "name": BOSS_BY_ID[a].name,
                   "summary": BOSS_BY_ID[a].summary} for a in built["boss_abilities"]]
                 + [{"kind": "Talent", "name": MONSTER_TALENTS_BY_ID[t].name,
                     "summary": MONSTER_TALENTS_BY_ID[t].summary} for t in built["talents"]])
    return {"name": name, "resolve": built["max_resolve"], "rule_resolve": built["rule_resolve"],
            "pool": built["pool"], "budget": built["budget"],
            "talents_taken": len(built["talents"]), "abilities": abilities, "entry": entry}


def render_monster(result: dict) -> Html:
    """Resolve, pool and budgets as figures, then what each ability does."""
    b = result["budget"]
    figures = h("dl", *(h("div", h("dt", label), h("dd", str(value)), class_="battle-figure")
                        for label, value in (
                            ("Resolve", result["resolve"]), ("Overcharge pool", result["pool"]),
                            ("Talents", f"{result['talents_taken']} of {b['talents']}"),
                            ("Boss-ability selections",
                             f"{b['boss_picks_used']} of {b['boss_picks']}"))),
                class_="battle-numbers")
    rows = [[a["kind"], a["name"], a["summary"]] for a in result["abilities"]]
    return h("div", figures,
             data_table("Its abilities", ["", "Name", "What it does"], rows) if rows
             else h("p", "No talents or boss abilities yet."),
             details("Its entry for a battle file",
                     h("p", "The battle tracker adds a saved monster by a tap; in a battle "
                            "file, it goes into Combatants with an id and a side."),
                     h("pre", h("code", json.dumps(result["entry"], ensure_ascii=False)))),
             class_="mb-monster")


MB_MONSTER = Calculator(
    name="mb-monster",
    title="Monster builder",
    summary="A Magical Burst monster built by the rules: Resolve from its power level and "
            "spread, the talents and boss abilities it may take, its overcharge pool.",
    params=(Param("name", "Monster name", kind=TEXT, default="", maximum=60,
                  help="Saved monsters are listed under it."), *FIELDS),
    compute=mb_monster,
    render=render_monster,
    example={"name": "Clockwork Mother", "spread": 3, "level": "row-16", "attack": 5,
             "defence": 4, "support": 3,
             "boss_abilities": ["lost-armour", "lost-shake-off", "blood-rain"],
             "talents": ["binding-attack", "memory-blaze", "fear-aura"]},
    rules=(("Monsters", "magical-burst/monsters.md#monsters"),
           ("Battle tracker", "magical-burst/battle-tracker.md")),
    saved=True,
    collection="monster",
    saved_as="Magical Burst monster",
)
