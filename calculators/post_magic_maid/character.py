"""``pmm-character``: a post-magic-maid character's builder and live sheet, with rolls from it.

Seed ``003_1585970b7e222c64.txt`` (“Character Creation”, “Advancement” and the sections they
point to, “Blitz Points”, “Wounds”). Every control of the builder is one flat parameter, so the
parameters object is the character file (the URL state, the saved character, the CLI's
``--sheet``). :mod:`.sheet` checks the rules and derives the sheet; a check is rolled here with
the odds calculator's own code (:func:`.checks.roll_check`), on the two attributes named by the
``roll`` input, with the bonuses of both attributes and of the ability chosen for it (note
``bonuses-that-add-to-one-check``).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import BOOL, CHOICE, TEXT, Param, When
from ..ui import ROLL_SEED
from .checks import check_distribution, roll_check, tier_distribution
from .character_view import render_character
from .resolution import DIFFICULTIES
from .rules import BONUSES, DIE_TRACK, TIERS, die_by_id, rule
from .sheet import (ABILITY_SLOTS, ATTRIBUTE_IDS, ATTRIBUTE_NAMES, MAX_BLITZ, MAX_LEVEL_UPS,
                    MAX_PASSIVE, START_DICE, WOUND_FIELDS, derive_sheet)

__all__ = ["CHECKS", "PMM_CHARACTER", "pmm_character"]

#: Every check a character can be asked for: two different attributes (note
#: ``two-attributes-may-share-a-die``), in the rules' order: ("int-str", "Int & Str"), …
CHECKS: tuple[tuple[str, str], ...] = tuple(
    (f"{a}-{b}", f"{ATTRIBUTE_NAMES[a]} & {ATTRIBUTE_NAMES[b]}")
    for a, b in combinations(ATTRIBUTE_IDS, 2))

_START_CHOICES = tuple((d, d) for d in START_DICE)
_ATTRIBUTE_CHOICES = (("", "Not chosen yet"), *((a, ATTRIBUTE_NAMES[a]) for a in ATTRIBUTE_IDS))
_KINDS = (("", "—"), ("rolled", "Adds to rolls"), ("passive", "Passive"))
_IN_USE = ("rolled", "passive")
_SINGLE = BONUSES["single-ability-bonus"]
_DOUBLE = BONUSES["double-ability-bonus"]
_SPECIALIZATION = BONUSES["attribute-specialization"]


def _ability_params(n: int) -> tuple[Param, ...]:
    """One ability row: what it is, its bonus at creation and those bought since. Every row's
    kind is always read, so a row left blank between two in use is only an empty slot: the rows
    after it, and what the player entered in them, stay on the sheet and in the answer. A
    row's own details apply while its kind says it is an ability."""
    kind = f"ab{n}_kind"
    in_use = When(kind, _IN_USE)
    return (
        Param(kind, f"Ability {n}", kind=CHOICE, default="", choices=_KINDS,
              help="Anything she rolls for (adds to rolls) or a passive ability."
              if n == 1 else ""),
        Param(f"ab{n}_name", f"Ability {n}: name", kind=TEXT, maximum=40, default="",
              applies=in_use, help="Swordfighting, arguing law, walking on water…"
              if n == 1 else ""),
        Param(f"ab{n}_start", f"Ability {n}: bonus at creation", kind=CHOICE, default="none",
              choices=(("none", "None"),
                       ("single", f"Single-ability bonus (+{_SINGLE.increments[0]})"),
                       ("double", f"Half of a double-ability bonus (+{_DOUBLE.increments[0]})"),
                       ("passive", "Passive ability bonus")),
              applies=in_use,
              help="Single and double bonuses go on abilities that add to rolls, passive ones "
                   "on passive abilities." if n == 1 else ""),
        Param(f"ab{n}_single", f"Ability {n}: single-ability bonuses since", default=0,
              minimum=0, maximum=_SINGLE.max_applications, applies=When(kind, ("rolled",)),
              help="Level-ups spent on it: " + ", ".join(
                  f"+{i}" for i in _SINGLE.increments) + "." if n == 1 else ""),
        Param(f"ab{n}_double", f"Ability {n}: +{_DOUBLE.increments[0]}s from double bonuses "
              "since", default=0, minimum=0, maximum=_DOUBLE.max_applications,
              applies=When(kind, ("rolled",)),
              help="Each double-ability bonus is one level-up for +2 on two abilities."
              if n == 1 else ""),
        Param(f"ab{n}_passive", f"Ability {n}: passive bonuses since", default=0, minimum=0,
              maximum=MAX_PASSIVE, applies=When(kind, ("passive",))),
    )


