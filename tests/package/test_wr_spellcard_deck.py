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


def test_a_card_over_400_spell_power_is_flagged_as_uncastable():
    big = {"type": "attack", "targets": 4, "aoe": 5, "attack": {"dice": 8}}  # 150+160+100
    result = check_deck(deck([(big, 1)]))
    assert result["uncastable"] == [0] and rules_broken(result) == ["spell-power-cap"]


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


def test_an_uncastable_card_fails_its_check_and_is_marked_in_the_card_list():
    big = {"name": "Too big", "type": "attack", "targets": 4, "aoe": 5, "attack": {"dice": 8}}
    result = check_deck(deck([(big, 1), (shot(1), 2)]))
    cap = checks_of(result)["spell-power-cap"]
    assert (cap["limit"], cap["actual"], cap["ok"]) == (400, 410, False)
    html = CALCULATORS["spellcard-deck"].render(result)
    assert "no: over 400" in html and "1 uncastable" in html
    assert html.count('data-check="') == 6
