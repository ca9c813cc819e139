"""Who fights in a post-magic-maid battle (seed ``003_1585970b7e222c64.txt``, “Basic check
system”, “Blitz Points”, “Wounds”): a saved character read through the character builder
(``pmm-character``: her dice, attribute and ability bonuses, Blitz Points and wounds, checked
against the rules) from her file or her share link, or a quick entry (a name, the six
attributes' dice and bonuses, Blitz Points). Each entry is declared as ``Param`` records, so
the battle page documents the same fields this module reads."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...battle.events import prefixed
from ...battle.setup import IDENTITY_FIELDS, read_combatants
from ...battle.share_link import CHARACTER, ON_QUICK, QUICK, entry_fields, link_inputs
from ...battle.state import State
from ...errors import CalculatorError
from ...params import CHOICE, Param, coerce_all
from ..character import PMM_CHARACTER
from ..character_view import PAGE
from ..rules import DIE_TRACK
from ..sheet import ABILITY_SLOTS, ATTRIBUTE_IDS, ATTRIBUTE_NAMES, MAX_BLITZ
from .conditions import WOUND_KEYS, condition
from .numbers import number

MAX_COMBATANTS = 20
#: The dice a quick entry's attributes start on: the builder's own defaults.
QUICK_DICE = dict(zip(ATTRIBUTE_IDS, ("d12", "d6", "d8", "d8", "d6", "d20")))

#: Said after the builder's refusal of what a share link carries.
FIX_THE_LINK = "Put it right on her sheet in the character builder, then copy her link again."

DIE_CHOICES = tuple((d.id, d.id) for d in DIE_TRACK)

COMBATANT_FIELDS = (
    *IDENTITY_FIELDS,
    *entry_fields("pmm-character", "A quick entry",
                  "Her character file (the character builder's inputs, what Export saves and "
                  "her share link carries), checked by the builder: her dice, bonuses, "
                  "abilities, Blitz Points and wounds come from it."),
    *(Param(f"die_{a}", f"{ATTRIBUTE_NAMES[a]} die", kind=CHOICE, default=QUICK_DICE[a],
            choices=DIE_CHOICES, applies=ON_QUICK) for a in ATTRIBUTE_IDS),
    *(Param(f"bonus_{a}", f"{ATTRIBUTE_NAMES[a]} bonus", default=0, minimum=0,
            maximum=number("max-attribute-bonus"), applies=ON_QUICK,
            help="Added whenever the attribute is rolled." if a == ATTRIBUTE_IDS[0] else "")
      for a in ATTRIBUTE_IDS),
    Param("blitz", "Blitz Points", default=number("starting-blitz-points"), minimum=0,
          maximum=MAX_BLITZ, applies=ON_QUICK,
          help=f"Everyone begins with {number('starting-blitz-points')}."),
)


def _named_without_kind(sheet_in: dict) -> int | None:
    """The first ability row of a character file that names an ability of its own but gives
    it no kind (the builder would read it as an empty row and drop it without a word); the
    builder's example names, which a blank kind leaves unused, are not hers."""
    for n in range(1, ABILITY_SLOTS + 1):
        name, kind = sheet_in.get(f"ab{n}_name"), sheet_in.get(f"ab{n}_kind")
        if isinstance(name, str) and name.strip() and not kind and \
                name.strip() != PMM_CHARACTER.example.get(f"ab{n}_name"):
            return n
    return None


def _from_character(p: dict) -> dict:
    """A saved character through the character builder, from her file or her share link:
    dice and bonuses of the six attributes, her abilities that add to rolls, her Blitz
    Points and wounds."""
    sheet_in = p["character"] if p["kind"] == CHARACTER else link_inputs(p["link"],
                                                                          PMM_CHARACTER, PAGE)
    if not isinstance(sheet_in, dict):
        raise CalculatorError.single("character", "A character file is a JSON object.")
    unkind = _named_without_kind(sheet_in) if p["kind"] == CHARACTER else None
    if unkind:
        raise CalculatorError.single(f"{p['kind']}.ab{unkind}_kind", f"Ability {unkind} is named "
                                     f"“{str(sheet_in[f'ab{unkind}_name']).strip()}” but has no "
                                     "kind: say whether she rolls for it or it is passive, or "
                                     "she fights without it.")
    try:
        sheet = PMM_CHARACTER.run(sheet_in)
    except CalculatorError as exc:
        errors = exc.errors if p["kind"] == CHARACTER else [
            dataclasses.replace(e, message=f"{e.message} {FIX_THE_LINK}") for e in exc.errors]
        raise CalculatorError(prefixed(errors, p["kind"])) from None
    inputs = coerce_all(PMM_CHARACTER.params, sheet_in)
    return {
        "name": sheet["name"] or p["id"],
        "dice": {a["id"]: a["die"] for a in sheet["attributes"]},
        "bonuses": {a["id"]: a["bonus"] for a in sheet["attributes"]},
        "abilities": [{"id": a["slot"], "name": a["name"] or a["slot"], "bonus": a["bonus"]}
                      for a in sheet["abilities"] if a["kind"] == "rolled"],
        "blitz": sheet["blitz"],
        **{k: inputs[k] for k in WOUND_KEYS},
    }


def _from_quick(p: dict) -> dict:
    return {"name": p["name"] or p["id"],
            "dice": {a: p[f"die_{a}"] for a in ATTRIBUTE_IDS},
            "bonuses": {a: p[f"bonus_{a}"] for a in ATTRIBUTE_IDS},
            "abilities": [], "blitz": p["blitz"], **{k: 0 for k in WOUND_KEYS}}


def read_combatant(raw: Any, where: str) -> dict:
    """One combatant's starting numbers, or errors under ``where``."""
    try:
        p = coerce_all(COMBATANT_FIELDS, raw)
        numbers = _from_quick(p) if p["kind"] == QUICK else _from_character(p)
    except CalculatorError as exc:
        raise CalculatorError(prefixed(exc.errors, where)) from None
    c = {"id": p["id"], "side": p["side"], "kind": p["kind"], **numbers}
    c.update(condition=condition(c), card=None, statuses=[], spare_aces=0, d8s=0,
             planned=0, taken=0, burned=False, rolled_round=False)
    return c


def setup(raw: Any) -> State:
    """The state before the first event (errors on ``combatants[i].…``)."""
    return read_combatants(raw, read_combatant, MAX_COMBATANTS)


__all__ = ["CHARACTER", "COMBATANT_FIELDS", "QUICK", "read_combatant", "setup"]
