"""The exact law of "roll X d10, keep the highest Y" with emphasis and exploding tens
(seed 001, opening section "To roll a total dice pool of XkY+Z" and its glossary entries
Emphasis, Explosion and Unskilled Penalty).

The single die
--------------
A die's first roll shows a face 1..10. With emphasis a first 1 is rolled again, once, and the
second face stands whatever it is, so the first-roll faces have the weights (out of 100)

    face 1: 1 (1 then 1 again),  faces 2..10: 10 + 1 = 11 each.

Only then do tens explode: a die showing 10 rolls another d10 and adds it, repeatedly. The
explosion dice are *new* rolls, never emphasised, so an exploded die is ``10 + E`` where ``E``
is a plain exploding d10: ``P(E = 10t + r) = 10^-(t+1)`` for ``r`` in 1..9. A die that did
not explode shows 1..9 (a skilled ten always explodes). Composing "reroll 1s, then explode" on
one die law would wrongly emphasise the explosion dice too; the law here keeps them apart.

Keeping the highest Y of X
--------------------------
Every exploded die (at least 11) beats every die that did not explode (at most 9). So with
``m`` first-roll tens among ``X`` dice:

- ``m < Y``: all ``m`` exploded dice are kept, adding ``10m + E_1 + … + E_m``, and the other
  ``Y - m`` kept dice are the top of ``X - m`` dice on faces 1..9 — a small polynomial;
- ``m >= Y``: the kept dice are the top ``Y`` of the ``m`` exploded ones, that is
  ``10Y +`` the top ``Y`` of ``m`` plain exploding dice — the same problem again, for plain
  dice (``P(n, Y)`` below), and when ``m = n`` it is the problem itself, one tier higher.

As generating functions in ``x`` (exponent = kept sum) this is linear in the ``P(n, Y)``; their
coefficients are sparse series in ``x^(10Y)`` and the self-reference is a geometric series, so
every quantity is a power series reached by O(length) passes: multiplying by ``E`` is a sliding
window of nine terms followed by the recurrence ``w[s] = v[s] + w[s-10] / 10``. The series are
cut at a kept sum ``cap``; coefficients up to the cap are exact, and the mass beyond it (chains
of explosions long enough to push the kept sum past the cap) is reported as truncated. The cap
is raised until that mass is below :data:`TRUNCATION_LIMIT`.

All arithmetic is on integers: every series holds its values multiplied by ``10^K`` for one
``K`` large enough that each division by a power of ten is exact (every probability here has a
power of ten as denominator); a division that is not exact raises instead of rounding.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

#: Largest probability allowed to go uncounted beyond the cap.
TRUNCATION_LIMIT = Fraction(1, 10**12)

SIDES = 10
#: First-roll face weights out of 100 (index = face), without and with emphasis.
PLAIN_FACES = (0,) + (10,) * SIDES
EMPHASIS_FACES = (0, 1) + (11,) * (SIDES - 1)
FIRST_ROLL_DENOMINATOR = 100


@dataclass(frozen=True)
class KeptLaw:
    """The law of the kept sum of a pool (flat modifier not included).

    Attributes:
        weights: ``weights[s]`` is ``P(kept sum = s) * denominator``, for ``s`` = 0..cap.
        denominator: a power of ten.
        truncated: ``P(kept sum > cap)``, exactly (0 for dice that cannot explode).
    """

    weights: tuple[int, ...]
    denominator: int
    truncated: Fraction

    @property
    def truncated_weight(self) -> int:
        """``truncated * denominator``: the weight of kept sums above the cap."""
        return self.denominator - sum(self.weights)

    @property
    def cap(self) -> int:
        return len(self.weights) - 1

    def probability(self, total: int) -> Fraction:
        if 0 <= total < len(self.weights):
            return Fraction(self.weights[total], self.denominator)
        return Fraction(0)

    def outcomes(self) -> list[int]:
        return [s for s, w in enumerate(self.weights) if w]


def _exact_div(value: int, divisor: int) -> int:
    quotient, remainder = divmod(value, divisor)
    if remainder:
        raise ArithmeticError("scale too small for an exact division; raise the exponent")
    return quotient


@lru_cache(maxsize=None)
def top_of_faces(dice: int, keep: int, faces: tuple[int, ...]) -> dict[int, int]:
    """Weights of the sum of the highest ``keep`` of ``dice`` dice with face weights ``faces``
    (``faces[f]`` for face ``f``; the weights need not sum to a power of anything).

    Returns ``{sum: weight}`` whose weights total ``sum(faces) ** dice``. A descending DP: for
    each face from the top, choose how many of the dice not yet placed show it; once ``keep``
    dice are placed the sum is settled and the rest only need to lie below. The sums of one
    count of placed dice are packed into one integer, ``BITS`` bits per sum (Kronecker
    substitution), so a step of the DP is a handful of big-integer operations.
    """
    if keep == 0 or dice == 0:
        return {0: sum(faces) ** dice}
    top = len(faces) - 1
    bits = (sum(faces) ** dice).bit_length() + 8
    bits += -bits % 8
    finished = 0
    states = [0] * keep  # states[a]: packed sums of a placed dice (all above the current face)
    states[0] = 1
    below = sum(faces)
    for face in range(top, 0, -1):
        weight = faces[face]
        below -= weight
        following = [0] * keep
        for placed in range(keep):
            packed = states[placed]
            if not packed:
                continue
            free = dice - placed
            settle = 0  # weight of placing >= keep - placed dice here, the rest below
            for count in range(free + 1):
                ways = comb(free, count) * weight**count
                if not ways:
                    continue
                if placed + count >= keep:
                    settle += ways * below ** (free - count)
                else:
                    following[placed + count] += (packed * ways) << (bits * count * face)
            if settle:
                finished += (packed * settle) << (bits * (keep - placed) * face)
        states = following
    size = bits // 8
    raw = finished.to_bytes((finished.bit_length() + 7) // 8 + size, "little")
    result = {}
    for s in range(len(raw) // size):
        w = int.from_bytes(raw[s * size:(s + 1) * size], "little")
        if w:
            result[s] = w
    return result


def _initial_cap(dice: int, keep: int) -> int:
    """A kept-sum cap that leaves less than 1e-12 beyond it (a test checks it for every pool;
    :func:`kept_law` raises it further if ever needed).

    The tail of a kept sum falls about tenfold per 10 points of one die; every further kept
    die adds some 15 points and every die not kept about 2 to the sum a 1e-12 tail reaches.
    """
    return 136 + 15 * (keep - 1) + 2 * (dice - keep)


def kept_law(dice: int, keep: int, emphasis: bool, unskilled: bool) -> KeptLaw:
    """Exact law of the kept sum of ``dice``k``keep`` (1 <= keep <= dice <= 10).

    Args:
        emphasis: a first-roll 1 is rolled again once (before explosions).
        unskilled: tens do not explode.
    """
    if not 1 <= keep <= dice:
        raise ValueError("need 1 <= keep <= dice")
    return _kept_law(dice, keep, bool(emphasis), bool(unskilled))


@lru_cache(maxsize=512)
def _kept_law(dice: int, keep: int, emphasis: bool, unskilled: bool) -> KeptLaw:
    faces = EMPHASIS_FACES if emphasis else PLAIN_FACES
    if unskilled:
        counts = top_of_faces(dice, keep, faces)
        cap = max(counts)
        return KeptLaw(tuple(counts.get(s, 0) for s in range(cap + 1)),
                       FIRST_ROLL_DENOMINATOR**dice, Fraction(0))
    cap = _initial_cap(dice, keep)
    while True:
        law = _exploding_law(dice, keep, faces, cap)
        if law.truncated < TRUNCATION_LIMIT:
            return law
        cap += 40


def _exploding_law(dice: int, keep: int, faces: tuple[int, ...], cap: int) -> KeptLaw:
    """The kept-sum law cut at ``cap``, for tens that explode (see the module docstring)."""
    tier = SIDES * keep  # one more tier for every kept die: x^(10Y)
    steps = cap // tier + 1  # sparse series in y = x^(10Y): indices 0..steps-1
    # Denominators met on the way: 100^dice for the first rolls, 10^(n k) from k turns of the
    # all-dice-explode loop, 10 per explosion tier below the cap, and a little slack. A
    # division this does not cover raises (and the tests run every pool).
    exponent = 2 * dice + 6 + dice * steps + cap // SIDES
    scale = 10**exponent
    hundred_pow = [FIRST_ROLL_DENOMINATOR**n for n in range(dice + 1)]
    ten_pow = [10**n for n in range(dice + 1)]
    ten_face = faces[SIDES]
    low_faces = faces[:SIDES]  # faces 1..9: the dice that did not explode
    low_total = sum(low_faces)
    plain_low = PLAIN_FACES[:SIDES]

    # A[m]: series multiplying x^(10m) E^m in the answer. c[n]: sparse series multiplying P(n, Y).
    a_series = [[0] * (cap + 1) for _ in range(keep)]
    coeff = {n: [0] * steps for n in range(keep, dice + 1)}

    if faces == PLAIN_FACES:
        coeff[dice][0] = scale  # the answer is P(dice, keep) itself
    else:
        unit = _exact_div(scale, hundred_pow[dice])
        for m in range(keep):
            lows = top_of_faces(dice - m, keep - m, low_faces)
            factor = unit * comb(dice, m) * ten_face**m
            row = a_series[m]
            for s, w in lows.items():
                if s <= cap:
                    row[s] += factor * w
        if steps > 1:
            for m in range(keep, dice + 1):
                coeff[m][1] += (unit * comb(dice, m) * ten_face**m
                                * low_total ** (dice - m))

    # Expand P(n, Y) from the most dice down: P(n) = (L_n + sum_{m<n} g_{n,m} y P(m)) / (1 - y/10^n)
    for n in range(dice, keep - 1, -1):
        c = coeff[n]
        if not any(c):
            continue
        d = c[:]
        for k in range(1, steps):
            d[k] += _exact_div(d[k - 1], ten_pow[n])
        for m in range(keep, n):
            g = comb(n, m) * 9 ** (n - m)
            target = coeff[m]
            for k in range(steps - 1):
                if d[k]:
                    target[k + 1] += _exact_div(d[k] * g, ten_pow[n])
        for m in range(keep):
            lows = top_of_faces(n - m, keep - m, plain_low)
            # C(n, m) (10/100)^m * lows / 100^(n-m), lows weighing 10 per die out of 100
            factor = comb(n, m)
            divisor = hundred_pow[n] // ten_pow[m]
            row = a_series[m]
            for k in range(steps):
                dk = d[k]
                if not dk:
                    continue
                base = k * tier
                for s, w in lows.items():
                    if base + s <= cap:
                        row[base + s] += _exact_div(dk * factor * w, divisor)

    # Horner: answer = A0 + (x^10 E)(A1 + (x^10 E)(A2 + ...)).
    result = a_series[keep - 1]
    for m in range(keep - 2, -1, -1):
        result = _times_x10_e(result, cap)
        row = a_series[m]
        result = [r + a for r, a in zip(result, row)]
    kept = sum(result)
    return KeptLaw(tuple(result), scale, Fraction(scale - kept, scale))


def _times_x10_e(series: list[int], cap: int) -> list[int]:
    """``series * x^10 * E`` cut at ``cap``, where ``E = (x + … + x^9)/10 / (1 - x^10/10)`` is a
    plain exploding d10."""
    n = cap + 1
    window = [0] * n
    running = 0
    for s in range(n):  # window[s] = series[s-1] + ... + series[s-9]
        if s >= 1:
            running += series[s - 1]
        if s >= 10:
            running -= series[s - 10]
        window[s] = running
    out = [0] * n
    for s in range(10, n):  # shift by x^10, then divide by (1 - x^10/10)
        value = _exact_div(window[s - 10], 10)
        if s >= 20:
            value += _exact_div(out[s - 10], 10)
        out[s] = value
    return out