PARAMS: tuple[Param, ...] = (
    Param("name", "Character name", kind=TEXT, default="", maximum=60),
    Param("level_ups", "Level-ups received", default=0, minimum=0, maximum=MAX_LEVEL_UPS,
          help="Awarded by the GM; each buys one advance below."),
    *(Param(f"die_{a}", f"{ATTRIBUTE_NAMES[a]} die at creation", kind=CHOICE, default=die,
            choices=_START_CHOICES,
            help="The six dice: " + ", ".join(f"{n}× {d}" for d, n in START_DICE.items()) + "."
            if a == ATTRIBUTE_IDS[0] else "")
      for a, die in zip(ATTRIBUTE_IDS, ("d12", "d6", "d8", "d8", "d6", "d20"))),
    Param("plus_1", "First +1 at creation", kind=CHOICE, default="", choices=_ATTRIBUTE_CHOICES),
    Param("plus_2", "Second +1 at creation", kind=CHOICE, default="",
          choices=_ATTRIBUTE_CHOICES, help="On another attribute than the first."),
    Param("plus_3", "Third +1 at creation", kind=CHOICE, default="",
          choices=_ATTRIBUTE_CHOICES, help=f"Not on a d{rule('creation-third-bonus-not-on-sides')} "
                                           "attribute; may repeat one of the two."),
    *(p for n in range(1, ABILITY_SLOTS + 1) for p in _ability_params(n)),
    *(Param(f"spec_{a}", f"{ATTRIBUTE_NAMES[a]} specialization", default=0, minimum=0,
            maximum=_SPECIALIZATION.max_applications,
            help=f"Level-ups spent on +{_SPECIALIZATION.increments[0]} to every roll with it."
            if a == ATTRIBUTE_IDS[0] else "")
      for a in ATTRIBUTE_IDS),
    *(Param(f"adv_{a}", f"{ATTRIBUTE_NAMES[a]} die advances", default=0, minimum=0,
            maximum=len(DIE_TRACK) - 1,
            help="Die advancement points spent on it, one step each: "
                 + " → ".join(d.id for d in DIE_TRACK) + "." if a == ATTRIBUTE_IDS[0] else "")
      for a in ATTRIBUTE_IDS),
    Param("blitz", "Blitz Points", default=rule("starting-blitz-points"), minimum=0,
          maximum=MAX_BLITZ, hidden=True, help="Held now (the sheet's +1 and −1)."),
    *(Param(field, f"{track.capitalize()} {wound.name} wounds", default=0, minimum=0,
            maximum=wound.capacity, hidden=True, help="The sheet's Take and Heal.")
      for track, fields in WOUND_FIELDS.items() for field, wound in fields),
    Param("roll", "Check rolled", kind=CHOICE, default="", choices=(("", "None"), *CHECKS),
          hidden=True, transient=True, help="Set by a Roll button: the two attributes rolled."),
    ROLL_SEED,
    Param("ability", "Ability for the roll", kind=CHOICE, default="",
          choices=(("", "None"), *((f"ab{n}", f"Ability {n}")
                                   for n in range(1, ABILITY_SLOTS + 1))),
          hidden=True, transient=True, help="Set by a Use button: the ability whose bonus the roll adds."),
    Param("banked", "Blitz Point added", kind=BOOL, default=False, hidden=True, transient=True,
          help="Set by the button that adds the roll's Blitz Point."),
)


@cache
def _odds(sides_a: int, sides_b: int, bonus: int) -> tuple[float, float]:
    """P(10 or better) and P(25 tier) of d``sides_a`` + d``sides_b`` + ``bonus`` (a sheet asks
    for the same fifteen on every change)."""
    tiers = tier_distribution(check_distribution(sides_a, sides_b, bonus))
    return float(1 - tiers[0]), float(tiers[-1])


def _check(check_id: str, sheet: dict, ability: dict | None) -> dict:
    """One check of the sheet: its dice, every bonus it adds, and its odds of each tier."""
    first, second = check_id.split("-")
    attrs = {a["id"]: a for a in sheet["attributes"]}
    parts = [{"label": attrs[a]["name"], "bonus": attrs[a]["bonus"]} for a in (first, second)]
    if ability is not None:
        parts.append({"label": ability["name"], "bonus": ability["bonus"]})
    bonus = sum(p["bonus"] for p in parts)
    dice = [attrs[first]["die"], attrs[second]["die"]]
    p_success, p_top = _odds(die_by_id(dice[0]).sides, die_by_id(dice[1]).sides, bonus)
    return {"id": check_id, "label": dict(CHECKS)[check_id], "dice": dice, "parts": parts,
            "bonus": bonus, "p_success": p_success, "p_top": p_top,
            "odds": {"die_a": dice[0], "die_b": dice[1], "bonus": bonus}}


