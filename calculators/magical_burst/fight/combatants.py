"""Who fights in a Magical Burst battle (seed 002, "Life and death", "Monsters", "Minions"): a
magical girl from her saved character (read through the character sheet, ``mb-character``: her
magical and mundane stats, Resolve, wounds, talents, bonds, ailments and overcharge counters,
which the battle hands back when it ends), a human (Tenacity and the three wound levels), a
monster built by the rules or a minion (:mod:`calculators.magical_burst.monsters`). Each
combatant entry is declared as ``Param`` records, so the battle page documents the fields this
module reads."""

from __future__ import annotations

from typing import Any

from ...battle.setup import read_combatants
from ...battle.events import prefixed
from ...battle.state import State
from ...errors import CalculatorError, FieldError
from ...params import CHOICE, JSON, TEXT, Param, When, coerce_all
from ..character import COUNTER_KEYS, MB_CHARACTER, PARAMS
from ..monsters import (MAX_STAT, MINION_DEFENCE, MINIONS_BY_ID, MONSTER, MONSTER_FIELDS,
                       build_minion, build_monster, check_minion, check_monster, stat_field)
from ..overcharge import STATS
from .conditions import DEAD, DOWN, FIGHTING
from .hexes import GRID
from .overcharge import COUNTERS

GIRL, HUMAN, MINION = "girl", "human", "minion"
MAX_COMBATANTS = 20

ON_GIRL = When("kind", (GIRL,))
ON_HUMAN = When("kind", (HUMAN,))
ON_MINION = When("kind", (MINION,))
ON_NAMED = When("kind", (HUMAN, MONSTER, MINION))


COMBATANT_FIELDS = (
    Param("id", "Id", kind=TEXT, required=True, maximum=40,
          help="Short and unique in the battle: events name her by it."),
    Param("side", "Side", kind=TEXT, required=True, maximum=40,
          help="Her side (\"girls\", \"monsters\"…); several combatants share one."),
    Param("kind", "Entry", kind=CHOICE, default=GIRL,
          choices=((GIRL, "A magical girl from her saved character"), (HUMAN, "A human"),
                   (MONSTER, "A monster built by the rules"), (MINION, "A minion"))),
    Param("character", "Character file", kind=JSON, applies=ON_GIRL, required=True,
          help="Her character file (the character sheet's inputs, what Export saves), checked "
               "by the character sheet."),
    Param("name", "Name", kind=TEXT, maximum=60, default="", applies=ON_NAMED,
          help="Shown in the log; the id when left out."),
    stat_field("tenacity", "Tenacity", ON_HUMAN),
    *MONSTER_FIELDS,
    Param("template", "Example minion", kind=CHOICE, default="", applies=ON_MINION,
          choices=(("", "None: the numbers below"),
                   *((m.id, m.name) for m in MINIONS_BY_ID.values()))),
    Param("hp", "Hit points", default=4, minimum=1, maximum=MAX_STAT, applies=ON_MINION),
    Param("passive_defence", "Passive defence", default=MINION_DEFENCE[0],
          minimum=MINION_DEFENCE[0], maximum=MINION_DEFENCE[1], applies=ON_MINION,
          help="Above 7 it is a full monster."),
    Param("attack_support", "Attack & Support", default=2, minimum=0, maximum=MAX_STAT,
          applies=ON_MINION),
    Param("minion_talents", "Talents", kind=JSON, applies=ON_MINION,
          help="One or two [{\"talent\": id, \"uses\": n}]: active monster talents or minion "
               "talents."),
    Param("q", "Hex column (q)", minimum=-GRID, maximum=GRID,
          help="Her hex on the grid, in axial coordinates with r; leave both out to fight "
               "off the grid (theatre of the mind), where nothing depends on where she stands."),
    Param("r", "Hex row (r)", minimum=-GRID, maximum=GRID,
          help="Her hex's row: the hexes next to (q, r) are (q±1, r), (q, r±1), (q+1, r−1) "
               "and (q−1, r+1)."),
)


def her(c: dict) -> str:
    """The possessive for ``c``: a girl or a human is "her", a monster or a minion "its"."""
    return "her" if c["kind"] in (GIRL, HUMAN) else "its"


def herself(c: dict) -> str:
    """"herself" for a girl or a human, "itself" for a monster or a minion."""
    return "herself" if c["kind"] in (GIRL, HUMAN) else "itself"


