"""spellcard-deck: deck size, kinds and copies by level, the Librarian's and the Grimoire's
extra room, totals, and cards that cost more than a character can hold."""

from __future__ import annotations

import pytest

from calculators import CALCULATORS, CalculatorError
from calculators.western_roses.spellcards.deck import check_deck


def caster(**extra) -> dict:
    return {"element": "fire", "shot_type": "spectrum-mystery", "profession": "carefree-soul",
            **extra}


def shot(dice: int, name: str | None = None) -> dict:
    """An attack card of ``dice`` d at a single target: 10 + the dice cost."""
    document = {"type": "attack", "attack": {"dice": dice}}
    if name:
        document["name"] = name
    return document


def deck(cards: list[tuple[dict, int]], **caster_extra) -> dict:
    return {"caster": caster(**caster_extra),
            "cards": [{"card": c, "copies": n} for c, n in cards]}


def rules_broken(result: dict) -> list[str]:
    return sorted(p["rule"] for p in result["problems"])


def test_a_level_1_deck_of_20_cards_in_4_kinds_is_legal():
    result = check_deck(deck([(shot(d), 5) for d in (1, 2, 3, 4)]))
    assert result["legal"] and result["total_cards"] == 20 and result["kinds"] == 4
    # 1d..4d at a single target cost 20 (minimum), 20, 25, 30.
    assert result["total_cost"] == 5 * (20 + 20 + 25 + 30)


@pytest.mark.parametrize("level,cards,kinds", [(1, 20, 4), (2, 25, 8), (3, 30, 12)])
def test_limits_grow_by_5_cards_and_4_kinds_per_level(level, cards, kinds):
    result = check_deck(deck([(shot(1), 1)], level=level))
    assert (result["max_cards"], result["max_kinds"]) == (cards, kinds)


def test_21_cards_at_level_1_break_the_deck_size():
    result = check_deck(deck([(shot(1), 5), (shot(2), 5), (shot(3), 5), (shot(4), 5),
                              (shot(1, "again"), 1)]))
    assert "deck-size" in rules_broken(result)


def test_5_kinds_at_level_1_break_the_kind_limit():
    result = check_deck(deck([(shot(d), 1) for d in (1, 2, 3, 4, 5)]))
    assert rules_broken(result) == ["deck-kinds"]


def test_a_librarian_holds_25_cards_in_5_kinds_at_level_1():
    result = check_deck(deck([(shot(d), 5) for d in (1, 2, 3, 4, 5)], profession="librarian"))
    assert result["legal"] and (result["max_cards"], result["max_kinds"]) == (25, 5)


def test_a_librarian_with_the_grimoire_ability_holds_30_cards_in_6_kinds():
    result = check_deck(deck([(shot(d), 5) for d in (1, 2, 3, 4, 5, 6)],
                             profession="librarian", grimoire=True))
    assert result["legal"] and (result["max_cards"], result["max_kinds"]) == (30, 6)


def test_six_copies_of_one_card_break_the_copy_limit():
    assert rules_broken(check_deck(deck([(shot(1), 6)]))) == ["deck-copies"]


def test_entries_with_the_same_skills_are_one_card_whatever_their_names():
    # interpretation same-card-in-a-deck: 3 + 3 copies of one card.
    result = check_deck(deck([(shot(2, "Ember"), 3), (shot(2, "Spark"), 3)]))
    assert result["kinds"] == 1 and rules_broken(result) == ["deck-copies"]
    assert result["cards"][1]["same_as"] == 0


BIG = {"name": "Too big", "type": "attack", "targets": 4, "aoe": 5,
       "attack": {"dice": 8}}  # 150 + 2 × 80 + 100 = 410


def test_a_card_over_400_is_legal_with_a_note_that_only_a_librarian_with_her_familiar_casts_it():
    # A card's cost has no upper limit; the familiar adds up to 200 spell power (to 600).
    result = check_deck(deck([(BIG, 1)]))
    assert result["legal"] and rules_broken(result) == []
    assert result["uncastable"] == [0]
    note = next(n for n in result["notes"] if n.startswith("Too big"))
    assert "Librarian" in note and "familiar" in note and "cannot cast" in note


