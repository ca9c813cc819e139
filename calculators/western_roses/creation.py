"""Western Roses character-creation data other than shot-types, professions and elements
(those are in :mod:`.characters`): races, skills, abilities and manipulation abilities
(seed 000, "Races", "Skills", "Abilities", "Manipulation abilities").

Loaded from ``data/races.json``, ``skills.json``, ``skill_groups.json``, ``abilities.json`` and
``manipulation_abilities.json``. Numbers a calculator uses sit in structured ``modifiers``
(``applies_to`` names what the modifier changes, see :data:`MODIFIER_TARGETS`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..ruledata import Source, load_records
from .characters import ELEMENTS, SHOT_TYPES, STAT_KEYS, Modifier, NamedText

#: What a race or ability modifier may apply to, besides ``skill:<id>`` and ``stat:<key>``.
MODIFIER_TARGETS = frozenset({
    "abilities-at-creation", "chosen-skill", "deck-card-types", "deck-cards", "dodge-danmaku",
    "drinking-consciousness-heavily-drunk-or-more", "graze", "graze-against",
    "ignore-improvised-weapon-penalty", "magic-damage", "max-hp", "physical-damage",
    "physical-to-hit-against", "speed-when-drunk", "speed-when-heavily-drunk",
    "speed-when-tipsy", "spell-power-per-turn", "status-effect-resistance",
})

#: Race stat bonuses may also change speed (tengu, moon hares).
RACE_STAT_KEYS = (*STAT_KEYS, "speed")


@dataclass(frozen=True)
class Race:
    """A race: stat bonuses (keys of :data:`RACE_STAT_KEYS`), traits and other bonuses."""

    id: str
    name: str
    summary: str
    stat_bonuses: dict[str, int]
    traits: tuple[NamedText, ...]
    other: str | None
    modifiers: tuple[Modifier, ...]
    source: Source

    def __post_init__(self) -> None:
        unknown = set(self.stat_bonuses) - set(RACE_STAT_KEYS)
        if unknown:
            raise ValueError(f"{self.id}: unknown stat(s) {', '.join(sorted(unknown))}")

    def modifier(self, applies_to: str) -> int:
        """The total of this race's modifiers to ``applies_to`` (0 if none)."""
        return sum(m.value for m in self.modifiers if m.applies_to == applies_to)


@dataclass(frozen=True)
class SkillGroup:
    """Mental or physical skills, and who rolls them."""

    id: str
    name: str
    text: str
    source: Source


@dataclass(frozen=True)
class Skill:
    """A skill whose base value is the mean of the stats in ``base`` (rounded up); see the
    interpretation ``skill-base-is-the-average``."""

    id: str
    name: str
    group: str
    base: tuple[str, ...]
    text: str
    source: Source

    def __post_init__(self) -> None:
        if not self.base or set(self.base) - set(STAT_KEYS):
            raise ValueError(f"{self.id}: base must name stats among {', '.join(STAT_KEYS)}")

    def base_value(self, stats: dict[str, int]) -> int:
        """The skill's base value for a character's stats (seed 000, "Skills")."""
        return math.ceil(sum(stats[k] for k in self.base) / len(self.base))


@dataclass(frozen=True)
class Ability:
    """An ability a character picks at creation."""

    id: str
    name: str
    text: str
    modifiers: tuple[Modifier, ...]
    source: Source

    def modifier(self, applies_to: str) -> int:
        return sum(m.value for m in self.modifiers if m.applies_to == applies_to)


@dataclass(frozen=True)
class Manipulation:
    """A manipulation ability; ``requires_affinity`` is the element an elemental manipulation
    needs as the character's affinity (``None``: not elemental)."""

    id: str
    name: str
    text: str
    requires_affinity: str | None
    source: Source


def _by_id(records):
    return {r.id: r for r in records}


RACES: dict[str, Race] = _by_id(load_records(__package__, "races.json", Race))
SKILL_GROUPS: dict[str, SkillGroup] = _by_id(load_records(__package__, "skill_groups.json",
                                                          SkillGroup))
SKILLS: dict[str, Skill] = _by_id(load_records(__package__, "skills.json", Skill))
ABILITIES: dict[str, Ability] = _by_id(load_records(__package__, "abilities.json", Ability))
MANIPULATIONS: dict[str, Manipulation] = _by_id(
    load_records(__package__, "manipulation_abilities.json", Manipulation))


def _check_references() -> None:
    """Every cross-reference in this data resolves; raises ``ValueError`` naming the record."""
    for skill in SKILLS.values():
        if skill.group not in SKILL_GROUPS:
            raise ValueError(f"skill {skill.id}: unknown group {skill.group!r}")
    owners = [(f"race {r.id}", r.modifiers) for r in RACES.values()]
    owners += [(f"shot-type {s.id}", s.modifiers) for s in SHOT_TYPES.values()]
    owners += [(f"ability {a.id}", a.modifiers) for a in ABILITIES.values()]
    for owner, modifiers in owners:
        for m in modifiers:
            kind, _, key = m.applies_to.partition(":")
            ok = (m.applies_to in MODIFIER_TARGETS or (kind == "skill" and key in SKILLS)
                  or (kind == "stat" and key in STAT_KEYS))
            if not ok:
                raise ValueError(f"{owner}: modifier applies to unknown {m.applies_to!r}")
    for manip in MANIPULATIONS.values():
        if manip.requires_affinity is not None and manip.requires_affinity not in ELEMENTS:
            raise ValueError(f"manipulation {manip.id}: unknown element {manip.requires_affinity!r}")


_check_references()

__all__ = ["ABILITIES", "Ability", "MANIPULATIONS", "MODIFIER_TARGETS", "Manipulation",
           "Modifier", "RACES", "RACE_STAT_KEYS", "Race", "SKILLS", "SKILL_GROUPS", "Skill",
           "SkillGroup"]
