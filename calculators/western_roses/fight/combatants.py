"""Who fights in a Western Roses battle (seed 000, "Turn Order", "Spell Power", "Spell-meter"):
a saved character read through the character builder (``wr-character``: her stats, HP, speed,
range, abilities and deck, priced for her), from her file or her share link, or a quick entry
for a foe (name, the four stats, HP, speed, range, weapon, a deck or none). Each combatant
entry is declared as ``Param`` records, so the battle page documents the same fields this
module reads."""

from __future__ import annotations

from typing import Any

from ...battle.events import prefixed
from ...battle.setup import IDENTITY_FIELDS, read_combatants
from ...battle.share_link import CHARACTER, ON_QUICK, QUICK, entry_fields, link_inputs
from ...battle.state import State
from ...errors import CalculatorError, Problems
from ...params import BOOL, CHOICE, JSON, Param, coerce_all
from ..character import PAGE, WR_CHARACTER
from ..gear import ARMOUR, CLOTHING, WEAPONS
from ..rules import ABILITIES, RACES, SKILLS, STAT_KEYS, STAT_LABELS
from ..spellcards.card import parse_caster, parse_card
from ..spellcards.casting import FAMILIAR_PROFESSION
from ..spellcards.deck import check_deck
from .abilities import ability_ids
from .conditions import FINE
from .numbers import number
from .positions import ARENA

NONE = "none"
MAX_COMBATANTS = 20
MAX_STAT = 150
MAX_HP = 5000
#: The spell power she starts with, and the most she can hold with and without a familiar.
STARTING_SPELL_POWER = number("starting-spell-power")
SPELL_POWER_CAP = number("spell-power-cap")
FAMILIAR_CAP = number("familiar-spell-power-cap")


COMBATANT_FIELDS = (
    *IDENTITY_FIELDS,
    *entry_fields("wr-character", "A quick entry for a foe",
                  "Her character file (the builder's inputs, what Export saves and her share "
                  "link carries), checked by the character builder."),
    *(Param(k, STAT_LABELS[k], default=12, minimum=0, maximum=MAX_STAT, applies=ON_QUICK)
      for k in STAT_KEYS),
    Param("hp", "Max HP", default=50, minimum=1, maximum=MAX_HP, applies=ON_QUICK),
    Param("speed", "Speed", default=6, minimum=0, maximum=MAX_STAT, applies=ON_QUICK),
    Param("range", "Range", default=4, minimum=0, maximum=MAX_STAT, applies=ON_QUICK),
    Param("race", "Race", kind=CHOICE, default="youkai", applies=ON_QUICK,
          choices=tuple((r.id, r.name) for r in RACES.values()),
          help="Its modifiers apply (a fairy is harder to hit, a magician's danmaku hits "
               "harder)."),
    Param("deck", "Deck", kind=JSON, applies=ON_QUICK,
          help="A deck document as the deck checker reads it: {\"caster\": {...}, \"cards\": "
               "[{\"card\": {...}, \"copies\": n}]}. Leave out for none."),
    Param("weapon", "Weapon", kind=CHOICE, default="bare-fists",
          choices=tuple((w.id, w.name) for w in WEAPONS.values()),
          help="What her physical attacks use."),
    Param("armour", "Armour", kind=CHOICE, default=NONE,
          choices=((NONE, "None"), *((a.id, a.name) for a in ARMOUR.values()))),
    Param("clothing", "Clothing", kind=CHOICE, default="basic-clothing",
          choices=tuple((c.id, c.name) for c in CLOTHING.values())),
    Param("familiar", "Librarian's familiar summoned", kind=BOOL, default=False,
          help=f"A Librarian with her familiar holds up to {SPELL_POWER_CAP + FAMILIAR_CAP} "
               f"spell power instead of {SPELL_POWER_CAP}."),
    Param("spell_power", "Spell power at the start", default=STARTING_SPELL_POWER,
          minimum=0, maximum=SPELL_POWER_CAP + FAMILIAR_CAP,
          help=f"Everyone starts with {STARTING_SPELL_POWER}; the game master may start a foe "
               "with more or less."),
    Param("hand", "Cards in hand", kind=JSON,
          help="Cards she holds from an earlier battle: deck entry numbers (0 for the first "
               "entry), one per card; each comes out of her deck."),
    Param("x", "Column", default=0, minimum=-ARENA, maximum=ARENA),
    Param("y", "Row", default=0, minimum=-ARENA, maximum=ARENA),
)


