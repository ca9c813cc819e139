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
    """Open every <details>, run axe with the WCAG 2 A/AA rules, and list what it finds."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
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
