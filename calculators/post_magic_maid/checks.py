"""``pmm-check``: the odds of a post-magic-maid check (seed ``003_1585970b7e222c64.txt``,
“Basic check system”, “Blitz Points”, “Initiative / Actions”, “Contested actions”).

A check rolls the dice of two attributes and adds them, plus any attribute and ability bonuses.
The total reaches one success tier: 10, 15, 20 or 25 (or none, below 10). Rolling the highest
face on both dice earns a Blitz Point, whatever the bonus. Taking several actions in a turn puts
every one of them at −5 per its place (−5, −10, −15…). A character with magic may add the
magic d6 to an attack or defence: its face on 2–5, nothing otherwise. In a contest both sides
roll and the difference in tiers reached decides who prevails and how well.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..calculator import Calculator
from ..dice import Distribution
from ..params import BOOL, CHOICE, Param, When
from .check_view import render_check
from .resolution import TOP_TIER, action_penalty, contest_difference, tier_of
from .rules import DIE_TRACK, MAGIC, TIERS, die_by_id, magic_adding_faces, rule

__all__ = ["PMM_CHECK", "check_distribution", "difference_distribution", "magic_distribution",
           "pmm_check", "roll_check", "roll_distribution", "tier_distribution"]

#: Widest bonus or penalty accepted: the rules' caps allow +5 on each of two attributes and
#: +13 on an ability (+23), so ±60 leaves room for the GM's own modifiers.
MAX_BONUS = 60
#: Most actions in one turn. The tenth is at −50, beyond any roll of two d32 +60.
MAX_ACTIONS = 10

DIE_CHOICES = tuple((d.id, d.id) for d in DIE_TRACK)


def check_distribution(sides_a: int, sides_b: int, bonus: int) -> Distribution:
    """The distribution of d``sides_a`` + d``sides_b`` + ``bonus``."""
    return Distribution.die(sides_a) + Distribution.die(sides_b) + bonus


def magic_distribution() -> Distribution:
    """What the magic d6 adds to a roll: its face on the bands that add it (2–5), else 0
    (seed “Magic”; interpretation note ``magic-d6-to-roll``)."""
    added: dict[int, int] = {}
    for band in MAGIC:
        for face in range(band.low, band.high + 1):
            amount = face if band.adds_face else 0
            added[amount] = added.get(amount, 0) + 1
    return Distribution(added)


def _magic_wound_chance() -> Fraction:
    """Chance of the magic d6's “+- 1 wound” band (a 1)."""
    band = next(b for b in MAGIC if b.id == "magic-1")
    return Fraction(band.high - band.low + 1, rule("magic-die-sides"))


def roll_distribution(die_a: str, die_b: str, bonus: int, magic: bool) -> Distribution:
    """A check's total before any multiple-action penalty, with the magic d6 if rolled."""
    law = check_distribution(die_by_id(die_a).sides, die_by_id(die_b).sides, bonus)
    return law + magic_distribution() if magic else law


def tier_distribution(law: Distribution) -> list[Fraction]:
    """P(the total reaches exactly tier 0, 1, 2, 3, 4), indexed by tier number."""
    probs = [Fraction(0)] * (TOP_TIER + 1)
    for total, p in law.items():
        probs[tier_of(total)] += p
    return probs


def difference_distribution(tiers_a: list[Fraction], tiers_b: list[Fraction]) -> dict[int, Fraction]:
    """P(side A's tier minus side B's tier = d) for d from −4 to 4, for independent rolls."""
    out = {d: Fraction(0) for d in range(-TOP_TIER, TOP_TIER + 1)}
    for tier_a, pa in enumerate(tiers_a):
        for tier_b, pb in enumerate(tiers_b):
            out[contest_difference(tier_a, tier_b)] += pa * pb
    return out


def roll_check(seed: int, die_a: str, die_b: str, bonus: int) -> dict:
    """Roll one check with ``random.Random(seed)``: d``die_a`` then d``die_b``, plus ``bonus``.

    The same seed rolls the same faces on every machine and in Pyodide. The tier is read by
    :func:`tier_of`, as the odds are; a Blitz Point comes with both dice on their top face,
    whatever the bonus (note ``blitz-point-on-the-natural-faces``).

    Returns:
        ``faces`` (one per die, in order), ``total``, ``tier`` (0–4) and ``blitz_point``.
    """
    rng = random.Random(seed)
    sides = (die_by_id(die_a).sides, die_by_id(die_b).sides)
    faces = [rng.randint(1, s) for s in sides]
    total = sum(faces) + bonus
    return {"faces": faces, "total": total, "tier": tier_of(total),
            "blitz_point": all(f == s for f, s in zip(faces, sides))}


def _tier_rows(probs: list[Fraction]) -> list[dict]:
    rows, at_least = [], Fraction(1)
    for tier, p in zip(TIERS, probs):
        rows.append({"tier": tier.number, "label": tier.label, "p": float(p),
                     "p_at_least": float(at_least)})
        at_least -= p
    return rows


def _blitz_chance(sides_a: int, sides_b: int) -> Fraction:
    """Both dice on their highest face (seed “Blitz Points”); bonuses play no part."""
    return Fraction(1, sides_a * sides_b)


