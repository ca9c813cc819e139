"""Magical Burst 4.1 rule data (seed 002): check numbers, sorcery windows, combat moves and
wounds; stats, bonds, powers, creation and advancement; ailments, chases and the glossary
(“My Ordinary Life”, “Bonds”, “Magical attributes”, “Magical powers”, “Character Creation and
Advancement”, “Help and hindrance”, “Chases”), loaded from ``data/*.json``.

Every system's general rule data is loaded by its ``rules`` module; rule data of one topic with
its own logic sits with that logic (:mod:`.overcharge`, :mod:`.talents`, :mod:`.adversaries`),
using the checks here. Every loader reads ``data/*.json`` through
:func:`calculators.ruledata.load_records` (types, unknown fields, kebab-case ids, duplicate ids)
and then checks what a type cannot say: value ranges, fields that must appear together, and
references between files. A failure raises :class:`~calculators.ruledata.RuleDataError` naming
the file and the record. The calculators and the pages read these same records, so a number on
a page is the number the calculator uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..ruledata import RuleDataError, RuleValue, Source, load_records


#: How a record's name reached the site. ``given``: the source heads the entry with it.
#: ``from-text``: the heading was lost in the export but another passage of the source names the
#: entry (the Boost talent, the Veil monster talent…). ``lost``: no name survives; the site shows
#: a descriptive label beginning "Name lost".
NameStatus = Literal["given", "from-text", "lost"]

#: When an activity may be repeated, per the ``N/Scene`` style limits of the source.
Per = Literal["round", "scene", "episode"]

#: The three action types of a combat turn (see the combat page), ``None`` where the source gives
#: no action line for the entry.
Action = Literal["free", "minor", "major"]

LOST_PREFIX = "Name lost ("
OVERCHARGE_COST = re.compile(r"^[1-9][0-9]*\+?$")


def fail(where: str, record_id: str, message: str) -> None:
    """Raise the loaders' one error, naming the data file and the record."""
    raise RuleDataError(f"{where}: record {record_id}: {message}")


def check_name(where: str, record_id: str, name: str, status: str) -> None:
    """A lost name must look lost on the page, and a surviving name must not."""
    if (status == "lost") != name.startswith(LOST_PREFIX):
        fail(where, record_id, f"name {name!r} does not match name_status {status!r}")


def check_range(where: str, record_id: str, field: str, value: int | None,
                low: int, high: int) -> None:
    """``value`` is ``None`` or an integer in ``low..high``."""
    if value is not None and not low <= value <= high:
        fail(where, record_id, f"{field} {value} is outside {low}..{high}")


def check_uses(where: str, record_id: str, uses: int | None, per: str | None) -> None:
    """A use limit has both a count (1–3 in the source) and a period, or neither."""
    if (uses is None) != (per is None):
        fail(where, record_id, "uses and per must be given together")
    check_range(where, record_id, "uses", uses, 1, 3)


def check_refs(where: str, record_id: str, refs: Iterable[str], known: Iterable[str],
               what: str) -> None:
    """Every id in ``refs`` names a record of ``known``."""
    known = set(known)
    for ref in refs:
        if ref not in known:
            fail(where, record_id, f"unknown {what} {ref!r}")


@dataclass(frozen=True)
class SorceryRule:
    """One record of ``sorcery.json``; ``kind`` says which fields it uses.

    Attributes:
        kind: ``window`` (a difficulty window: ``low``, ``middle``, ``high``), ``band`` (one
            outcome of a sorcery roll), ``action`` (how sorcery is cast in battle: ``penalty``)
            or ``ritual`` (``face``: the value replaced dice show).
    """

    id: str
    kind: Literal["window", "band", "action", "ritual"]
    name: str
    text: str
    source: Source
    low: int | None = None
    middle: int | None = None
    high: int | None = None
    penalty: int | None = None
    face: int | None = None

    def __post_init__(self) -> None:
        numbers = {"window": ("low", "middle", "high"), "action": ("penalty",),
                   "ritual": ("face",), "band": ()}[self.kind]
        for name in ("low", "middle", "high", "penalty", "face"):
            given = getattr(self, name) is not None
            if given != (name in numbers):
                raise ValueError(f"a {self.kind} record {'needs' if not given else 'has no'} "
                                 f"field {name}")
        if self.kind == "window" and not self.low < self.middle < self.high:  # type: ignore[operator]
            raise ValueError("a window needs low < middle < high")


@dataclass(frozen=True)
class MoveBand:
    """One row of a move's result table: totals ``first``..``last`` (open ends are None)."""

    id: str
    outcome: str
    first: int | None = None
    last: int | None = None
    overcharge: int = 0

    def holds(self, total: int) -> bool:
        return (self.first is None or total >= self.first) and (self.last is None
                                                                 or total <= self.last)


@dataclass(frozen=True)
class Move:
    """A combat move settled by a 10-or-less / 11-13 / 14+ table on a 2d6! roll."""

    id: str
    name: str
    stat: Literal["support", "defence"]
    when: str
    bands: tuple[MoveBand, ...]
    source: Source

    def __post_init__(self) -> None:
        if not self.bands or self.bands[0].first is not None or self.bands[-1].last is not None:
            raise ValueError("a move's bands must run from no floor to no ceiling")
        for before, after in zip(self.bands, self.bands[1:]):
            if before.last is None or after.first != before.last + 1:
                raise ValueError(f"bands {before.id} and {after.id} leave a gap or overlap")

    def band_of(self, total: int) -> MoveBand:
        return next(b for b in self.bands if b.holds(total))


