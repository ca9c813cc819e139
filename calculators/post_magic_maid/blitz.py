"""``pmm-blitz``: what burning a Blitz Point draws (seed ``003_1585970b7e222c64.txt``,
“Blitz Points”; the deck from the opening lines).

Burning a Blitz Point draws seven cards from the 54-card deck (52 plus two jokers), which is
reshuffled whole before every draw. An ace makes your first roll this round an automatic 25
(extra aces may be given away); a joker gives everyone acting after you an automatic 25 on their
first roll; each face card (jack, queen, king) is a bonus d8 for the round. The counts of each
kind are hypergeometric: drawing without replacement from a fixed deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from ..calculator import Calculator
from ..dice import Distribution
from ..errors import CalculatorError
from ..params import Param
from .blitz_view import render_blitz
from .rules import deck_counts, rule

__all__ = ["PMM_BLITZ", "blitz_odds", "hypergeometric"]


def hypergeometric(population: int, successes: int, draws: int) -> Distribution:
    """How many of ``successes`` marked cards a draw of ``draws`` from ``population`` holds.

    Weight of *k* is C(successes, k)·C(population − successes, draws − k), all integers.

    Raises:
        ValueError: for a draw larger than the population or marked cards outside it.
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError("need 0 <= successes, draws <= population")
    others = population - successes
    return Distribution({k: comb(successes, k) * comb(others, draws - k)
                         for k in range(max(0, draws - others), min(successes, draws) + 1)})


def _rows(law: Distribution) -> list[dict]:
    rows, at_least = [], Fraction(1)
    for count, p in law.items():
        rows.append({"count": count, "p": float(p), "p_at_least": float(at_least)})
        at_least -= p
    return rows


def blitz_odds(cards: int, deck: Mapping[str, int] | None = None) -> dict:
    """Exact odds of one Blitz Point draw of ``cards`` cards.

    Args:
        cards: cards drawn (the rules say seven).
        deck: cards of each kind, ``{"ace", "face", "number", "joker"}``; the rules' deck when
            omitted (tests pass smaller decks to compare with enumeration).

    Returns:
        ``p_ace`` (at least one ace), ``p_spare_ace`` (two or more, so some can be given away),
        ``p_face`` (at least one face card), ``p_joker``, ``p_both_jokers``, ``p_nothing`` (no ace, joker or face card), ``aces``
        and ``faces``: every count with its chance and the chance of at least it, the
        ``mean_faces`` (bonus d8s); exact fractions under ``exact``.
    """
    deck = dict(deck_counts() if deck is None else deck)
    size = sum(deck.values())
    if not 1 <= cards <= size:
        raise CalculatorError.single("cards", f"Draw between 1 and {size} cards.")
    aces = hypergeometric(size, deck["ace"], cards)
    jokers = hypergeometric(size, deck["joker"], cards)
    faces = hypergeometric(size, deck["face"], cards)
    p_ace = 1 - aces.probability(lambda k: k == 0)
    p_face = 1 - faces.probability(lambda k: k == 0)
    p_spare_ace = aces.at_least(2)
    p_joker = 1 - jokers.probability(lambda k: k == 0)
    p_both = jokers.at_least(2) if deck["joker"] >= 2 else Fraction(0)
    p_nothing = Fraction(comb(deck["number"], cards), comb(size, cards))
    mean_faces = faces.mean()
    exact = {"p_ace": p_ace, "p_face": p_face, "p_spare_ace": p_spare_ace, "p_joker": p_joker,
             "p_both_jokers": p_both, "p_nothing": p_nothing, "mean_faces": mean_faces}
    return {
        "cards": cards,
        "deck": deck,
        "deck_size": size,
        **{key: float(value) for key, value in exact.items()},
        "aces": _rows(aces),
        "faces": _rows(faces),
        "exact": {**{key: str(value) for key, value in exact.items()},
                  "faces": {str(k): str(p) for k, p in faces.items()},
                  "aces": {str(k): str(p) for k, p in aces.items()}},
    }


def pmm_blitz(cards: int) -> dict:
    """The calculator's entry: the rules' own deck."""
    return blitz_odds(cards)


PMM_BLITZ = Calculator(
    name="pmm-blitz",
    title="Blitz draw odds",
    summary="Chance that burning a Blitz Point draws an ace, a joker, and how many face cards "
            "(bonus d8s).",
    params=(
        Param("cards", "Cards drawn", default=rule("blitz-draw"), minimum=1,
              maximum=rule("deck-size"),
              help=f"The rules draw {rule('blitz-draw')} from the {rule('deck-size')}-card deck."),
    ),
    compute=pmm_blitz,
    render=render_blitz,
    rules=(("Blitz Points", "post-magic-maid/blitz-and-initiative.md#blitz-points"),),
)
