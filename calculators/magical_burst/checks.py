"""``mb-check`` and ``mb-move``: the odds of a Magical Burst check.

Seed ``002_f32d69e9731a3667.txt``: “My Ordinary Life” (2d6 + stat; 9 or more succeeds, 13 or
more is a major success), “Overcharge” (on a magical check every 6 adds a die and a point of
overcharge), “Basic Magical Talents” (Boost: one more exploding die for 1 overcharge), and the
10-or-less / 11-13 / 14+ tables of rising again (“Life and death”), reckless movement (“Space
and time”), removing ailments and intercepting (“Help and hindrance”).
"""

from __future__ import annotations

from fractions import Fraction

from ..calculator import Calculator
from ..errors import CalculatorError
from ..interpretations import note_ref, reading
from ..params import CHOICE, Param
from .check_view import render_check, render_move
from .exploding import TOLERANCE, JointLaw, roll_law
from .rules import MOVES, check_value

__all__ = ["MB_CHECK", "MB_MOVE", "check_law", "overcharge_law", "total_rows"]

CHECK_DICE = check_value("check-dice")
SUCCESS_AT = check_value("success-at")
MAJOR_AT = check_value("major-success-at")
MAX_BOOSTS = check_value("boosts-per-scene")
BOOST_OVERCHARGE = check_value("boost-overcharge")
#: Each exploding die shows 1/5 of a six on average (geometric count, success chance 5/6).
MEAN_SIXES_PER_DIE = Fraction(1, 5)

STAT_RANGE = (-5, 30)
MODIFIER_RANGE = (-20, 20)

MAGICAL, MUNDANE = "magical", "mundane"

FAILURE, SUCCESS, MAJOR = "failure", "success", "critical-success"


def check_law(magical: bool, stat: int, modifier: int = 0, boosts: int = 0,
              replaced: int = 0, tolerance: Fraction = TOLERANCE) -> JointLaw:
    """(total, sixes) of one check: 2d6 (+ one die per boost) + stat + modifier.

    Args:
        magical: sixes explode and count (overcharge); a mundane check never explodes.
        replaced: dice of the starting pool a ritual turns into 3s (they are not rolled).
    """
    pool = CHECK_DICE + boosts
    return roll_law(pool - replaced, explode=magical, fixed=replaced,
                    modifier=stat + modifier, tolerance=tolerance)


def overcharge_law(law: JointLaw, extra: int = 0) -> dict[int, Fraction]:
    """Overcharge gained by the check: one per six, plus ``extra`` (boosts, table points)."""
    return {s + extra: p for s, p in law.sixes().items()}


def mean_overcharge(rolled: int, extra: int, magical: bool) -> Fraction:
    """Exact mean overcharge: 1/5 of a six per rolled exploding die, plus ``extra``."""
    return (MEAN_SIXES_PER_DIE * rolled if magical else Fraction(0)) + extra


def mean_die(magical: bool) -> Fraction:
    """Mean of one die: 7/2 plain; an exploding die adds 6 per six, so 7/2 * 6/5 = 21/5."""
    return Fraction(21, 5) if magical else Fraction(7, 2)


def classify(total: int) -> str:
    if total >= MAJOR_AT:
        return MAJOR
    return SUCCESS if total >= SUCCESS_AT else FAILURE


def total_rows(law: JointLaw, outcome=classify) -> list[dict]:
    """Every kept total with its chance, the chance of at least it, and its outcome."""
    marginal: dict[int, int] = {}
    for (total, _), w in law.weights.items():
        marginal[total] = marginal.get(total, 0) + w
    den = law.denominator
    left_out = int(law.truncated * den)  # truncated is (den - kept weight) / den
    floor = law.truncated_floor
    above = 0
    rows = []
    for total in sorted(marginal, reverse=True):
        above += marginal[total]
        # As JointLaw.at_least: left-out outcomes count for every total up to their floor.
        extra = left_out if floor is not None and total <= floor else 0
        rows.append({"total": total, "p": marginal[total] / den,
                     "p_at_least": (above + extra) / den, "outcome": outcome(total)})
    return rows[::-1]


def joint_rows(law: JointLaw, columns: int = 3) -> list[dict]:
    """Per total: P(total and s sixes) for s = 0..columns-1, and ``columns`` or more."""
    table: dict[int, list[int]] = {}
    for (total, sixes), w in law.weights.items():
        row = table.setdefault(total, [0] * (columns + 1))
        row[min(sixes, columns)] += w
    return [{"total": t, "p_by_sixes": [w / law.denominator for w in table[t]]}
            for t in sorted(table)]


def _validate_boosts(magical: bool, boosts: int) -> None:
    if boosts and not magical:
        raise CalculatorError.single(
            "boosts", "Boost is a magical talent: a mundane check cannot be boosted.")


