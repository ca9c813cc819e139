"""A player's phone (390 x 844, touch) and a laptop (1280 x 800): a keyboard with a minus sign
where a number may be negative, charts a person can read, a wide table she can scroll, and the
reader's text size. Screenshots of each at both widths go to test-artifacts/. (Tap targets and
tables on every page are checked page by page in test_every_page.py.)
"""

from __future__ import annotations

import re

import pytest
from screens import ARTIFACTS_DIR, new_context, open_page

from calculators import CALCULATORS
from calculators.params import INT

pytestmark = pytest.mark.browser

#: A page for each kind of chart: coloured outcomes, a tie series, overcharge stages, and
#: exploding dice (a long right tail).
CHART_PAGES = ["western-roses/basic-rolls/", "western-roses/combat/",
               "magical-burst/overcharge-odds/", "magical-burst/checks/",
               "roll-and-keep/dice-pools/"]
CALCULATOR_PAGES = ["western-roses/basic-rolls/", "western-roses/combat/",
                    "western-roses/spellcards/", "magical-burst/overcharge/",
                    "magical-burst/overcharge-odds/", "magical-burst/checks/",
                    "roll-and-keep/dice-pools/", "post-magic-maid/checks/",
                    "post-magic-maid/blitz-and-initiative/"]


def shot(page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS_DIR / f"{name}.png"), full_page=True)


@pytest.fixture
def phone(browser):
    context = new_context(browser, "390")
    context.route("**/calc-worker.js*", lambda route: route.abort())
    yield context
    context.close()


def test_number_fields_that_take_negatives_offer_a_minus_sign(phone, base_url):
    seen = {"negative": 0, "non-negative": 0}
    wrong = []
    for path in CALCULATOR_PAGES:
        page = open_page(phone, base_url + path)
        for calc, name, mode in page.evaluate("""() =>
                Array.from(document.querySelectorAll('[data-calc] input[inputmode]'), i =>
                    [i.closest('[data-calc]').dataset.calc, i.name, i.inputMode])"""):
            param = next(p for p in CALCULATORS[calc].params if p.name == name)
            assert param.kind == INT
            negative = param.minimum is None or param.minimum < 0
            seen["negative" if negative else "non-negative"] += 1
            # A digits-only keypad (numeric, decimal) has no minus sign on a phone.
            if negative == (mode in ("numeric", "decimal")):
                wrong.append(f"{path} {calc}.{name}: minimum {param.minimum}, inputmode {mode}")
        page.close()
    assert not wrong, wrong
    assert seen["negative"] and seen["non-negative"], seen


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_charts_are_readable_labelled_and_unclipped(browser, base_url, screen):
    context = new_context(browser, screen)
    context.route("**/calc-worker.js*", lambda route: route.abort())
    problems = []
    for path in CHART_PAGES:
        page = open_page(context, base_url + path)
        problems += [f"{path}: {p}" for p in page.evaluate("""() => {
            const out = [];
            document.querySelectorAll('.calc-chart').forEach((chart, n) => {
                const box = chart.getBoundingClientRect();
                chart.querySelectorAll('.calc-chart-area span, p, li').forEach(el => {
                    if (getComputedStyle(el).display === 'none') return;
                    const size = parseFloat(getComputedStyle(el).fontSize);
                    if (size < 11) out.push(`chart ${n}: "${el.textContent}" at ${size}px`);
                    const r = el.getBoundingClientRect();
                    if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > innerWidth)
                        out.push(`chart ${n}: "${el.textContent}" clipped`);
                });
                const kinds = new Set(Array.from(chart.querySelectorAll('rect.bar'),
                    r => r.getAttribute('class').replace('bar', '').trim()));
                const fills = new Map();
                kinds.forEach(kind => {
                    const sel = kind ? `li.legend.${kind}` : 'li.legend:not([class*=" "])';
                    if (!chart.querySelector(sel)) out.push(`chart ${n}: series "${kind}" has no legend`);
                    const bar = chart.querySelector(kind ? `rect.bar.${kind}` : 'rect[class="bar"]');
                    fills.set(kind, getComputedStyle(bar).fill);
                });
                if (new Set(fills.values()).size !== fills.size)
                    out.push(`chart ${n}: series share a colour ${JSON.stringify([...fills])}`);
            });
            return out;
        }""")]
        page.locator(".calc-chart").first.screenshot(
            path=str(ARTIFACTS_DIR / f"chart-{path.strip('/').replace('/', '-')}-{screen}.png"))
        page.close()
    context.close()
    assert not problems, problems


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
    context = new_context(browser, "390", reduced_motion="reduce")
    context.route("**/calc-worker.js*", lambda route: route.abort())
    page = open_page(context, base_url + "western-roses/basic-rolls/")
    durations = page.evaluate("""() => [getComputedStyle(document.querySelector('.calc-output'))
        .transitionDuration, getComputedStyle(document.querySelector('.md-tabs__link, .md-header'))
        .transitionDuration]""")
    context.close()
    assert all(float(d.split(",")[0].rstrip("ms")) < 0.01 for d in durations), durations
