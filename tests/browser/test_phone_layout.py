"""A player's phone (390 x 844, touch) and a laptop (1280 x 800): a tapped bar reads out its
value, an exploding chart states its tail, a wide table she can scroll, and the reader's text
size. Screenshots go to test-artifacts/. (Tap targets, tables, number keypads and charts on
every page are checked page by page in test_every_page.py.)
"""

from __future__ import annotations

import re

import pytest
from screens import ARTIFACTS_DIR, new_context, open_page

pytestmark = pytest.mark.browser



def shot(page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS_DIR / f"{name}.png"), full_page=True)


@pytest.fixture
def phone(browser):
    context = new_context(browser, "390", python=False)
    yield context
    context.close()


def test_a_tapped_bar_shows_the_value_its_table_lists(phone, base_url):
    page = open_page(phone, base_url + "western-roses/basic-rolls/")
    chart = page.locator(".calc-chart").first
    bars = chart.locator("rect.bar")
    heights = bars.evaluate_all("rs => rs.map(r => r.getBoundingClientRect().height)")
    tallest = heights.index(max(heights))
    bars.nth(tallest).tap()
    readout = chart.locator(".calc-chart-readout").inner_text()
    rows = page.locator(".calc").first.locator("details table tr").evaluate_all(
        "rs => rs.map(r => Array.from(r.cells, c => c.textContent.trim()))")
    total, chance = next((r[0], r[1]) for r in rows[1:] if r[1] in readout.split(":")[1])
    assert re.match(rf"total {total}: {re.escape(chance)} ", readout), (readout, rows)
    page.close()


def test_an_exploding_dice_chart_ends_where_its_mass_ends_and_states_the_tail(phone, base_url):
    page = open_page(phone, base_url + "magical-burst/checks/")
    widget = page.locator("[data-calc='mb-check']").first
    chart = widget.locator(".calc-chart").first
    ticks = [int(t) for t in chart.locator(".calc-chart-x .tick").all_inner_texts()]
    tail = chart.locator(".calc-chart-tail").inner_text()
    rows = widget.locator("details table", has_text="At least").first \
        .locator("tbody tr").evaluate_all(
            "rs => rs.map(r => Array.from(r.cells, c => c.textContent.trim()))")
    page.close()
    last_total = int(rows[-1][0])
    first_off = int(re.search(r"above (\d+)", tail).group(1)) + 1
    # The table's at-least column (independent of the chart): what is left off is under 0.1 %.
    at_least = {int(r[0]): r[2] for r in rows}
    assert float(at_least[first_off].lstrip("<").rstrip("%")) <= 0.1, at_least[first_off]
    assert max(ticks) < first_off <= last_total, (ticks, tail, last_total)
    assert f"up to {last_total}" in tail


def test_a_wide_table_is_a_named_focusable_region_with_its_first_column_in_view(phone,
                                                                                 base_url):
    page = open_page(phone, base_url + "western-roses/character-creation/")
    region = page.locator(".md-typeset__scrollwrap[data-overflows]").first
    assert region.get_attribute("role") == "region"
    assert "Shot-type" in region.get_attribute("aria-label")
    region.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    # Keyboard scrolling is animated: wait until it has moved and come to rest.
    page.wait_for_function("el => el.scrollLeft > 0", arg=region.element_handle())
    page.wait_for_function("""el => new Promise(r => { const x = el.scrollLeft;
        setTimeout(() => r(el.scrollLeft === x), 200); })""", arg=region.element_handle())
    first_cell = region.locator("td").first
    box, cell = region.bounding_box(), first_cell.bounding_box()
    assert abs(cell["x"] - box["x"]) < 20, "the first column scrolled out of view"
    region.screenshot(path=str(ARTIFACTS_DIR / "wide-table-scrolled-390.png"))
    page.close()


def test_the_readers_text_size_is_honoured_without_a_sideways_scroll(phone, base_url):
    page = open_page(phone, base_url + "western-roses/basic-rolls/")
    help_size = "parseFloat(getComputedStyle(document.querySelector('.calc-help')).fontSize)"
    before = page.evaluate(help_size)
    # A phone set to large text raises the root size; every widget size is relative to it.
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    after = page.evaluate(help_size)
    overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    shot(page, "large-text-basic-rolls-390")
    page.close()
    assert after >= 1.5 * before, (before, after)
    assert overflow <= 0, f"{overflow}px sideways scroll at large text"


def test_reduced_motion_turns_transitions_off(browser, base_url):
    context = new_context(browser, "390", reduced_motion="reduce", python=False)
    page = open_page(context, base_url + "western-roses/basic-rolls/")
    durations = page.evaluate("""() => [getComputedStyle(document.querySelector('.calc-output'))
        .transitionDuration, getComputedStyle(document.querySelector('.md-tabs__link, .md-header'))
        .transitionDuration]""")
    context.close()
    assert all(float(d.split(",")[0].rstrip("ms")) < 0.01 for d in durations), durations
