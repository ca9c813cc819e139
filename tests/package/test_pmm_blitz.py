"""pmm-blitz against enumeration of every hand from a small deck, and against hypergeometric
formulas written out with math.comb for the rules' 54-card deck (seed 003, “Blitz Points”)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from calculators import CalculatorError, run
from calculators.post_magic_maid.blitz import blitz_odds

SMALL_DECKS = [
    {"ace": 2, "face": 3, "number": 4, "joker": 1},
    {"ace": 1, "face": 2, "number": 3, "joker": 2},
]


def enumerate_hands(deck: dict[str, int], cards: int) -> dict[str, Fraction]:
    """Every hand of ``cards`` distinct cards, counted by hand."""
    pack = [kind for kind, count in deck.items() for _ in range(count)]
    hands = list(itertools.combinations(range(len(pack)), cards))
    tally = {"p_ace": 0, "p_spare_ace": 0, "p_joker": 0, "p_both_jokers": 0, "p_nothing": 0}
    faces: dict[int, int] = {}
    for hand in hands:
        kinds = [pack[i] for i in hand]
        tally["p_ace"] += kinds.count("ace") >= 1
        tally["p_spare_ace"] += kinds.count("ace") >= 2
        tally["p_joker"] += kinds.count("joker") >= 1
        tally["p_both_jokers"] += kinds.count("joker") >= 2
        tally["p_nothing"] += all(k == "number" for k in kinds)
        faces[kinds.count("face")] = faces.get(kinds.count("face"), 0) + 1
    out = {key: Fraction(value, len(hands)) for key, value in tally.items()}
    out.update({f"faces-{k}": Fraction(v, len(hands)) for k, v in faces.items()})
    return out


@pytest.mark.parametrize("deck, cards", [(deck, cards) for deck in SMALL_DECKS
                                         for cards in range(1, sum(deck.values()) + 1)])
def test_small_deck_odds_match_enumerating_every_hand(deck, cards):
    expected = enumerate_hands(deck, cards)
    got = blitz_odds(cards, deck)["exact"]
    for key in ("p_ace", "p_spare_ace", "p_joker", "p_both_jokers", "p_nothing"):
        assert Fraction(got[key]) == expected[key], key
    faces = {f"faces-{k}": Fraction(p) for k, p in got["faces"].items() if Fraction(p)}
    assert faces == {k: v for k, v in expected.items() if k.startswith("faces-")}


def test_seven_cards_from_54_match_the_comb_formulas():
    exact = run("pmm-blitz", {})["exact"]
    hands = comb(54, 7)
    assert Fraction(exact["p_ace"]) == 1 - Fraction(comb(50, 7), hands)
    assert Fraction(exact["p_spare_ace"]) == 1 - Fraction(comb(50, 7) + 4 * comb(50, 6), hands)
    assert Fraction(exact["p_joker"]) == 1 - Fraction(comb(52, 7), hands)
    assert Fraction(exact["p_both_jokers"]) == Fraction(comb(52, 5), hands)
    assert Fraction(exact["p_nothing"]) == Fraction(comb(36, 7), hands)
    for k in range(8):
        assert Fraction(exact["faces"][str(k)]) == Fraction(comb(12, k) * comb(42, 7 - k), hands)


def test_the_default_draw_is_the_rules_seven_cards():
    assert run("pmm-blitz", {})["cards"] == 7


def test_average_bonus_d8s_in_seven_cards_is_seven_times_twelve_over_54():
    assert Fraction(run("pmm-blitz", {})["exact"]["mean_faces"]) == Fraction(7 * 12, 54)


def test_one_card_is_an_ace_four_times_in_54_and_a_joker_twice():
    exact = run("pmm-blitz", {"cards": 1})["exact"]
    assert Fraction(exact["p_ace"]) == Fraction(4, 54)
    assert Fraction(exact["p_joker"]) == Fraction(2, 54)
    assert Fraction(exact["p_both_jokers"]) == 0


def test_drawing_the_whole_deck_holds_every_ace_joker_and_face_card():
    result = run("pmm-blitz", {"cards": 54})
    assert result["p_ace"] == result["p_joker"] == result["p_both_jokers"] == 1
    assert [r["count"] for r in result["faces"]] == [12]


@pytest.mark.parametrize("cards", [0, 55, "seven", 7.5])
def test_a_draw_outside_the_deck_names_the_cards_field(cards):
    with pytest.raises(CalculatorError) as caught:
        run("pmm-blitz", {"cards": cards})
    assert [e.field for e in caught.value.errors] == ["cards"]
