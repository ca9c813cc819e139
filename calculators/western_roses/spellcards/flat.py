"""The spellcard builder's inputs: one form control per section of a card, and the mapping
between those flat inputs and the card document that ``spellcard`` prices.

The builder prices a card by turning its inputs into a card document (:func:`to_card`) and
handing that to the same :func:`~calculators.western_roses.spellcards.cost_of` as the JSON
calculator, so both always agree. :func:`from_card` goes the other way, for the "open in the
builder" link of a pasted card; :func:`flat_errors` moves the card paths of errors
(``attack.dice``, ``special[1].skill``) onto the controls they concern (``dice``,
``special_2``), so a message shows next to its control.

A control left at its default that buys nothing (Burst, a single target, AOE 0, one round,
no attack dice or modifier, the caster's element) is left out of the document, as a reader
writing the JSON would leave it out (interpretation default-card-fields).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ...calculator import Linked
from ...errors import CalculatorError, FieldError
from ...params import BOOL, CHOICE, TEXT, Offered, Param, When
from ...ui.links import query_string
from ..rules import ELEMENTS, PROFESSIONS, SHOT_TYPES
from .card import MAX_AOE, MAX_DICE, MAX_ROUNDS, MAX_TARGETS, parse_card
from .legality import ATTACK_S, DURATION_S, ELEMENT_S, STANDARD, TARGETS_S, TO_HIT_S
from .rules import (CARD_TYPES, MAX_DOLLS, MAX_LEVEL, MAX_MODIFIER, MAX_NAME, MAX_STEPS,
                    SPECIAL_SKILLS, TO_HIT, SpecialSkill, group_profession)

#: The builder's widget id on the spellcards page (its first widget of that calculator).
WIDGET = "spellcard-builder"
#: Special skill slots: a Shrine Maiden's Divine Wrath card can use three skills at once.
SLOTS = ("special_1", "special_2", "special_3")
NONE = "none"
#: The element choice that leaves the element out: the caster's (or the goddess's).
OWN = "own"
#: The hidden input keeping which saved character is the caster (see :data:`CASTER_LINK`).
LINK = "caster_of"
#: The profession with a patron goddess, and the skill that asks for a familiar's element.
GODDESS_PROFESSION = "shrine-maiden"
FAMILIAR = "summon-familiar"


def _names(table: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((key, record.name) for key, record in table.items())


def _skill_label(skill_id: str) -> str:
    skill = SPECIAL_SKILLS[skill_id]
    return f"{PROFESSIONS[group_profession(skill.group)].name}: {skill.name}"


def on_cards_with(section: str) -> When:
    """The card types that can carry ``section``: those whose standard sections include it,
    and special cards when a special skill may be combined with it (Doll Cremation's attack
    power). On other cards its controls do not apply, so switching an attack card to
    defensive drops its attack power instead of refusing the card."""
    types = [t for t in CARD_TYPES if section in STANDARD.get(t, ())]
    if any(section in (s.only_with or ()) for s in SPECIAL_SKILLS.values()):
        types.append("special")
    return When("type", tuple(types))


def in_a_slot(wanted: Callable[[SpecialSkill], bool]) -> When:
    """While any skill slot holds a skill that ``wanted`` picks: the number a skill needs
    (+10 damage steps, active dolls, a familiar's element) is asked only with that skill."""
    return When(SLOTS[0], tuple(s.id for s in SPECIAL_SKILLS.values() if wanted(s)),
                also=SLOTS[1:])


SKILL_CHOICES = ((NONE, "None"),) + tuple((s, _skill_label(s)) for s in SPECIAL_SKILLS)
#: A slot lists the caster's own profession's skills; the others are behind "show all".
SKILL_OFFER = Offered("profession", tuple(
    (s.id, (group_profession(s.group),)) for s in SPECIAL_SKILLS.values()),
    "Only a skill's own profession may use it (Professions), so other professions' skills "
    "are hidden.")

PARAMS: tuple[Param, ...] = (
    Param("name", "Card name", kind=TEXT, default="", maximum=MAX_NAME,
          help="What the card is called on your sheet and in a deck."),
    Param("caster_element", "Caster's element", kind=CHOICE, default="fire",
          choices=_names(ELEMENTS)),
    Param("shot_type", "Shot-type", kind=CHOICE, default="spectrum-mystery",
          choices=_names(SHOT_TYPES), help="Magic Missile's Efficiency takes 10 off."),
    Param("profession", "Profession", kind=CHOICE, default="shrine-maiden",
          choices=_names(PROFESSIONS), help="Decides which special skills she may use."),
    Param("goddess", "Goddess's element", kind=CHOICE, default=NONE,
          choices=((NONE, "None"),) + _names(ELEMENTS), help="A Shrine Maiden's patron goddess.",
          applies=When("profession", (GODDESS_PROFESSION,))),
    Param("level", "Level", default=1, minimum=1, maximum=MAX_LEVEL,
          help="Sizes her deck; no card's cost depends on it."),
    Param("type", "Card type", kind=CHOICE, default="attack", choices=_names(CARD_TYPES)),
    Param("bomb", "Bomb", kind=BOOL, default=False),
    Param("to_hit", "To-hit", kind=CHOICE, default="burst", choices=_names(TO_HIT),
          applies=on_cards_with(TO_HIT_S)),
    Param("targets", "Targets", kind=CHOICE, default="1",
          choices=(("self", "Self"),) + tuple((str(n), str(n)) for n in range(1, MAX_TARGETS + 1)),
          applies=on_cards_with(TARGETS_S)),
    Param("aoe", "AOE", default=0, minimum=0, maximum=MAX_AOE, applies=on_cards_with(TARGETS_S)),
    Param("rounds", "Duration (rounds)", default=1, minimum=1, maximum=MAX_ROUNDS,
          help="1 is instantaneous.", applies=on_cards_with(DURATION_S)),
    Param("homing", "Homing", kind=BOOL, default=False, applies=on_cards_with(DURATION_S)),
    Param("dice", "Attack dice", default=0, minimum=0, maximum=MAX_DICE,
          help="0: no attack power.", applies=on_cards_with(ATTACK_S)),
    Param("modifier", "Damage modifier", default=0, minimum=0, maximum=MAX_MODIFIER,
          applies=on_cards_with(ATTACK_S)),
    Param("element", "Card element", kind=CHOICE, default=OWN,
          choices=((OWN, "The caster's (or goddess's)"),) + _names(ELEMENTS),
          applies=on_cards_with(ELEMENT_S)),
    *(Param(slot, f"Special skill {i}", kind=CHOICE, default=NONE, choices=SKILL_CHOICES,
            offered=SKILL_OFFER)
      for i, slot in enumerate(SLOTS, 1)),
    Param("steps", "+10 damage steps", default=1, minimum=1, maximum=MAX_STEPS,
          help="For +10 damage only.", applies=in_a_slot(lambda s: s.pricing == "per-step")),
    Param("dolls", "Active dolls", default=2, minimum=0, maximum=MAX_DOLLS,
          help="For Dual Strike only.", applies=in_a_slot(lambda s: s.pricing == "per-doll")),
    Param("familiar", "Familiar's element", kind=CHOICE, default=NONE,
          choices=((NONE, "Not fixed here"),) + _names(ELEMENTS),
          help="For Summon Familiar only.", applies=in_a_slot(lambda s: s.id == FAMILIAR)),
    Param(LINK, "Caster's saved character", kind=TEXT, default="", maximum=40, hidden=True,
          help="Which of her saved characters is the caster (set by the page when she picks "
               "one); the caster's controls are filled from that character."),
)

#: The builder's caster taken from one of her saved characters (the ``wr-character`` sheet).
CASTER_LINK = Linked(
    calculator="wr-character", page="western-roses/character.md", param=LINK,
    fields=(("caster_element", "element"), ("shot_type", "shot_type"),
            ("profession", "profession"), ("goddess", "goddess_element"), ("level", "level")),
    values=(("goddess", "", NONE),), label="Caster")

#: What the builder widget starts from besides the declared defaults: an attack card with
#: 3 dice. (Declared, no dice: attack power is what a card drops when it stops being one.)
EXAMPLE: dict[str, Any] = {"dice": 3}
#: The builder widget's starting inputs, which its links leave out.
DEFAULTS: dict[str, Any] = {**{p.name: p.default for p in PARAMS}, **EXAMPLE}

#: Card paths (the first part of an error's field) → the control they concern.
_PATHS = {
    "name": "name",
    "caster.element": "caster_element", "caster.shot_type": "shot_type",
    "caster.profession": "profession", "caster.goddess_element": "goddess",
    "caster.level": "level", "type": "type", "bomb": "bomb", "to_hit": "to_hit",
    "targets": "targets", "aoe": "aoe", "duration": "rounds", "duration.rounds": "rounds",
    "duration.homing": "homing", "attack": "dice", "attack.dice": "dice",
    "attack.modifier": "modifier", "element": "element",
}
_SPECIAL_PATH = re.compile(r"special\[(\d+)\]\.(skill|count|dolls|element)")
_SPECIAL_FIELDS = {"count": "steps", "dolls": "dolls", "element": "familiar"}


def used_slots(flat: Mapping[str, Any]) -> list[str]:
    """The special skill slots that hold a skill, in order (their index in ``special``)."""
    return [slot for slot in SLOTS if flat.get(slot, NONE) != NONE]


def to_card(flat: Mapping[str, Any]) -> dict:
    """The card document the builder's (coerced) inputs describe."""
    caster: dict[str, Any] = {"element": flat["caster_element"], "shot_type": flat["shot_type"],
                              "profession": flat["profession"], "level": flat["level"]}
    if flat["goddess"] != NONE:
        caster["goddess_element"] = flat["goddess"]
    card: dict[str, Any] = {"caster": caster, "type": flat["type"]}
    if flat["name"]:
        card = {"name": flat["name"], **card}
    if flat["bomb"]:
        card["bomb"] = True
    if flat["to_hit"] != "burst":
        card["to_hit"] = flat["to_hit"]
    if flat["targets"] != "1":
        card["targets"] = "self" if flat["targets"] == "self" else int(flat["targets"])
    if flat["aoe"]:
        card["aoe"] = flat["aoe"]
    if flat["rounds"] != 1 or flat["homing"]:
        card["duration"] = {"rounds": flat["rounds"], "homing": flat["homing"]}
    attack = {k: flat[k] for k in ("dice", "modifier") if flat[k]}
    if attack:
        card["attack"] = attack
    if flat["element"] != OWN:
        card["element"] = flat["element"]
    special = []
    for slot in used_slots(flat):
        skill = SPECIAL_SKILLS[flat[slot]]
        item: dict[str, Any] = {"skill": skill.id}
        if skill.pricing == "per-step":
            item["count"] = flat["steps"]
        if skill.pricing == "per-doll":
            item["dolls"] = flat["dolls"]
        if skill.id == FAMILIAR and flat["familiar"] != NONE:
            item["element"] = flat["familiar"]
        special.append(item)
    if special:
        card["special"] = special
    return card


def from_card(document: Any) -> tuple[dict[str, Any] | None, str]:
    """The builder's inputs for a card document, or ``None`` and why it does not fit.

    The document must parse (see :func:`.card.parse_card`).
    Returns ``(inputs, note)``: inputs are complete (every builder parameter).
    """
    card = parse_card(document)
    if len(card.special) > len(SLOTS):
        return None, (f"It has {len(card.special)} special skills; the builder has "
                      f"{len(SLOTS)} slots.")
    caster = card.caster
    flat = dict(DEFAULTS)
    flat.update(name=card.name or "", caster_element=caster.element, shot_type=caster.shot_type,
                profession=caster.profession, level=caster.level,
                goddess=caster.goddess_element or NONE, type=card.type, bomb=bool(card.bomb),
                to_hit=card.to_hit or "burst",
                targets="1" if card.targets is None else
                ("self" if card.targets == 0 else str(card.targets)),
                aoe=card.aoe or 0, rounds=card.rounds or 1, homing=bool(card.homing),
                dice=card.dice or 0, modifier=card.modifier or 0, element=card.element or OWN)
    for slot, chosen in zip(SLOTS, card.special):
        flat[slot] = chosen.skill.id
        if chosen.count is not None:
            flat["steps"] = chosen.count
        if chosen.dolls is not None:
            flat["dolls"] = chosen.dolls
        if chosen.element is not None:
            flat["familiar"] = chosen.element
    return flat, ""


def builder_query(flat: Mapping[str, Any], widget: str = WIDGET) -> str:
    """``?spellcard-builder.<param>=<value>&...`` for the inputs that differ from the
    builder's defaults (the widget starts from those, then reads the URL)."""
    return "?" + query_string({f"{widget}.{name}": value
                               for name, value in flat.items() if value != DEFAULTS[name]})


def flat_field(path: str, slots: list[str]) -> str:
    """The control an error on card path ``path`` belongs to ("" for the card as a whole)."""
    match = _SPECIAL_PATH.fullmatch(path)
    if match:
        index, part = int(match.group(1)), match.group(2)
        if part == "skill":
            return slots[index] if index < len(slots) else ""
        return _SPECIAL_FIELDS[part]
    if path == "special":  # with no skill chosen, the first slot is where one goes
        return slots[-1] if slots else SLOTS[0]
    return _PATHS.get(path, "")


def flat_errors(exc: CalculatorError, flat: Mapping[str, Any]) -> CalculatorError:
    """``exc`` with its card paths moved onto the builder's controls; messages for one
    control are joined, as a control shows one message."""
    slots = used_slots(flat)
    merged: dict[str, list[str]] = {}
    for error in exc.errors:
        messages = merged.setdefault(flat_field(error.field, slots), [])
        if error.message not in messages:
            messages.append(error.message)
    return CalculatorError([FieldError(field, " ".join(messages))
                            for field, messages in merged.items()])
