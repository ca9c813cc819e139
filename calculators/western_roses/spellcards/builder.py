"""The ``spellcard-builder`` calculator: a card built control by control (caster, type, bomb,
to-hit, targets, AOE, duration, attack power, element, special skills), priced by the same
:func:`~calculators.western_roses.spellcards.cost_of` as the JSON ``spellcard`` calculator.

Besides the cost it says what this caster and card cannot have and why: the special skills
of other professions, and the sections the card's type or skills leave out.
"""

from __future__ import annotations

from ...calculator import Calculator, SavedCards
from ...errors import CalculatorError
from ...interpretations import reading
from ..rules import ELEMENTS, PROFESSIONS, SHOT_TYPES
from . import cost_of
from .card import Card, parse_card
from .rules import SKILL_GROUPS, SPECIAL_SKILLS, group_profession, top_group
from .flat import CASTER_LINK, EXAMPLE, PARAMS, flat_errors, to_card
from .legality import (ATTACK_S, DURATION_S, ELEMENT_S, NOTES, SECTIONS, TARGETS_S, TO_HIT_S,
                       effective_targets, section_block, section_name)
from .builder_view import render_builder
from .calculators import PAGE

#: Each standard section: its heading on the page, its anchor, and the builder's controls.
SECTION_INFO = {
    TO_HIT_S: ("To-hit", "to-hit", ("to_hit",)),
    TARGETS_S: ("Targets and AOE", "targets", ("targets", "aoe")),
    DURATION_S: ("Duration", "duration", ("rounds", "homing")),
    ATTACK_S: ("Attack power", "attack-power", ("dice", "modifier")),
    ELEMENT_S: ("Element", "elemental-affinity", ("element",)),
}

HOW_BUILT = {"attack": "goes on an attack card", "defensive": "goes on a defensive card",
             "standalone": "is a card by itself (type special)",
             "own": "is a card by itself (type special), at its printed cost"}


def wr_spellcard_builder(**flat) -> dict:
    """Price the card the builder's inputs describe.

    Returns:
        What ``spellcard`` returns for that card, plus ``document`` (the card as JSON),
        ``caster`` (names), ``efficiency`` (the shot-type's discount, if any),
        ``disabled`` (sections this card leaves out, and why), ``unavailable`` (other
        professions' special skills) and ``own_skills`` (hers, and how each kind is built).

    Raises:
        CalculatorError: for a card the rules forbid, each problem on the control it concerns.
    """
    document = to_card(flat)
    try:
        result = cost_of(document)
    except CalculatorError as exc:
        raise flat_errors(exc, flat) from None
    card = parse_card(document)
    shot = SHOT_TYPES[card.caster.shot_type]
    discount = shot.spellcard_discount
    return {
        **result,
        "document": document,
        "caster": {"element": ELEMENTS[card.caster.element].name, "shot_type": shot.name,
                   "profession": PROFESSIONS[card.caster.profession].name,
                   "level": card.caster.level,
                   "goddess": ELEMENTS[card.caster.goddess_element].name
                   if card.caster.goddess_element else None},
        "efficiency": None if discount is None else {
            "ability": shot.ability.name, "amount": discount.amount, "floor": discount.floor},
        "efficiency_shot_types": [s.name for s in SHOT_TYPES.values() if s.spellcard_discount],
        "disabled": disabled_sections(card),
        "unavailable": unavailable_skills(card.caster.profession),
        "own_skills": own_skills(card.caster.profession),
    }


def disabled_sections(card: Card) -> list[dict]:
    """Every section (and bomb) this card cannot have, with the rule that says so:
    ``{section, anchor, controls, why}``."""
    out = []
    for section in SECTIONS:
        why = section_block(card, section)
        label, anchor, controls = SECTION_INFO[section]
        if why is not None:
            out.append({"section": label, "anchor": anchor, "controls": list(controls),
                        "why": why})
    listed = {d["anchor"] for d in out}
    if effective_targets(card) == 0 and "targets" not in listed:
        out.append({"section": "To-hit roll", "anchor": "targets", "controls": ["to_hit"],
                    "why": "A card that targets the caster herself has no to-hit roll "
                           "(Targets: Self)."})
        out.append({"section": "AOE", "anchor": "targets", "controls": ["aoe"],
                    "why": "A card that targets the caster herself has no AOE (Targets: Self; "
                           f"{reading(NOTES['self-target-has-no-aoe'])})."})
    for chosen in card.special:
        skill = chosen.skill
        if skill.bomb == "no":
            out.append({"section": "Bomb", "anchor": "bombs", "controls": ["bomb"],
                        "why": f"{skill.name} cannot be made into a bomb: special skills can "
                               "be only when their text says so (Type)."})
            break
        if skill.bomb == "always":
            out.append({"section": "Bomb", "anchor": f"skill-{skill.id}", "controls": ["bomb"],
                        "why": f"{skill.name} is a bomb already, at its printed cost; the "
                               "Bomb box changes nothing."})
            break
    return out


def unavailable_skills(profession: str) -> list[dict]:
    """Other professions' special skills, by section: ``{group, anchor, profession, skills,
    why}``."""
    out = []
    for group in SKILL_GROUPS.values():
        if group.parent is not None or group_profession(group.id) == profession:
            continue
        owner = PROFESSIONS[group_profession(group.id)].name
        skills = [s.name for s in SPECIAL_SKILLS.values() if top_group(s.group).id == group.id]
        out.append({"group": group.name, "anchor": group.id, "profession": owner,
                    "skills": skills,
                    "why": f"Only a {owner} may use {group.name}; this caster is a "
                           f"{PROFESSIONS[profession].name} (Professions; {group.name})."})
    return out


def own_skills(profession: str) -> list[dict]:
    """The caster's own special skills by kind, and how each kind is built:
    ``{group, anchor, how, skills}``."""
    out = []
    for group in SKILL_GROUPS.values():
        if group.rules is None or group_profession(group.id) != profession:
            continue
        skills = [s.name for s in SPECIAL_SKILLS.values() if s.group == group.id]
        how = HOW_BUILT[group.rules]
        if group.target == "charge":
            how += ", always targeting the Guardian's charge"
        elif group.target == "self":
            how += ", always targeting the Guardian herself"
        out.append({"group": section_name(group), "anchor": group.id, "how": how,
                    "skills": skills})
    return out


WR_SPELLCARD_BUILDER = Calculator(
    name="spellcard-builder",
    title="Spellcard builder",
    summary="Build a Western Roses spellcard control by control and see what it costs, line "
            "by line, and what this caster and card cannot have.",
    params=PARAMS,
    compute=wr_spellcard_builder,
    render=render_builder,
    example=EXAMPLE,
    rules=(("Spellcard costs", f"{PAGE}#spellcard-costs"),
           ("Special skills", f"{PAGE}#special-skills")),
    saved=True,
    linked=CASTER_LINK,
    saved_as="card being built",
    cards=SavedCards(saves=True, deck="spellcard-deck", deck_param="deck",
                     deck_section="deck-checker"),
)
