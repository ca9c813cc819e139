"""A Magical Burst 4.1 character: stats, bonds, powers, creation and advancement (seed 002,
“My Ordinary Life”, “Bonds”, “Magical attributes”, “Magical powers”, “Character Creation and
Advancement”), loaded from ``data/{rule_values,stats,bonds,powers,creation,advancement}.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import RuleValue, Source, load_records
from .ruleset import NameStatus, check_name, check_range, check_refs, fail


@dataclass(frozen=True)
class Stat:
    """A mundane stat, a magical stat, or one of the three roles a magical stat is given."""

    id: str
    name: str
    kind: Literal["mundane", "magical", "role"]
    summary: str
    examples: tuple[str, ...]
    source: Source


@dataclass(frozen=True)
class BondEvent:
    """A way bonds change, with the bond points and experience it brings (``xp`` ``None``:
    the source does not say). ``note`` may name a talent id or add a remark."""

    id: str
    event: str
    change: int
    xp: int | None
    note: str | None
    source: Source


@dataclass(frozen=True)
class Power:
    """A specific magical power (every girl picks two)."""

    id: str
    name: str
    name_status: NameStatus
    summary: str
    source: Source


@dataclass(frozen=True)
class CreationStep:
    """One step of character creation; ``rule_values`` are the numbers the step uses."""

    id: str
    step: int
    text: str
    rule_values: tuple[str, ...]
    source: Source


@dataclass(frozen=True)
class Advance:
    """An advancement and its base experience cost. ``limit``: how many times it may be bought;
    ``cap``: the rule value capping the stat; ``pending``: the source says “to be added”."""

    id: str
    xp: int
    label: str
    limit: int | None
    cap: str | None
    pending: bool
    source: Source


RULE_VALUES: dict[str, RuleValue] = {
    r.id: r for r in load_records(__package__, "rule_values.json", RuleValue)}
STATS: tuple[Stat, ...] = load_records(__package__, "stats.json", Stat)
BOND_EVENTS: tuple[BondEvent, ...] = load_records(__package__, "bonds.json", BondEvent)
POWERS: tuple[Power, ...] = load_records(__package__, "powers.json", Power)
CREATION_STEPS: tuple[CreationStep, ...] = load_records(__package__, "creation.json", CreationStep)
ADVANCES: tuple[Advance, ...] = load_records(__package__, "advancement.json", Advance)


def value(rule_id: str) -> int:
    """The number of a rule value, e.g. ``value("bond-points") == 12``."""
    return RULE_VALUES[rule_id].value


def stats_of(kind: str) -> list[Stat]:
    return [s for s in STATS if s.kind == kind]


def validate() -> None:
    """Ranges, orderings and references the types cannot express."""
    for r in RULE_VALUES.values():
        check_range("rule_values.json", r.id, "value", r.value, 1, 20)
    if [s.step for s in CREATION_STEPS] != list(range(1, len(CREATION_STEPS) + 1)):
        fail("creation.json", CREATION_STEPS[0].id, "steps must be numbered 1, 2, 3… in order")
    for s in CREATION_STEPS:
        check_refs("creation.json", s.id, s.rule_values, RULE_VALUES, "rule value")
    for a in ADVANCES:
        check_range("advancement.json", a.id, "xp", a.xp, 1, 10)
        check_range("advancement.json", a.id, "limit", a.limit, 1, 10)
        check_refs("advancement.json", a.id, [a.cap] if a.cap else [], RULE_VALUES, "rule value")
    for e in BOND_EVENTS:
        check_range("bonds.json", e.id, "change", e.change, -1, 1)
        check_range("bonds.json", e.id, "xp", e.xp, 0, 1)
    for p in POWERS:
        check_name("powers.json", p.id, p.name, p.name_status)
    kinds = [s.kind for s in STATS]
    if kinds.count("mundane") != 3 or kinds.count("magical") != 3 or kinds.count("role") != 3:
        fail("stats.json", STATS[0].id, "expected three mundane stats, three magical, three roles")
    for low, high in (("bond-min", "bond-max"), ("mundane-creation-cap", "mundane-advance-cap"),
                      ("magic-creation-cap", "magic-advance-cap")):
        if value(low) > value(high):
            fail("rule_values.json", low, f"{low} exceeds {high}")


validate()
