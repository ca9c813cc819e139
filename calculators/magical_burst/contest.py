"""``mb-contest``: one Magical Burst roll against another (seed ``002_f32d69e9731a3667.txt``).

Two kinds of contest:

- a **Support vs. Support challenge** (“Basic Magical Talents”, “Powers”, monster talents): both
  roll 2d6! + Support, sixes exploding, boosts allowed. The rules break ties only for attacks
  (“Life and death”: more sixes, then the higher stat); the site breaks a Support challenge's
  tie the same way, and a tie nobody breaks fails the challenger (interpretation
  ``contest-ties``);
- a **contested mundane roll** (“My Ordinary Life”): both roll 2d6 + the stat, nothing explodes,
  and the higher number wins; the site gives a tie to the higher stat and rolls again when the
  stats are equal too (the same interpretation).

The stats that break a tie are the stats themselves, without modifiers, as for attacks.
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..params import CHOICE, Param, When
from .attack import attack_outcomes
from .checks import MAX_BOOSTS, MODIFIER_RANGE, STAT_RANGE, check_law
from .contest_view import render_contest
from .exploding import TOLERANCE

__all__ = ["MB_CONTEST", "mb_contest"]

SUPPORT, MUNDANE = "support", "mundane"


def mb_contest(kind: str, a_stat: int, a_modifier: int, a_boosts: int, b_stat: int,
               b_modifier: int, b_boosts: int) -> dict:
    """Chances that the challenger (A) wins, with ties settled as the module docstring says.

    Returns:
        ``p_a`` and ``p_b`` (once every tie is settled), ``p_tie`` (equal totals on one roll),
        ``p_tie_stands`` (a tie that neither sixes nor stats break, on one roll), and
        ``truncated`` (the chance of explosion chains left out, below 1e-12).
    """
    magical = kind == SUPPORT
    half = TOLERANCE / 2  # each roll leaves out under half, so the pair under all of it
    a_law = check_law(magical, a_stat, a_modifier, a_boosts, tolerance=half)
    b_law = check_law(magical, b_stat, b_modifier, b_boosts, tolerance=half)
    wins, denominator = attack_outcomes(a_law, b_law, a_stat, b_stat)
    p_win = Fraction(sum(wins.values()), denominator)
    b_totals = b_law.totals()
    p_tie = sum((p * b_totals.get(t, 0) for t, p in a_law.totals().items()), Fraction(0))
    stands = Fraction(0)  # equal totals and sixes, and equal stats: nothing breaks the tie
    if a_stat == b_stat:
        stands = Fraction(sum(w * b_law.weights.get(key, 0)
                              for key, w in a_law.weights.items()), denominator)
    kept = (1 - a_law.truncated) * (1 - b_law.truncated)
    if magical or not stands:
        p_a, p_b = p_win, kept - p_win  # a tie that stands fails the challenger
    else:
        p_a = p_win / (kept - stands)  # rolled again until someone is ahead
        p_b = 1 - p_a
    return {
        "kind": kind, "a_stat": a_stat, "a_modifier": a_modifier, "a_boosts": a_boosts,
        "b_stat": b_stat, "b_modifier": b_modifier, "b_boosts": b_boosts,
        "p_a": float(p_a), "p_b": float(p_b), "p_tie": float(p_tie),
        "p_tie_stands": float(stands),
        "tie_rule": ("more sixes, then the higher Support; a full tie fails the challenger"
                     if magical else "the higher stat; equal stats roll again"),
        "truncated": float(1 - kept),
    }


def _side(prefix: str, who: str, stat: int) -> tuple[Param, ...]:
    return (
        Param(f"{prefix}_stat", f"{who}: stat", default=stat, minimum=STAT_RANGE[0],
              maximum=STAT_RANGE[1], help="Support for a challenge; the stat named for a "
              "mundane contest. It breaks ties."),
        Param(f"{prefix}_modifier", f"{who}: modifier", default=0, minimum=MODIFIER_RANGE[0],
              maximum=MODIFIER_RANGE[1], help="Every other bonus and penalty on the roll."),
        Param(f"{prefix}_boosts", f"{who}: boosts", default=0, minimum=0, maximum=MAX_BOOSTS,
              applies=When("kind", (SUPPORT,)),
              help="One more exploding die each, declared before rolling."),
    )


MB_CONTEST = Calculator(
    name="mb-contest",
    title="Contest odds",
    summary="Chance that a Support vs. Support challenge or a contested mundane roll goes to "
            "the challenger, ties settled as the site reads the rules.",
    params=(
        Param("kind", "Contest", kind=CHOICE, default=SUPPORT,
              choices=((SUPPORT, "Support vs. Support challenge (2d6!)"),
                       (MUNDANE, "Contested mundane roll (2d6)"))),
        *_side("a", "Challenger", 3),
        *_side("b", "Opponent", 3),
    ),
    compute=mb_contest,
    render=render_contest,
    rules=(("Contested rolls", "magical-burst/checks.md#contested-rolls"),
           ("Ties in contests", "magical-burst/interpretation-notes.md#contest-ties")),
)