def _roll(check: dict, seed: int, blitz: int, banked: bool) -> dict:
    """The check rolled from ``seed``: both dice, the bonuses, the total, the tier, and the
    Blitz Point it earns (with the button that adds it to her Blitz Points)."""
    first, second = check["dice"]
    rolled = roll_check(seed, first, second, check["bonus"])
    tier = TIERS[rolled["tier"]]
    tier_text = "below 10, no tier" if rolled["tier"] == 0 else f"{tier.label} tier"
    faces = ", ".join(f"{d} → {f}" for d, f in zip(check["dice"], rolled["faces"]))
    bonuses = "".join(f", {'+' if p['bonus'] >= 0 else '−'}{abs(p['bonus'])} {p['label']}"
                      for p in check["parts"] if p["bonus"])
    entry = (f"{check['label']}: {faces}{bonuses} = {rolled['total']} ({tier_text}"
             f"{', Blitz Point' if rolled['blitz_point'] else ''})")
    add = None
    if rolled["blitz_point"] and not banked and blitz < MAX_BLITZ:
        add = {"label": f"Add the Blitz Point: {blitz} → {blitz + 1}",
               "set": {"blitz": blitz + 1, "banked": True}}
    return {"check": check["id"], "label": check["label"], "seed": seed,
            "dice": [{"die": d, "face": f} for d, f in zip(check["dice"], rolled["faces"])],
            "parts": check["parts"], "bonus": check["bonus"], "total": rolled["total"],
            "tier": rolled["tier"], "tier_text": tier_text,
            "difficulty": DIFFICULTIES[rolled["tier"] - 1] if rolled["tier"] else None,
            "blitz_point": rolled["blitz_point"], "banked": rolled["blitz_point"] and banked,
            "add_blitz": add, "entry": entry, "key": f"{check['id']}:{seed}"}


def pmm_character(**inputs: Any) -> dict:
    """The sheet derived from the builder's ``inputs`` (see :func:`.sheet.derive_sheet`), every
    check with its odds, and the check rolled (``roll`` and ``seed``), if any.

    Raises:
        CalculatorError: the rules broken, each on its control; a roll without its seed; an
            ability for the roll that is not one of hers adding to rolls.
    """
    sheet = derive_sheet(inputs)
    ability = None
    if inputs["ability"]:
        ability = next((a for a in sheet["abilities"] if a["slot"] == inputs["ability"]
                        and a["kind"] == "rolled"), None)
        if ability is None:
            row = inputs["ability"].removeprefix("ab")
            raise CalculatorError.single("ability", f"Ability {row} is not one of her "
                                         "abilities that add to rolls; pick another or none.")
    checks = [_check(check_id, sheet, ability) for check_id, _ in CHECKS]
    roll = None
    if inputs["roll"]:
        if inputs["seed"] is None:
            raise CalculatorError.single("seed", "A roll needs its seed; the Roll buttons set "
                                         "both.")
        check = next(c for c in checks if c["id"] == inputs["roll"])
        roll = _roll(check, inputs["seed"], sheet["blitz"], inputs["banked"])
    return {"name": inputs["name"], **sheet, "ability": ability, "checks": checks, "roll": roll}


#: A sensible character for a widget to start from: Aoi, six level-ups in (see the page).
EXAMPLE: dict[str, Any] = {
    "name": "Aoi", "level_ups": 6, "plus_1": "int", "plus_2": "dex", "plus_3": "int",
    "ab1_kind": "rolled", "ab1_name": "Swordfighting", "ab1_start": "single", "ab1_single": 1,
    "ab2_kind": "rolled", "ab2_name": "First aid", "ab2_start": "double",
    "ab3_kind": "rolled", "ab3_name": "Tea ceremony", "ab3_start": "double",
    "spec_dex": 3, "adv_str": 1, "blunt_slight": 1,
}

PMM_CHARACTER = Calculator(
    name="pmm-character",
    title="Character builder",
    summary="A post-magic-maid character: dice, bonuses, level-ups and die advancement checked "
            "against the rules, a sheet with every check's odds, Blitz Points, both wound "
            "tracks, and rolls from the sheet.",
    params=PARAMS,
    compute=pmm_character,
    render=render_character,
    example=EXAMPLE,
    rules=(("Character creation", "post-magic-maid/checks.md#character-creation"),
           ("Bonuses and their caps", "post-magic-maid/checks.md#bonuses"),
           ("Level-ups", "post-magic-maid/advancement.md#level-ups"),
           ("Die advancement", "post-magic-maid/advancement.md#die-advancement"),
           ("Blitz Points", "post-magic-maid/blitz-and-initiative.md#blitz-points"),
           ("Wounds", "post-magic-maid/wounds.md#wound-tracks")),
    saved=True,
    saved_as="post-magic-maid character",
    collection="character",
    document="sheet",
)
