"""Magical Burst dice rules as data: check numbers, sorcery windows, combat moves.

Loaded from ``data/checks.json``, ``data/sorcery.json`` and ``data/combat.json`` (seed
``002_f32d69e9731a3667.txt``). The dice calculators and the rules pages read these records,
so a number on a page is the number the calculator uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import RuleValue, Source, load_records

__all__ = [
    "ACTIONS", "BANDS", "CHECK_RULES", "MOVES", "Move", "MoveBand", "RITUALS",
    "SorceryRule", "WINDOWS", "WOUNDS", "WoundLevel", "value",
]


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


def value(rule_id: str) -> int:
    """The number of a rule in ``checks.json``."""
    return CHECK_RULES[rule_id].value
