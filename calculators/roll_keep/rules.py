"""Roll-and-keep rule data (seed 001), loaded from ``data/*.json``.

The calculator, the pages and the tests read these records, so a number on a page is the
number the calculator uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import RuleValue, Source, load_records


@dataclass(frozen=True)
class Term:
    """A glossary entry; ``see_also`` names other entries by id."""

    id: str
    term: str
    definition: str
    source: Source
    see_also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Step:
    """One numbered step of rolling a pool or of assembling one."""

    id: str
    procedure: Literal["rolling", "assembling"]
    number: int
    title: str
    text: str
    source: Source


@dataclass(frozen=True)
class PoolSize:
    """A pool written XkY+Z: ``rolled`` k ``kept`` + ``flat``."""

    rolled: int
    kept: int
    flat: int

    def notation(self) -> str:
        return notation(self.rolled, self.kept, self.flat)


@dataclass(frozen=True)
class NormalisationExample:
    """A pool before and after steps 5 and 6 of assembly, as the seed gives it."""

    id: str
    before: PoolSize
    after: PoolSize
    source: Source


@dataclass(frozen=True)
class RollExample:
    """The seed's worked roll, die by die (faces after each step)."""

    id: str
    pool: PoolSize
    emphasis: bool
    first_roll: tuple[int, ...]
    after_emphasis: tuple[int, ...]
    after_explosions: tuple[int, ...]
    kept_dice: tuple[int, ...]
    result: int
    source: Source


@dataclass(frozen=True)
class Maneuver:
    """A maneuver: its cost in raises and whether calling it again repeats the effect or it
    works on a failed test."""

    id: str
    name: str
    cost: int
    effect: str
    repeats: bool
    applies_on_failure: bool
    every_roll: bool
    note: str
    source: Source


@dataclass(frozen=True)
class RuleStatement:
    """One rule restated, grouped by ``topic`` (a page section)."""

    id: str
    topic: Literal["tests-and-contests", "maneuvers", "empty-raises", "blank", "clear-thinker",
                   "knives", "improvised-weapons", "marks", "movement", "reducing"]
    text: str
    source: Source


@dataclass(frozen=True)
class MovementExample:
    """Water Ring plus movement modifiers, and the Water the character moves at."""

    id: str
    water: int
    modifiers: tuple[int, ...]
    moves_as: int
    source: Source


def notation(rolled: int, kept: int, flat: int) -> str:
    """``XkY+Z`` (``XkY`` when Z is 0, ``XkY-Z`` when negative)."""
    return f"{rolled}k{kept}{flat:+d}" if flat else f"{rolled}k{kept}"


DICE_RULES: dict[str, RuleValue] = {
    r.id: r for r in load_records(__package__, "dice_rules.json", RuleValue)}
GLOSSARY: tuple[Term, ...] = load_records(__package__, "glossary.json", Term)
STEPS: tuple[Step, ...] = load_records(__package__, "procedures.json", Step)
NORMALISATION_EXAMPLES: tuple[NormalisationExample, ...] = load_records(
    __package__, "normalisation_examples.json", NormalisationExample)
ROLL_EXAMPLES: tuple[RollExample, ...] = load_records(__package__, "roll_examples.json",
                                                      RollExample)
MANEUVERS: tuple[Maneuver, ...] = load_records(__package__, "maneuvers.json", Maneuver)
RULE_STATEMENTS: tuple[RuleStatement, ...] = load_records(__package__, "rule_statements.json",
                                                          RuleStatement)
MOVEMENT_EXAMPLES: tuple[MovementExample, ...] = load_records(
    __package__, "movement_examples.json", MovementExample)

DIE_SIDES = DICE_RULES["die-sides"].value
MAX_ROLLED = DICE_RULES["max-rolled-dice"].value
EXCESS_PER_KEPT = DICE_RULES["excess-dice-per-kept-die"].value
FLAT_PER_EXCESS_KEPT = DICE_RULES["flat-per-excess-kept-die"].value
RAISE_MALUS = DICE_RULES["raise-malus"].value
BUYDOWN_BONUS = DICE_RULES["free-raise-buydown-bonus"].value
MIN_MOVEMENT_WATER = DICE_RULES["minimum-movement-water"].value


def steps(procedure: str) -> tuple[Step, ...]:
    """The steps of ``"rolling"`` or ``"assembling"``, in order."""
    return tuple(sorted((s for s in STEPS if s.procedure == procedure), key=lambda s: s.number))


def statements(topic: str) -> tuple[RuleStatement, ...]:
    """The rule statements of one topic, in file order."""
    found = tuple(r for r in RULE_STATEMENTS if r.topic == topic)
    if not found:
        raise KeyError(f"no rule statements for topic {topic!r}")
    return found


def movement_water(water: int, modifiers: tuple[int, ...]) -> int:
    """The Water Ring a character moves at: modifiers add up, never below the minimum
    (seed 001, movement list)."""
    return max(MIN_MOVEMENT_WATER, water + sum(modifiers))


