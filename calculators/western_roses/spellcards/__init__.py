"""Western Roses spellcards: the cost of a card, and whether a deck is legal (seed 000,
"Spellcards" through "Doll Skills").

``cost_of(card)`` prices one card document; ``check_deck(deck)`` checks a deck. Both raise
:class:`calculators.errors.CalculatorError` naming the card path and the rule for anything the
rules forbid. The calculators ``spellcard`` and ``spellcard-deck`` wrap them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .card import Card, Caster, parse_card
from .deck import check_deck
from .legality import check
from .pricing import price


def cost_of(card: Mapping[str, Any]) -> dict:
    """Price one card document (see :mod:`.card` for the format and :mod:`.rules` for the
    rules). Returns ``{"cost", "breakdown", "notes", "castable", "card"}``."""
    parsed = parse_card(card)
    check(parsed)
    return price(parsed)


__all__ = ["Card", "Caster", "check_deck", "cost_of", "parse_card"]
