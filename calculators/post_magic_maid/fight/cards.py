"""The one deck of a post-magic-maid battle (seed ``003_1585970b7e222c64.txt``, the opening
lines, “Blitz Points”, “Initiative / Actions”): 54 cards built from the card data
(``data/cards.json``), drawn from the event's seed. Every draw, for initiative or a Blitz
Point, is from the whole deck freshly shuffled, since each returns its cards and shuffles
before the next (note ``blitz-draw-from-a-full-deck``)."""

from __future__ import annotations

from collections import Counter

from ...battle.state import State
from ..rules import CARDS, Card, rule

#: One entry per card of the deck, by rank record.
DECK: tuple[Card, ...] = tuple(card for card in CARDS for _ in range(card.count))
BLITZ_DRAW = rule("blitz-draw")


def draw(state: State, count: int, label: str) -> list[Card]:
    """``count`` cards off the top of the whole deck shuffled with the event's seed."""
    deck = list(DECK)
    state.dice.shuffle(deck, label)
    return deck[:count]


def shown(cards: list[Card]) -> str:
    """Cards as the log lists them: ``A, K, 7, Joker``."""
    return ", ".join(card.label for card in cards)


def kinds(cards: list[Card]) -> Counter:
    """How many of each kind (``ace``, ``face``, ``number``, ``joker``) the cards hold."""
    return Counter(card.kind for card in cards)


__all__ = ["BLITZ_DRAW", "DECK", "draw", "kinds", "shown"]
