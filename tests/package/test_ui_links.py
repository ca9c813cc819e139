"""Links from an answer to another widget: relative to the page the answer is on."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest

from calculators.ui import widget_link
from calculators.ui.links import page_url

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
    assert link == "./?w.name=Reimu+%26+co#w"


def test_a_file_that_is_not_a_page_is_refused():
    with pytest.raises(ValueError):
        page_url("western-roses/data.json")
