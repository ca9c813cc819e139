"""The joint law of a Magical Burst roll's total and its number of sixes.

Seed ``002_f32d69e9731a3667.txt``, “Overcharge”: on a magical check every 6 adds another d6
(which may come up 6 again, and so on), and every six rolled adds a point of overcharge. A
mundane check (“My Ordinary Life”) and a damage roll never explode.

One exploding die shows ``6k + r`` with exactly ``k`` sixes (``r`` in 1..5) with probability
``6**-(k+1)``. The sixes of ``n`` such dice add up to a negative-binomial count, so the chance
of more than ``S`` sixes in all is known exactly; the law is built for every outcome with at
most ``S`` sixes, ``S`` chosen as the least count that leaves under ``TOLERANCE`` unaccounted
for, and the rest is reported as ``truncated``. Everything inside is an integer weight over a
power of six, so no probability drifts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

__all__ = ["TOLERANCE", "JointLaw", "roll_law", "sixes_at_most", "sixes_law"]

#: Probability left out of an exploding law (its ``truncated`` mass) stays below this.
TOLERANCE = Fraction(1, 10**12)

SIDES = 6


def sixes_at_most(dice: int, count: int) -> Fraction:
    """P(``dice`` exploding d6 show at most ``count`` sixes in all), exactly.

    Each die's sixes are geometric (P(k) = (1/6)**k * 5/6), so their sum is negative binomial:
    P(s) = C(dice + s - 1, s) * (1/6)**s * (5/6)**dice.
    """
    if dice == 0:
        return Fraction(1)
    return sum((Fraction(comb(dice + s - 1, s) * 5**dice, 6**(s + dice))
                for s in range(count + 1)), Fraction(0))


def sixes_law(dice: int, upto: int) -> list[Fraction]:
    """P(exactly s sixes) for s = 0..``upto`` on ``dice`` exploding d6 (exact)."""
    if dice == 0:
        return [Fraction(1)] + [Fraction(0)] * upto
    return [Fraction(comb(dice + s - 1, s) * 5**dice, 6**(s + dice)) for s in range(upto + 1)]


@dataclass(frozen=True)
class JointLaw:
    """Outcome (total, sixes) -> integer weight over ``denominator``; ``truncated`` is the
    probability of the outcomes left out (all of them with more sixes than any kept)."""

    weights: dict[tuple[int, int], int]
    denominator: int
    truncated: Fraction
    #: The lowest total any left-out outcome can have (None when nothing is left out).
    truncated_floor: int | None = None

    def items(self) -> Iterator[tuple[int, int, Fraction]]:
        """(total, sixes, probability) in ascending order of total, then sixes."""
        for (total, sixes), w in sorted(self.weights.items()):
            yield total, sixes, Fraction(w, self.denominator)

    def probability(self, predicate: Callable[[int, int], bool]) -> Fraction:
        return Fraction(sum(w for (t, s), w in self.weights.items() if predicate(t, s)),
                        self.denominator)

    def at_least(self, threshold: int) -> Fraction:
        """P(total >= ``threshold``). Exact when every left-out outcome reaches the threshold
        (always so for thresholds the rules use); otherwise short by at most ``truncated``."""
        kept = self.probability(lambda t, s: t >= threshold)
        if self.truncated and self.truncated_floor is not None \
                and threshold <= self.truncated_floor:
            kept += self.truncated
        return kept

    def between(self, first: int | None, last: int | None) -> Fraction:
        """P(``first`` <= total <= ``last``), open ends as None; the left-out mass is counted
        in the band that holds ``truncated_floor`` and above when that band is open-ended."""
        lo = self.at_least(first) if first is not None else Fraction(1)
        hi = self.at_least(last + 1) if last is not None else Fraction(0)
        return lo - hi

    def totals(self) -> dict[int, Fraction]:
        """The marginal law of the total (sums to 1 - truncated)."""
        out: dict[int, int] = {}
        for (t, _), w in self.weights.items():
            out[t] = out.get(t, 0) + w
        return {t: Fraction(w, self.denominator) for t, w in sorted(out.items())}

    def sixes(self) -> dict[int, Fraction]:
        """The marginal law of the number of sixes (sums to 1 - truncated)."""
        out: dict[int, int] = {}
        for (_, s), w in self.weights.items():
            out[s] = out.get(s, 0) + w
        return {s: Fraction(w, self.denominator) for s, w in sorted(out.items())}

    def shifted(self, by: int) -> "JointLaw":
        """The same roll with ``by`` added to every total."""
        floor = None if self.truncated_floor is None else self.truncated_floor + by
        return JointLaw({(t + by, s): w for (t, s), w in self.weights.items()},
                        self.denominator, self.truncated, floor)


def _exploding_die(max_sixes: int) -> dict[tuple[int, int], int]:
    """One exploding d6 over denominator 6**(max_sixes + 1), outcomes with <= max_sixes sixes."""
    return {(SIDES * k + r, k): SIDES ** (max_sixes - k)
            for k in range(max_sixes + 1) for r in range(1, SIDES)}


def _plain_die() -> dict[tuple[int, int], int]:
    """One d6 that never explodes; its sixes count for nothing (no overcharge)."""
    return {(face, 0): 1 for face in range(1, SIDES + 1)}


def _convolve(a: dict[tuple[int, int], int], b: dict[tuple[int, int], int],
              max_sixes: int) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for (ta, sa), wa in a.items():
        for (tb, sb), wb in b.items():
            s = sa + sb
            if s > max_sixes:
                continue
            key = (ta + tb, s)
            out[key] = out.get(key, 0) + wa * wb
    return out


def roll_law(dice: int, *, explode: bool = True, fixed: int = 0, fixed_face: int = 3,
             modifier: int = 0, tolerance: Fraction = TOLERANCE) -> JointLaw:
    """The joint law of (total, sixes) for ``dice`` d6 plus ``fixed`` dice set to ``fixed_face``.

    Args:
        dice: dice actually rolled (0 or more).
        explode: whether sixes explode (magical check) or not (mundane check, no sixes kept).
        fixed: dice replaced by a ritual; they show ``fixed_face``, never explode, add no sixes.
        modifier: added to every total (stat, bonuses, penalties).
        tolerance: the most probability the law may leave out.
    """
    if dice < 0 or fixed < 0 or dice + fixed < 1:
        raise ValueError("a roll needs at least one die")
    return _base_law(dice, explode, tolerance).shifted(fixed * fixed_face + modifier)


@lru_cache(maxsize=64)
def _base_law(dice: int, explode: bool, tolerance: Fraction) -> JointLaw:
    """``dice`` d6 with no modifier; cached, since a page asks for the same few pools often.
    Callers get shifted copies, so the cached weights are never handed out to be changed."""
    if dice == 0:
        return JointLaw({(0, 0): 1}, 1, Fraction(0))
    if not explode:
        law = {(0, 0): 1}
        for _ in range(dice):
            law = _convolve(law, _plain_die(), 0)
        return JointLaw(law, SIDES ** dice, Fraction(0))
    max_sixes = 0
    while 1 - sixes_at_most(dice, max_sixes) >= tolerance:
        max_sixes += 1
    law = {(0, 0): 1}
    die = _exploding_die(max_sixes)
    for _ in range(dice):
        law = _convolve(law, die, max_sixes)
    denominator = SIDES ** ((max_sixes + 1) * dice)
    kept = Fraction(sum(law.values()), denominator)
    # A left-out outcome has more than max_sixes sixes: each adds 6 and each die ends on 1+.
    floor = SIDES * (max_sixes + 1) + dice
    return JointLaw(law, denominator, 1 - kept, floor)
