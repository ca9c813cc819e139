"""A page's first paint is already the page the theme's script would make of it.

The root element's script marks and the reader's palette are given while the page is parsed
(build_scripts/overrides), so the theme's script finds them in place at DOMContentLoaded and
no longer restyles every element; the theme's rule that froze transitions while it switched
the palette is gone from the built stylesheet (build_scripts/theme_assets.py). Each test
here holds the theme's script back, so what it sees is what the page paints before it.
"""

from __future__ import annotations

import pytest

from build_scripts.theme_assets import palette_sheets
from tests.browser.screens import new_context

pytestmark = pytest.mark.browser

PAGE = "magical-burst/overcharge/"
THEME_SCRIPT = "**/assets/javascripts/bundle.*.min.js"
#: The body's palette attributes the theme's script sets, as the page has them.
PALETTE = """() => Object.fromEntries(['media', 'scheme', 'primary', 'accent'].map(
    (key) => [key, document.body.getAttribute('data-md-color-' + key)]))"""
ROOT_MARKS = ("() => [document.documentElement.className, "
              "document.documentElement.dataset.jsFocusVisible]")


def without_theme_script(context, url: str):
    """``url`` in a new tab of ``context`` with the theme's script refused: the page as parsed."""
    page = context.new_page()
    page.route(THEME_SCRIPT, lambda route: route.abort())
    page.goto(url)
    return page


def with_theme_script(context, url: str):
    """``url`` in a new tab of ``context``, once the theme's script has set the page up."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(
        "() => document.querySelector('[data-md-component=palette] label:not([hidden])')")
    return page


@pytest.mark.parametrize("palette, scheme", [("light", "default"), ("dark", "slate")])
def test_a_first_visit_is_painted_in_the_phones_palette_and_the_theme_changes_nothing(
        browser, base_url, palette, scheme):
    context = new_context(browser, "390", palette)
    parsed = without_theme_script(context, base_url + PAGE)
    before, marks = parsed.evaluate(PALETTE), parsed.evaluate(ROOT_MARKS)
    after = with_theme_script(context, base_url + PAGE)
    theme, theme_marks = after.evaluate(PALETTE), after.evaluate(ROOT_MARKS)
    context.close()
    assert before["scheme"] == scheme, f"{palette} phone: the page was parsed as {before}"
    assert before == theme, f"the theme's script changed the palette from {before} to {theme}"
    assert marks == ["js js-focus-visible", ""], f"root element as parsed: {marks}"
    assert sorted(theme_marks[0].split()) == sorted(marks[0].split()) and theme_marks[1] == ""


def test_a_palette_the_reader_chose_is_painted_on_her_next_page(browser, base_url):
    context = new_context(browser, "390", "light")
    page = with_theme_script(context, base_url + PAGE)
    page.click("[data-md-component=palette] label:not([hidden])")
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    chosen = page.evaluate(PALETTE)
    parsed = without_theme_script(context, base_url)
    painted = parsed.evaluate(PALETTE)
    context.close()
    assert chosen["scheme"] == "slate"
    assert painted == chosen, f"chose {chosen}, the next page was parsed as {painted}"


def test_the_theme_no_longer_freezes_transitions_on_every_element_as_each_page_loads(site_dir):
    for sheet in palette_sheets(site_dir):
        text = sheet.read_text(encoding="utf-8")
        assert "[data-md-color-scheme=slate]" in text, "not the theme's palette stylesheet"
        assert "data-md-color-switching" not in text
