"""Independent oracles for the Magical Burst dice tests: the exploding die walked as a tree,
the way the rule reads (roll a d6; on a 6 add another), with exact weights."""

from __future__ import annotations

import itertools
from fractions import Fraction

SIXTH = Fraction(1, 6)


def die_tree(depth: int) -> tuple[list[tuple[int, int, Fraction]], Fraction]:
    """Walk one exploding d6 ``depth`` rolls deep. Returns the resolved leaves as
    (value, sixes, probability), and the probability of the unresolved branch (``depth`` sixes
    in a row), whose value is at least 6 * depth + 1."""
    leaves: list[tuple[int, int, Fraction]] = []

    def walk(value: int, sixes: int, p: Fraction, rolls_left: int) -> Fraction:
        if rolls_left == 0:
            return p
        unresolved = Fraction(0)
        for face in range(1, 7):
            if face == 6:
                unresolved += walk(value + 6, sixes + 1, p * SIXTH, rolls_left - 1)
            else:
                leaves.append((value + face, sixes, p * SIXTH))
        return unresolved

    return leaves, walk(0, 0, Fraction(1), depth)


def enumerate_pool(dice: int, depth: int, modifier: int = 0, fixed: int = 0):
    """(total, sixes) -> probability over every combination of resolved leaves of ``dice``
    exploding dice plus ``fixed`` dice showing 3, and the mass of the combinations where some
    die stayed unresolved (each such total is at least 6 * depth + 1 + the rest)."""
    leaves, _ = die_tree(depth)
    joint: dict[tuple[int, int], Fraction] = {}
    for combo in itertools.product(leaves, repeat=dice):
        key = (sum(v for v, _, _ in combo) + 3 * fixed + modifier, sum(s for _, s, _ in combo))
        p = Fraction(1)
        for _, _, q in combo:
            p *= q
        joint[key] = joint.get(key, Fraction(0)) + p
    return joint, 1 - sum(joint.values())
