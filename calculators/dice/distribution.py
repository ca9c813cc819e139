"""Exact probability distributions over integer outcomes.

A :class:`Distribution` maps each outcome to a positive integer weight; probabilities are
``weight / total`` as :class:`fractions.Fraction`, so sums and comparisons never drift. Floats
appear only at the edge, when a result is written out as JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
import math


class Distribution:
    """Outcome → integer weight, immutable once built."""

    __slots__ = ("_weights", "_total")

    def __init__(self, weights: Mapping[int, int]):
        clean = {int(o): int(w) for o, w in weights.items() if w}
        if not clean:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        if any(w < 0 for w in clean.values()):
            raise ValueError("weights must be positive")
        divisor = math.gcd(*clean.values())  # one canonical form, so equal laws compare equal
        self._weights = {o: w // divisor for o, w in sorted(clean.items())}
        self._total = sum(self._weights.values())

    @classmethod
    def die(cls, sides: int) -> "Distribution":
        """One fair die numbered 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls({face: 1 for face in range(1, sides + 1)})

    @classmethod
    def constant(cls, value: int) -> "Distribution":
        return cls({value: 1})

    def __add__(self, other: "Distribution | int") -> "Distribution":
        """The distribution of the sum of two independent variables (or a shift by an int)."""
        if isinstance(other, int):
            return Distribution({o + other: w for o, w in self._weights.items()})
        sums: dict[int, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                sums[a + b] = sums.get(a + b, 0) + wa * wb
        return Distribution(sums)

    __radd__ = __add__

    def sum_of(self, count: int) -> "Distribution":
        """The sum of ``count`` independent copies (count >= 1), by repeated doubling."""
        if count < 1:
            raise ValueError("count must be at least 1")
        result: Distribution | None = None
        power = self
        while count:
            if count & 1:
                result = power if result is None else result + power
            count >>= 1
            if count:
                power = power + power
        assert result is not None
        return result

    def map(self, func: Callable[[int], int]) -> "Distribution":
        """The distribution of ``func(outcome)``."""
        mapped: dict[int, int] = {}
        for o, w in self._weights.items():
            key = func(o)
            mapped[key] = mapped.get(key, 0) + w
        return Distribution(mapped)

    @property
    def total(self) -> int:
        return self._total

    @property
    def min(self) -> int:
        return next(iter(self._weights))

    @property
    def max(self) -> int:
        return next(reversed(self._weights))

    def outcomes(self) -> list[int]:
        return list(self._weights)

    def items(self) -> Iterator[tuple[int, Fraction]]:
        """(outcome, probability) pairs in ascending outcome order."""
        for o, w in self._weights.items():
            yield o, Fraction(w, self._total)

    def probability(self, predicate: Callable[[int], bool]) -> Fraction:
        return Fraction(sum(w for o, w in self._weights.items() if predicate(o)), self._total)

    def at_least(self, threshold: int) -> Fraction:
        return self.probability(lambda o: o >= threshold)

    def mean(self) -> Fraction:
        return Fraction(sum(o * w for o, w in self._weights.items()), self._total)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._weights == other._weights

    def __repr__(self) -> str:
        return f"Distribution({self._weights!r})"
