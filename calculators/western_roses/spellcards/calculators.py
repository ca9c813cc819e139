"""The ``spellcard`` and ``spellcard-deck`` calculators: a card document or a deck
document in (a ``json`` parameter), its cost or its verdict out."""

from __future__ import annotations

import copy

from ...calculator import Calculator
from ...params import JSON, Param
from . import cost_of
from .deck import check_deck
from .flat import builder_query, from_card
from .rules import EXAMPLES
from .view import PAGE, render_card, render_deck

EXAMPLE_CARD = EXAMPLES["fire-burst"].card

EXAMPLE_DECK = {
    "caster": {"element": "water", "shot_type": "homing-amulets", "profession": "shrine-maiden",
               "goddess_element": "light", "level": 1},
    "cards": [
        {"card": copy.deepcopy(EXAMPLES["goddess-wrath"].card), "copies": 5},
        {"card": {"name": "Water shot", "type": "attack", "attack": {"dice": 3}}, "copies": 5},
        {"card": {"name": "Mend", "type": "defensive", "targets": "self",
                  "special": [{"skill": "1d-hit-points"}]}, "copies": 5},
        {"card": {"name": "Purify", "type": "defensive", "special": [{"skill": "recover"}]},
         "copies": 5},
    ],
}
EXAMPLE_DECK["cards"][0]["card"]["name"] = "The goddess's light"
del EXAMPLE_DECK["cards"][0]["card"]["caster"]


def wr_spellcard(card: dict | list) -> dict:
    """Cost of one card; see :func:`calculators.western_roses.spellcards.cost_of`. Adds
    ``builder``: the query string that opens the card in the builder on the same page
    (``None`` when it does not fit the builder's controls), and ``builder_note`` saying why
    not, or what is left behind."""
    result = cost_of(card)  # type: ignore[arg-type]
    flat, note = from_card(card)
    return {**result, "builder": None if flat is None else builder_query(flat),
            "builder_note": note}


def wr_spellcard_deck(deck: dict | list) -> dict:
    """Verdict on a deck; see :func:`calculators.western_roses.spellcards.deck.check_deck`."""
    return check_deck(deck)


WR_SPELLCARD = Calculator(
    name="spellcard",
    title="Spellcard cost",
    summary="Spell power a Western Roses spellcard costs, skill by skill, with the rules it breaks.",
    params=(Param("card", "Card (JSON)", kind=JSON, required=True,
                  help="The card as JSON: caster, type, bomb, to_hit, targets, aoe, duration, "
                       "attack, element, special (see “The card format”)."),),
    compute=wr_spellcard,
    example={"card": EXAMPLE_CARD},
    render=render_card,
    rules=(("Spellcard costs", f"{PAGE}#spellcard-costs"),
           ("The card format", f"{PAGE}#card-format")),
)

WR_SPELLCARD_DECK = Calculator(
    name="spellcard-deck",
    title="Spellcard deck check",
    summary="Whether a Western Roses spellcard deck keeps to its size, kind and copy limits, "
            "and what it costs.",
    params=(Param("deck", "Deck (JSON)", kind=JSON, required=True,
                  help="{\"caster\": {...}, \"cards\": [{\"card\": {...}, \"copies\": n}]}; "
                       "cards may leave out the caster."),),
    compute=wr_spellcard_deck,
    example={"deck": EXAMPLE_DECK},
    render=render_deck,
    rules=(("Deck limits", f"{PAGE}#deck-limits"),),
    saved=True,
    saved_as="spellcard deck",
)
