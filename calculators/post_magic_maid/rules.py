"""Post-magic-maid rule data (seed ``003_1585970b7e222c64.txt``), loaded from ``data/*.json``.

Every collection is a tuple of frozen dataclasses checked field by field by
:func:`calculators.ruledata.load_records`; the cross-checks below (references between files,
totals the source states twice) run on import, so a broken data file stops the build with the
record named. The calculators and the pages read these same records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import RuleDataError, RuleValue, Source, load_records

__all__ = [
    "ATTRIBUTES", "BONUSES", "CARDS", "CARD_RULES", "DIE_TRACK", "HEALING", "LEVEL_UPS",
    "MAGIC", "RULES", "STARTING_DICE", "TIERS", "WOUNDS",
    "Attribute", "BonusType", "Card", "CardRule", "DieStep", "Healing", "LevelUp",
    "MagicResult", "StartingDie", "Tier", "WoundTier",
    "deck_counts", "die_by_id", "magic_adding_faces", "rule", "tier_by_number",
]


@dataclass(frozen=True)
class Attribute:
    """One of the six attributes (seed “Basic check system”)."""

    id: str
    name: str
    source: Source


@dataclass(frozen=True)
class DieStep:
    """A die on the die advancement track, ``step`` 1 being the smallest (seed “Die advancement”)."""

    id: str
    sides: int
    step: int
    source: Source


@dataclass(frozen=True)
class StartingDie:
    """How many attributes a new character rolls with one die (seed “Character Creation”)."""

    id: str
    die: str
    attributes: int
    source: Source


@dataclass(frozen=True)
class Tier:
    """A success tier. ``number`` counts tiers reached (0 below the lowest difficulty);
    ``difficulty`` is the total that reaches it (``None`` for tier 0)."""

    id: str
    number: int
    difficulty: int | None
    label: str
    meaning: str
    source: Source


@dataclass(frozen=True)
class BonusType:
    """A kind of bonus to an attribute or an ability.

    Attributes:
        increments: what the first, second, … application adds to rolls (empty for a passive
            ability bonus, which adds nothing to rolls).
        max_applications: how many times one attribute or ability may receive it (``None``:
            no limit given).
        targets: how many different abilities one bonus is spread over.
    """

    id: str
    name: str
    applies_to: Literal["attribute", "ability"]
    targets: int
    increments: tuple[int, ...]
    max_applications: int | None
    summary: str
    source: Source

    @property
    def maximum(self) -> int:
        """The largest bonus this kind alone can give one attribute or ability."""
        return sum(self.increments)


@dataclass(frozen=True)
class Card:
    """One rank of the 54-card deck; ``kind`` says what it does for Blitz Points, ``initiative``
    orders ranks for turn order (aces high; ``None`` for the jokers, which choose instead)."""

    id: str
    label: str
    name: str
    count: int
    kind: Literal["ace", "face", "number", "joker"]
    initiative: int | None
    source: Source


@dataclass(frozen=True)
class CardRule:
    """What a kind of card does when burning a Blitz Point or drawing for initiative."""

    id: str
    use: Literal["blitz", "initiative"]
    kind: Literal["ace", "face", "number", "joker"]
    effect: str
    source: Source


@dataclass(frozen=True)
class MagicResult:
    """A band of the magic d6: ``result`` as the source words it, ``reading`` as the site
    takes it (see the interpretation notes); ``adds_face``: the face shown is added to the
    roll."""

    id: str
    low: int
    high: int
    result: str
    adds_face: bool
    reading: str
    source: Source


@dataclass(frozen=True)
class WoundTier:
    """One tier of a wound track: ``capacity`` wounds fit in it before the next tier up takes
    the overflow; ``deadline_minutes`` is roughly how long an untreated wound leaves to live."""

    id: str
    track: Literal["blunt", "rending"]
    tier: int
    name: str
    capacity: int
    effect: str
    deadline_minutes: int | None
    source: Source


@dataclass(frozen=True)
class Healing:
    """A way to remove a wound: resting (``tier`` None) or a treatment roll reaching ``tier``;
    ``removes`` lists the wound tier ids it can remove (one wound per use)."""

    id: str
    method: Literal["rest", "treatment"]
    tier: int | None
    removes: tuple[str, ...]
    summary: str
    source: Source


@dataclass(frozen=True)
class LevelUp:
    """One of the three ways to spend a level-up (seed “Advancement”)."""

    id: str
    number: int
    name: str
    summary: str
    source: Source


def _load(filename: str, record_type: type) -> tuple:
    return load_records(__package__, filename, record_type)


RULES: dict[str, RuleValue] = {r.id: r for r in _load("rules.json", RuleValue)}
ATTRIBUTES: tuple[Attribute, ...] = _load("attributes.json", Attribute)
DIE_TRACK: tuple[DieStep, ...] = tuple(sorted(_load("die_track.json", DieStep),
                                              key=lambda d: d.step))
STARTING_DICE: tuple[StartingDie, ...] = _load("starting_dice.json", StartingDie)
TIERS: tuple[Tier, ...] = tuple(sorted(_load("tiers.json", Tier), key=lambda t: t.number))
BONUSES: dict[str, BonusType] = {b.id: b for b in _load("bonuses.json", BonusType)}
CARDS: tuple[Card, ...] = _load("cards.json", Card)
CARD_RULES: tuple[CardRule, ...] = _load("card_rules.json", CardRule)
MAGIC: tuple[MagicResult, ...] = _load("magic.json", MagicResult)
WOUNDS: tuple[WoundTier, ...] = _load("wounds.json", WoundTier)
HEALING: tuple[Healing, ...] = _load("healing.json", Healing)
LEVEL_UPS: tuple[LevelUp, ...] = tuple(sorted(_load("level_ups.json", LevelUp),
                                              key=lambda o: o.number))


def rule(rule_id: str) -> int:
    """The value of the numeric rule ``rule_id`` (``rule("blitz-draw")`` is 7)."""
    return RULES[rule_id].value


def die_by_id(die_id: str) -> DieStep:
    """The die ``d6`` … ``d32`` of the advancement track."""
    for die in DIE_TRACK:
        if die.id == die_id:
            return die
    raise KeyError(die_id)


def tier_by_number(number: int) -> Tier:
    """The tier with ``number`` tiers reached (0 … 4)."""
    return TIERS[number]


def magic_adding_faces() -> str:
    """The magic d6 faces whose value is added to the roll, as text: ``"2–5"``."""
    return ", ".join(f"{b.low}–{b.high}" if b.high > b.low else f"{b.low}"
                     for b in MAGIC if b.adds_face)


def deck_counts() -> dict[str, int]:
    """Cards of each kind in the deck: ``{"ace": 4, "face": 12, "number": 36, "joker": 2}``."""
    counts = {"ace": 0, "face": 0, "number": 0, "joker": 0}
    for card in CARDS:
        counts[card.kind] += card.count
    return counts


def _check(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise RuleDataError(f"{where}: {message}")


def validate() -> None:
    """Cross-file checks; raises :class:`RuleDataError` naming the file and record."""
    track_ids = {d.id for d in DIE_TRACK}
    steps = [d.step for d in DIE_TRACK]
    _check(steps == list(range(1, len(steps) + 1)), "die_track.json", "steps must run 1, 2, 3…")
    sides = [d.sides for d in DIE_TRACK]
    _check(sides == sorted(set(sides)), "die_track.json", "dice must grow along the track")
    for die in DIE_TRACK:
        _check(die.id == f"d{die.sides}", "die_track.json", f"record {die.id}: id must be d<sides>")
    for start in STARTING_DICE:
        _check(start.die in track_ids, "starting_dice.json",
               f"record {start.id}: die {start.die!r} is not on the track")
    _check(sum(s.attributes for s in STARTING_DICE) == len(ATTRIBUTES), "starting_dice.json",
           f"the dice must cover all {len(ATTRIBUTES)} attributes exactly once")
    _check([t.number for t in TIERS] == list(range(len(TIERS))), "tiers.json",
           "tier numbers must run 0, 1, 2…")
    _check(TIERS[0].difficulty is None, "tiers.json", "tier 0 has no difficulty")
    difficulties = [t.difficulty for t in TIERS[1:]]
    _check(all(d is not None for d in difficulties) and difficulties == sorted(set(difficulties)),
           "tiers.json", "tiers 1… must have rising difficulties")
    _check(sum(c.count for c in CARDS) == rule("deck-size"), "cards.json",
           f"card counts must add up to the deck size {rule('deck-size')}")
    kinds = {c.kind for c in CARDS}
    for card_rule in CARD_RULES:
        _check(card_rule.kind in kinds, "card_rules.json",
               f"record {card_rule.id}: no card of kind {card_rule.kind!r}")
    faces = [f for m in MAGIC for f in range(m.low, m.high + 1)]
    _check(sorted(faces) == list(range(1, rule("magic-die-sides") + 1)), "magic.json",
           "the bands must cover each face of the magic die once")
    wound_ids = {w.id for w in WOUNDS}
    tier_numbers = {t.number for t in TIERS[1:]}
    for track in ("blunt", "rending"):
        tiers = sorted(w.tier for w in WOUNDS if w.track == track)
        _check(set(tiers) == tier_numbers and len(tiers) == len(tier_numbers), "wounds.json",
               f"the {track} track must have one wound tier per difficulty tier")
    for heal in HEALING:
        for wound in heal.removes:
            _check(wound in wound_ids, "healing.json",
                   f"record {heal.id}: unknown wound tier {wound!r}")
        _check((heal.method == "rest") == (heal.tier is None), "healing.json",
               f"record {heal.id}: only a treatment roll has a tier")
        _check(heal.tier is None or heal.tier in tier_numbers, "healing.json",
               f"record {heal.id}: tier {heal.tier} does not exist")
    for bonus in BONUSES.values():
        if bonus.max_applications is not None and bonus.increments:
            _check(len(bonus.increments) == bonus.max_applications, "bonuses.json",
                   f"record {bonus.id}: one increment per allowed application")
    single, double = BONUSES["single-ability-bonus"], BONUSES["double-ability-bonus"]
    _check(single.maximum + double.maximum == rule("max-ability-bonus"), "rules.json",
           "record max-ability-bonus: must equal the single and double maximums together")
    _check(single.max_applications + double.max_applications == rule("max-ability-bonus-count"),
           "rules.json", "record max-ability-bonus-count: must equal the two limits together")
    _check(any(d.sides == rule("creation-third-bonus-not-on-sides") for d in DIE_TRACK),
           "rules.json", "record creation-third-bonus-not-on-sides: no such die on the track")
    creation, special = BONUSES["creation-attribute-bonus"], BONUSES["attribute-specialization"]
    _check(creation.maximum + special.maximum == rule("max-attribute-bonus"), "rules.json",
           "record max-attribute-bonus: must equal creation and specialization maximums")


validate()
