"""Reading a spellcard document: JSON in, a checked :class:`Card` out.

This module checks shape and ranges only (every field known, every id real, every number in
its table); the spellcard rules that relate fields to each other are in :mod:`.rules`. Every
problem is reported with the card path it concerns (``attack.dice``, ``special[1].skill``), and
all problems found are reported together.

The format (see the spellcards page, "The card format"):

``caster``
    ``{"element", "shot_type", "profession", "level" = 1, "goddess_element"?, "grimoire" = false}``
``type``
    ``attack`` (default), ``defensive`` or ``special``
``bomb``
    true or false (default false)
``to_hit``
    ``burst`` (default), ``roll-intelligence`` or ``roll-power``
``targets``
    ``"self"`` or 1–4 (default 1); ``aoe`` 0–5 (default 0)
``duration``
    ``{"rounds": 1–5, "homing": bool}`` (default 1 round: instantaneous)
``attack``
    ``{"dice": 1–8, "modifier": 0+}`` (attack cards)
``element``
    an element id (attack cards; default the caster's)
``special``
    a list of ``{"skill": id}`` with ``count`` (+10 damage steps), ``dolls`` (Dual Strike) or
    ``element`` (Summon Familiar's familiar) where the skill needs one
``name``
    free text
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import Problems
from ..rules import ELEMENTS, PROFESSIONS, SHOT_TYPES
from .rules import (AOE, ATTACK_DICE, CARD_TYPES, DURATIONS, MAX_DOLLS, MAX_LEVEL,
                    MAX_MODIFIER, MAX_NAME, MAX_STEPS, SPECIAL_SKILLS, TARGETS, TO_HIT,
                    SpecialSkill)

CARD_FIELDS = ("caster", "name", "type", "bomb", "to_hit", "targets", "aoe", "duration",
               "attack", "element", "special")
CASTER_FIELDS = ("element", "shot_type", "profession", "level", "goddess_element", "grimoire")

#: Most special skills on one card (there are never more distinct ones a profession may use).
MAX_SPECIAL = 12

MAX_TARGETS = max(t.targets for t in TARGETS.values())
MAX_AOE = max(a.size for a in AOE.values())
MAX_ROUNDS = max(d.rounds for d in DURATIONS.values())
MAX_DICE = max(a.dice for a in ATTACK_DICE.values())


@dataclass(frozen=True)
class Caster:
    """Who casts the card: what its cost depends on (and, for a deck, its size)."""

    element: str
    shot_type: str
    profession: str
    level: int = 1
    goddess_element: str | None = None
    grimoire: bool = False

    def priced_as(self) -> tuple:
        """What a card's cost depends on (not the level or the grimoire, which size decks)."""
        return (self.element, self.shot_type, self.profession, self.goddess_element)


@dataclass(frozen=True)
class Chosen:
    """A special skill as chosen on a card, with the number it needs, if any."""

    skill: SpecialSkill
    path: str
    count: int | None = None
    dolls: int | None = None
    element: str | None = None


@dataclass(frozen=True)
class Card:
    """A spellcard as written. ``None`` means the field was left out (so the rules' default
    applies, and a standalone skill can tell a chosen skill from an absent one)."""

    caster: Caster
    type: str
    bomb: bool | None
    to_hit: str | None
    targets: int | None  # 0 is "self"
    aoe: int | None
    rounds: int | None
    homing: bool | None
    dice: int | None
    modifier: int | None
    has_attack: bool
    element: str | None
    special: tuple[Chosen, ...]
    name: str | None
    prefix: str = ""

    def path(self, field: str) -> str:
        """The full path of a field of this card, as errors name it."""
        return f"{self.prefix}{field}"


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"“{value}”"
    return text if len(text) <= 40 else text[:40] + "…"


def _whole(raw: Any, field: str, label: str, lo: int, hi: int, problems: Problems) -> int | None:
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        problems.add(field, f"{label} must be a whole number from {lo} to {hi}; got {_shown(raw)}.")
        return None
    return raw


def _flag(raw: Any, field: str, label: str, problems: Problems) -> bool | None:
    if not isinstance(raw, bool):
        problems.add(field, f"{label} must be true or false; got {_shown(raw)}.")
        return None
    return raw


def _one_of(raw: Any, field: str, label: str, options: Mapping[str, Any] | tuple,
            problems: Problems) -> str | None:
    if not isinstance(raw, str) or raw not in options:
        problems.add(field, f"{label} must be one of: {', '.join(options)}; got {_shown(raw)}.")
        return None
    return raw


