"""Declarations that tie a widget's inputs to other inputs or records: a condition held by any
of several inputs (``When.also``), a JSON input shown as a list of cards (``Param.editor``),
and inputs filled from a record of another calculator (``Calculator.linked``), down to the
``data-calc-link`` the spellcard builder's page receives."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from build_scripts.widgets import link_data
from calculators import get
from calculators.calculator import Calculator, Linked
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


def test_every_value_a_saved_character_holds_is_a_value_the_builder_takes():
    """The page's link data, read as the site script reads it: each value a character's
    input can hold (or its default, for a record saved before the input existed), spelled
    as the builder spells it, is one of the builder's choices or in its range."""
    builder, character = get("spellcard-builder"), get("wr-character")
    data = link_data(builder, lambda path: "../character/")
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
