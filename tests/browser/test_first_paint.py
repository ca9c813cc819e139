"""A page's first paint is already the page the theme's script would make of it.

The root element's script marks and the reader's palette are given while the page is parsed
(build_scripts/overrides), so the theme's script finds them in place at DOMContentLoaded and
no longer restyles every element; the theme's rule that froze transitions while it switched
the palette is gone from the built stylesheet (build_scripts/theme_assets.py). The palette
toggle is the site's own (partials/javascripts/palette.html), not the theme's component, which
added a color-scheme <meta> as each page loaded and so restyled every element twice. Most
tests here hold the theme's script back, so what they see is what the page paints before it.
Each runs on both builders' sites: the toggle and its script come from the site's overrides of
templates that MkDocs' theme and Zensical share.
"""

from __future__ import annotations

import pytest

from build_scripts.theme_assets import palette_sheets
from builders import EVERY_BUILDER
from tests.browser.screens import new_context

pytestmark = [pytest.mark.browser, EVERY_BUILDER]

PAGE = "magical-burst/overcharge/"
THEME_SCRIPT = "**/assets/javascripts/bundle.*.min.js"
#: The body's palette attributes, as the page has them.
PALETTE = """() => Object.fromEntries(['media', 'scheme', 'primary', 'accent'].map(
    (key) => [key, document.body.getAttribute('data-md-color-' + key)]))"""
ROOT_MARKS = ("() => [document.documentElement.className, "
              "document.documentElement.dataset.jsFocusVisible]")
#: The content of every color-scheme <meta> in the page's head, in order.
SCHEME_METAS = """() => [...document.head.querySelectorAll('meta[name=color-scheme]')]
    .map((meta) => meta.content)"""
#: The words of the palette toggle's one visible label (what a tap on it switches to).
TOGGLE = "[data-rpg-palette] label:not([hidden])"
VISIBLE_TOGGLE = f"() => [...document.querySelectorAll('{TOGGLE}')].map((label) => label.title)"


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
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.component$ !== undefined")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")
    return page


@pytest.mark.parametrize("palette, scheme, toggle", [
    ("light", "default", "Switch to dark mode"), ("dark", "slate", "Switch to light mode")])
def test_a_first_visit_is_painted_in_the_phones_palette_and_the_theme_changes_nothing(
        browser, base_url, palette, scheme, toggle):
    context = new_context(browser, "390", palette)
    parsed = without_theme_script(context, base_url + PAGE)
    before, marks = parsed.evaluate(PALETTE), parsed.evaluate(ROOT_MARKS)
    parsed_toggle, parsed_metas = parsed.evaluate(VISIBLE_TOGGLE), parsed.evaluate(SCHEME_METAS)
    after = with_theme_script(context, base_url + PAGE)
    theme, theme_marks = after.evaluate(PALETTE), after.evaluate(ROOT_MARKS)
    theme_metas = after.evaluate(SCHEME_METAS)
    context.close()
    assert before["scheme"] == scheme, f"{palette} phone: the page was parsed as {before}"
    assert parsed_toggle == [toggle], f"{palette} phone: the toggle shows {parsed_toggle}"
    assert parsed_metas == [palette], f"{palette} phone: color-scheme <meta>s {parsed_metas}"
    assert before == theme, f"the theme's script changed the palette from {before} to {theme}"
    assert theme_metas == [palette], f"after the theme's script: {theme_metas}"
    assert marks == ["js js-focus-visible", ""], f"root element as parsed: {marks}"
    assert sorted(theme_marks[0].split()) == sorted(marks[0].split()) and theme_marks[1] == ""


def test_a_palette_the_reader_chose_is_painted_on_her_next_page(browser, base_url):
    context = new_context(browser, "390", "light")
    page = with_theme_script(context, base_url + PAGE)
    page.click(TOGGLE)
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    chosen, metas = page.evaluate(PALETTE), page.evaluate(SCHEME_METAS)
    parsed = without_theme_script(context, base_url)
    painted, toggle = parsed.evaluate(PALETTE), parsed.evaluate(VISIBLE_TOGGLE)
    context.close()
    assert chosen["scheme"] == "slate" and metas == ["dark"], (chosen, metas)
    assert painted == chosen, f"chose {chosen}, the next page was parsed as {painted}"
    assert toggle == ["Switch to light mode"]


