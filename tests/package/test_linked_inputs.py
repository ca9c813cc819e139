"""Declarations that tie a widget's inputs to other inputs or records: a condition held by any
of several inputs (``When.also``), a JSON input shown as a list of cards (``Param.editor``),
inputs filled from a record of another calculator (``Calculator.linked``), down to the
``data-calc-link`` the spellcard builder's page receives, and a calculator's part in the
spellcards a player saves (``Calculator.cards``), down to its ``data-cards-*``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from build_scripts.widgets import cards_data, link_data
from calculators import CALCULATORS, get
from calculators.calculator import Calculator, Linked, SavedCards
from calculators.params import CHOICE, JSON, TEXT, Param, When, check_conditions

SLOTS = ("a", "b", "c")
VALUES = ("none", "x", "y")
SLOT_PARAMS = tuple(Param(s, s, kind=CHOICE, default="none", choices=tuple((v, v) for v in VALUES))
                    for s in SLOTS)


@given(st.fixed_dictionaries({s: st.sampled_from(VALUES) for s in SLOTS}))
def test_a_condition_on_several_inputs_holds_when_any_of_them_holds_a_value(state):
    when = When("a", ("x",), also=("b", "c"))
    assert when.holds(state) == ("x" in state.values())
    assert When("a", ("x",)).holds(state) == (state["a"] == "x")


def test_every_input_of_a_condition_must_be_an_earlier_choice():
    check_conditions(SLOT_PARAMS + (Param("n", "n", applies=When("a", ("x",), also=("b",))),))
    with pytest.raises(ValueError, match="'later'"):
        check_conditions(SLOT_PARAMS + (
            Param("n", "n", applies=When("a", ("x",), also=("later",))),
            Param("later", "later", kind=CHOICE, default="x", choices=(("x", "x"),))))
    with pytest.raises(ValueError, match="not all values of b"):
        check_conditions(SLOT_PARAMS + (Param("n", "n", applies=When("a", ("x",), also=("b",))),
                                        Param("m", "m", applies=When("b", ("zzz",)))))


def test_a_list_editor_is_only_for_a_json_input():
    assert Param("deck", "Deck", kind=JSON, editor="card-list").editor == "card-list"
    with pytest.raises(ValueError, match="editor"):
        Param("deck", "Deck", kind=TEXT, editor="card-list")
    with pytest.raises(ValueError, match="editor"):
        Param("deck", "Deck", kind=JSON, editor="spreadsheet")


def test_a_link_keeps_its_record_in_a_hidden_input_and_fills_its_own_inputs():
    params = (Param("level", "Level", default=1),
              Param("of", "Of", kind=TEXT, default="", hidden=True))
    link = Linked(calculator="wr-character", page="western-roses/character.md", param="of",
                  fields=(("level", "level"),))
    Calculator("t", "T", "", params, dict, str, linked=link)
    with pytest.raises(ValueError, match="hidden input"):
        Calculator("t", "T", "", params, dict, str,
                   linked=Linked("wr-character", "x.md", "level", (("level", "level"),)))
    with pytest.raises(ValueError, match="hidden input"):
        Calculator("t", "T", "", params, dict, str,
                   linked=Linked("wr-character", "x.md", "of", (("nope", "level"),)))


def test_a_widget_may_take_records_of_several_calculators_each_into_its_own_inputs():
    params = (Param("a", "A", kind=JSON), Param("a_of", "A of", kind=TEXT, hidden=True),
              Param("b", "B", kind=JSON), Param("b_of", "B of", kind=TEXT, hidden=True))
    girl = Linked("mb-character", "x.md", "a_of", (("a", "*"),))
    monster = Linked("mb-monster", "y.md", "b_of", (("b", "*"),))
    assert Calculator("t", "T", "", params, dict, str, linked=(girl, monster)).links == (
        girl, monster)
    assert Calculator("t", "T", "", params, dict, str, linked=girl).links == (girl,)
    assert Calculator("t", "T", "", params, dict, str).links == ()
    with pytest.raises(ValueError, match="its own input"):
        Calculator("t", "T", "", params, dict, str,
                   linked=(girl, Linked("mb-monster", "y.md", "a_of", (("b", "*"),))))


def test_every_value_a_saved_character_holds_is_a_value_the_builder_takes():
    """The page's link data, read as the site script reads it: each value a character's
    input can hold (or its default, for a record saved before the input existed), spelled
    as the builder spells it, is one of the builder's choices or in its range."""
    builder, character = get("spellcard-builder"), get("wr-character")
    [data] = [link_data(linked, lambda path: "../character/") for linked in builder.links]
    assert data["calc"] == "wr-character" and data["noun"] == "character"
    assert data["page"] == "../character/" and data["param"] == "caster_of"
    mine = {p.name: p for p in builder.params}
    theirs = {p.name: p for p in character.params}
    assert mine[data["param"]].hidden
    for field, source in data["fields"].items():
        param, record = mine[field], theirs[source]
        held = record.values if record.kind == CHOICE else \
            tuple(str(n) for n in range(record.minimum, record.maximum + 1))
        assert data["defaults"][source] in held
        for text in held:
            spelled = data["values"].get(field, {}).get(text, text)
            param.coerce(spelled)  # raises for a value the builder does not take
    assert data["values"] == {"goddess": {"": "none"}}


