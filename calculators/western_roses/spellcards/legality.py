"""The spellcard cost rules (seed 000, "Spellcards" through "Doll Skills", and Magic Missile's
Efficiency under "Shot-types").

A card costs the sum of one skill from each section it uses — to-hit, targets/AOE, duration,
attack power, elemental affinity — plus its special skills; never less than 20; twice that as
a bomb; and 10 less (never below 10) for a Magic Missile caster. :func:`check` refuses cards
the rules forbid, naming the rule; :func:`.pricing.price` itemises the cost. Where the source
contradicts itself the reading is recorded in ``data/interpretations_spellcards.json`` and
named here by id; a message names the note by its title, linked where it is shown.
"""

from __future__ import annotations

from ...errors import Problems, RuleRef
from ...interpretations import note_refs, reading
from ...ui.links import page_url
from ..rules import ELEMENTS, PROFESSIONS
from .card import Card, Chosen
from .rules import SKILL_GROUPS, SkillGroup, group_profession, rule, top_group

#: The spellcards page, where each special-skill group has its section (``#divine``).
SPELLCARDS_URL = page_url("western-roses/spellcards.md")

TO_HIT_S = "to-hit"
TARGETS_S = "targets"
DURATION_S = "duration"
ATTACK_S = "attack-power"
ELEMENT_S = "element"
SECTIONS = (TO_HIT_S, TARGETS_S, DURATION_S, ATTACK_S, ELEMENT_S)
SECTION_FIELDS = {TO_HIT_S: "to_hit", TARGETS_S: "targets", DURATION_S: "duration",
                  ATTACK_S: "attack", ELEMENT_S: "element"}
SECTION_NAMES = {TO_HIT_S: "a to-hit skill", TARGETS_S: "a target or AOE skill",
                 DURATION_S: "a duration", ATTACK_S: "an attack power", ELEMENT_S: "an element"}
STANDARD = {"attack": (TO_HIT_S, TARGETS_S, DURATION_S, ATTACK_S, ELEMENT_S),
            "defensive": (TO_HIT_S, TARGETS_S, DURATION_S)}

#: The interpretation notes this package cites, by id (see the module docstring).
NOTES = note_refs("calculators.western_roses")


def cited_note(sentence: str) -> RuleRef | None:
    """The interpretation note ``sentence`` cites (``reading: <title>``), to link it where the
    sentence is shown as a refusal; ``None`` when it cites none."""
    return next((ref for ref in NOTES.values() if reading(ref) in sentence), None)


def section_name(group: SkillGroup) -> str:
    """Where a group's rules are written: "Impulse Skills", "Magic Theory Skills: Study"."""
    top = top_group(group.id)
    return top.name if top.id == group.id else f"{top.name}: {group.name}"


def groups_of(card: Card) -> list[SkillGroup]:
    return [SKILL_GROUPS[c.skill.group] for c in card.special]


def present_sections(card: Card) -> set[str]:
    """The standard sections a card names (left-out fields take defaults, not skills)."""
    present = set()
    if card.to_hit is not None:
        present.add(TO_HIT_S)
    if card.targets is not None or card.aoe is not None:
        present.add(TARGETS_S)
    if card.rounds is not None:
        present.add(DURATION_S)
    if card.has_attack:
        present.add(ATTACK_S)
    if card.element is not None:
        present.add(ELEMENT_S)
    return present


def allowed_sections(card: Card) -> tuple[str, ...]:
    """The standard sections this card is priced with, given its type and special skills."""
    groups = groups_of(card)
    own = [g for g in groups if g.rules in ("standalone", "own")]
    if own or card.type == "special":
        sections: tuple[str, ...] = ()
        for chosen in card.special:
            sections += chosen.skill.only_with or ()
        return sections
    sections = STANDARD[card.type]
    for chosen in card.special:
        if chosen.skill.only_with is not None:
            sections = tuple(s for s in sections if s in chosen.skill.only_with)
    if any(g.target in ("self", "charge") for g in groups):
        sections = tuple(s for s in sections if s not in (TO_HIT_S, TARGETS_S))
    return sections


def fixed_target(card: Card) -> str | None:
    """``self`` or ``charge`` when a special skill's section fixes the target."""
    for group in groups_of(card):
        if group.target in ("self", "charge"):
            return group.target
    return None


def effective_targets(card: Card) -> int:
    """Targets the card has: 0 for self; a card that names none has one (the default)."""
    if fixed_target(card) == "self":
        return 0
    return 1 if card.targets is None else card.targets


def effective_element(card: Card) -> str:
    """The card's element: as given, else the goddess's with Goddess's Element, else the
    caster's."""
    if card.element is not None:
        return card.element
    if any(c.skill.goddess_element for c in card.special) and card.caster.goddess_element:
        return card.caster.goddess_element
    return card.caster.element


def is_bomb(card: Card) -> bool:
    """A bomb: declared one, or carrying a skill that is a bomb already."""
    return bool(card.bomb) or any(c.skill.bomb == "always" for c in card.special)