def _cards(entries: list, caster_raw: Any, costs: list[int], where: str) -> list[dict]:
    """Each deck entry as the tracker plays it: name, cost, and what casting it does."""
    problems = Problems()
    caster = parse_caster(caster_raw, problems)
    problems.raise_if_any()
    cards = []
    for index, entry in enumerate(entries):
        card = parse_card(entry["card"], caster=caster, prefix=f"{where}[{index}].card.")
        cards.append({"entry": index, "name": card.name or f"Card {index + 1}",
                      "cost": costs[index], "copies": entry.get("copies", 1),
                      "type": card.type, "bomb": bool(card.bomb),
                      "to_hit": card.to_hit or "burst", "dice": card.dice or 0,
                      "modifier": card.modifier or 0, "rounds": card.rounds or 1,
                      "targets": 1 if card.targets is None else card.targets,
                      "aoe": card.aoe or 0, "skills": [s.skill.id for s in card.special]})
    return cards


def _from_character(p: dict) -> dict:
    """A saved character through the character builder: stats, HP, speed, range, will,
    dodge and graze modifiers, her abilities' modifiers and her priced deck."""
    sheet_in = p["character"] if p["kind"] == CHARACTER else link_inputs(p["link"],
                                                                          WR_CHARACTER, PAGE)
    where = "character" if p["kind"] == CHARACTER else "link"
    if not isinstance(sheet_in, dict):
        raise CalculatorError.single("character", "A character file is a JSON object.")
    try:
        sheet = WR_CHARACTER.run(sheet_in)
    except CalculatorError as exc:
        raise CalculatorError(prefixed(exc.errors, where)) from None
    clean = WR_CHARACTER.params
    inputs = coerce_all(clean, sheet_in)
    stats = {s["id"]: s["value"] for s in sheet["stats"]}
    checks = {c["id"]: c for c in sheet["checks"]}
    abilities = [ABILITIES[inputs[k]] for k in ("ability_1", "ability_2")
                 if inputs[k] in ABILITIES]
    entries = inputs["deck"] or []
    caster = {"element": inputs["element"], "shot_type": inputs["shot_type"],
              "profession": inputs["profession"], "level": inputs["level"]}
    if inputs["profession"] == "shrine-maiden" and inputs["goddess_element"]:
        caster["goddess_element"] = inputs["goddess_element"]
    costs = [row["cost"] for row in sheet["deck"].get("cards", [])]
    return {
        "name": sheet["name"] or p["id"], **stats,
        "will": checks["will"]["value"], "will_modifier": checks["will"]["modifier"],
        "dodge_modifier": checks["dodge-danmaku"]["modifier"],
        "graze_modifier": checks["graze"]["modifier"],
        "max_hp": sheet["hp"]["value"], "speed": sheet["speed"]["value"],
        "range": sheet["range"]["value"], "race": inputs["race"],
        "shot_type": inputs["shot_type"], "profession": inputs["profession"],
        "spell_power_per_turn": sum(a.modifier("spell-power-per-turn") for a in abilities)
        + RACES[inputs["race"]].modifier("spell-power-per-turn"),
        "status_resistance": sum(a.modifier("status-effect-resistance") for a in abilities)
        + RACES[inputs["race"]].modifier("status-effect-resistance"),
        "brute_force": any(a.id == "brute-force" for a in abilities),
        "abilities": ability_ids([inputs["ability_1"], inputs["ability_2"]],
                                 inputs["profession"]),
        "cards": _cards(entries, caster, costs, f"{where}.deck"),
    }


