"""The theme's search index waits while Python boots (docs/assets/js/search-later.js), and
search still answers the moment a reader reaches for it."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

CALCULATOR_PAGE = "magical-burst/overcharge/"
PLAIN_PAGE = "magical-burst/combat/"
#: Python's "ready" held back through the runtime's test hook, so it is still booting.
HOLD_READY = "window.RPG_CALC_HOLD = {types: ['ready'], held: []};"
RELEASE_READY = ("() => { const hold = window.RPG_CALC_HOLD; window.RPG_CALC_HOLD = null; "
                 "hold.held.forEach((go) => go()); }")


def index_requests(page) -> list[str]:
    """Record every request for the search index ``page`` makes from now on."""
    seen = []
    page.on("request", lambda request: seen.append(request.url)
            if "search_index.json" in request.url else None)
    return seen


def test_while_python_boots_the_index_waits_and_a_tap_on_search_finds_the_rule(
        browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="block")
    page = context.new_page()
    page.add_init_script(HOLD_READY)
    requested = index_requests(page)
    page.goto(base_url + CALCULATOR_PAGE)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)
    assert requested == [], "the search index was fetched while Python was still booting"

    page.click("label.md-header__button[for='__search']")  # the magnifier, on a phone
    page.keyboard.type("Fury Burst")  # at once: the query waits for the index, not lost
    result = page.locator(".md-search-result__link[href*='/magical-burst/overcharge/?']"
                          "[href$='#fury-burst']").first
    result.wait_for(timeout=30_000)
    assert len(requested) == 1
    context.close()


def test_once_python_is_up_the_index_follows_without_a_tap(browser, base_url):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(HOLD_READY)
    requested = index_requests(page)
    page.goto(base_url + CALCULATOR_PAGE)
    page.wait_for_load_state("networkidle")
    assert requested == []
    page.evaluate(RELEASE_READY)
    page.wait_for_selector("[data-calc][data-calc-runtime='ready']", timeout=60_000)
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".some((entry) => entry.name.includes('search_index.json'))",
                           timeout=10_000)
    page.keyboard.press("/")
    page.keyboard.type("Oni")
    page.locator(".md-search-result__link[href*='/western-roses/character-creation/?']"
                 "[href$='#oni']").first.wait_for(timeout=30_000)
    context.close()


def test_a_page_without_calculators_fetches_the_index_once_loaded(page, base_url):
    requested = index_requests(page)
    page.goto(base_url + PLAIN_PAGE)
    page.wait_for_load_state("load")
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".some((entry) => entry.name.includes('search_index.json'))",
                           timeout=10_000)
    assert len(requested) == 1
