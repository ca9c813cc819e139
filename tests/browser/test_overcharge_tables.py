"""The overcharge page's nine roll tables are laid out only as they near the screen
(content-visibility, site.css .mb-roll-table-box), yet a link to any row lands on it, scrolling
shows it, and paper gets every row."""

from __future__ import annotations

import pytest

from calculators.magical_burst.overcharge import TABLES, entries
from screens import SCREENS, new_context

pytestmark = pytest.mark.browser

PAGE = "magical-burst/overcharge/"
BOXES = ".mb-roll-table-box table"
#: Whether each roll table is rendered now (False while the browser skips it off screen).
RENDERED = (f"() => [...document.querySelectorAll('{BOXES}')]"
            ".map((table) => table.checkVisibility({contentVisibilityAuto: true}))")
#: Where element ``id`` sits in the window: [top, bottom, window height, header bottom].
PLACE = ("(id) => { const r = document.getElementById(id).getBoundingClientRect(); "
         "return [r.top, r.bottom, innerHeight, "
         "document.querySelector('.md-header').getBoundingClientRect().bottom]; }")


@pytest.fixture(params=list(SCREENS))
def page(browser, request):
    """The page on the shared phone and laptop screens, without Python: these tests are about
    the page's own tables, and a page closed while Pyodide downloads leaves the server writing
    to a closed socket."""
    context = new_context(browser, request.param, python=False)
    yield context.new_page()
    context.close()


def test_the_tables_wait_off_screen_and_render_when_scrolled_to(page, base_url):
    page.goto(base_url + PAGE)
    rendered = page.evaluate(RENDERED)
    assert len(rendered) == len(TABLES)
    assert not any(rendered), "roll tables far below the first screen were laid out on load"
    page.locator(f"{BOXES} tr").last.scroll_into_view_if_needed()
    page.wait_for_function(f"() => ({RENDERED})().at(-1)", timeout=5_000)


@pytest.mark.parametrize("row", ["heart-minor-flair-11", "fury-major-flair-36",
                                 "judgment-change-66"])
def test_a_link_to_a_row_lands_on_the_row(page, base_url, row):
    page.goto(base_url + PAGE + "#" + row)
    page.wait_for_timeout(500)  # the theme's own scroll after load
    top, bottom, height, header = page.evaluate(PLACE, row)
    assert header - 1 <= top and bottom <= height, (top, bottom, height, header)


def test_paper_gets_every_row(page, base_url):
    page.goto(base_url + PAGE)
    page.emulate_media(media="print")
    page.wait_for_function(f"() => ({RENDERED})().every(Boolean)", timeout=5_000)
    rows = page.locator(f"{BOXES} tbody tr").count()
    assert rows == sum(len(entries(table)) for table in TABLES)
