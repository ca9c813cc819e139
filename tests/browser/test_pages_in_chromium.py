"""Reading the rules as a person would: search lands on the rule, pages fit a phone."""

from __future__ import annotations

import pytest

from builders import EVERY_BUILDER, SEARCH_RESULT

pytestmark = [pytest.mark.browser, EVERY_BUILDER]

#: One page per system, for the screenshots kept as test artifacts.
SYSTEM_PAGES = {
    "western-roses": "western-roses/character-creation/",
    "roll-and-keep": "roll-and-keep/dice-pools/",
    "magical-burst": "magical-burst/overcharge/",
    "post-magic-maid": "post-magic-maid/checks/",
}


@pytest.mark.parametrize("term, page_path, anchor", [
    ("Fury Burst", "magical-burst/overcharge/", "fury-burst"),
    ("Oni", "western-roses/character-creation/", "oni"),
])
def test_searching_a_term_lands_on_its_rule(page, base_url, term, page_path, anchor):
    page.goto(base_url)
    page.keyboard.press("/")
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
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(base_url + SYSTEM_PAGES[system])
    page.wait_for_load_state("networkidle")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    screenshot(page, f"{system}-{width}px")
    context.close()
    assert overflow <= 0, f"{system} is {overflow}px wider than a {width}px screen"