def _unknown(raw: Mapping, allowed: tuple[str, ...], where: str, problems: Problems) -> None:
    for key in raw:
        if key not in allowed:
            name = key if isinstance(key, str) and len(key) <= 40 else "(a long name)"
            problems.add(f"{where}{name}", f"Unknown field “{name}”; a {where.rstrip('.') or 'card'} "
                         f"has: {', '.join(allowed)}.")


def _object(raw: Any, field: str, label: str, problems: Problems) -> Mapping | None:
    if not isinstance(raw, Mapping):
        problems.add(field, f"{label} must be a JSON object; got {_shown(raw)}.")
        return None
    return raw


def parse_caster(raw: Any, problems: Problems, field: str = "caster") -> Caster | None:
    """Read a caster object; ``None`` (with problems added) when it cannot be read."""
    raw = _object(raw, field, "The caster", problems)
    if raw is None:
        return None
    before = len(problems.errors)
    _unknown(raw, CASTER_FIELDS, f"{field}.", problems)
    values: dict[str, Any] = {}
    for key, table, label in (("element", ELEMENTS, "The caster's element"),
                              ("shot_type", SHOT_TYPES, "The caster's shot-type"),
                              ("profession", PROFESSIONS, "The caster's profession")):
        if raw.get(key) is None:
            problems.add(f"{field}.{key}", f"{label} is required (one of: {', '.join(table)}).")
        else:
            values[key] = _one_of(raw[key], f"{field}.{key}", label, table, problems)
    if raw.get("level") is not None:
        values["level"] = _whole(raw["level"], f"{field}.level", "The caster's level", 1,
                                 MAX_LEVEL, problems)
    if raw.get("goddess_element") is not None:
        values["goddess_element"] = _one_of(raw["goddess_element"], f"{field}.goddess_element",
                                            "The goddess's element", ELEMENTS, problems)
        if values.get("profession") not in (None, "shrine-maiden"):
            problems.add(f"{field}.goddess_element", "Only a Shrine Maiden has a patron goddess "
                         "(Professions: Shrine Maiden).")
    if raw.get("grimoire") is not None:
        values["grimoire"] = _flag(raw["grimoire"], f"{field}.grimoire", "Grimoire", problems)
    if len(problems.errors) > before:
        return None
    return Caster(**values)


def parse_special(raw: Any, problems: Problems) -> tuple[Chosen, ...]:
    """Read the ``special`` list: one object per skill."""
    if not isinstance(raw, list):
        problems.add("special", f"special must be a list of {{\"skill\": id}} objects; got {_shown(raw)}.")
        return ()
    if len(raw) > MAX_SPECIAL:
        problems.add("special", f"A card lists at most {MAX_SPECIAL} special skills; got {len(raw)}.")
        return ()
    chosen: list[Chosen] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        path = f"special[{index}]"
        if isinstance(item, str):
            item = {"skill": item}
        item = _object(item, path, "Each special skill", problems)
        if item is None:
            continue
        _unknown(item, ("skill", "count", "dolls", "element"), f"{path}.", problems)
        skill_id = _one_of(item.get("skill"), f"{path}.skill", "A special skill",
                           SPECIAL_SKILLS, problems)
        if skill_id is None:
            continue
        skill = SPECIAL_SKILLS[skill_id]
        if skill_id in seen:
            problems.add(f"{path}.skill", f"{skill.name} is listed twice; a card takes each skill "
                         "once (Spellcards: one skill from each section)"
                         + (", with count for more +10 damage steps." if skill.pricing == "per-step"
                            else "."))
            continue
        seen.add(skill_id)
        extras: dict[str, Any] = {}
        if skill.pricing == "per-step":
            extras["count"] = _whole(item.get("count", 1), f"{path}.count",
                                     f"The number of {skill.name} steps", 1, MAX_STEPS, problems)
        elif "count" in item:
            problems.add(f"{path}.count", f"{skill.name} takes no count.")
        if skill.pricing == "per-doll":
            if item.get("dolls") is None:
                problems.add(f"{path}.dolls", f"{skill.name} costs per active doll: give dolls, "
                             "the number of dolls under your control (Doll Skills).")
            else:
                extras["dolls"] = _whole(item["dolls"], f"{path}.dolls", "The number of active "
                                         "dolls", 0, MAX_DOLLS, problems)
        elif "dolls" in item:
            problems.add(f"{path}.dolls", f"{skill.name} takes no number of dolls.")
        if skill.id == "summon-familiar":
            if item.get("element") is not None:
                extras["element"] = _one_of(item["element"], f"{path}.element",
                                            "The familiar's element", ELEMENTS, problems)
        elif "element" in item:
            problems.add(f"{path}.element", f"{skill.name} takes no element (only Summon "
                         "Familiar chooses its familiar's element).")
        if any(v is None for k, v in extras.items()):
            continue
        chosen.append(Chosen(skill, path, **extras))
    return tuple(chosen)


