"""The theme's search index is fetched only when the reader reaches for search
(docs/assets/js/search-later.js), and search still answers what she typed at once."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

CALCULATOR_PAGE = "magical-burst/overcharge/"
PLAIN_PAGE = "post-magic-maid/wounds/"
#: Longer than the old wait after Python's first answer (1 s) and than the browser's idle
#: callback: an index fetched without a reason to would have gone out by then.
QUIET_MS = 2500


def index_requests(page) -> list[str]:
    """Record every request for the search index ``page`` makes from now on."""
    seen = []
    page.on("request", lambda request: seen.append(request.url)
            if "search_index.json" in request.url else None)
    return seen


def test_a_phone_fetches_no_index_until_she_taps_search_and_what_she_types_is_found(
        browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="block")
    page = context.new_page()
    requested = index_requests(page)
    page.goto(base_url + CALCULATOR_PAGE)
    page.wait_for_selector("[data-calc][data-calc-runtime='ready']", timeout=60_000)
    page.wait_for_timeout(QUIET_MS)
    assert requested == [], "the search index was fetched before she reached for search"

    page.click("label.md-header__button[for='__search']")  # the magnifier, on a phone
    page.keyboard.type("Fury Burst")  # at once: the query waits for the index, not lost
    result = page.locator(".md-search-result__link[href*='/magical-burst/overcharge/?']"
                          "[href$='#fury-burst']").first
    result.wait_for(timeout=30_000)
    assert len(requested) == 1
    context.close()


def test_the_keyboard_shortcut_fetches_the_index_and_finds_the_rule(browser, base_url):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    requested = index_requests(page)
    page.goto(base_url + PLAIN_PAGE)
    page.wait_for_load_state("load")
    page.wait_for_timeout(QUIET_MS)
    assert requested == [], "the search index was fetched on a page she only read"

    page.keyboard.press("/")
    page.keyboard.type("Oni")
    page.locator(".md-search-result__link[href*='/western-roses/character-creation/?']"
                 "[href$='#oni']").first.wait_for(timeout=30_000)
    assert len(requested) == 1
    context.close()


def test_a_click_in_the_search_box_on_a_laptop_fetches_the_index(page, base_url):
    requested = index_requests(page)
    page.goto(base_url + PLAIN_PAGE)
    page.wait_for_load_state("load")
    page.wait_for_timeout(QUIET_MS)
    assert requested == []
    page.click(".md-search__input")
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".some((entry) => entry.name.includes('search_index.json'))",
                           timeout=10_000)
    assert len(requested) == 1
