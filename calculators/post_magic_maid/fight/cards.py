"""The one deck of a post-magic-maid battle and what a Blitz Point's draw gives (seed
``003_1585970b7e222c64.txt``, the opening lines, “Blitz Points”, “Initiative / Actions”): 54
cards built from the card data (``data/cards.json``), drawn from the event's seed. Every draw,
for initiative or a Blitz Point, is from the whole deck freshly shuffled, since each returns
its cards and shuffles before the next (note ``blitz-draw-from-a-full-deck``).

An ace's, a joker's or a given ace's gift is an automatic 25 on her next roll this round, held
as a status (:data:`AUTOMATIC`); a face card is a bonus d8 (:data:`BONUS_DIE`)."""

from __future__ import annotations

from collections import Counter

from ...battle.state import State
from ..rules import CARDS, Card
from .citations import cite
from .numbers import number

#: One entry per card of the deck, by rank record.
DECK: tuple[Card, ...] = tuple(card for card in CARDS for _ in range(card.count))
BLITZ_DRAW = number("blitz-draw")
BLITZ = cite("Blitz Points")
#: The status of an automatic result on her next roll this round, and that result.
AUTOMATIC = "automatic-25"
AUTOMATIC_RESULT = number("automatic-result")
AUTOMATIC_STATUS = {"id": AUTOMATIC, "rounds": None, "failures": 0, "turns": 0}
#: The sides of the bonus die a face card gives.
BONUS_DIE = number("blitz-face-card-die")


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


def has_automatic(c: dict) -> bool:
    """Whether her next roll this round is an automatic result."""
    return any(s["id"] == AUTOMATIC for s in c["statuses"])


def give_automatic(state: State, c: dict, source: str) -> None:
    """An automatic 25 on her first roll this round, unless she has rolled already or holds
    one (note ``given-away-ace``)."""
    if c["rolled_round"] and source != "her ace":
        state.write(f"{c['name']} has already rolled this round: {source} gives her nothing.",
                    *BLITZ, note="given-away-ace")
    elif not has_automatic(c):
        c["statuses"].append(dict(AUTOMATIC_STATUS))
        state.write(f"{c['name']}'s next roll this round is an automatic "
                    f"{AUTOMATIC_RESULT} ({source}).", *BLITZ,
                    note="blitz-declared-before-rolling")


__all__ = ["AUTOMATIC", "AUTOMATIC_RESULT", "AUTOMATIC_STATUS", "BLITZ", "BLITZ_DRAW",
           "BONUS_DIE", "DECK", "draw", "give_automatic", "has_automatic", "kinds", "shown"]
