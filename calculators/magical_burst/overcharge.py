"""Magical Burst overcharge: counters, their stages, and the flair, change and burst tables.

Seed ``002_f32d69e9731a3667.txt`` (Magical Burst 4.1), section “Overcharge”: every six rolled on
a magical stat's check adds a point to that stat's counter; the counter's value picks a stage
(1-4 minor flair, 5-7 major flair, 8-10 temporary change, 11-12 permanent change, 13+ burst), and
when a stage's effect comes into play the counter goes back to zero. Each stat (Heart, Fury,
Judgment) has its own minor flair, major flair and change table and its own burst.

Data: ``data/overcharge_stages.json``, ``overcharge_tables.json``, ``flairs.json``,
``changes.json``, ``bursts.json`` and ``overcharge_rules.json``. Readings of gaps in the source
are in ``data/interpretations_overcharge.json`` and cited by id below.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from ..ruledata import Source, load_records

__all__ = [
    "BURSTS", "BURST_AT", "Burst", "Change", "Flair", "OVERCHARGE_RULES", "OverchargeRule",
    "STAGES", "STATS", "STAT_NAMES", "Stage", "TABLES", "Table", "anchor_of", "apply_effect",
    "calls_for", "entries", "entry", "roll_codes", "roll_table", "stage_of",
]

#: The three magical stats, each with its own counter (seed “Magical attributes”).
STATS: tuple[str, ...] = ("heart", "fury", "judgment")
STAT_NAMES: dict[str, str] = {"heart": "Heart", "fury": "Fury", "judgment": "Judgment"}


@dataclass(frozen=True)
class Stage:
    """One band of a counter's value (seed “Overcharge”).

    Attributes:
        id: ``none``, ``minor-flair``, ``major-flair``, ``temporary-change``,
            ``permanent-change`` or ``burst``.
        name: the stage's name as the source gives it.
        first: the lowest counter value in the band.
        last: the highest, or ``None`` for the open-ended burst band.
        table: which kind of table the stage calls for (``none``, ``minor-flair``,
            ``major-flair``, ``change`` or ``burst``).
        summary: what the stage is, in the site's own words.
    """

    id: str
    name: str
    first: int
    last: int | None
    table: Literal["none", "minor-flair", "major-flair", "change", "burst"]
    summary: str
    source: Source

    def holds(self, counter: int) -> bool:
        """Whether ``counter`` falls in this stage's band."""
        return self.first <= counter and (self.last is None or counter <= self.last)

    @property
    def band(self) -> str:
        """The band as the source writes it: ``1-4`` or ``13+`` (with an en dash)."""
        if self.last is None:
            return f"{self.first}+"
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"


@dataclass(frozen=True)
class Table:
    """One stat's minor flair, major flair or change table.

    Attributes:
        id: ``<stat>-minor-flairs``, ``<stat>-major-flairs`` or ``<stat>-changes``; also the
            table's anchor on the overcharge page.
        kind: ``minor-flair``, ``major-flair`` or ``change`` (matches :attr:`Stage.table`).
        tens_die, units_die: the roll, read as tens and units: a d3 and a d6 (11-36) for an
            18-row table, two d6 (d66, 11-66) for a 36-row one
            (interpretation ``overcharge-table-dice``).
        intro: what the table's entries have in common, in the site's words.
        relief: for minor flair tables, the healthy ways that relieve one; else ``None``.
    """

    id: str
    stat: Literal["heart", "fury", "judgment"]
    kind: Literal["minor-flair", "major-flair", "change"]
    title: str
    tens_die: int
    units_die: int
    intro: str
    relief: str | None
    source: Source

    @property
    def die(self) -> str:
        """The die as a reader writes it: ``d36`` or ``d66``."""
        return f"d{self.tens_die}{self.units_die}"

    @property
    def size(self) -> int:
        return self.tens_die * self.units_die


@dataclass(frozen=True)
class Flair:
    """One row of a flair table: ``roll`` is its tens-and-units number (11, 12 … 16, 21 …)."""

    id: str
    table: str
    roll: int
    text: str
    source: Source


@dataclass(frozen=True)
class Change:
    """One row of a change table.

    ``name`` is ``None`` where the source text gives the change no name
    (interpretation ``untitled-changes``); ``effect`` is also ``None`` for the one row the
    source lost altogether (``fury-change-row-lost``).
    """

    id: str
    table: str
    roll: int
    name: str | None
    effect: str | None
    source: Source


@dataclass(frozen=True)
class Burst:
    """A stat's burst: what happens, what it costs in bonds, and the counter afterwards."""

    id: str
    stat: Literal["heart", "fury", "judgment"]
    name: str
    summary: str
    effects: tuple[str, ...]
    attack_options: tuple[str, ...]
    ends: str | None
    bond_loss: str
    no_bonds: str
    counter_after: str
    source: Source


@dataclass(frozen=True)
class OverchargeRule:
    """A rule about gaining, shedding or (for adversaries) using overcharge.

    Attributes:
        kind: ``counter`` (how counters work), ``gain``, ``reduce`` or ``adversary``.
        limit: the rule's one number where it has one (uses a scene, a witch's cap).
        talent: the talent's id in ``talents.json`` where the rule is a talent.
    """

    id: str
    kind: Literal["counter", "gain", "reduce", "adversary"]
    title: str
    points: tuple[str, ...]
    limit: int | None
    talent: str | None
    source: Source


