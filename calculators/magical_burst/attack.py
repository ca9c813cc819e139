"""``mb-attack``: chance to hit and the damage of a hit in Magical Burst combat.

Seed ``002_f32d69e9731a3667.txt``, “Life and death”: the attacker's 2d6! + Attack stat meets the
defender's 2d6! + Defence stat; the higher total hits. A tie goes to the roll with more sixes,
then to the higher stat (equal stats too: a miss, interpretation
``attack-tie-with-equal-stats``). A hit deals 1d6 + 2 in melee or 1d6 at range (the damage
die never explodes, “Overcharge”), +2 per six the attacker rolled and -2 per six the
defender rolled, boost dice included (“Basic Magical Talents”); damage stops at 0
(interpretation ``damage-never-below-zero``).
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

from ..calculator import Calculator
from ..params import CHOICE, Param
from .attack_view import render_attack
from .checks import MAX_BOOSTS, MODIFIER_RANGE, STAT_RANGE, check_law
from .exploding import TOLERANCE, JointLaw
from .rules import check_value

__all__ = ["MB_ATTACK", "attack_outcomes", "hits"]

DAMAGE_SIDES = check_value("damage-die-sides")
DAMAGE_PER_SIX = check_value("damage-per-six")
WEAPON_BONUS = {"melee": check_value("melee-damage-bonus"),
                "ranged": check_value("ranged-damage-bonus")}


def hits(attack_total: int, attack_sixes: int, attack_stat: int,
         defence_total: int, defence_sixes: int, defence_stat: int) -> bool:
    """Whether the attack roll beats the defence roll, tie-breakers included."""
    if attack_total != defence_total:
        return attack_total > defence_total
    if attack_sixes != defence_sixes:
        return attack_sixes > defence_sixes
    return attack_stat > defence_stat  # a full tie misses (attack-tie-with-equal-stats)


def attack_outcomes(attack: JointLaw, defence: JointLaw, attack_stat: int,
                    defence_stat: int) -> tuple[dict[tuple[int, int], int], int]:
    """Integer weights of a hit by (attacker's sixes, defender's sixes), and their denominator.

    For each attack outcome the defence outcomes it beats are summed from per-sixes prefix sums
    of the defence law, so the work is |attack| x |defence sixes| rather than |attack| x
    |defence|.
    """
    by_sixes: dict[int, tuple[list[int], list[int], dict[int, int]]] = {}
    for (total, sixes), w in sorted(defence.weights.items()):
        totals, prefix, exact = by_sixes.setdefault(sixes, ([], [0], {}))
        totals.append(total)
        prefix.append(prefix[-1] + w)
        exact[total] = w
    weights: dict[tuple[int, int], int] = {}
    for (a_total, a_sixes), wa in attack.weights.items():
        for d_sixes, (totals, prefix, exact) in by_sixes.items():
            beaten = prefix[bisect_left(totals, a_total)]  # defence totals below a_total
            if hits(a_total, a_sixes, attack_stat, a_total, d_sixes, defence_stat):
                beaten += exact.get(a_total, 0)
            if beaten:
                key = (a_sixes, d_sixes)
                weights[key] = weights.get(key, 0) + wa * beaten
    return weights, attack.denominator * defence.denominator


def mb_attack(attack: int, defence: int, attack_modifier: int, defence_modifier: int,
              attack_boosts: int, defence_boosts: int, weapon: str, damage_bonus: int) -> dict:
    """Chance to hit and the law of the damage of a hit; see the module docstring."""
    # Each roll leaves out under half the tolerance, so the pair leaves out under all of it.
    half = TOLERANCE / 2
    a_law = check_law(True, attack, attack_modifier, attack_boosts, tolerance=half)
    d_law = check_law(True, defence, defence_modifier, defence_boosts, tolerance=half)
    hit_weights, denominator = attack_outcomes(a_law, d_law, attack, defence)
    p_hit = Fraction(sum(hit_weights.values()), denominator)
    base = WEAPON_BONUS[weapon] + damage_bonus
    damage: dict[int, int] = {}
    for (a_sixes, d_sixes), w in hit_weights.items():
        for face in range(1, DAMAGE_SIDES + 1):
            dealt = max(0, face + base + DAMAGE_PER_SIX * (a_sixes - d_sixes))
            damage[dealt] = damage.get(dealt, 0) + w
    hit_total = sum(damage.values())
    rows, at_least, mean = [], Fraction(1), Fraction(0)
    for dealt in range(min(damage), max(damage) + 1) if damage else ():
        p = Fraction(damage.get(dealt, 0), hit_total)
        rows.append({"damage": dealt, "p": float(p), "p_at_least": float(at_least)})
        at_least -= p
        mean += dealt * p
    p_zero = Fraction(damage.get(0, 0), hit_total) if hit_total else Fraction(0)
    truncated = 1 - (1 - a_law.truncated) * (1 - d_law.truncated)
    return {
        "attack": attack, "defence": defence, "attack_modifier": attack_modifier,
        "defence_modifier": defence_modifier, "attack_boosts": attack_boosts,
        "defence_boosts": defence_boosts, "weapon": weapon, "damage_bonus": damage_bonus,
        "damage_die": f"1d{DAMAGE_SIDES}" + (f"{base:+d}" if base else ""),
        "damage_per_six": DAMAGE_PER_SIX,
        "p_hit": float(p_hit),
        "p_zero_damage_hit": float(p_zero),
        "mean_damage_on_hit": float(mean),
        "mean_damage_per_attack": float(mean * p_hit),
        "damage": rows,
        "truncated": float(truncated),
    }


def _stat(name: str, label: str, default: int, help_text: str) -> Param:
    return Param(name, label, default=default, minimum=STAT_RANGE[0], maximum=STAT_RANGE[1],
                 help=help_text)


def _modifier(name: str, label: str, help_text: str) -> Param:
    return Param(name, label, default=0, minimum=MODIFIER_RANGE[0], maximum=MODIFIER_RANGE[1],
                 help=help_text)


def _boosts(name: str, label: str) -> Param:
    return Param(name, label, default=0, minimum=0, maximum=MAX_BOOSTS,
                 help="One more exploding die each, declared before rolling.")


MB_ATTACK = Calculator(
    name="mb-attack",
    title="Attack odds",
    summary="Chance that a Magical Burst attack hits, and the damage a hit deals.",
    params=(
        _stat("attack", "Attack stat", 4, "The attacker's Attack stat."),
        _stat("defence", "Defence stat", 3, "The defender's Defence stat."),
        _modifier("attack_modifier", "Attack modifier",
                  "Bonuses and penalties on the attack roll (e.g. Follow Target +2)."),
        _modifier("defence_modifier", "Defence modifier",
                  "Bonuses and penalties on the defence roll."),
        _boosts("attack_boosts", "Attack boosts"),
        _boosts("defence_boosts", "Defence boosts"),
        Param("weapon", "Attack", kind=CHOICE, default="melee",
              choices=(("melee", "Melee (1d6 + 2, adjacent hex)"),
                       ("ranged", "Ranged (1d6, 2–3 hexes)"))),
        Param("damage_bonus", "Damage bonus", default=0, minimum=-20, maximum=30,
              help="Talents that add to or take from the damage of this attack."),
    ),
    compute=mb_attack,
    render=render_attack,
    rules=(("Attacks and damage", "magical-burst/combat.md#attacks-and-damage"),),
)