@dataclass(frozen=True)
class WoundLevel:
    """One wound level of a person out of resolve (level 4: dead)."""

    id: str
    level: int
    first_damage: int
    healing: str
    like: str
    source: Source
    last_damage: int | None = None
    penalty: int | None = None


CHECK_RULES: dict[str, RuleValue] = {
    r.id: r for r in load_records(__package__, "checks.json", RuleValue)}

_SORCERY = load_records(__package__, "sorcery.json", SorceryRule)
WINDOWS: tuple[SorceryRule, ...] = tuple(r for r in _SORCERY if r.kind == "window")
BANDS: dict[str, SorceryRule] = {r.id: r for r in _SORCERY if r.kind == "band"}
ACTIONS: dict[str, SorceryRule] = {r.id: r for r in _SORCERY if r.kind == "action"}
RITUALS: dict[str, SorceryRule] = {r.id: r for r in _SORCERY if r.kind == "ritual"}

MOVES: dict[str, Move] = {m.id: m for m in load_records(__package__, "combat.json", Move)}

WOUNDS: tuple[WoundLevel, ...] = load_records(__package__, "wounds.json", WoundLevel)


def wound_level(damage: int) -> WoundLevel | None:
    """The wound level of ``damage`` taken since Resolve ran out (``None`` for none)."""
    return next((w for w in WOUNDS if damage >= w.first_damage
                 and (w.last_damage is None or damage <= w.last_damage)), None)


def check_value(rule_id: str) -> int:
    """The number of a rule in ``checks.json``."""
    return CHECK_RULES[rule_id].value


#: The battle's numbers (actions a turn, the rising-again Resolve, the monster budgets the lost
#: table leaves to readings, the boss abilities' and talents' numbers).
BATTLE_RULES: dict[str, RuleValue] = {
    r.id: r for r in load_records(__package__, "battle_rules.json", RuleValue)}


def battle_value(rule_id: str) -> int:
    """The number of a rule in ``battle_rules.json``, e.g. ``battle_value("monster-pool")``."""
    return BATTLE_RULES[rule_id].value


Difficulty = Literal["easy", "hard", "easy–hard"]


@dataclass(frozen=True)
class Ailment:
    """A status effect; ``roll_penalty`` and ``damage_per_round`` where it has them."""

    id: str
    name: str
    summary: str
    roll_penalty: int | None
    damage_per_round: int | None
    source: Source


@dataclass(frozen=True)
class ChaseAction:
    stat: Literal["communication", "tenacity", "insight"]
    difficulty: Difficulty
    what: str | None


@dataclass(frozen=True)
class ChaseExample:
    """An example obstacle, risk or shortcut, with the actions each side may take."""

    id: str
    kind: Literal["obstacle", "risk", "shortcut"]
    name: str
    escapee: tuple[ChaseAction, ...]
    pursuer: tuple[ChaseAction, ...]
    note: str | None
    source: Source


@dataclass(frozen=True)
class GlossaryTerm:
    """A term, its short definition, and where on the site the rule lives (``page.md#anchor``
    relative to ``docs/magical-burst``)."""

    id: str
    term: str
    definition: str
    link: str | None
    source: Source


AILMENTS: tuple[Ailment, ...] = load_records(__package__, "ailments.json", Ailment)
CHASES: tuple[ChaseExample, ...] = load_records(__package__, "chases.json", ChaseExample)
GLOSSARY: tuple[GlossaryTerm, ...] = load_records(__package__, "glossary.json", GlossaryTerm)


def _validate_reference() -> None:
    """Ailment numbers in range, examples have actions, glossary terms sorted and linked."""
    for a in AILMENTS:
        check_range("ailments.json", a.id, "roll_penalty", a.roll_penalty, -4, -1)
        check_range("ailments.json", a.id, "damage_per_round", a.damage_per_round, 1, 6)
    for c in CHASES:
        if not (c.escapee or c.pursuer):
            fail("chases.json", c.id, "an example needs at least one action")
        if c.kind == "shortcut" and c.escapee:
            fail("chases.json", c.id, "shortcuts are taken by pursuers")
    terms = [g.term.casefold() for g in GLOSSARY]
    if terms != sorted(terms):
        fail("glossary.json", GLOSSARY[0].id, "terms must be in alphabetical order")
    for g in GLOSSARY:
        if g.link is not None and (".md" not in g.link or g.link.startswith("/")):
            fail("glossary.json", g.id, f"link {g.link!r} must be a relative page.md#anchor")


_validate_reference()


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


def character_value(rule_id: str) -> int:
    """The number of a rule value, e.g. ``character_value("bond-points") == 12``."""
    return RULE_VALUES[rule_id].value


def stats_of(kind: str) -> list[Stat]:
    return [s for s in STATS if s.kind == kind]


def _validate_character() -> None:
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
        if character_value(low) > character_value(high):
            fail("rule_values.json", low, f"{low} exceeds {high}")


_validate_character()