STAGES: tuple[Stage, ...] = load_records(__package__, "overcharge_stages.json", Stage)
STAGE_BY_ID: dict[str, Stage] = {s.id: s for s in STAGES}
TABLES: dict[str, Table] = {
    t.id: t for t in load_records(__package__, "overcharge_tables.json", Table)}
FLAIRS: tuple[Flair, ...] = load_records(__package__, "flairs.json", Flair)
CHANGES: tuple[Change, ...] = load_records(__package__, "changes.json", Change)
BURSTS: dict[str, Burst] = {b.stat: b for b in load_records(__package__, "bursts.json", Burst)}
OVERCHARGE_RULES: dict[str, OverchargeRule] = {
    r.id: r for r in load_records(__package__, "overcharge_rules.json", OverchargeRule)}

_ENTRIES: dict[str, tuple[Flair | Change, ...]] = {
    tid: tuple(sorted((e for e in (*FLAIRS, *CHANGES) if e.table == tid), key=lambda e: e.roll))
    for tid in TABLES
}

#: The counter value at which a burst happens at once (seed “Overcharge”: 13+).
BURST_AT: int = STAGE_BY_ID["burst"].first


def stage_of(counter: int) -> Stage:
    """The stage a counter value stands at.

    Args:
        counter: a stat's overcharge counter, 0 or more.

    Returns:
        The :class:`Stage` whose band holds ``counter`` (0 -> ``none``, 13 and above -> ``burst``).

    Raises:
        ValueError: if ``counter`` is negative.
    """
    if counter < 0:
        raise ValueError(f"an overcharge counter cannot be negative (got {counter})")
    for stage in STAGES:
        if stage.holds(counter):
            return stage
    raise AssertionError(f"no stage holds {counter}: overcharge_stages.json has a gap")


def apply_effect(counter: int) -> int:
    """The counter after its stage's effect comes into play.

    Seed “Overcharge”: whenever an overcharge effect comes into play, the counter of the stat it
    affects resets to zero. A Judgment Burst releases every point; a Fury Burst spends them
    during the frenzy (interpretation ``fury-burst-counter``); an empty counter has no effect
    and stays at zero. So every stage ends at 0.

    Raises:
        ValueError: if ``counter`` is negative.
    """
    stage_of(counter)  # validates
    return 0


def table_id(stat: str, stage: Stage) -> str | None:
    """The id of the table (or burst) a stage of ``stat`` calls for; ``None`` for no effect."""
    if stage.table == "none":
        return None
    if stage.table == "burst":
        return BURSTS[stat].id
    return f"{stat}-{stage.table}s"


def calls_for(stat: str, counter: int) -> dict:
    """What ``stat``'s counter calls for if its effect comes into play now.

    Returns:
        ``stage`` (id), ``stage_name``, ``band`` (``5–7``), ``table`` (the table or burst id,
        also its anchor on the overcharge page, or ``None``), ``table_title``, ``permanent``
        (for changes), ``bursts_now`` (the counter has reached 13: the burst happens at once).
    """
    if stat not in STAT_NAMES:
        raise ValueError(f"unknown magical stat {stat!r}")
    stage = stage_of(counter)
    target = table_id(stat, stage)
    if stage.table == "burst":
        title = BURSTS[stat].name
    elif target is not None:
        title = TABLES[target].title
    else:
        title = None
    return {
        "stage": stage.id,
        "stage_name": stage.name,
        "band": stage.band,
        "table": target,
        "table_title": title,
        "permanent": stage.id == "permanent-change" if stage.table == "change" else None,
        "bursts_now": counter >= BURST_AT,
    }


def entries(table: str) -> tuple[Flair | Change, ...]:
    """Every row of a flair or change table, in roll order."""
    if table not in TABLES:
        raise KeyError(table)
    return _ENTRIES[table]


def roll_codes(table: str) -> tuple[int, ...]:
    """The numbers a table can roll: tens 1..tens_die, units 1..units_die (11, 12, … 36)."""
    t = TABLES[table]
    return tuple(10 * tens + units for tens in range(1, t.tens_die + 1)
                 for units in range(1, t.units_die + 1))


def entry(table: str, roll: int) -> Flair | Change:
    """The row of ``table`` numbered ``roll``.

    Raises:
        KeyError: if the table has no such row.
    """
    for row in entries(table):
        if row.roll == roll:
            return row
    raise KeyError(f"{table} has no row {roll}")


def roll_table(table: str, seed: int) -> tuple[int, int, Flair | Change]:
    """Roll on ``table`` with ``random.Random(seed)``: the tens die, then the units die.

    The same seed gives the same dice on every CPython (and so in Pyodide): ``Random`` seeded
    with an int is reproducible across versions and platforms.

    Returns:
        ``(tens, units, row)``.
    """
    t = TABLES[table]
    rng = random.Random(seed)
    tens = rng.randint(1, t.tens_die)
    units = rng.randint(1, t.units_die)
    return tens, units, entry(table, 10 * tens + units)


def anchor_of(row: Flair | Change | Burst | Table) -> str:
    """A record's anchor on the overcharge page: its id (``change-moe-girl``, ``heart-burst``)."""
    return row.id