def parse_card(raw: Any, caster: Caster | None = None, prefix: str = "") -> Card:
    """Read a card document.

    Args:
        raw: the card (a JSON object).
        caster: the deck's caster, for a card inside a deck; the card may then leave out its
            own ``caster`` (one it gives must be the same).
        prefix: put before every error path (``cards[2].card.``).

    Raises:
        CalculatorError: naming every malformed field.
    """
    problems = Problems(prefix)
    if not isinstance(raw, Mapping):
        problems.add("", f"A spellcard must be a JSON object; got {_shown(raw)}.")
        problems.raise_if_any()
    _unknown(raw, CARD_FIELDS, "", problems)
    if raw.get("caster") is not None:
        own = parse_caster(raw["caster"], problems)
        if caster is not None and own is not None and own.priced_as() != caster.priced_as():
            problems.add("caster", "This card's caster differs from the deck's in what the cost "
                         "depends on; leave it out to use the deck's.")
        caster = caster or own
    elif caster is None:
        problems.add("caster", "The caster is required: {\"element\", \"shot_type\", "
                     "\"profession\"} (the cost depends on them).")
    name = raw.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
        problems.add("name", f"The name must be text of at most {MAX_NAME} characters.")
        name = None
    card_type = "attack"
    if raw.get("type") is not None:
        card_type = _one_of(raw["type"], "type", "The type", CARD_TYPES, problems) or "attack"
    bomb = None if raw.get("bomb") is None else _flag(raw["bomb"], "bomb", "bomb", problems)
    to_hit = None if raw.get("to_hit") is None else _one_of(raw["to_hit"], "to_hit",
                                                            "The to-hit skill", TO_HIT, problems)
    targets = None
    if raw.get("targets") is not None:
        if raw["targets"] == "self":
            targets = 0
        else:
            targets = _whole(raw["targets"], "targets", "targets (or \"self\")", 1, MAX_TARGETS,
                             problems)
    aoe = None if raw.get("aoe") is None else _whole(raw["aoe"], "aoe", "The AOE", 0, MAX_AOE,
                                                     problems)
    rounds = homing = None
    if raw.get("duration") is not None:
        duration = _object(raw["duration"], "duration", "The duration", problems)
        if duration is not None:
            _unknown(duration, ("rounds", "homing"), "duration.", problems)
            rounds = _whole(duration.get("rounds", 1), "duration.rounds", "duration.rounds", 1,
                            MAX_ROUNDS, problems)
            homing = _flag(duration.get("homing", False), "duration.homing", "duration.homing",
                           problems)
            if rounds == 1 and homing:
                problems.add("duration.homing", "An instantaneous card (1 round) has no homing "
                             "version; homing durations run 2 to 5 rounds (Duration).")
    dice = modifier = None
    has_attack = raw.get("attack") is not None
    if has_attack:
        attack = _object(raw["attack"], "attack", "The attack power", problems)
        if attack is not None:
            _unknown(attack, ("dice", "modifier"), "attack.", problems)
            if attack.get("dice") is not None:
                dice = _whole(attack["dice"], "attack.dice", "attack.dice", 0, MAX_DICE, problems)
            if attack.get("modifier") is not None:
                modifier = _whole(attack["modifier"], "attack.modifier", "attack.modifier", 0,
                                  MAX_MODIFIER, problems)
    element = None if raw.get("element") is None else _one_of(raw["element"], "element",
                                                              "The element", ELEMENTS, problems)
    special = parse_special([] if raw.get("special") is None else raw["special"], problems)
    problems.raise_if_any()
    assert caster is not None
    return Card(caster=caster, type=card_type, bomb=bomb, to_hit=to_hit, targets=targets,
                aoe=aoe, rounds=rounds, homing=homing, dice=dice, modifier=modifier,
                has_attack=has_attack, element=element, special=special, name=name,
                prefix=prefix)