def check(card: Card) -> None:
    """Refuse a card the rules forbid.

    Raises:
        CalculatorError: one entry per broken rule, each naming the card path and the rule.
    """
    problems = Problems(card.prefix)
    caster = card.caster
    profession = PROFESSIONS[caster.profession]
    groups = groups_of(card)
    for chosen, group in zip(card.special, groups):
        allowed = group_profession(group.id)
        if allowed != caster.profession:
            top = top_group(group.id)
            problems.add(f"{chosen.path}.skill", f"Only a {PROFESSIONS[allowed].name} may use "
                         f"{top.name}; this caster is a {profession.name} "
                         f"(Professions; {top.name}).",
                         RuleRef(top.name, f"{SPELLCARDS_URL}#{top.id}"))
    _check_type(card, groups, problems)
    _check_sections(card, groups, problems)
    _check_skills(card, problems)
    _check_effect(card, groups, problems)
    targets = effective_targets(card)
    if targets == 0 and card.to_hit not in (None, "burst"):
        problems.add("to_hit", "A card that targets the caster herself cannot have a to-hit "
                     "skill (Targets: Self).")
    if targets == 0 and card.aoe:
        problems.add("aoe", "A card that targets the caster herself affects only her, so it has "
                     f"no AOE (Targets: Self; {reading(NOTES['self-target-has-no-aoe'])}).",
                     NOTES["self-target-has-no-aoe"])
    if card.bomb:
        for chosen in card.special:
            if chosen.skill.bomb == "no":
                problems.add("bomb", f"{chosen.skill.name} cannot be made into a bomb: special "
                             "skills can be only when their text says so (Type).")
        if targets > rule("bomb-max-targets"):
            problems.add("targets", f"A bomb can only have a single target (it may still have "
                         f"an AOE); this card has {targets} (Type: Bomb).")
    problems.raise_if_any()


def deals_damage(card: Card) -> bool:
    """An attack power, or a special skill that sets the card's damage (lethal dice, Danmaku
    Magic, Divine Insight)."""
    return card.has_attack or any(c.skill.attack_dice or c.skill.own_attack_power or
                                  c.skill.rolls_damage for c in card.special)


def _check_effect(card: Card, groups: list[SkillGroup], problems: Problems) -> None:
    """Refuse cards that would do nothing or what their type forbids (interpretations
    attack-cards-need-damage, defensive-cards-need-an-effect, defender-and-training-apart)."""
    if card.type == "attack" and not deals_damage(card):
        problems.add("attack", "An attack card deals damage: give it an attack power "
                     "(attack.dice) or a skill that sets its damage (Type: Attack-type; "
                     f"{reading(NOTES['attack-cards-need-damage'])}).",
                     NOTES["attack-cards-need-damage"])
    if card.type == "attack" and card.targets == 0:
        problems.add("targets", "An attack card damages opponents, so it cannot target the "
                     "caster herself (Type: Attack-type; "
                     f"{reading(NOTES['attack-cards-need-damage'])}).",
                     NOTES["attack-cards-need-damage"])
    if card.type == "defensive" and not card.special:
        problems.add("special", "A defensive card buffs or heals, and only special skills do "
                     "that: add one (healing, Recover, a protection skill) or make it an attack "
                     "card (Type: Defensive-type; "
                     f"{reading(NOTES['defensive-cards-need-an-effect'])}).",
                     NOTES["defensive-cards-need-an-effect"])
    fixed: dict[str, Chosen] = {}
    for chosen, group in zip(card.special, groups):
        if group.target not in ("self", "charge"):
            continue
        other = next((c for t, c in fixed.items() if t != group.target), None)
        if other is not None:
            problems.add(f"{chosen.path}.skill", f"{chosen.skill.name} always targets "
                         f"{_WHO[group.target]}, but {other.skill.name} always targets "
                         f"{_WHO['self' if group.target == 'charge' else 'charge']}; a card has "
                         "one target, so make two cards (Protection Skills; "
                         f"{reading(NOTES['defender-and-training-apart'])}).",
                         NOTES["defender-and-training-apart"])
            break
        fixed.setdefault(group.target, chosen)


_WHO = {"self": "the Guardian herself", "charge": "her charge"}


def _check_type(card: Card, groups: list[SkillGroup], problems: Problems) -> None:
    if card.type == "special" and not card.special:
        problems.add("type", "A special card is made of a profession's special skills: list one "
                     "under special, or make the card attack or defensive (Type).")
    own = [(c, g) for c, g in zip(card.special, groups) if g.rules in ("standalone", "own")]
    for chosen, group in own:
        if len(card.special) > 1:
            problems.add("special", f"{chosen.skill.name} is a card by itself; no other special "
                         "skill may go with it "
                         + (f"({section_name(group)})." if group.rules == "standalone"
                            else f"({reading(NOTES['own-rule-special-skills'])})."),
                         None if group.rules == "standalone" else NOTES["own-rule-special-skills"])
            break
    for chosen, group in zip(card.special, groups):
        wanted = "special" if group.rules in ("standalone", "own") else group.rules
        if card.type != wanted:
            article = "an" if wanted[0] in "aeiou" else "a"
            problems.add("type", f"{chosen.skill.name} goes on {article} {wanted} card; this card "
                         f"is {card.type} ({section_name(group)}).")
            break


