"""The screens the site is checked on (a phone held by a player, a laptop) and its page list.

Shared by the accessibility, touch, chart, table and print tests, so they all mean the same
phone: 390 x 844 CSS px with a touch screen, and the same laptop: 1280 x 800 with a mouse.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = ROOT / "test-artifacts"

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}, "has_touch": False, "is_mobile": False}
SCREENS = {"390": PHONE, "1280": LAPTOP}


def site_pages() -> list[str]:
    """Every page's address below the site root ("" for the home page), from docs/."""
    pages = []
    for md in sorted((ROOT / "docs").rglob("*.md")):
        rel = md.relative_to(ROOT / "docs").with_suffix("")
        parts = rel.parts[:-1] if rel.name == "index" else rel.parts
        pages.append("/".join(parts) + "/" if parts else "")
    return pages


def new_context(browser, screen: str, palette: str = "light", python: bool = True, **options):
    """A profile with nothing saved on ``screen`` ("390" or "1280") in the light or dark
    palette: one of the profiles kept between tests (profiles.py), or a new one if
    ``options`` let the site's service worker register (``service_workers="allow"``). With
    ``python`` false, Python never starts: a widget shows its pre-rendered answer (the live
    answer's HTML) and says Python could not start, with no boot behind the checks."""
    options = {**SCREENS[screen], "color_scheme": palette, **options}
    if options.get("service_workers", "block") != "block":
        assert python, "a profile with its service worker keeps Python"
        return browser.new_context(**options)
    options.pop("service_workers", None)
    return browser.kept.lend(python=python, **options)


def open_page(context, url: str):
    """Open ``url`` in a new tab and wait until the site script has run (widgets bound, tables
    marked)."""
    page = context.new_page()
    go_to(page, url)
    return page


def go_to(page, url: str) -> None:
    """Go to ``url`` in ``page`` and wait until the site script has run."""
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_function("() => !document.querySelector('[data-calc]') || "
                           "document.querySelector('[data-calc]').dataset.calcBound")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")


def press(page, selector: str) -> None:
    """Tap the first match of ``selector`` on a phone, click it on a laptop (as the profile's
    ``touch`` says), in the tab she looks at: once a tab is brought to the front, Chromium
    draws the others twice a second, and Playwright waits for frames before it taps."""
    page.bring_to_front()
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    target.tap() if page.context.touch else target.click()


def import_saved_data(context, base_url: str, path: Path, summary: str):
    """Import the saved-data file ``path`` on the home page of ``context``, as a player does,
    and wait until its summary says ``summary`` (what she now has); returns the page."""
    home = context.new_page()
    home.goto(base_url)
    home.set_input_files("[data-saved-import]", str(path))
    home.wait_for_function("(text) => document.querySelector('[data-saved-summary]')"
                           ".textContent.includes(text)", arg=summary)
    return home