def test_the_toggle_switches_both_ways_before_the_themes_script_and_by_keyboard(
        browser, base_url):
    context = new_context(browser, "390", "light")
    page = without_theme_script(context, base_url + PAGE)
    page.click(TOGGLE)
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    dark = page.evaluate(SCHEME_METAS), page.evaluate(VISIBLE_TOGGLE)
    page.focus("[data-rpg-palette] input:checked")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
    light = page.evaluate(SCHEME_METAS), page.evaluate(VISIBLE_TOGGLE)
    context.close()
    assert dark == (["dark"], ["Switch to light mode"])
    assert light == (["light"], ["Switch to dark mode"])


def test_with_storage_refused_the_page_takes_the_phones_palette_and_the_toggle_works(
        browser, base_url):
    context = new_context(browser, "390", "dark")
    page = context.new_page()
    page.add_init_script("""for (const name of ['getItem', 'setItem']) {
        Storage.prototype[name] = () => { throw new DOMException('refused', 'SecurityError'); };
    }""")
    page.route(THEME_SCRIPT, lambda route: route.abort())
    page.goto(base_url + PAGE)
    parsed = page.evaluate(PALETTE)["scheme"], page.evaluate(VISIBLE_TOGGLE)
    page.click(TOGGLE)
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
    switched = page.evaluate(SCHEME_METAS)
    context.close()
    assert parsed == ("slate", ["Switch to light mode"]), parsed
    assert switched == ["light"]


def test_until_the_reader_chooses_the_page_follows_her_phone(browser, base_url):
    context = new_context(browser, "390", "light")
    page = with_theme_script(context, base_url + PAGE)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    followed = page.evaluate(SCHEME_METAS)
    page.click(TOGGLE)  # she chooses light on a dark phone
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
    page.emulate_media(color_scheme="light")
    page.emulate_media(color_scheme="dark")
    page.wait_for_timeout(200)
    kept = page.evaluate(PALETTE)["scheme"], page.evaluate(SCHEME_METAS)
    context.close()
    assert followed == ["dark"]
    assert kept == ("default", ["light"]), f"the phone's switch overrode her choice: {kept}"


def test_instant_navigation_keeps_one_color_scheme_meta_and_the_palette(browser, base_url):
    context = new_context(browser, "1280", "dark")
    page = with_theme_script(context, base_url + PAGE)
    page.click(".md-tabs a[href$='post-magic-maid/']")
    page.wait_for_function("() => location.pathname.endsWith('/post-magic-maid/')")
    page.wait_for_selector("h1:text('Post-magic-maid rules')")
    metas, scheme = page.evaluate(SCHEME_METAS), page.evaluate(PALETTE)["scheme"]
    context.close()
    assert (metas, scheme) == (["dark"], "slate")


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_the_written_theme_colour_is_the_headers_colour_in_either_palette(
        browser, base_url, palette):
    context = new_context(browser, "390", palette)
    page = with_theme_script(context, base_url + PAGE)
    header, written = page.evaluate("""() => [
        getComputedStyle(document.querySelector('[data-md-component=header]')).backgroundColor,
        [...document.querySelectorAll('meta[name=theme-color]')].map((meta) => meta.content)]""")
    context.close()
    red, green, blue = (int(n) for n in header[header.index("(") + 1:-1].split(","))
    assert written == [f"#{red:02x}{green:02x}{blue:02x}"], (header, written)


def test_the_theme_no_longer_freezes_transitions_on_every_element_as_each_page_loads(site_dir):
    for sheet in palette_sheets(site_dir):
        text = sheet.read_text(encoding="utf-8")
        assert "[data-md-color-scheme=slate]" in text, "not the theme's palette stylesheet"
        assert "data-md-color-switching" not in text
