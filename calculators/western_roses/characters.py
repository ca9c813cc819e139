"""Western Roses character building blocks: shot-types, professions and elements (seed 000,
"Shot-types", "Professions", "Elemental Affinity", "Elements Affinities").

Loaded from ``data/shot_types.json``, ``data/professions.json`` and ``data/elements.json``;
the character-creation page, the damage calculator and the spellcard cost rules all read the
records here, keyed by id.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruledata import Source, load_records

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
    :data:`.creation.MODIFIER_TARGETS`, ``skill:<id>`` and ``stat:<key>``)."""

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


__all__ = ["CYCLE_LABELS", "DamageReduction", "ELEMENTS", "Element", "Modifier", "NamedText",
           "PROFESSIONS",
           "Profession", "SHOT_TYPES", "STAT_KEYS", "STAT_LABELS", "ShotType",
           "SpellcardDiscount", "elements_in_cycle", "relation", "same_cycle"]