def mb_check(kind: str, stat: int, modifier: int, boosts: int) -> dict:
    """Exact odds of a check and the overcharge it adds; see the module docstring.

    Returns:
        ``p_success`` (9+), ``p_major`` (13+) with exact fractions under ``exact``; ``distribution``
        of totals; ``joint`` (total by number of sixes); ``overcharge`` (value, p) rows and its
        exact ``mean_overcharge``; ``truncated``: the probability left out of the tables;
        ``reading``: for a magical check, that its thresholds are a reading, else ``None``.
    """
    magical = kind == MAGICAL
    _validate_boosts(magical, boosts)
    law = check_law(magical, stat, modifier, boosts)
    p_success, p_major = law.at_least(SUCCESS_AT), law.at_least(MAJOR_AT)
    extra = boosts * BOOST_OVERCHARGE
    overcharge = overcharge_law(law, extra) if magical else {0: Fraction(1)}
    mean_oc = mean_overcharge(CHECK_DICE + boosts, extra, magical)
    mean_total = mean_die(magical) * (CHECK_DICE + boosts) + stat + modifier
    return {
        "kind": kind, "stat": stat, "modifier": modifier, "boosts": boosts,
        "dice": CHECK_DICE + boosts, "success_at": SUCCESS_AT, "major_at": MAJOR_AT,
        "p_success": float(p_success), "p_major": float(p_major),
        "exact": {"p_success": str(p_success), "p_major": str(p_major),
                  "mean_overcharge": str(mean_oc)},
        "mean_total": float(mean_total),
        "mean_overcharge": float(mean_oc),
        "distribution": total_rows(law),
        "joint": joint_rows(law) if magical else [],
        "overcharge": [{"overcharge": k, "p": float(p)} for k, p in overcharge.items()],
        "truncated": float(law.truncated),
        "reading": MAGICAL_THRESHOLDS_READING if magical else None,
    }


#: The note behind the thresholds of a magical check.
THRESHOLDS_NOTE = note_ref("calculators.magical_burst", "magical-check-thresholds")
#: Said with every magical check's answer, naming that note (linked where shown).
MAGICAL_THRESHOLDS_READING = (
    f"The source gives {SUCCESS_AT}+ and {MAJOR_AT}+ only for mundane stats; the site uses them "
    f"for a magical check ({reading(THRESHOLDS_NOTE)}). A rule with its own numbers (a contest, "
    "a sorcery window, rising again) uses those.")


def band_chances(law: JointLaw, bands) -> list[Fraction]:
    """P(total in each band) for bands given as objects with ``first`` and ``last``."""
    return [law.between(b.first, b.last) for b in bands]


def mb_move(move: str, stat: int, modifier: int, boosts: int) -> dict:
    """Chances of each row of a combat move's table, and the overcharge the roll adds."""
    rule = MOVES[move]
    law = check_law(True, stat, modifier, boosts)
    chances = band_chances(law, rule.bands)
    extra = boosts * BOOST_OVERCHARGE
    # Overcharge: sixes + boosts + the row's own points (rising again), row by row.
    overcharge: dict[int, Fraction] = {}
    for total, sixes, p in law.items():
        k = sixes + extra + rule.band_of(total).overcharge
        overcharge[k] = overcharge.get(k, Fraction(0)) + p
    mean_oc = (mean_overcharge(CHECK_DICE + boosts, extra, True)
               + sum((c * b.overcharge for c, b in zip(chances, rule.bands)), Fraction(0)))
    return {
        "move": move, "name": rule.name, "stat_name": rule.stat, "stat": stat,
        "modifier": modifier, "boosts": boosts, "when": rule.when,
        "source": rule.source.cite(),
        "bands": [{"id": b.id, "first": b.first, "last": b.last, "outcome": b.outcome,
                   "overcharge": b.overcharge, "p": float(c), "exact": str(c)}
                  for b, c in zip(rule.bands, chances)],
        "mean_overcharge": float(mean_oc),
        "overcharge": [{"overcharge": k, "p": float(p)} for k, p in sorted(overcharge.items())],
        "distribution": total_rows(law, lambda t: rule.band_of(t).id),
        "truncated": float(law.truncated),
    }


def _stat_param(help_text: str) -> Param:
    return Param("stat", "Stat", default=3, minimum=STAT_RANGE[0], maximum=STAT_RANGE[1],
                 help=help_text)


MODIFIER = Param("modifier", "Modifier", default=0, minimum=MODIFIER_RANGE[0],
                 maximum=MODIFIER_RANGE[1],
                 help="Every other bonus and penalty on the roll, added together.")
BOOSTS = Param("boosts", "Boosts", default=0, minimum=0, maximum=MAX_BOOSTS,
               help=f"Boosts declared before rolling (at most {MAX_BOOSTS} a scene): one more "
               "exploding die and 1 overcharge each.")

MB_CHECK = Calculator(
    name="mb-check",
    title="Check odds",
    summary="Chance of success and major success on a Magical Burst check, and the overcharge "
            "a magical check adds.",
    params=(
        Param("kind", "Check", kind=CHOICE, default=MAGICAL,
              choices=((MAGICAL, "Magical (2d6!, sixes explode)"),
                       (MUNDANE, "Mundane (2d6, no explosion)")),
              help="Heart, Fury and Judgment checks explode; Communication, Tenacity and "
                   "Insight checks do not."),
        _stat_param("The stat added to the dice."),
        MODIFIER,
        BOOSTS,
    ),
    compute=mb_check,
    render=render_check,
    rules=(("Mundane checks", "magical-burst/checks.md#mundane-checks"),
           ("Magical checks", "magical-burst/checks.md#magical-checks")),
)

MB_MOVE = Calculator(
    name="mb-move",
    title="Combat move odds",
    summary="Chances of each result of rising again, reckless movement, removing ailments "
            "or intercepting.",
    params=(
        Param("move", "Move", kind=CHOICE, default="rise-again",
              choices=tuple((m.id, m.name) for m in MOVES.values()),
              help="Intercepting rolls Defence; the others roll Support."),
        _stat_param("Support (Defence when intercepting)."),
        MODIFIER,
        BOOSTS,
    ),
    compute=mb_move,
    render=render_move,
    rules=(("Combat moves", "magical-burst/checks.md#combat-moves"),),
)

