"""Links from an answer to another widget: relative to the page the answer is on."""

from __future__ import annotations

from urllib.parse import parse_qsl, quote as urllib_quote, urljoin, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.errors import RuleRef
from calculators.ui import linked_text, widget_link
from calculators.ui.links import page_url, quote

SITE = "https://example.org/rules/"


@pytest.mark.parametrize("here, page", [
    ("western-roses/character.md", "western-roses/basic-rolls.md"),
    ("western-roses/character.md", "magical-burst/checks.md"),
    ("index.md", "western-roses/basic-rolls.md"),
    ("western-roses/index.md", "index.md"),
    ("western-roses/basic-rolls.md", "western-roses/basic-rolls.md"),
])
def test_the_link_resolved_from_the_page_it_is_on_reaches_the_widget(here, page):
    link = widget_link(page, "wr-check", {"dice": 4, "crit": True}, here)
    # What a browser does with the href on the page at `here`: independent of the code's
    # relative-path arithmetic, it must land on the target page with the inputs.
    resolved = urljoin(SITE + page_url(here), link)
    assert resolved == SITE + page_url(page) + "?wr-check.dice=4&wr-check.crit=true#wr-check"


def test_inputs_are_url_encoded():
    link = widget_link("a.md", "w", {"name": "Reimu & co"}, "a.md")
    assert link == "./?w.name=Reimu%20%26%20co#w"


@given(st.dictionaries(st.text(min_size=1), st.one_of(st.text(), st.integers(), st.booleans()),
                       max_size=4))
def test_any_inputs_come_back_from_the_link_as_a_browser_reads_them(params):
    link = widget_link("a.md", "w", params, "a.md")
    parts = urlsplit(link)
    assert parts.fragment == "w"
    expected = [(f"w.{key}", "true" if value is True else "false" if value is False
                 else str(value)) for key, value in params.items()]
    assert parse_qsl(parts.query, keep_blank_values=True) == expected


@given(st.text())
def test_percent_encoding_matches_urllib(text):
    assert quote(text) == urllib_quote(text, safe="")


def test_a_file_that_is_not_a_page_is_refused():
    with pytest.raises(ValueError):
        page_url("western-roses/data.json")


NOTE = RuleRef("Skills based on two stats", "western-roses/interpretation-notes/#skill-base")
SHORT = RuleRef("Skills", "western-roses/character-creation/#skills")


def test_a_cited_name_is_linked_from_the_answers_page_and_the_rest_escaped():
    html = linked_text("Base 8 (<half>; reading: Skills based on two stats).", [SHORT, NOTE],
                       "western-roses/character.md")
    # The longer name wins where both start; the link resolves from the page to the note.
    assert html == ('Base 8 (&lt;half&gt;; reading: <a href="../interpretation-notes/#skill-base">'
                    "Skills based on two stats</a>).")
    page = "https://example.org/site/western-roses/character/"
    assert urljoin(page, "../interpretation-notes/#skill-base") == \
        "https://example.org/site/western-roses/interpretation-notes/#skill-base"


@given(st.text(max_size=60))
def test_text_naming_no_ref_is_only_escaped(text):
    html = linked_text(text, [], "magical-burst/checks.md")
    assert "<" not in html.replace("&lt;", "") and "<a" not in html
