"""Words for players, on the built site in Chromium: a note an answer cites is a link with the
note's title that lands on that note; the saved-data summary names a player's characters as she
calls them. (That no answer on any page names a note by its id is checked page by page in
test_every_page.py.)"""

from __future__ import annotations

import json

import pytest
from screens import new_context, open_page

from calculators.interpretations import load_interpretations

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_a_cited_note_is_linked_by_its_title_and_the_link_lands_on_it(browser, base_url, screen):
    title = next(n.title for n in load_interpretations("calculators.magical_burst")
                 if n.id == "magical-check-thresholds")
    context = new_context(browser, screen)
    page = open_page(context, base_url + "magical-burst/checks/")
    # The link is the same in the pre-rendered and the live answer, and nothing above it
    # moves when Python arrives (test_phone_widgets.py); the tap waits for Python all the
    # same, so that it follows the link of the answer the page keeps.
    page.wait_for_selector("#mb-check[data-calc-runtime='ready']", timeout=60_000)
    link = page.locator("#mb-check [data-calc-output]").get_by_role("link", name=title)
    link.scroll_into_view_if_needed()
    link.tap() if screen == "390" else link.click()
    page.wait_for_url(base_url + "magical-burst/interpretation-notes/#magical-check-thresholds")
    heading = page.locator("h2#magical-check-thresholds")
    heading.wait_for()
    assert heading.inner_text().strip().rstrip("¶").strip() == title
    page.wait_for_function("() => { const r = document.getElementById("
                           "'magical-check-thresholds').getBoundingClientRect();"
                           " return r.top >= 0 && r.bottom <= innerHeight; }")
    context.close()


def test_saved_data_names_her_characters_as_a_player_does(browser, base_url):
    context = new_context(browser, "1280")
    page = open_page(context, base_url + "western-roses/character/")
    page.click("[data-collection-new]")
    page.fill("#wr-character-name", "Reimu")
    page.click("[data-collection-new]")
    page.fill("#wr-character-name", "Marisa")
    page.wait_for_function("() => document.querySelector('[data-collection-list]')"
                           ".textContent.includes('Marisa')")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem("
                           "'rpg-calc/v1/collection/wr-character'))")
    count = len(stored["records"])
    assert count >= 2
    page.goto(base_url)
    summary = page.locator("[data-saved-summary]")
    summary.wait_for()
    text = summary.inner_text()
    assert f"{count} Western Roses characters" in text, text
    assert "wr-character" not in text and "inputs of" not in text, text
    names = json.loads(page.get_attribute("[data-saved-data]", "data-saved-names"))
    assert names["wr-character"] == "Western Roses character"
    context.close()
