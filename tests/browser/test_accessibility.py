"""Accessibility beyond what axe-core checks: the contrast of chart series (WCAG 1.4.11).

axe's WCAG 2 A/AA check of every page, on both screens and in both palettes, is in
test_every_page.py.
"""

from __future__ import annotations

import pytest
from screens import new_context, open_page
from wcag import SETTLED

pytestmark = pytest.mark.browser


#: Pages whose charts between them draw every series kind the stylesheet colours.
CHART_PAGES = ("western-roses/basic-rolls/", "magical-burst/checks/", "magical-burst/overcharge-odds/",
               "western-roses/combat/")


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG contrast ratio of two sRGB colours (0-255 channels)."""
    def luminance(rgb):
        lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
               for c in rgb[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_every_chart_series_stands_out_from_the_page_and_from_each_other(browser, base_url, palette):
    """WCAG 1.4.11 (non-text contrast, which axe does not check): a bar's colour is what tells
    a critical success from a success, so each series needs 3:1 against the page, and the
    series of one chart must differ."""
    found, kinds = [], set()
    for path in CHART_PAGES:
        context = new_context(browser, "1280", palette, python=False)
        page = open_page(context, base_url + path)
        charts = page.evaluate("""() => Array.from(document.querySelectorAll('.calc-chart')).map(chart => {
            const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const bars = {};
            chart.querySelectorAll('.bar').forEach(bar => {
              bars[bar.getAttribute('class').replace('bar', '').replace('active', '').trim() || 'plain'] =
                rgb(getComputedStyle(bar).fill);
            });
            return {bars, page: rgb(getComputedStyle(document.body).backgroundColor)};
        })""")
        for n, chart in enumerate(charts):
            for kind, colour in chart["bars"].items():
                kinds.add(kind)
                ratio = contrast(colour, chart["page"])
                if ratio < 3:
                    found.append(f"{path} chart {n}: {kind} bars {colour} are {ratio:.2f}:1")
            colours = [tuple(c) for c in chart["bars"].values()]
            if len(set(colours)) != len(colours):
                found.append(f"{path} chart {n}: two series share a colour: {chart['bars']}")
        context.close()
    assert {"success", "critical-success", "failure", "critical-failure", "side-effect", "tie",
            "stage-none", "stage-minor-flair", "stage-major-flair", "stage-temporary-change",
            "stage-permanent-change"} <= kinds, kinds
    assert not found, "\n".join(found)


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_a_hovered_or_focused_button_keeps_its_words_readable(browser, base_url, palette):
    """axe checks a page as it rests; a game master's pointer rests on a button. Its words
    against its fill, hovered and focused, need the 4.5:1 of small text (WCAG 1.4.3)."""
    context = new_context(browser, "1280", palette, python=False)
    page = open_page(context, base_url + "western-roses/spellcards/")
    found, seen = [], set()
    for kind in (".md-button--primary", ".md-button:not(.md-button--primary)"):
        button = page.locator(f"[data-calc] button{kind}:visible").first
        for state in ("hover", "focus"):
            button.hover() if state == "hover" else button.focus()
            page.evaluate(SETTLED)
            text, fill = page.evaluate(
                "b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
                ".map(c => c.match(/[\\d.]+/g).slice(0, 3).map(Number))",
                button.element_handle())
            seen.add((kind, state))
            ratio = contrast(text, fill)
            if ratio < 4.5:
                found.append(f"{kind} {state}: {text} on {fill} is {ratio:.2f}:1")
            page.mouse.move(1, 400)
            page.evaluate("document.activeElement.blur()")
    context.close()
    assert len(seen) == 4 and not found, found