def pmm_check(die_a: str, die_b: str, bonus: int, actions: int, magic: bool, contested: bool,
              opp_die_a: str, opp_die_b: str, opp_bonus: int, opp_magic: bool) -> dict:
    """Exact odds of a check; see the module docstring for the rules.

    Returns:
        ``per_action``: for each of the ``actions`` actions its penalty, the chance of each tier
        (``tiers``, with ``p_at_least``) and of 10 or better; ``distribution``: every total of
        the first action; ``p_blitz_point`` for one check and ``p_blitz_any`` over all the
        actions; with ``contested``, ``contest`` holds the opponent's tiers and, per action,
        the distribution of the tier difference and the chances to prevail, tie or lose.
        Exact fractions are under ``exact``.
    """
    sides_a, sides_b = die_by_id(die_a).sides, die_by_id(die_b).sides
    law = roll_distribution(die_a, die_b, bonus, magic)
    per_action, exact_actions = [], []
    for action in range(1, actions + 1):
        penalty = action_penalty(action, actions)
        probs = tier_distribution(law + (-penalty))
        success = 1 - probs[0]
        per_action.append({"action": action, "penalty": penalty, "tiers": _tier_rows(probs),
                           "p_success": float(success)})
        exact_actions.append({"tiers": [str(p) for p in probs], "p_success": str(success)})
    first = law + (-action_penalty(1, actions))
    rows, at_least = [], Fraction(1)
    for total, p in first.items():
        rows.append({"total": total, "p": float(p), "p_at_least": float(at_least),
                     "tier": tier_of(total)})
        at_least -= p
    p_blitz = _blitz_chance(sides_a, sides_b)
    p_blitz_any = 1 - (1 - p_blitz) ** actions
    result = {
        "die_a": die_a, "die_b": die_b, "bonus": bonus, "actions": actions, "magic": magic,
        "p_magic_wound": float(_magic_wound_chance()) if magic else 0.0,
        "lowest": first.min, "highest": first.max, "mean": float(first.mean()),
        "per_action": per_action,
        "distribution": rows,
        "p_blitz_point": float(p_blitz),
        "p_blitz_any": float(p_blitz_any),
        "contest": None,
        "exact": {"per_action": exact_actions, "p_blitz_point": str(p_blitz),
                  "p_blitz_any": str(p_blitz_any)},
    }
    if contested:
        result["contest"], result["exact"]["contest"] = _contest(
            law, actions, opp_die_a, opp_die_b, opp_bonus, opp_magic)
    return result


def _contest(law: Distribution, actions: int, opp_die_a: str, opp_die_b: str,
             opp_bonus: int, opp_magic: bool) -> tuple[dict, list[dict]]:
    sides_a, sides_b = die_by_id(opp_die_a).sides, die_by_id(opp_die_b).sides
    opp_tiers = tier_distribution(roll_distribution(opp_die_a, opp_die_b, opp_bonus, opp_magic))
    per_action, exact = [], []
    for action in range(1, actions + 1):
        mine = tier_distribution(law + (-action_penalty(action, actions)))
        diff = difference_distribution(mine, opp_tiers)
        win = sum(p for d, p in diff.items() if d > 0)
        lose = sum(p for d, p in diff.items() if d < 0)
        per_action.append({"action": action, "p_win": float(win), "p_tie": float(diff[0]),
                           "p_lose": float(lose),
                           "difference": [{"difference": d, "p": float(p)}
                                          for d, p in diff.items()]})
        exact.append({"p_win": str(win), "p_tie": str(diff[0]), "p_lose": str(lose),
                      "difference": {str(d): str(p) for d, p in diff.items()}})
    contest = {"die_a": opp_die_a, "die_b": opp_die_b, "bonus": opp_bonus, "magic": opp_magic,
               "tiers": _tier_rows(opp_tiers),
               "p_blitz_point": float(_blitz_chance(sides_a, sides_b)),
               "per_action": per_action}
    return contest, exact


#: The opponent's inputs apply to a contested roll only.
CONTESTED = When("contested", (True,))

PMM_CHECK = Calculator(
    name="pmm-check",
    title="Check odds",
    summary="Chance of each success tier for a two-die post-magic-maid check, with several "
            "actions or against an opponent.",
    params=(
        Param("die_a", "First attribute's die", kind=CHOICE, default="d8", choices=DIE_CHOICES,
              help="The die of the first attribute rolled."),
        Param("die_b", "Second attribute's die", kind=CHOICE, default="d12", choices=DIE_CHOICES,
              help="The die of the second attribute rolled."),
        Param("bonus", "Bonus", default=0, minimum=-MAX_BONUS, maximum=MAX_BONUS,
              help="Attribute and ability bonuses together, less any penalty."),
        Param("actions", "Actions this turn", default=1, minimum=1, maximum=MAX_ACTIONS,
              help=f"More than one puts every action at −{rule('multiple-action-penalty')} per its "
                   "place in the turn."),
        Param("magic", "Magic d6", kind=BOOL, default=False,
              help=f"Roll the magic d6 with an attack or defence: faces {magic_adding_faces()} add to it."),
        Param("contested", "Contested roll", kind=BOOL, default=False,
              help="Compare with an opponent's roll."),
        Param("opp_die_a", "Opponent's first die", kind=CHOICE, default="d8",
              choices=DIE_CHOICES, applies=CONTESTED),
        Param("opp_die_b", "Opponent's second die", kind=CHOICE, default="d12",
              choices=DIE_CHOICES, applies=CONTESTED),
        Param("opp_bonus", "Opponent's bonus", default=0, minimum=-MAX_BONUS, maximum=MAX_BONUS,
              applies=CONTESTED),
        Param("opp_magic", "Opponent's magic d6", kind=BOOL, default=False,
              applies=CONTESTED),
    ),
    compute=pmm_check,
    render=render_check,
    rules=(("Checks and tiers", "post-magic-maid/checks.md#checks"),
           ("Contested actions", "post-magic-maid/checks.md#contested-actions"),
           ("Multiple actions", "post-magic-maid/blitz-and-initiative.md#multiple-actions"),
           ("Blitz Points", "post-magic-maid/blitz-and-initiative.md#blitz-points"),
           ("Magic", "post-magic-maid/blitz-and-initiative.md#magic")),
)
