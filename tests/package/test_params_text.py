"""The ``text`` kind of parameter (a card's name): any JSON in gives the stripped line of text
or one error naming the field, never a value with a line break or past its length."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from calculators import CalculatorError
from calculators.params import TEXT, Param

NAME = Param("name", "Card name", kind=TEXT, default="", maximum=12)
ANY_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                        lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=5)


def acceptable(text: str) -> bool:
    """Independent of the code: one line (no character below U+0020, none of U+007F-U+009F)
    of at most 12 characters once spaces at either end are dropped."""
    body = text.strip()
    return len(body) <= 12 and all(ord(c) >= 32 and not 127 <= ord(c) <= 159 for c in body)


@given(raw=st.text(max_size=20) | ANY_JSON)
def test_any_value_is_the_stripped_text_or_an_error_on_the_field(raw):
    try:
        value = NAME.coerce(raw)
    except CalculatorError as exc:
        assert [e.field for e in exc.errors] == ["name"]
        assert not (isinstance(raw, str) and acceptable(raw))
        return
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        assert value == ""
    else:
        assert isinstance(raw, str) and acceptable(raw) and value == raw.strip()
