"""Spellcard rule data (seed 000, "Spellcards" through "Doll Skills"), loaded from
``data/spellcard_*.json`` into frozen dataclasses.

Every table the cost rules read lives here, keyed by id; the spellcards page prints the same
records, so a cost shown on the page is the cost the calculator charges.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...ruledata import RuleValue, Source, load_records

PACKAGE = "calculators.western_roses"


@dataclass(frozen=True)
class CardType:
    """Attack, defensive or special."""

    id: str
    name: str
    text: str
    source: Source


@dataclass(frozen=True)
class ToHitSkill:
    """A to-hit skill; ``roll`` is the stat the caster rolls (``None`` for Burst)."""

    id: str
    name: str
    cost: int
    roll: str | None
    text: str
    source: Source


@dataclass(frozen=True)
class TargetSkill:
    """A target skill; ``targets`` is 0 for Self."""

    id: str
    name: str
    targets: int
    cost: int
    text: str
    source: Source


@dataclass(frozen=True)
class AoeSkill:
    """An area-of-effect skill of ``size`` spaces around each target."""

    id: str
    name: str
    size: int
    cost: int
    source: Source


@dataclass(frozen=True)
class DurationSkill:
    """A duration skill: ``rounds`` (1 is instantaneous), staying on its space or homing."""

    id: str
    name: str
    rounds: int
    homing: bool
    cost: int
    source: Source


@dataclass(frozen=True)
class AttackDice:
    """An attack power's dice."""

    id: str
    name: str
    dice: int
    cost: int
    source: Source


@dataclass(frozen=True)
class AffinitySkill:
    """What giving an attack card an element costs, by its relation to the caster's."""

    id: str
    name: str
    cost: int
    source: Source


@dataclass(frozen=True)
class SkillGroup:
    """A section of profession-only special skills.

    Attributes:
        profession: the only profession that may use the group (top-level groups); a subgroup
            names its ``parent`` instead and inherits it.
        rules: how a card with these skills is built: ``attack`` / ``defensive`` (like those
            types, adding the skill), ``standalone`` (the skill is the whole card, as the source
            says), ``own`` (the skill's printed cost is the card's, as read here; see
            interpretation ``own-rule-special-skills``); ``None`` for a parent with subgroups.
        target: ``choose`` (target skills as usual), ``self``, ``charge`` (the Guardian's
            charge) or ``fixed`` (the skill says what it affects).
    """

    id: str
    name: str
    profession: str | None
    parent: str | None
    rules: Literal["attack", "defensive", "standalone", "own"] | None
    target: Literal["choose", "self", "charge", "fixed"]
    text: str
    source: Source


@dataclass(frozen=True)
class SpecialSkill:
    """A profession-only special skill.

    Attributes:
        cost: the printed cost; for ``per-doll`` the cost per active doll, for ``per-step``
            the cost of each +10 damage step.
        pricing: ``fixed``, ``healing`` (doubled on a card that is not instantaneous),
            ``per-doll`` (Dual Strike) or ``per-step`` (lethal +10 damage).
        bomb: ``no`` (cannot be a bomb), ``allowed`` (may be made one, at ``bomb_cost``) or
            ``always`` (a bomb at its printed cost, never doubled).
        choice: skills sharing a choice are alternatives: a card takes at most one of them.
        only_with: the only standard sections the card may also have (``None``: the group's).
        needs_attack_power: the card must have an attack power.
        own_attack_power: the skill is the card's attack power, so it takes no other.
        attack_dice: damage dice that take the place of an attack power's dice.
        rolls_damage: the card's damage is a roll of a stat (Divine Insight), so an attack
            card with it deals damage without an attack power.
        healing_dice: HP healed, in dice.
        goddess_element: the card takes the goddess's element for free.
    """

    id: str
    name: str
    group: str
    cost: int
    text: str
    source: Source
    pricing: Literal["fixed", "healing", "per-doll", "per-step"] = "fixed"
    bomb: Literal["no", "allowed", "always"] = "no"
    bomb_cost: int | None = None
    choice: str | None = None
    only_with: tuple[str, ...] | None = None
    needs_attack_power: bool = False
    own_attack_power: bool = False
    attack_dice: int | None = None
    rolls_damage: bool = False
    healing_dice: int | None = None
    goddess_element: bool = False


@dataclass(frozen=True)
class ExampleCard:
    """A worked example card for the spellcards page (and a test that it prices)."""

    id: str
    title: str
    profession: str
    text: str
    card: dict[str, Any]
    source: Source


def _by_id(filename: str, record_type: type) -> dict:
    return {r.id: r for r in load_records(PACKAGE, filename, record_type)}


RULES: dict[str, RuleValue] = _by_id("spellcard_rules.json", RuleValue)
CARD_TYPES: dict[str, CardType] = _by_id("spellcard_types.json", CardType)
TO_HIT: dict[str, ToHitSkill] = _by_id("spellcard_to_hit.json", ToHitSkill)
TARGETS: dict[str, TargetSkill] = _by_id("spellcard_targets.json", TargetSkill)
AOE: dict[str, AoeSkill] = _by_id("spellcard_aoe.json", AoeSkill)
DURATIONS: dict[str, DurationSkill] = _by_id("spellcard_durations.json", DurationSkill)
ATTACK_DICE: dict[str, AttackDice] = _by_id("spellcard_attack_power.json", AttackDice)
AFFINITY: dict[str, AffinitySkill] = _by_id("spellcard_affinity.json", AffinitySkill)
SKILL_GROUPS: dict[str, SkillGroup] = _by_id("spellcard_skill_groups.json", SkillGroup)
SPECIAL_SKILLS: dict[str, SpecialSkill] = _by_id("spellcard_special_skills.json", SpecialSkill)
EXAMPLES: dict[str, ExampleCard] = _by_id("spellcard_examples.json", ExampleCard)


def rule(rule_id: str) -> int:
    """The value of one spellcard rule number."""
    return RULES[rule_id].value


def target_skill(targets: int) -> TargetSkill:
    """The target skill for a number of targets (0 is Self)."""
    return next(t for t in TARGETS.values() if t.targets == targets)


def aoe_skill(size: int) -> AoeSkill:
    return next(a for a in AOE.values() if a.size == size)


def duration_skill(rounds: int, homing: bool) -> DurationSkill:
    return next(d for d in DURATIONS.values() if d.rounds == rounds and d.homing == homing)


def dice_skill(dice: int) -> AttackDice:
    return next(a for a in ATTACK_DICE.values() if a.dice == dice)


def group_profession(group_id: str) -> str:
    """The profession a group (or its parent) belongs to."""
    group = SKILL_GROUPS[group_id]
    while group.profession is None:
        assert group.parent is not None, group.id
        group = SKILL_GROUPS[group.parent]
    return group.profession


def top_group(group_id: str) -> SkillGroup:
    """A group's top-level section (Divine Skills for Healing spellcards)."""
    group = SKILL_GROUPS[group_id]
    while group.parent is not None:
        group = SKILL_GROUPS[group.parent]
    return group


#: Limits of the input, not rules: far past anything a table prints, and cheap to compute.
MAX_MODIFIER = 100
MAX_STEPS = 40
MAX_DOLLS = 40
MAX_LEVEL = 20
MAX_NAME = 80
