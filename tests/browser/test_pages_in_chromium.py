"""Reading the rules as a person would: search lands on the rule, pages fit a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError

from builders import EVERY_BUILDER, SEARCH_RESULT, TYPING_IN_SEARCH

pytestmark = [pytest.mark.browser, EVERY_BUILDER]

#: One page per system, for the screenshots kept as test artifacts.
SYSTEM_PAGES = {
    "western-roses": "western-roses/character-creation/",
    "roll-and-keep": "roll-and-keep/dice-pools/",
    "magical-burst": "magical-burst/overcharge/",
    "post-magic-maid": "post-magic-maid/checks/",
}


def wait_settled(page, runtime: str = "ready") -> None:
    """The page as a reader sees it once it has loaded: every calculator on it answering from
    Python (a page without one, once loaded), or, where Python is kept from starting, every
    one saying so (``runtime="failed"``)."""
    page.wait_for_load_state("load")
    page.wait_for_function("(runtime) => Array.from(document.querySelectorAll('[data-calc]'))"
                           ".every((w) => w.dataset.calcRuntime === runtime)", arg=runtime,
                           timeout=60_000)


@pytest.mark.parametrize("term, page_path, anchor", [
    ("Fury Burst", "magical-burst/overcharge/", "fury-burst"),
    ("Oni", "western-roses/character-creation/", "oni"),
])
def test_searching_a_term_lands_on_its_rule(page, base_url, term, page_path, anchor):
    page.goto(base_url)
    page.keyboard.press("/")
    page.wait_for_function(TYPING_IN_SEARCH)
    page.keyboard.type(term)
    # Results carry the highlight query between page and anchor: …/page/?h=term#anchor
    result = page.locator(f"{SEARCH_RESULT}[href*='/{page_path}?'][href$='#{anchor}']").first
    result.wait_for(timeout=30_000)
    result.click()
    page.wait_for_url(f"**/{page_path}?h=*#{anchor}")
    heading = page.locator(f"[id='{anchor}']")
    assert term.lower() in heading.inner_text().lower()
    assert heading.is_visible()


@pytest.mark.parametrize("system", sorted(SYSTEM_PAGES))
@pytest.mark.parametrize("width", [1280, 390])
def test_a_system_page_fits_the_screen_and_is_kept_as_a_screenshot(browser, base_url, system,
                                                                    width, screenshot):
    context = browser.kept.lend(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(base_url + SYSTEM_PAGES[system])
    wait_settled(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    screenshot(page, f"{system}-{width}px")
    context.close()
    assert overflow <= 0, f"{system} is {overflow}px wider than a {width}px screen"


def test_a_contents_link_clicked_while_the_page_still_scrolls_lands_on_its_section(browser,
                                                                                  base_url):
    """The theme saves the scroll offset 100 ms after the last scroll and, when that save
    lands on the entry a same-page link just pushed, stays at the offset instead of going to
    the section (one click in three, measured before the fix). A reader opens the page,
    scrolls with the wheel and at once clicks the last contents entry; six readers, six
    distances. Where the theme scrolls has nothing to do with Python, which is kept from
    starting: a start on each of the six loads took most of the test's time."""
    context = browser.kept.lend(python=False, viewport={"width": 1280, "height": 800})
    missed = []
    for distance in range(300, 900, 100):
        page = context.new_page()
        page.goto(base_url + "western-roses/spellcards/")
        wait_settled(page, runtime="failed")
        link = page.locator(".md-sidebar--secondary .md-nav__link[href*='#']").last
        anchor = link.get_attribute("href").split("#")[1]
        page.mouse.move(640, 400)
        page.mouse.wheel(0, distance)
        link.click()
        try:
            page.wait_for_function(
                "id => { const top = document.getElementById(id).getBoundingClientRect().top;"
                " return top >= 0 && top < 200; }", arg=anchor, timeout=3_000)
        except TimeoutError:
            missed.append(distance)
        page.close()
    context.close()
    assert not missed, f"after scrolling {missed} px the click did not reach #{anchor}"
