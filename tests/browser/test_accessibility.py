"""No WCAG 2 A/AA violation on any page, as axe-core (npm, a rules engine nobody here wrote)
finds it: every built page on a phone (390 px, touch) and a laptop (1280 px), in the light and
the dark palette, with every folded table opened and wide tables marked by the site script.

One test per page, so a new violation names the page; the message names the screen, palette,
rule and elements. Python is kept from starting (four fresh profiles per page would each boot
it): a widget then shows its pre-rendered answer, which is the live answer's HTML, and the
message that Python could not start, so that state is checked too.
"""

from __future__ import annotations

import pytest
from screens import ROOT, new_context, open_page, site_pages

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@pytest.fixture(scope="module")
def axe_source() -> str:
    assert AXE.exists(), "axe-core is missing: run make setup (npm ci)"
    return AXE.read_text()


def axe_violations(page, axe_source: str) -> list[str]:
    """Open every <details>, render what the page lays out only near the screen
    (content-visibility: auto), run axe with the WCAG 2 A/AA rules, and list what it finds."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    page.evaluate("() => document.querySelectorAll('body *').forEach(e => { "
                  "if (getComputedStyle(e).contentVisibility === 'auto') "
                  "e.style.contentVisibility = 'visible'; })")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")
    page.add_script_tag(content=axe_source)
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", WCAG_AA)
    return [f"{v['id']} ({v['help']}): " + ", ".join(str(n["target"]) for n in v["nodes"][:5])
            + (f" and {len(v['nodes']) - 5} more" if len(v["nodes"]) > 5 else "")
            for v in result["violations"]]


@pytest.mark.parametrize("path", site_pages(), ids=lambda p: p.rstrip("/") or "home")
def test_page_has_no_wcag_violation(browser, base_url, axe_source, path):
    found = []
    for screen in ("390", "1280"):
        for palette in ("light", "dark"):
            context = new_context(browser, screen, palette)
            context.route("**/calc-worker.js*", lambda route: route.abort())
            page = open_page(context, base_url + path)
            found += [f"{screen}px {palette}: {v}" for v in axe_violations(page, axe_source)]
            context.close()
    assert not found, "\n".join(found)


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
        context = new_context(browser, "1280", palette)
        context.route("**/calc-worker.js*", lambda route: route.abort())
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
