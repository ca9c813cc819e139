"""``wr-attack``: whether a Western Roses attack lands (seed 000, "Attacking and Dodging",
"Grazing", "Spell-meter", "Status Effects", "Armor", "Races", "Abilities", "Shot-types",
"Professions").

- **Physical**: a versus check, the attacker's power against the defender's charisma, with no
  target number; the higher total hits or dodges, and a tie is rolled again (see
  :mod:`.versus`).
- **Danmaku**: the defender rolls insight against a difficulty of 12 to dodge; after a dodge
  she may graze with a second insight roll against the same difficulty: success gains spell
  power, failure takes half damage, a critical failure takes it all.
- **Spellcard**: as danmaku, but the difficulty is the attacker's intelligence or power,
  whichever is higher.

Criticals follow :func:`.checks.classify`. A Drunken Master's extra rolls to dodge count as
one dodge if any of them succeeds.
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import BOOL, CHOICE, Param, When
from ..ruledata import cite_rules
from .checks import (CRITICAL_FAILURE, CRITICAL_SUCCESS, FAILURE, SUCCESS, check_distribution,
                     classify, dice_for_stat)
from .attack_view import render_attack
from .combat import STATUS_EFFECTS, rule
from .rules import ABILITIES, RACES
from .gear import ARMOUR, WEAPON_CATEGORIES, WEAPONS
from .versus import difference_rows, versus_odds

PHYSICAL, DANMAKU, SPELLCARD = "physical", "danmaku", "spellcard"
MAX_STAT = 150  # 50 dice, as in wr-versus
NONE = "none"


def _stat_dice(stat: int, field: str, what: str) -> int:
    dice = dice_for_stat(stat)
    if dice < 1:
        raise CalculatorError.single(field, f"A {what} of {stat} rolls no dice; a stat of at "
                                     "least 3 is needed to roll.")
    return dice


def _mod(label: str, value: int, source: str) -> dict:
    return {"label": label, "value": value, "source": source}


def outcome_odds(dice: int, modifier: int, target: int) -> dict[str, Fraction]:
    """P(each of classify's four outcomes) for ``dice``d + ``modifier`` against ``target``."""
    law = check_distribution(dice, modifier)
    odds = {CRITICAL_FAILURE: Fraction(0), FAILURE: Fraction(0), SUCCESS: Fraction(0),
            CRITICAL_SUCCESS: Fraction(0)}
    for total, p in law.items():
        odds[classify(total, law.min, law.max, target)] += p
    return odds


def physical(attacker_power: int, attacker_mods: list[dict], defender_charisma: int,
             defender_mods: list[dict]) -> dict:
    """Physical attack: the attacker's power roll against the defender's charisma roll."""
    a_dice = _stat_dice(attacker_power, "attacker_power", "power")
    b_dice = _stat_dice(defender_charisma, "defender_charisma", "charisma")
    a_mod = sum(m["value"] for m in attacker_mods)
    b_mod = sum(m["value"] for m in defender_mods)
    law_a, law_b = check_distribution(a_dice, a_mod), check_distribution(b_dice, b_mod)
    odds = versus_odds(law_a, law_b, None, "no-winner")
    decided = 1 - odds["tie"]
    p_hit = odds["a"] / decided
    return {"attacker_roll": [a_dice, a_mod], "defender_roll": [b_dice, b_mod],
            "p_hit": float(p_hit), "p_dodge": float(1 - p_hit), "p_tie": float(odds["tie"]),
            "exact": {"p_hit": str(p_hit)}, "difference": difference_rows(law_a, law_b)}


def ranged(defender_insight: int, dodge_mods: list[dict], graze_mods: list[dict],
           difficulty: int, dodge_rolls: int) -> dict:
    """Danmaku or spellcard: dodge, then graze, each an insight check against ``difficulty``."""
    dice = _stat_dice(defender_insight, "defender_insight", "insight")
    dodge_mod = sum(m["value"] for m in dodge_mods)
    graze_mod = sum(m["value"] for m in graze_mods)
    dodge = outcome_odds(dice, dodge_mod, difficulty)
    p_one = dodge[SUCCESS] + dodge[CRITICAL_SUCCESS]
    p_dodge = 1 - (1 - p_one) ** dodge_rolls
    graze = outcome_odds(dice, graze_mod, difficulty)
    p_graze = graze[SUCCESS] + graze[CRITICAL_SUCCESS]
    outcomes = {
        "hit": 1 - p_dodge,
        "graze-success": p_dodge * p_graze,
        "graze-failure": p_dodge * graze[FAILURE],
        "graze-critical-failure": p_dodge * graze[CRITICAL_FAILURE],
    }
    law = check_distribution(dice, dodge_mod)
    rows, at_least = [], Fraction(1)
    for total, p in law.items():
        rows.append({"total": total, "p": float(p), "p_at_least": float(at_least),
                     "outcome": classify(total, law.min, law.max, difficulty)})
        at_least -= p
    return {"dodge_roll": [dice, dodge_mod], "graze_roll": [dice, graze_mod],
            "difficulty": difficulty, "dodge_rolls": dodge_rolls,
            "p_dodge_one_roll": float(p_one), "p_dodge": float(p_dodge), "p_hit": float(1 - p_dodge),
            "p_graze_given_dodge": float(p_graze),
            "p_graze_critical_failure_given_dodge": float(graze[CRITICAL_FAILURE]),
            "outcomes": {k: float(v) for k, v in outcomes.items()},
            "p_full_damage_if_grazing": float(outcomes["hit"] + outcomes["graze-critical-failure"]),
            "exact": {"p_dodge": str(p_dodge), **{k: str(v) for k, v in outcomes.items()}},
            "distribution": rows}


def wr_attack(attack: str, attacker_power: int, attacker_intelligence: int,
              attacker_modifier: int, weapon: str, attacker_race: str, homing: bool,
              curvy_lasers: bool, blind: bool, defender_charisma: int, defender_insight: int,
              defender_modifier: int, defender_race: str, armour: str, shoot_and_move: bool,
              graze_points: bool, dodge_rolls: int) -> dict:
    """Odds that an attack lands; see the module docstring.

    Returns ``modifiers`` (every modifier applied, with its source) and, for a physical
    attack, ``p_hit``/``p_dodge`` once ties are re-rolled and the distribution of the attacker's
    total minus the defender's; for danmaku and spellcards ``p_dodge``, ``p_hit`` and
    ``outcomes`` (hit, graze success, graze failure, graze critical failure, assuming she
    grazes after every dodge) with the dodge roll's distribution.
    """
    armour_rec = ARMOUR[armour] if armour != NONE else None
    armour_mods = ([_mod(armour_rec.name, armour_rec.dodge_modifier, armour_rec.source.cite())]
                   if armour_rec else [])
    general_d = ([_mod("Defender's other modifiers", defender_modifier, "the table")]
                 if defender_modifier else [])
    if attack == PHYSICAL:
        mods = [_mod("Attacker's other modifiers", attacker_modifier, "the table")] \
            if attacker_modifier else []
        w = WEAPONS[weapon]
        category = WEAPON_CATEGORIES[w.category]
        if category.to_hit_modifier and \
                not RACES[attacker_race].modifier("ignore-improvised-weapon-penalty"):
            mods.append(_mod(f"Improvised weapon ({w.name})", category.to_hit_modifier,
                             category.source.cite()))
        small = RACES[defender_race].modifier("physical-to-hit-against")
        if small:
            mods.append(_mod(f"Defender is a {RACES[defender_race].name.lower()}", small,
                             RACES[defender_race].source.cite()))
        if blind:
            mods.append(_mod("Attacker is blind", STATUS_EFFECTS["blind"].to_hit_modifier,
                             STATUS_EFFECTS["blind"].source.cite()))
        result = physical(attacker_power, mods, defender_charisma, general_d + armour_mods)
        result.update(attack=attack, attacker_modifiers=mods, dodge_modifiers=general_d + armour_mods,
                      graze_modifiers=[])
        return result
    if attack == DANMAKU:
        difficulty = rule("dodge-difficulty")
    else:
        difficulty = max(attacker_intelligence, attacker_power)
    dodge_mods = general_d + armour_mods
    if attack == DANMAKU and homing:
        dodge_mods.append(_mod("Attacker's Homing Danmaku", rule("homing-danmaku-dodge-modifier"),
                               cite_rules("western-roses", "Shot-types")))
    if attack == DANMAKU and shoot_and_move:
        ability = ABILITIES["shoot-and-ill-move"]
        dodge_mods.append(_mod(ability.name, ability.modifier("dodge-danmaku"),
                               ability.source.cite()))
    graze_mods = list(general_d)
    if graze_points:
        ability = ABILITIES["graze-points"]
        graze_mods.append(_mod(ability.name, ability.modifier("graze"), ability.source.cite()))
    if curvy_lasers:
        ability = ABILITIES["curvy-lasers"]
        graze_mods.append(_mod(f"Attacker's {ability.name}", ability.modifier("graze-against"),
                               ability.source.cite()))
    result = ranged(defender_insight, dodge_mods, graze_mods, difficulty, dodge_rolls)
    result.update(attack=attack, attacker_modifiers=[], dodge_modifiers=dodge_mods,
                  graze_modifiers=graze_mods)
    return result


def _race_choices() -> tuple[tuple[str, str], ...]:
    return tuple((r.id, r.name) for r in RACES.values())


#: Which attacks each input concerns (the others ignore it, and the form hides it).
ON_PHYSICAL = When("attack", (PHYSICAL,))
ON_DANMAKU = When("attack", (DANMAKU,))
ON_SPELLCARD = When("attack", (SPELLCARD,))
PHYSICAL_OR_SPELLCARD = When("attack", (PHYSICAL, SPELLCARD))
DANMAKU_OR_SPELLCARD = When("attack", (DANMAKU, SPELLCARD))

WR_ATTACK = Calculator(
    name="wr-attack",
    title="Attack, dodge and graze",
    summary="Chance that a Western Roses physical, danmaku or spellcard attack hits, is dodged "
            "or is grazed.",
    params=(
        Param("attack", "Attack", kind=CHOICE, default=DANMAKU,
              choices=((PHYSICAL, "Physical"), (DANMAKU, "Danmaku"),
                       (SPELLCARD, "Spellcard (dodge roll)"))),
        Param("attacker_power", "Attacker's power", default=12, minimum=0, maximum=MAX_STAT,
              help="Rolled to hit with a physical attack.",
              applies=PHYSICAL_OR_SPELLCARD),
        Param("attacker_intelligence", "Attacker's intelligence", default=12, minimum=0,
              maximum=MAX_STAT, help="Spellcards: the higher of this and power is the difficulty.",
              applies=ON_SPELLCARD),
        Param("attacker_modifier", "Attacker's modifier", default=0, minimum=-100, maximum=100,
              help="Physical to-hit roll only.",
              applies=ON_PHYSICAL),
        Param("weapon", "Weapon", kind=CHOICE, default="bare-fists",
              choices=tuple((w.id, w.name) for w in WEAPONS.values()),
              help="Improvised weapons: −2 to hit.",
              applies=ON_PHYSICAL),
        Param("attacker_race", "Attacker's race", kind=CHOICE, default="youkai",
              choices=_race_choices(), help="Ponies and fairies ignore the improvised penalty.",
              applies=ON_PHYSICAL),
        Param("homing", "Attacker has Homing Danmaku", kind=BOOL, default=False,
              help="Homing Amulets: −2 to dodge her danmaku.",
              applies=ON_DANMAKU),
        Param("curvy_lasers", "Attacker has Curvy Lasers", kind=BOOL, default=False,
              help="−4 to graze her attacks.",
              applies=DANMAKU_OR_SPELLCARD),
        Param("blind", "Attacker is blind", kind=BOOL, default=False,
              help="−6 to hit; standard danmaku is unaffected.",
              applies=ON_PHYSICAL),
        Param("defender_charisma", "Defender's charisma", default=12, minimum=0, maximum=MAX_STAT,
              help="Rolled against a physical attack.",
              applies=ON_PHYSICAL),
        Param("defender_insight", "Defender's insight", default=12, minimum=0, maximum=MAX_STAT,
              help="Rolled to dodge and graze danmaku and spellcards.",
              applies=DANMAKU_OR_SPELLCARD),
        Param("defender_modifier", "Defender's modifier", default=0, minimum=-100, maximum=100,
              help="On every dodge and graze roll."),
        Param("defender_race", "Defender's race", kind=CHOICE, default="youkai",
              choices=_race_choices(), help="Fairies: −2 to physical attacks against them.",
              applies=ON_PHYSICAL),
        Param("armour", "Defender's armour", kind=CHOICE, default=NONE,
              choices=((NONE, "None"), *((a.id, a.name) for a in ARMOUR.values())),
              help="Leather: −1 to dodge."),
        Param("shoot_and_move", "Defender has Shoot and I’ll Move", kind=BOOL, default=False,
              help="+2 to dodge danmaku.",
              applies=ON_DANMAKU),
        Param("graze_points", "Defender has Graze Points", kind=BOOL, default=False,
              help="+4 to graze.",
              applies=DANMAKU_OR_SPELLCARD),
        Param("dodge_rolls", "Rolls to dodge", default=1, minimum=0,
              maximum=rule("drunken-master-max-dodge-rolls"),
              help="Drunken Master: one per level from Buzzed (0 when sober).",
              applies=DANMAKU_OR_SPELLCARD),
    ),
    compute=wr_attack,
    render=render_attack,
    rules=(("Attacking and dodging", "western-roses/combat.md#attacking-and-dodging"),
           ("Grazing", "western-roses/combat.md#grazing")),
)
