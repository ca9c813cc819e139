"""Magical adversaries of Magical Burst 4.1 (seed 002, “Magical Adversaries”, “Monsters”, “Boss
abilities:”, “Talents:”, “Labyrinths”, “Minions”, “Witches”, “Mages”), loaded from
``data/{monster_levels,boss_abilities,monster_talents,labyrinths,minions,mages}.json``.

The monsters' power-level table lost its layout in the export: only a ``spread × N`` column and
the ``use a minion`` row survive (interpretation ``monster-table-lost``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import Source, load_records
from .rules import (OVERCHARGE_COST, RULE_VALUES, STATS, Action, NameStatus, Per, check_name,
                    check_range, check_refs, check_uses, fail)


@dataclass(frozen=True)
class MonsterLevel:
    """A surviving row of the power-level table: ``per_spread`` is N in ``spread × N``
    (``open_ended``: ``spread × N+n``); ``use_minion``: the row says to use a minion instead."""

    id: str
    label: str
    per_spread: int | None
    open_ended: bool
    use_minion: bool
    summary: str
    source: Source

    def formula(self, spread: int | None = None) -> str:
        """``spread × 14``, or its value for a given spread (``42`` for spread 3)."""
        if self.per_spread is None:
            return "use a minion"
        if spread is None:
            return f"spread × {self.per_spread}" + ("+n" if self.open_ended else "")
        return f"{spread * self.per_spread}" + ("+" if self.open_ended else "")


@dataclass(frozen=True)
class BossAbility:
    """A boss ability: the main monster of a group gets one per point of Spread.

    ``selections``: how many of those picks it uses; ``repeatable``: may be taken again;
    ``repeat_min_spread``: the Spread needed to take it again, if the source sets one.
    ``overcharge`` is a cost as written (``"1"``, ``"1+"``)."""

    id: str
    name: str
    name_status: NameStatus
    action: Action | None
    overcharge: str | None
    selections: int
    repeatable: bool
    repeat_min_spread: int | None
    summary: str
    source: Source


@dataclass(frozen=True)
class MonsterTalent:
    """A monster talent (``who == "monster"``; minions may use the active ones) or a talent
    only minions have (``who == "minion"``)."""

    id: str
    name: str
    name_status: NameStatus
    who: Literal["monster", "minion"]
    action: Action | None
    overcharge: str | None
    uses: int | None
    per: Per | None
    starred: bool
    summary: str
    source: Source


@dataclass(frozen=True)
class LabyrinthFeature:
    """A labyrinth feature; ``battlefield``: it changes the combat map (otherwise it shapes
    exploration or the story)."""

    id: str
    name: str
    name_status: NameStatus
    starred: bool
    battlefield: bool
    summary: str
    source: Source


@dataclass(frozen=True)
class MinionTalentUse:
    talent: str
    uses: int
    per: Per


@dataclass(frozen=True)
class Minion:
    """An example minion: hit points (boxes), passive defence, one modifier for Attack and
    Support, and talents with a fixed number of uses."""

    id: str
    name: str
    hp: int
    passive_defence: int
    attack_support: int
    talents: tuple[MinionTalentUse, ...]
    summary: str
    source: Source


@dataclass(frozen=True)
class Artefact:
    name: str
    summary: str


@dataclass(frozen=True)
class Mage:
    """An example mage. ``stats`` holds the mundane stats the source gives (ids of stats)."""

    id: str
    name: str
    born: int
    summary: str
    stats: dict[str, int]
    artefacts: tuple[Artefact, ...]
    source: Source


MONSTER_LEVELS: tuple[MonsterLevel, ...] = load_records(__package__, "monster_levels.json", MonsterLevel)
BOSS_ABILITIES: tuple[BossAbility, ...] = load_records(__package__, "boss_abilities.json", BossAbility)
MONSTER_TALENTS: tuple[MonsterTalent, ...] = load_records(__package__, "monster_talents.json", MonsterTalent)
LABYRINTH_FEATURES: tuple[LabyrinthFeature, ...] = load_records(__package__, "labyrinths.json", LabyrinthFeature)
MINIONS: tuple[Minion, ...] = load_records(__package__, "minions.json", Minion)
MAGES: tuple[Mage, ...] = load_records(__package__, "mages.json", Mage)
MONSTER_TALENTS_BY_ID = {t.id: t for t in MONSTER_TALENTS}


def validate() -> None:
    """Names, costs, ranges and the references from minions to talents and mages to stats."""
    for b in BOSS_ABILITIES:
        check_name("boss_abilities.json", b.id, b.name, b.name_status)
        check_range("boss_abilities.json", b.id, "selections", b.selections, 1, 2)
        if b.overcharge is not None and not OVERCHARGE_COST.match(b.overcharge):
            fail("boss_abilities.json", b.id, f"overcharge {b.overcharge!r} is not a cost")
        if b.repeat_min_spread is not None and not b.repeatable:
            fail("boss_abilities.json", b.id, "repeat_min_spread without repeatable")
    for t in MONSTER_TALENTS:
        check_name("monster_talents.json", t.id, t.name, t.name_status)
        check_uses("monster_talents.json", t.id, t.uses, t.per)
        if t.overcharge is not None and not OVERCHARGE_COST.match(t.overcharge):
            fail("monster_talents.json", t.id, f"overcharge {t.overcharge!r} is not a cost")
    for f in LABYRINTH_FEATURES:
        check_name("labyrinths.json", f.id, f.name, f.name_status)
    low = RULE_VALUES["minion-base-defence"].value
    high = RULE_VALUES["minion-defence-ceiling"].value
    for m in MINIONS:
        check_range("minions.json", m.id, "passive_defence", m.passive_defence, low, high)
        check_range("minions.json", m.id, "hp", m.hp, 1, RULE_VALUES["minion-suggested-hp"].value)
        check_range("minions.json", m.id, "attack_support", m.attack_support, 0, 8)
        check_refs("minions.json", m.id, [u.talent for u in m.talents], MONSTER_TALENTS_BY_ID,
                   "monster talent")
        for u in m.talents:
            check_range("minions.json", m.id, "uses", u.uses, 1, 3)
    rows = [r.per_spread for r in MONSTER_LEVELS if r.per_spread is not None]
    if rows != sorted(rows):
        fail("monster_levels.json", MONSTER_LEVELS[0].id, "rows must rise with power")
    for r in MONSTER_LEVELS:
        if r.use_minion != (r.per_spread is None):
            fail("monster_levels.json", r.id, "only the minion row lacks a spread multiplier")
    for mage in MAGES:
        check_refs("mages.json", mage.id, mage.stats, [s.id for s in STATS if s.kind == "mundane"],
                   "mundane stat")
        for stat, score in mage.stats.items():
            check_range("mages.json", mage.id, stat, score, 0, 8)


validate()