def _check_sections(card: Card, groups: list[SkillGroup], problems: Problems) -> None:
    target = fixed_target(card)
    for section in SECTIONS:
        if section not in present_sections(card) or _adds_nothing(card, section):
            continue
        if section == TARGETS_S and target == "self" and card.targets == 0 and not card.aoe:
            continue
        why = section_block(card, section)
        if why is not None:
            problems.add(SECTION_FIELDS[section], why, cited_note(why))


def section_block(card: Card, section: str) -> str | None:
    """Why this card may not have ``section`` (one of :data:`SECTIONS`), naming the rule;
    ``None`` when it may. The builder shows these for the sections it leaves out."""
    if section in allowed_sections(card):
        return None
    groups = groups_of(card)
    own = next(((c, g) for c, g in zip(card.special, groups)
                if g.rules in ("standalone", "own")), None)
    only = next((c for c in card.special if c.skill.only_with is not None), None)
    target = fixed_target(card)
    what = SECTION_NAMES[section]
    if own is not None:
        chosen, group = own
        if group.rules == "standalone":
            return (f"{chosen.skill.name} stands alone: no other skill may be added to its "
                    f"card ({section_name(group)}).")
        return (f"{chosen.skill.name} is priced as printed and takes no "
                f"{what.split(' ', 1)[1]} ({reading(NOTES['own-rule-special-skills'])}).")
    if only is not None:
        return (f"{only.skill.name} can only be combined with "
                f"{' and '.join(SECTION_NAMES[s] for s in only.skill.only_with)} "
                f"({only.skill.source.section}).")
    if target is not None and section in (TO_HIT_S, TARGETS_S):
        who = "the Guardian's charge" if target == "charge" else "the caster herself"
        return (f"The target of this card is always {who}, so it takes no "
                f"{what.split(' ', 1)[1]} (Protection Skills; "
                f"{reading(NOTES['protection-skills-are-defensive'])}).")
    if card.type == "defensive" and section == ATTACK_S:
        return "A defensive-type card cannot have attack power (Type: Defensive-type)."
    if section == ELEMENT_S:
        return (f"Only attack-type cards have an element; this card is {card.type} "
                "(Elemental Affinity).")
    return f"A {card.type} card takes no {what.split(' ', 1)[1]} (Type)."


def _adds_nothing(card: Card, section: str) -> bool:
    """Whether a section is written out only as its default that buys no skill: Burst (no
    to-hit roll), AOE 0 with no targets, or an instantaneous duration (interpretation
    default-card-fields). Such a field is accepted on any card."""
    if section == TO_HIT_S:
        return card.to_hit == "burst"
    if section == TARGETS_S:
        return card.targets is None and not card.aoe
    if section == DURATION_S:
        return card.rounds == 1 and not card.homing
    return False


def _check_skills(card: Card, problems: Problems) -> None:
    choices: dict[str, Chosen] = {}
    for chosen in card.special:
        skill = chosen.skill
        if skill.choice is not None:
            if skill.choice in choices:
                problems.add(f"{chosen.path}.skill", f"{skill.name} and "
                             f"{choices[skill.choice].skill.name} are alternatives: a card takes "
                             f"one of them ({skill.source.section}).")
            choices[skill.choice] = chosen
        if skill.only_with is not None and len(card.special) > 1:
            problems.add(f"{chosen.path}.skill", f"{skill.name} can only be combined with "
                         f"{' and '.join(SECTION_NAMES[s] for s in skill.only_with)}, not with "
                         f"other special skills ({skill.source.section}).")
        if skill.needs_attack_power and not card.has_attack:
            problems.add("attack", f"{skill.name} needs an attack power: give attack.dice "
                         f"({skill.source.section}).")
        if skill.own_attack_power and card.has_attack:
            problems.add("attack", f"{skill.name} is the card's attack power; it takes no other "
                         f"({skill.source.section}: Danmaku Magic).")
        if skill.attack_dice is not None and card.dice:
            problems.add("attack.dice", f"{skill.name} gives the card its damage dice; leave out "
                         "attack.dice (a damage modifier may stay) "
                         f"({reading(NOTES['lethal-dice-replace-attack-dice'])}).",
                         NOTES["lethal-dice-replace-attack-dice"])
        if skill.goddess_element:
            goddess = card.caster.goddess_element
            if goddess is None:
                problems.add("caster.goddess_element", f"{skill.name} needs the goddess's "
                             "element: give caster.goddess_element (Professions: Shrine Maiden).")
            elif card.element is not None and card.element != goddess:
                problems.add("element", f"{skill.name} gives the card the goddess's element "
                             f"({ELEMENTS[goddess].name}), not {ELEMENTS[card.element].name} "
                             f"({skill.source.section}).")
    if card.has_attack and ATTACK_S in allowed_sections(card) and not card.dice \
            and not any(c.skill.attack_dice for c in card.special):
        problems.add("attack.dice", "An attack power needs dice, from 1d to 8d (Attack Power).")