def _common(p: dict, kind: str, name: str) -> dict:
    """Every combatant's keys at their start, whatever her kind (the view reads them all)."""
    return {"id": p["id"], "side": p["side"], "kind": kind, "name": name or p["id"],
            "statuses": [], "condition": FIGHTING, "major": 0, "minor": 0, "single": False,
            "damage": 0, "wound_dice": 0, **{k: 0 for k in COUNTERS.values()}, "pool": None,
            "rising": None,
            "frenzy": False, "talents": [], "boss_abilities": [], "uses": {},
            "bursts_left": 0, "minions_made": 0, "rebirths": 0, "boosts_used": 0, "belkan": 0, "blazing": False, "hp": None, "max_hp": None,
            "initiative": [], "q": p["q"], "r": p["r"]}


def _girl(p: dict) -> dict:
    if not isinstance(p["character"], dict):
        raise CalculatorError.single("character", "A character file is a JSON object.")
    try:
        sheet = MB_CHARACTER.run(p["character"])
    except CalculatorError as exc:
        raise CalculatorError(prefixed(exc.errors, "character")) from None
    inputs = coerce_all(PARAMS, p["character"])
    roles = {r["role"]: r for r in sheet["roles"]}
    stats = {s["id"]: s["now"] for s in sheet["stats"]}
    resolve = sheet["resolve"]
    c = _common(p, GIRL, sheet["name"])
    c.update(
        magical=True, roles={role: r["stat"] for role, r in roles.items()},
        attack=roles["attack"]["value"], defence=roles["defence"]["value"],
        support=roles["support"]["value"], tenacity=stats["tenacity"],
        base_resolve=resolve["base"], max_resolve=resolve["maximum"], resolve=resolve["now"],
        damage=resolve["damage"], wound_dice=resolve["wound_dice"] or 0,
        **{COUNTERS[s]: inputs[COUNTER_KEYS[s]] for s in STATS},
        talents=[t["id"] for t in sheet["talents"]],
        bonds=[{"slot": b["slot"], "name": b["name"], "now": b["now"]}
               for b in sheet["bonds"]["rows"]],
        statuses=[{"id": a["id"]} for a in sheet["ailments"]],
    )
    if resolve["dead"]:
        c["condition"] = DEAD
    elif c["resolve"] == 0:
        c["condition"] = DOWN
    return c


def _human(p: dict) -> dict:
    c = _common(p, HUMAN, p["name"])
    c.update(magical=False, tenacity=p["tenacity"], attack=None, defence=None, support=None,
             resolve=None, max_resolve=None, base_resolve=None)
    return c


def _monster(p: dict) -> dict:
    errors = check_monster(p)
    if errors:
        raise CalculatorError(errors)
    built = build_monster(p)
    c = _common(p, MONSTER, p["name"])
    c.update(magical=True, tenacity=None, base_resolve=built["max_resolve"],
             resolve=built["max_resolve"], **built)
    return c


def _minion(p: dict) -> dict:
    talents, errors = check_minion({**p, "talents": p["minion_talents"]})
    if errors:
        raise CalculatorError([FieldError("minion_talents", e.message) for e in errors])
    c = _common(p, MINION, p["name"] or (MINIONS_BY_ID[p["template"]].name
                                          if p["template"] else ""))
    c.update(magical=True, tenacity=None, defence=None, resolve=None, max_resolve=None,
             base_resolve=None, talents=[t["talent"] for t in talents],
             **build_minion(p, talents))
    return c


READERS = {GIRL: _girl, HUMAN: _human, MONSTER: _monster, MINION: _minion}


def read_combatant(raw: Any, where: str) -> dict:
    """One combatant's starting numbers, or errors under ``where``."""
    try:
        p = coerce_all(COMBATANT_FIELDS, raw)
        if (p["q"] is None) != (p["r"] is None):
            raise CalculatorError.single("q" if p["q"] is None else "r",
                                         "A hex needs both q and r (or neither, off the grid).")
        return READERS[p["kind"]](p)
    except CalculatorError as exc:
        raise CalculatorError(prefixed(exc.errors, where)) from None


def setup(raw: Any) -> State:
    """The state before the first event: every combatant read, ids unique, one to a hex.

    Raises:
        CalculatorError: fields ``combatants[i].…``.
    """
    state = read_combatants(raw, read_combatant, MAX_COMBATANTS)
    holder: dict[tuple[int, int], str] = {}
    for index, c in enumerate(state.combatants):
        at = (c["q"], c["r"])
        if c["q"] is not None and at in holder:
            raise CalculatorError.single(f"combatants[{index}].q", f"({at[0]}, {at[1]}) is "
                                         f"{holder[at]}'s hex: one person a hex.")
        holder.setdefault(at, c["name"])
    return state