def _from_quick(p: dict) -> dict:
    """A foe from her numbers: will and modifiers worked out from the stats and race as the
    character builder does (reading skill-base-is-the-average)."""
    race = RACES[p["race"]]
    stats = {k: p[k] for k in STAT_KEYS}
    cards: list[dict] = []
    if p["deck"] is not None:
        try:
            report = check_deck(p["deck"])
            entries = p["deck"]["cards"]
            cards = _cards(entries, p["deck"]["caster"], [r["cost"] for r in report["cards"]],
                           "cards")
        except CalculatorError as exc:
            raise CalculatorError(prefixed(exc.errors, "deck")) from None
    return {
        "name": p["name"] or p["id"], **stats,
        "will": SKILLS["will"].base_value(stats), "will_modifier": race.modifier("skill:will"),
        "dodge_modifier": race.modifier("dodge-danmaku"), "graze_modifier": race.modifier("graze"),
        "max_hp": p["hp"], "speed": p["speed"], "range": p["range"], "race": p["race"],
        "shot_type": NONE, "profession": NONE,
        "spell_power_per_turn": race.modifier("spell-power-per-turn"),
        "status_resistance": race.modifier("status-effect-resistance"),
        "brute_force": False, "abilities": [], "cards": cards,
    }


def spell_power_cap(c: dict) -> int:
    """The most spell power she can hold: 400, or 600 for a Librarian with her familiar
    (her familiar's 200 held with her own, as the deck checker reads it)."""
    cap = SPELL_POWER_CAP
    if c["familiar"] and c["profession"] == FAMILIAR_PROFESSION:
        cap += FAMILIAR_CAP
    return cap


def _hand(p: dict, cards: list[dict]) -> tuple[list[int], list[int]]:
    """Her deck (entry numbers, one per copy) and her hand, the hand's cards taken out."""
    deck = [card["entry"] for card in cards for _ in range(card["copies"])]
    hand_raw = p["hand"] or []
    if not isinstance(hand_raw, list) or len(hand_raw) > len(deck):
        raise CalculatorError.single("hand", "The hand is a list of her deck's entry numbers, "
                                             "one per card, no more cards than her deck holds.")
    hand = []
    for index, entry in enumerate(hand_raw):
        if isinstance(entry, bool) or not isinstance(entry, int) or entry not in deck:
            raise CalculatorError.single(f"hand[{index}]", "Not a card left in her deck: give "
                                         "the number of one of her deck's entries.")
        deck.remove(entry)
        hand.append(entry)
    return deck, hand


def read_combatant(raw: Any, where: str) -> dict:
    """One combatant's starting numbers, or errors under ``where``."""
    try:
        p = coerce_all(COMBATANT_FIELDS, raw)
        numbers = _from_quick(p) if p["kind"] == QUICK else _from_character(p)
        c = {"id": p["id"], "side": p["side"], "kind": p["kind"], **numbers,
             "weapon": p["weapon"], "armour": p["armour"], "clothing": p["clothing"],
             "familiar": p["familiar"], "x": p["x"], "y": p["y"]}
        c["cap"] = spell_power_cap(c)
        if p["spell_power"] > c["cap"]:
            raise CalculatorError.single("spell_power", f"{c['name']} holds at most {c['cap']} "
                                         f"spell power; {p['spell_power']} is above her cap.")
        deck, hand = _hand(p, c["cards"])
    except CalculatorError as exc:
        raise CalculatorError(prefixed(exc.errors, where)) from None
    c.update(hp=c["max_hp"], spell_power=p["spell_power"], meter=0,
             deck=deck, hand=hand, discard=[], statuses=[], condition=FINE,
             out_turns=0, actions=0, gained=0, fear_failures=0, uses={}, last_roll=None)
    return c


def setup(raw: Any) -> State:
    """The state before the first event: every combatant read, ids unique.

    Raises:
        CalculatorError: fields ``combatants[i].…``.
    """
    return read_combatants(raw, read_combatant, MAX_COMBATANTS)
