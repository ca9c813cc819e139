"""The game master's screens: each system's screen is read whole on a laptop without scrolling,
reads on a phone without sideways scrolling, links each block to a section of the rules that
exists, and prints on one landscape page of A4 and of Letter."""

from __future__ import annotations

import re
from urllib.parse import urldefrag, urljoin

import pytest
from screens import ARTIFACTS_DIR, LAPTOP, new_context, open_page

pytestmark = pytest.mark.browser

SCREENS = ["western-roses/gm-screen/", "magical-burst/gm-screen/",
           "post-magic-maid/gm-screen/"]


def _name(path: str) -> str:
    return path.split("/")[0]


@pytest.fixture(scope="module")
def laptop(browser):
    context = new_context(browser, "1280", python=False)
    yield context
    context.close()


@pytest.mark.parametrize("path", SCREENS)
def test_the_whole_screen_fits_a_laptop_without_scrolling(laptop, base_url, path):
    page = open_page(laptop, base_url + path)
    sizes = page.evaluate("""() => ({
        document: document.documentElement.scrollHeight,
        viewport: window.innerHeight,
        header: document.querySelector('.md-header').getBoundingClientRect().height,
        blocks: Array.from(document.querySelectorAll('.gm-block'), b => {
            const r = b.getBoundingClientRect();
            return {id: b.id, bottom: r.bottom, right: r.right};
        }),
    })""")
    page.screenshot(path=str(ARTIFACTS_DIR / f"gm-screen-{_name(path)}-1280.png"))
    assert sizes["viewport"] == LAPTOP["viewport"]["height"]
    assert sizes["header"] > 0  # measured with the theme's header in place
    assert len(sizes["blocks"]) >= 5
    assert sizes["document"] <= sizes["viewport"], sizes
    for block in sizes["blocks"]:
        assert block["bottom"] <= sizes["viewport"], block
        assert block["right"] <= LAPTOP["viewport"]["width"], block
    page.close()


@pytest.mark.parametrize("path", SCREENS)
def test_the_screen_reads_on_a_phone_without_sideways_scrolling(browser, base_url, path):
    context = new_context(browser, "390", python=False)
    page = open_page(context, base_url + path)
    found = page.evaluate("""() => ({
        width: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        smallest: Math.min(...Array.from(
            document.querySelectorAll('.gm-block :is(p, li, td, th)'),
            el => parseFloat(getComputedStyle(el).fontSize))),
        wider: Array.from(document.querySelectorAll('.gm-block'))
            .filter(b => b.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map(b => b.id),
    })""")
    page.screenshot(path=str(ARTIFACTS_DIR / f"gm-screen-{_name(path)}-390.png"),
                    full_page=True)
    context.close()
    assert found["width"] <= found["viewport"], found
    assert not found["wider"], found
    assert found["smallest"] >= 12, found


@pytest.mark.parametrize("path", SCREENS)
def test_every_link_of_the_screen_lands_on_a_section_of_the_rules(laptop, base_url, path):
    page = open_page(laptop, base_url + path)
    links = page.evaluate("() => Array.from(document.querySelectorAll('.gm-screen a[href]'),"
                          " a => a.href)")
    headings = page.evaluate("() => Array.from(document.querySelectorAll('.gm-block'),"
                             " b => b.querySelector('h2 a') && b.querySelector('h2 a').href)")
    assert all(headings), "every block is headed by a link to its rules"
    targets: dict[str, set[str]] = {}
    for href in links:
        url, fragment = urldefrag(href)
        assert url.startswith(base_url) and url != urljoin(base_url, path), href
        assert fragment, f"{href} links a page, not a section"
        targets.setdefault(url, set()).add(fragment)
    for url, fragments in targets.items():
        page.goto(url)
        missing = page.evaluate("(ids) => ids.filter(id => !document.getElementById(id))",
                                sorted(fragments))
        assert not missing, f"{url} has no section {missing}"
    # Following the first block's link as a reader does lands on its heading.
    page.goto(base_url + path)
    first = page.locator(".gm-block h2 a").first
    fragment = urldefrag(first.get_attribute("href"))[1]
    first.click()
    page.wait_for_function("(id) => location.hash === '#' + id && document.getElementById(id)",
                           arg=fragment)
    assert page.locator(f"[id='{fragment}']").is_visible()
    page.close()


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("path", SCREENS)
def test_the_screen_prints_on_one_landscape_page(laptop, base_url, path, paper):
    page = open_page(laptop, base_url + path)
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    # With margins as wide as a browser's print dialog gives by default (about 10 mm).
    pdf = page.pdf(format=paper, landscape=True, print_background=True,
                   margin={side: "10mm" for side in ("top", "right", "bottom", "left")})
    (ARTIFACTS_DIR / f"print-gm-screen-{_name(path)}-{paper}.pdf").write_bytes(pdf)
    assert _pages(pdf) == 1
    page.emulate_media(media="print")
    hidden = page.evaluate("""() => ['.md-header', '.md-tabs', '.md-sidebar', '.md-footer']
        .filter(s => document.querySelector(s))
        .every(s => getComputedStyle(document.querySelector(s)).display === 'none')""")
    assert hidden, "the theme's header, navigation and footer are not printed"
    page.close()


@pytest.mark.parametrize("path", SCREENS)
def test_the_screen_asks_the_printer_for_landscape(laptop, base_url, path):
    """Printed with the page's own paper settings (as a reader's print dialog starts), the
    sheet is wider than it is tall; a rules page stays portrait."""
    def media_box(url: str) -> tuple[float, float]:
        page = open_page(laptop, url)
        pdf = page.pdf(prefer_css_page_size=True)
        page.close()
        box = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", pdf)
        x0, y0, x1, y1 = (float(v) for v in box.groups())
        return x1 - x0, y1 - y0

    width, height = media_box(base_url + path)
    assert width > height
    width, height = media_box(base_url + path.replace("gm-screen/", ""))
    assert width < height