def test_a_librarians_card_between_400_and_600_needs_her_familiar():
    result = check_deck(deck([(BIG, 1)], profession="librarian"))
    assert result["legal"] and result["uncastable"] == []
    assert result["cards"][0]["needs_familiar"] is True
    assert checks_of(result)["spell-power-cap"]["limit"] == 600


def test_a_card_over_600_is_legal_but_no_one_can_cast_it():
    huge = {"type": "attack", "targets": 4, "aoe": 5, "duration": {"rounds": 5, "homing": True},
            "attack": {"dice": 8}}  # 410 + 300 = 710
    for profession in ("librarian", "carefree-soul"):
        result = check_deck(deck([(huge, 1)], profession=profession))
        assert result["legal"] and result["uncastable"] == [0]
        assert result["cards"][0]["who"] == "no-one"
        assert any("no one can cast it" in n for n in result["notes"])


def test_a_smaller_deck_is_legal():
    # interpretation deck-size-is-a-maximum.
    assert check_deck(deck([(shot(3), 2)]))["legal"]


def test_a_broken_card_is_refused_with_its_path_in_the_deck():
    document = deck([(shot(1), 1), ({"type": "defensive", "attack": {"dice": 1}}, 1)])
    with pytest.raises(CalculatorError) as info:
        check_deck(document)
    assert info.value.errors[0].field == "cards[1].card.attack"


def test_a_card_with_another_caster_is_refused():
    other = {**shot(1), "caster": caster(element="water")}
    with pytest.raises(CalculatorError) as info:
        check_deck(deck([(other, 1)]))
    assert info.value.errors[0].field == "cards[0].card.caster"


def test_a_card_may_repeat_the_decks_caster_without_its_level():
    same = {**shot(1), "caster": caster()}
    assert check_deck(deck([(same, 1)], level=3))["legal"]


def test_copies_out_of_range_are_refused():
    with pytest.raises(CalculatorError) as info:
        check_deck(deck([(shot(1), 0)]))
    assert info.value.errors[0].field == "cards[0].copies"


def test_the_calculator_checks_the_example_deck():
    calc = CALCULATORS["spellcard-deck"]
    result = calc.run(calc.defaults())
    assert result["legal"] and result["total_cards"] == 20


def checks_of(result: dict) -> dict[str, dict]:
    return {c["rule"]: c for c in result["checks"]}


def test_the_answer_lists_every_deck_check_with_its_limit_and_figure():
    result = check_deck(deck([(shot(1), 5), (shot(2), 3)]))
    checks = checks_of(result)
    assert list(checks) == ["deck-size", "deck-kinds", "deck-copies", "librarian", "grimoire",
                            "spell-power-cap"]
    assert (checks["deck-size"]["limit"], checks["deck-size"]["actual"]) == (20, 8)
    assert (checks["deck-kinds"]["limit"], checks["deck-kinds"]["actual"]) == (4, 2)
    assert (checks["deck-copies"]["limit"], checks["deck-copies"]["actual"]) == (5, 5)
    assert checks["librarian"]["actual"] == "does not apply"
    assert checks["grimoire"]["actual"].startswith("does not apply")
    assert all(c["ok"] in (True, None) for c in result["checks"])


def test_a_level_2_librarian_with_the_grimoire_holds_35_cards_in_10_kinds():
    # 15 + 5 × 2 + 5 (Librarian) + 5 (Grimoire) cards; 4 × 2 + 1 + 1 kinds.
    result = check_deck(deck([(shot(1), 1)], level=2, profession="librarian", grimoire=True))
    checks = checks_of(result)
    assert (checks["deck-size"]["limit"], checks["deck-kinds"]["limit"]) == (35, 10)
    assert checks["librarian"]["actual"] == checks["grimoire"]["actual"] == "applies"


def test_a_dear_card_is_shown_in_its_check_and_the_card_list_without_failing():
    result = check_deck(deck([(BIG, 1), (shot(1), 2)]))
    cap = checks_of(result)["spell-power-cap"]
    assert (cap["limit"], cap["ok"]) == (400, None) and cap["actual"].startswith("410")
    html = CALCULATORS["spellcard-deck"].render(result)
    assert "only a Librarian with her familiar" in html and "1 not castable by this caster" in html
    assert "legal" in html and "not legal" not in html
    assert html.count('data-check="') == 6
