"""Western Roses rule data (seed 000): check numbers, shot-types, professions, elements, races,
skills, abilities and manipulation abilities ("Basic rolls", "Shot-types", "Professions",
"Elemental Affinity", "Elements Affinities", "Races", "Skills", "Abilities", "Manipulation
abilities"), loaded from ``data/*.json``.

Every system's general rule data is loaded by its ``rules`` module; rule data of one topic with
its own logic sits with that logic (:mod:`.combat`, :mod:`.gear`, :mod:`.spellcards.rules`).
The calculators and the pages read these same records, keyed by id, so a number shown on a
page is the number the calculator uses. Numbers a calculator uses sit in structured
``modifiers`` (``applies_to`` names what the modifier changes, see :data:`MODIFIER_TARGETS`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..ruledata import RuleValue, Source, load_records


CHECK_RULES: dict[str, RuleValue] = {
    r.id: r for r in load_records(__package__, "check_rules.json", RuleValue)
}

DIE_SIDES = CHECK_RULES["die-sides"].value
STAT_POINTS_PER_DIE = CHECK_RULES["stat-points-per-die"].value
CRITICAL_WINDOW = CHECK_RULES["critical-window"].value
CRITICAL_SUCCESS_CUTOFF = CHECK_RULES["critical-success-cutoff"].value
AVERAGE_STAT = CHECK_RULES["average-stat"].value


#: The four main stats, in the order the source lists them.
STAT_KEYS = ("pwr", "cha", "int", "ins")
STAT_LABELS = {"pwr": "PWR", "cha": "CHA", "int": "INT", "ins": "INS"}

#: Element cycles, as they are called in "Elements Affinities".
CYCLE_LABELS = {"first": "First cycle", "second": "Second cycle"}


def _check_stats(owner: str, stats: dict[str, int], complete: bool) -> None:
    unknown = set(stats) - set(STAT_KEYS)
    if unknown:
        raise ValueError(f"{owner}: unknown stat(s) {', '.join(sorted(unknown))}")
    if complete and set(stats) != set(STAT_KEYS):
        raise ValueError(f"{owner}: stats must give all of {', '.join(STAT_KEYS)}")


@dataclass(frozen=True)
class NamedText:
    """A named passive ability or racial trait, restated (shot-types, races)."""

    name: str
    text: str


@dataclass(frozen=True)
class Modifier:
    """A number a rule adds to something: ``applies_to`` names the thing (see
    :data:`MODIFIER_TARGETS`, ``skill:<id>`` and ``stat:<key>``)."""

    applies_to: str
    value: int


@dataclass(frozen=True)
class SpellcardDiscount:
    """Magic Missile's Efficiency: every spellcard costs ``amount`` less, never below ``floor``."""

    amount: int
    floor: int


@dataclass(frozen=True)
class DamageReduction:
    """Charge of Virtue's Resilience: ``amount`` less damage per attack, at least ``minimum``."""

    amount: int
    minimum: int


@dataclass(frozen=True)
class ShotType:
    """A shot-type: starting main stats, HP, speed, range and a passive ability.

    ``stats`` maps ``pwr``/``cha``/``int``/``ins`` to the starting value. Abilities with a
    number the calculators use carry it as a structured field (``spellcard_discount``,
    ``damage_reduction``), or, for a bonus to rolls, as ``modifiers`` read like a race's
    (Night Dance's +2 to stealth and dexterity).
    """

    id: str
    name: str
    summary: str
    stats: dict[str, int]
    hp: int
    speed: int
    range: int
    ability: NamedText
    source: Source
    spellcard_discount: SpellcardDiscount | None = None
    damage_reduction: DamageReduction | None = None
    modifiers: tuple[Modifier, ...] = ()

    def __post_init__(self) -> None:
        _check_stats(self.id, self.stats, complete=True)

    def modifier(self, applies_to: str) -> int:
        """The total of this shot-type's modifiers to ``applies_to`` (0 if none)."""
        return sum(m.value for m in self.modifiers if m.applies_to == applies_to)


@dataclass(frozen=True)
class Profession:
    """A profession: pay, starting kit, level-1 ability, and the kind of special spellcard
    skills only it may use (``special_skills``, an id in ``spellcard_skill_groups.json``).

    ``implemented`` is false for the professions v0.6 names but does not write yet.
    """

    id: str
    name: str
    implemented: bool
    summary: str
    salary: str
    starting_equipment: tuple[str, ...]
    starting_yen: int | None
    level_1: str
    source: Source
    special_skills: str | None = None
    deck_extra_cards: int = 0
    deck_extra_kinds: int = 0
    hp_bonus: int = 0
    stat_bonus: dict[str, int] | None = None
    has_goddess_element: bool = False

    def __post_init__(self) -> None:
        if self.stat_bonus is not None:
            _check_stats(self.id, self.stat_bonus, complete=False)


@dataclass(frozen=True)
class Element:
    """An element: its cycle, the element it beats (with the verb the source uses) and the
    one that beats it."""

    id: str
    name: str
    cycle: str
    beats: str
    verb: str
    beaten_by: str
    source: Source

    def __post_init__(self) -> None:
        if self.cycle not in CYCLE_LABELS:
            raise ValueError(f"{self.id}: unknown cycle {self.cycle!r}")


SHOT_TYPES: dict[str, ShotType] = {
    r.id: r for r in load_records(__package__, "shot_types.json", ShotType)}
PROFESSIONS: dict[str, Profession] = {
    r.id: r for r in load_records(__package__, "professions.json", Profession)}
ELEMENTS: dict[str, Element] = {
    r.id: r for r in load_records(__package__, "elements.json", Element)}


def elements_in_cycle(cycle: str) -> tuple[Element, ...]:
    """The elements of one cycle, in the source's order."""
    return tuple(e for e in ELEMENTS.values() if e.cycle == cycle)


def same_cycle(a: str, b: str) -> bool:
    """Whether two element ids sit on the same cycle."""
    return ELEMENTS[a].cycle == ELEMENTS[b].cycle


def relation(attacker: str, defender: str) -> str:
    """How an attacking element meets a defending one: ``"strong"`` (it beats it), ``"weak"``
    (it is beaten by it) or ``"neutral"``."""
    if ELEMENTS[attacker].beats == defender:
        return "strong"
    if ELEMENTS[attacker].beaten_by == defender:
        return "weak"
    return "neutral"


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
