"""``wr-damage``: the damage a Western Roses attack deals on a hit (seed 000, "Damage Rolls",
"Natural Weapons", "Weapons", "Throwing Weapons", "Improvised Weapons", "Armor", "Clothing",
"Spell Power", "Shot-types", "Races", "Abilities", "Professions").

Physical damage rolls the weapon's dice plus one point per two points of power (rounded down);
danmaku damage rolls one die per three points of intelligence. Bonuses then add (Fourth
Strike's Training, Brute Force, a magician's Magic Spirit, the +1 per 100 spell power
collected, improvised weapons' −4), a plastered Drunken Master doubles her physical damage,
and the defender's armour, clothing and Resilience take their share off. Damage is never
negative, and the reductions that promise "at least 1" never take a hit below 1 (nor raise
one that was already below it). Every reading is in ``data/interpretations_rules.json``.
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..dice import Distribution
from ..errors import CalculatorError
from ..params import BOOL, CHOICE, Param
from ..ruledata import cite_rules
from .checks import check_distribution
from .combat import DRINKING, rule
from .damage_view import render_damage
from .gear import ARMOUR, CLOTHING, WEAPON_CATEGORIES, WEAPONS
from .rules import ABILITIES, PROFESSIONS, RACES, SHOT_TYPES

PHYSICAL, DANMAKU = "physical", "danmaku"
MAX_STAT = 99
NONE = "none"

DRUNKEN_MASTER, COMBAT_MAID = "drunken-master", "combat-maid"
TRAINING_SHOT_TYPE, RESILIENCE_SHOT_TYPE = "fourth-strike", "charge-of-virtue"


def _term(label: str, value: int, source: str, dice: bool = False) -> dict:
    return {"label": label, "value": value, "dice": dice, "source": source}


def damage_terms(attack: str, power: int, intelligence: int, weapon: str, shot_type: str,
                 race: str, profession: str, drunkenness: str, brute_force: bool,
                 option_bonus: int, modifier: int) -> tuple[list[dict], int]:
    """What goes into the damage roll: terms (dice or flat), and the final multiplier."""
    terms: list[dict] = []
    multiplier = 1
    race_rec = RACES[race]
    if attack == PHYSICAL:
        w = WEAPONS[weapon]
        category = WEAPON_CATEGORIES[w.category]
        terms.append(_term(f"{w.name}", w.damage_dice, w.source.cite(), dice=True))
        per = rule("power-points-per-damage")
        terms.append(_term(f"Power {power} ÷ {per}, rounded down", power // per,
                           cite_rules("western-roses", "Damage Rolls")))
        if category.damage_modifier and not race_rec.modifier("ignore-improvised-weapon-penalty"):
            terms.append(_term("Improvised weapon", category.damage_modifier,
                               category.source.cite()))
        if profession == COMBAT_MAID and w.category == "throwing":
            terms.append(_term("Combat-Maid, thrown weapon", rule("combat-maid-thrown-dice"),
                               PROFESSIONS[COMBAT_MAID].source.cite(), dice=True))
        if profession == DRUNKEN_MASTER:
            level = DRINKING[drunkenness].level
            if w.id == "bare-fists" and level:
                extra = min(level, rule("drunken-master-max-fist-dice"))
                terms.append(_term(f"Drunken Master's fists, {DRINKING[drunkenness].name}",
                                   extra, PROFESSIONS[DRUNKEN_MASTER].source.cite(), dice=True))
            if drunkenness == "plastered":
                multiplier = rule("drunken-master-plastered-multiplier")
        if shot_type == TRAINING_SHOT_TYPE:
            terms.append(_term("Fourth Strike: Training", rule("training-physical-damage"),
                               SHOT_TYPES[TRAINING_SHOT_TYPE].source.cite()))
        if brute_force:
            ability = ABILITIES["brute-force"]
            terms.append(_term(ability.name, ability.modifier("physical-damage"),
                               ability.source.cite()))
    else:
        per = rule("intelligence-points-per-damage-die")
        terms.append(_term(f"Intelligence {intelligence} ÷ {per}, rounded down",
                           intelligence // per, cite_rules("western-roses", "Damage Rolls"),
                           dice=True))
        magic = race_rec.modifier("magic-damage")
        if magic:
            terms.append(_term(f"{race_rec.name}: Magic Spirit", magic, race_rec.source.cite()))
    if option_bonus:
        terms.append(_term("Spell power collected (+1 per 100)", option_bonus,
                           cite_rules("western-roses", "Spell Power")))
    if modifier:
        terms.append(_term("Other modifiers", modifier, "the table"))
    return terms, multiplier


def reductions(armour: str, clothing: str, resilience: bool) -> tuple[list[dict], int, int]:
    """The defender's damage reductions, their total, and the least damage a hit still deals
    when one of them says "at least 1" (0 when none does)."""
    terms: list[dict] = []
    floor = 0
    if armour != NONE:
        a = ARMOUR[armour]
        terms.append(_term(a.name, a.damage_reduction, a.source.cite()))
        floor = max(floor, a.minimum_damage)
    c = CLOTHING[clothing]
    if c.damage_reduction:
        terms.append(_term(c.name, c.damage_reduction, c.source.cite()))
    if resilience:
        shot = SHOT_TYPES[RESILIENCE_SHOT_TYPE]
        reduction = shot.damage_reduction
        assert reduction is not None
        terms.append(_term(f"{shot.name}: {shot.ability.name}", reduction.amount,
                           shot.source.cite()))
        floor = max(floor, reduction.minimum)
    return terms, sum(t["value"] for t in terms), floor


def damage_taken(raw: int, reduction: int, floor: int) -> int:
    """Damage after reductions: never below 0, and never pushed below ``floor`` by them."""
    raw = max(raw, 0)
    return max(raw - reduction, min(raw, floor))


def wr_damage(attack: str, power: int, intelligence: int, weapon: str, shot_type: str,
              race: str, profession: str, drunkenness: str, brute_force: bool,
              option_bonus: int, modifier: int, armour: str, clothing: str,
              resilience: bool) -> dict:
    """Exact distribution of the damage one hit deals; see the module docstring.

    Returns:
        ``terms`` (each dice or flat term with its source), ``reduction_terms``, the roll's
        ``dice`` and flat ``bonus``, ``multiplier``, ``mean``/``min``/``max`` of the damage
        taken, the exact mean, and ``distribution``: each amount with P(exactly) and
        P(at least).
    """
    if attack == DANMAKU and weapon != "bare-fists":
        raise CalculatorError.single("weapon", "Danmaku attacks use no weapon; choose a "
                                     "physical attack or leave the weapon at Bare Fists.")
    if profession != DRUNKEN_MASTER and drunkenness != "sober":
        raise CalculatorError.single("drunkenness", "Drunkenness changes damage only for a "
                                     "Drunken Master; choose that profession or Sober.")
    terms, multiplier = damage_terms(attack, power, intelligence, weapon, shot_type, race,
                                     profession, drunkenness, brute_force, option_bonus, modifier)
    red_terms, reduction, floor = reductions(armour, clothing, resilience)
    dice = sum(t["value"] for t in terms if t["dice"])
    bonus = sum(t["value"] for t in terms if not t["dice"])
    roll = check_distribution(dice, bonus) if dice else Distribution.constant(bonus)
    law = roll.map(lambda total: damage_taken(max(total, 0) * multiplier, reduction, floor))
    rows, at_least = [], Fraction(1)
    for amount, p in law.items():
        rows.append({"damage": amount, "p": float(p), "p_at_least": float(at_least)})
        at_least -= p
    return {
        "attack": attack,
        "terms": terms,
        "reduction_terms": red_terms,
        "dice": dice,
        "bonus": bonus,
        "multiplier": multiplier,
        "reduction": reduction,
        "minimum_on_hit": floor,
        "mean": float(law.mean()),
        "min": law.min,
        "max": law.max,
        "exact": {"mean": str(law.mean())},
        "distribution": rows,
    }


def _choices(records) -> tuple[tuple[str, str], ...]:
    return tuple((r.id, r.name) for r in records)


WR_DAMAGE = Calculator(
    name="wr-damage",
    title="Damage roll",
    summary="Distribution of the damage a Western Roses physical or danmaku hit deals.",
    params=(
        Param("attack", "Attack", kind=CHOICE, default=PHYSICAL,
              choices=((PHYSICAL, "Physical"), (DANMAKU, "Danmaku"))),
        Param("power", "Attacker's power", default=12, minimum=0, maximum=MAX_STAT,
              help="Physical damage: +1 per 2 points."),
        Param("intelligence", "Attacker's intelligence", default=12, minimum=0,
              maximum=MAX_STAT, help="Danmaku damage: 1d per 3 points."),
        Param("weapon", "Weapon", kind=CHOICE, default="bare-fists",
              choices=_choices(WEAPONS.values()), help="Physical attacks only."),
        Param("shot_type", "Attacker's shot-type", kind=CHOICE, default=NONE,
              choices=((NONE, "Any other"), (TRAINING_SHOT_TYPE,
                                             SHOT_TYPES[TRAINING_SHOT_TYPE].name)),
              help="Fourth Strike: +4 physical damage."),
        Param("race", "Attacker's race", kind=CHOICE, default="youkai",
              choices=_choices(RACES.values()),
              help="Ponies and fairies ignore the improvised-weapon penalty; magicians +2 danmaku."),
        Param("profession", "Attacker's profession", kind=CHOICE, default=NONE,
              choices=((NONE, "Any other"), (COMBAT_MAID, PROFESSIONS[COMBAT_MAID].name),
                       (DRUNKEN_MASTER, PROFESSIONS[DRUNKEN_MASTER].name))),
        Param("drunkenness", "Drunken Master's drunkenness", kind=CHOICE, default="sober",
              choices=_choices(DRINKING.values())),
        Param("brute_force", "Brute Force", kind=BOOL, default=False, help="+5 physical damage."),
        Param("option_bonus", "Spell power bonus", default=0, minimum=0,
              maximum=rule("max-option-bonus"), help="+1 per 100 spell power collected."),
        Param("modifier", "Other modifier", default=0, minimum=-100, maximum=100),
        Param("armour", "Defender's armour", kind=CHOICE, default=NONE,
              choices=((NONE, "None"), *_choices(ARMOUR.values()))),
        Param("clothing", "Defender's clothing", kind=CHOICE, default="basic-clothing",
              choices=_choices(CLOTHING.values())),
        Param("resilience", "Defender is a Charge of Virtue", kind=BOOL, default=False,
              help="Resilience: 5 less damage, at least 1."),
    ),
    compute=wr_damage,
    render=render_damage,
    rules=(("Damage rolls", "western-roses/combat.md#damage-rolls"),
           ("Weapons", "western-roses/items.md#weapons"),
           ("Armour", "western-roses/items.md#armour")),
)
