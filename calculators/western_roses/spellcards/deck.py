"""Checking a spellcard deck (seed 000, "Spellcards"; the Librarian under "Professions"; the
Grimoire ability under "Abilities").

A deck holds at most 15 cards plus 5 per level, at most 4 different cards per level, and at
most 5 copies of any card. A Librarian, and a character with the Grimoire ability, each hold 5
more cards and 1 more kind. A card's cost has no upper limit, so a dear card breaks no deck
rule: cards over the 400 spell power a character holds get a note saying who can cast them (a
Librarian with her familiar up to 600, no one beyond; see :mod:`.casting`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...errors import CalculatorError, Problems
from ...interpretations import reading
from ..rules import PROFESSIONS
from .card import parse_caster, parse_card
from .casting import FAMILIAR_PROFESSION, casting
from .legality import NOTES, check
from .pricing import price
from .rules import MAX_NAME, RULES, rule

#: Most card entries and copies a deck document may list (limits of the input, not rules:
#: a level-20 Librarian with a grimoire holds 125 cards of 82 kinds).
MAX_ENTRIES = 100
MAX_COPIES_INPUT = 200


def deck_limits(caster_level: int, profession: str, grimoire: bool) -> dict:
    """How many cards and different cards a caster's deck may hold, and why.

    Returns:
        ``cards``, ``kinds`` and ``lines``: one ``{item, cards, kinds, source}`` per term.
    """
    lines = [{"item": f"Level {caster_level}: {rule('deck-base-cards')} + "
                      f"{rule('deck-cards-per-level')} × {caster_level} cards, "
                      f"{rule('deck-kinds-per-level')} × {caster_level} different cards",
              "cards": rule("deck-base-cards") + rule("deck-cards-per-level") * caster_level,
              "kinds": rule("deck-kinds-per-level") * caster_level,
              "source": RULES["deck-base-cards"].source.cite()}]
    prof = PROFESSIONS[profession]
    if prof.deck_extra_cards or prof.deck_extra_kinds:
        lines.append({"item": f"{prof.name} (level 1 ability)", "cards": prof.deck_extra_cards,
                      "kinds": prof.deck_extra_kinds, "source": prof.source.cite()})
    if grimoire:
        lines.append({"item": "Grimoire ability", "cards": rule("grimoire-extra-cards"),
                      "kinds": rule("grimoire-extra-kinds"),
                      "source": RULES["grimoire-extra-cards"].source.cite()})
    return {"cards": sum(line["cards"] for line in lines),
            "kinds": sum(line["kinds"] for line in lines), "lines": lines}


def _same_card_key(summary: dict) -> str:
    """Cards are the same when everything but their name is (interpretation
    same-card-in-a-deck)."""
    return json.dumps({k: v for k, v in summary.items() if k != "name"}, sort_keys=True)


def check_deck(deck: Any) -> dict:
    """Check a deck document ``{"caster": {...}, "cards": [{"card": {...}, "copies": n}]}``.

    Broken deck limits are reported in the result (``legal`` false, one entry per problem);
    a card that cannot be built at all raises.

    Raises:
        CalculatorError: for a malformed deck or card, with paths like ``cards[2].card.aoe``.
    """
    problems = Problems()
    if not isinstance(deck, Mapping):
        problems.add("", "A deck must be a JSON object: {\"caster\": {...}, \"cards\": "
                     "[{\"card\": {...}, \"copies\": n}]}.")
        problems.raise_if_any()
    for key in deck:
        if key not in ("caster", "cards", "name"):
            shown = key if isinstance(key, str) and len(key) <= 40 else "(a long name)"
            problems.add(shown, f"Unknown field “{shown}”; a deck has: caster, cards, name.")
    name = deck.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
        problems.add("name", f"The deck's name must be text of at most {MAX_NAME} characters.")
    caster = parse_caster(deck.get("caster"), problems)
    entries = deck.get("cards")
    if not isinstance(entries, list) or not entries:
        problems.add("cards", "cards must be a non-empty list of {\"card\": {...}, \"copies\": n}.")
        entries = []
    elif len(entries) > MAX_ENTRIES:
        problems.add("cards", f"A deck document lists at most {MAX_ENTRIES} cards; got "
                     f"{len(entries)}.")
        entries = []
    problems.raise_if_any()
    assert caster is not None
    priced = []
    for index, entry in enumerate(entries):
        where = f"cards[{index}]"
        if not isinstance(entry, Mapping) or "card" not in entry:
            problems.add(where, "Each deck entry is {\"card\": {...}, \"copies\": n}.")
            continue
        extra = [k for k in entry if k not in ("card", "copies")]
        if extra:
            problems.add(f"{where}.{extra[0]}" if isinstance(extra[0], str) else where,
                         "A deck entry has only card and copies.")
            continue
        copies = entry.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or \
                not 1 <= copies <= MAX_COPIES_INPUT:
            problems.add(f"{where}.copies",
                         f"copies must be a whole number from 1 to {MAX_COPIES_INPUT}.")
            continue
        try:
            card = parse_card(entry["card"], caster=caster, prefix=f"{where}.card.")
            check(card)
        except CalculatorError as exc:
            problems.errors.extend(exc.errors)
            continue
        priced.append((index, copies, price(card)))
    problems.raise_if_any()
    return _report(deck, caster, priced)


def _report(deck: Mapping, caster, priced: list) -> dict:
    limits = deck_limits(caster.level, caster.profession, caster.grimoire)
    max_copies = rule("deck-max-copies")
    cap = rule("spell-power-cap")
    problems: list[dict] = []  # broken deck rules; a dear card is a note, not one of these
    kinds: dict[str, list[int]] = {}
    rows = []
    for index, copies, result in priced:
        key = _same_card_key(result["card"])
        kinds.setdefault(key, []).append(index)
        rows.append({"index": index, "name": result["card"]["name"] or f"Card {index + 1}",
                     "cost": result["cost"], "copies": copies,
                     "subtotal": result["cost"] * copies, "castable": result["castable"],
                     "needs_familiar": result["needs_familiar"], "who": result["who"],
                     "same_as": kinds[key][0] if kinds[key][0] != index else None,
                     "card": result["card"]})
    total_cards = sum(r["copies"] for r in rows)
    if total_cards > limits["cards"]:
        problems.append({"rule": "deck-size", "message": f"The deck holds {total_cards} cards; "
                         f"this caster's deck holds at most {limits['cards']} (Spellcards)."})
    if len(kinds) > limits["kinds"]:
        problems.append({"rule": "deck-kinds", "message": f"The deck has {len(kinds)} different "
                         f"cards; this caster may have at most {limits['kinds']} (Spellcards)."})
    by_index = {r["index"]: r for r in rows}
    for indices in kinds.values():
        copies = sum(by_index[i]["copies"] for i in indices)
        if copies > max_copies:
            names = " and ".join(by_index[i]["name"] for i in indices)
            problems.append({"rule": "deck-copies", "message": f"{names}: {copies} copies of one "
                             f"card; a deck holds at most {max_copies} (Spellcards)."})
    uncastable = [r["index"] for r in rows if not r["castable"]]
    casting_notes = [f"{r['name']}: {casting(r['cost'], caster.profession)['note']}"
                     for r in rows if r["who"] != "anyone"]
    most = max((sum(by_index[i]["copies"] for i in indices) for indices in kinds.values()),
               default=0)
    highest = max((r["cost"] for r in rows), default=0)
    checks = _checks(caster, limits, total_cards, len(kinds), most, highest)
    notes = list(casting_notes)
    if len(kinds) < len(rows):
        notes.append("Entries with the same skills count as one card, whatever their names "
                     f"({reading(NOTES['same-card-in-a-deck'])}).")
    if total_cards < limits["cards"]:
        notes.append(f"The deck has room for {limits['cards'] - total_cards} more cards; a "
                     f"smaller deck is allowed ({reading(NOTES['deck-size-is-a-maximum'])}).")
    if caster.grimoire:
        notes.append("Lose the grimoire and the extra cards and kind are lost with it until it "
                     "is back; five copies of one card may be set aside to cover both.")
    return {
        "name": deck.get("name"),
        "legal": not problems,
        "problems": problems,
        "cards": rows,
        "total_cards": total_cards,
        "max_cards": limits["cards"],
        "kinds": len(kinds),
        "max_kinds": limits["kinds"],
        "max_copies": max_copies,
        "limits": limits["lines"],
        "total_cost": sum(r["subtotal"] for r in rows),
        "most_copies": most,
        "checks": checks,
        "spell_power_cap": cap,
        "uncastable": uncastable,
        "notes": notes,
    }


def _checks(caster, limits: dict, total_cards: int, kinds: int, most: int,
            highest: int) -> list[dict]:
    """Every deck rule with its limit for this caster and the deck's figure: ``{rule, check,
    limit, actual, ok, source}``; ``ok`` is ``None`` for the extra room, which is not a test
    but says whether it applies."""
    level = caster.level
    base = rule("deck-base-cards") + rule("deck-cards-per-level") * level
    prof = PROFESSIONS[caster.profession]
    librarian = next(p for p in PROFESSIONS.values() if p.deck_extra_cards)
    spellcards = RULES["deck-base-cards"].source.cite()
    return [
        {"rule": "deck-size", "check": f"Cards: {rule('deck-base-cards')} + "
         f"{rule('deck-cards-per-level')} per level (level {level}: {base}), plus any extra "
         "room below", "limit": limits["cards"], "actual": total_cards,
         "ok": total_cards <= limits["cards"], "source": spellcards},
        {"rule": "deck-kinds", "check": f"Different cards: {rule('deck-kinds-per-level')} per "
         f"level (level {level}: {rule('deck-kinds-per-level') * level}), plus any extra room "
         "below", "limit": limits["kinds"], "actual": kinds, "ok": kinds <= limits["kinds"],
         "source": spellcards},
        {"rule": "deck-copies", "check": "Copies of any one card", "limit":
         rule("deck-max-copies"), "actual": most, "ok": most <= rule("deck-max-copies"),
         "source": spellcards},
        {"rule": "librarian", "check": f"{librarian.name}: +{librarian.deck_extra_cards} cards, "
         f"+{librarian.deck_extra_kinds} kind" + ("" if prof.deck_extra_cards else
                                                  f" (this caster is a {prof.name})"),
         "limit": None, "actual": "applies" if prof.deck_extra_cards else "does not apply",
         "ok": None, "source": librarian.source.cite()},
        {"rule": "grimoire", "check": f"Grimoire ability: +{rule('grimoire-extra-cards')} cards, "
         f"+{rule('grimoire-extra-kinds')} kind", "limit": None,
         "actual": "applies" if caster.grimoire else "does not apply (caster.grimoire is not true)",
         "ok": None, "source": RULES["grimoire-extra-cards"].source.cite()},
        _casting_check(caster, highest),
    ]


def _casting_check(caster, highest: int) -> dict:
    """The dearest card against what this caster can pay: not a deck rule (a card's cost has
    no upper limit), so ``ok`` is ``None`` and ``actual`` says who can cast it."""
    cap, extra = rule("spell-power-cap"), rule("familiar-spell-power-cap")
    cast = casting(highest, caster.profession)
    familiar = caster.profession == FAMILIAR_PROFESSION
    limit = cap + extra if familiar else cap
    who = {"anyone": "castable", "familiar": "needs her familiar" if cast["castable"] else
           "castable only by a Librarian with her familiar", "no-one": "castable by no one"}
    return {"rule": "spell-power-cap",
            "check": f"Spell power to cast the dearest card: a character holds {cap}"
                     + (f", {cap + extra} with her familiar" if familiar else "")
                     + "; a dearer card is legal, with a note",
            "limit": limit, "actual": f"{highest} ({who[cast['who']]})", "ok": None,
            "source": RULES["spell-power-cap"].source.cite()}