DOCS = Path(__file__).resolve().parents[2] / "docs"


def _anchors(page: str) -> set[str]:
    """The ``{#anchor}`` ids a page's source gives its headings."""
    return set(re.findall(r"\{#([a-z0-9-]+)\}", (DOCS / page).read_text(encoding="utf-8")))


def test_saved_cards_are_named_by_a_builder_and_a_list_of_cards_links_where_they_are_made():
    named = (Param("name", "Name", kind=TEXT, default=""),)
    Calculator("t", "T", "", named, dict, str, cards=SavedCards(saves=True))
    with pytest.raises(ValueError, match="'name'"):
        Calculator("t", "T", "", (Param("n", "N"),), dict, str, cards=SavedCards(saves=True))
    with pytest.raises(ValueError, match="deck"):
        Calculator("t", "T", "", named, dict, str, cards=SavedCards(deck="d", deck_param="deck"))
    deck = (Param("deck", "Deck", kind=JSON, editor="card-list"),)
    with pytest.raises(ValueError, match="made_at"):
        Calculator("t", "T", "", deck, dict, str)
    Calculator("t", "T", "", deck, dict, str, cards=SavedCards(made_at="x.md#y"))


def test_every_tie_of_the_saved_cards_names_a_json_input_and_a_section_that_exist():
    declared = {name: calc.cards for name, calc in CALCULATORS.items() if calc.cards}
    assert any(c.saves and c.deck for c in declared.values())
    assert any(c.made_at for c in declared.values())
    for name, cards in declared.items():
        if cards.deck:
            inputs = {p.name: p.kind for p in get(cards.deck).params}
            assert inputs.get(cards.deck_param) == JSON, name
            pages = [p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")
                     if f'calculator("{name}"' in p.read_text(encoding="utf-8")]
            assert pages, name
            for page in pages:  # the deck's widget and section are on the builder's page
                assert f'calculator("{cards.deck}"' in (DOCS / page).read_text(encoding="utf-8")
                assert cards.deck_section in _anchors(page), (name, page)
        if cards.made_at:
            page, _, anchor = cards.made_at.partition("#")
            assert anchor in _anchors(page), (name, cards.made_at)


def test_the_widget_hands_the_ties_of_the_saved_cards_to_the_page():
    def link(path: str) -> str:
        return "../" + path.replace(".md", "/")
    assert cards_data(get("spellcard-builder"), link) == {
        "saves": "", "deck": "spellcard-deck", "deck-param": "deck", "deck-section": "#deck-checker"}
    assert cards_data(get("wr-character"), link) == {
        "made-at": "../western-roses/spellcards/#card-builder"}
    assert cards_data(get("wr-check"), link) == {}
