"""``mb-judgment-burst``: the explosion of a Judgment burst and a bystander's chance to avoid it.

Seed ``002_f32d69e9731a3667.txt``, “Overcharge”: a Judgment burst releases the whole counter,
dealing 1 damage per point released to everyone nearby; a bystander avoids the damage with a
Support check against twice the points released (met or beaten, exploding for a magical
bystander; Tenacity and no explosion for anyone without magical stats — interpretation
``judgment-burst-avoided-on-the-difficulty``).
"""

from __future__ import annotations

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import CHOICE, Param
from .burst_view import render_judgment_burst
from .checks import BOOST_OVERCHARGE, BOOSTS, CHECK_DICE, MODIFIER, STAT_RANGE, check_law
from .overcharge import BURST_AT
from .rules import check_value

__all__ = ["MB_JUDGMENT_BURST", "burst_damage", "burst_difficulty"]

DAMAGE_PER_POINT = check_value("judgment-burst-damage-per-point")
DIFFICULTY_PER_POINT = check_value("judgment-burst-difficulty-per-point")
#: The most points a counter can plausibly release: 12 before a check, plus a long run of sixes.
MAX_POINTS = 40


def burst_damage(points: int) -> int:
    return DAMAGE_PER_POINT * points


def burst_difficulty(points: int) -> int:
    return DIFFICULTY_PER_POINT * points


def mb_judgment_burst(points: int, bystander: str, stat: int, modifier: int,
                      boosts: int) -> dict:
    magical = bystander == "magical"
    if boosts and not magical:
        raise CalculatorError.single(
            "boosts", "Boost is a magical talent: a bystander without magic cannot boost.")
    law = check_law(magical, stat, modifier, boosts)
    difficulty = burst_difficulty(points)
    p_avoid = law.at_least(difficulty)
    return {
        "points": points, "damage": burst_damage(points), "difficulty": difficulty,
        "bystander": bystander, "stat": stat, "modifier": modifier, "boosts": boosts,
        "dice": CHECK_DICE + boosts,
        "p_avoid": float(p_avoid), "exact_p_avoid": str(p_avoid),
        "expected_damage": float((1 - p_avoid) * burst_damage(points)),
        "boost_overcharge": boosts * BOOST_OVERCHARGE,
        "truncated": float(law.truncated),
    }


MB_JUDGMENT_BURST = Calculator(
    name="mb-judgment-burst",
    title="Judgment burst",
    summary="Damage of a Judgment burst and a bystander's chance to avoid it.",
    params=(
        Param("points", "Points released", default=BURST_AT, minimum=BURST_AT, maximum=MAX_POINTS,
              help=f"The Judgment counter when it bursts ({BURST_AT} or more)."),
        Param("bystander", "Bystander", kind=CHOICE, default="magical",
              choices=(("magical", "Has magical stats (Support, 2d6!)"),
                       ("mundane", "No magical stats (Tenacity, 2d6)"))),
        Param("stat", "Support (or Tenacity)", default=3, minimum=STAT_RANGE[0],
              maximum=STAT_RANGE[1], help="The bystander's Support, or Tenacity without magic."),
        MODIFIER,
        BOOSTS,
    ),
    compute=mb_judgment_burst,
    render=render_judgment_burst,
    rules=(("Judgment burst", "magical-burst/overcharge-odds.md#judgment-burst"),),
)
