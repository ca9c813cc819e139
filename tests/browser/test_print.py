"""Printing: a rules page prints its rules, a calculator its inputs and headline answer (not
every table the theme unfolds for print), and the spellcard builder's card fits one page.

Pages are printed to A4 PDF with Chromium's own print path (``page.pdf``), after the
``beforeprint`` event the browser sends before printing (the theme opens every <details> on it).
"""

from __future__ import annotations

import re

import pytest
from screens import ARTIFACTS_DIR, new_context, open_page

pytestmark = pytest.mark.browser


def printed_pages(page, name: str) -> int:
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    pdf = page.pdf(format="A4", print_background=True)
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    (ARTIFACTS_DIR / f"print-{name}.pdf").write_bytes(pdf)
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_combat_rules_print_with_inputs_and_answers_but_not_every_table(browser, base_url):
    context = new_context(browser, "1280", python=False)
    page = open_page(context, base_url + "western-roses/combat/")
    page.emulate_media(media="print")
    visible = page.evaluate("""() => {
        const shown = (el) => el && getComputedStyle(el).display !== 'none'
            && el.getBoundingClientRect().height > 0;
        const calc = document.querySelector('.calc');
        return {
            heading: shown(document.querySelector('article h2')),
            input: shown(calc.querySelector('.calc-form input, .calc-form select')),
            headline: shown(calc.querySelector('.calc-figure.main')),
            table: Array.from(calc.querySelectorAll('.calc-table')).some(shown),
            chart: Array.from(calc.querySelectorAll('.calc-chart')).some(shown),
        };
    }""")
    pages = printed_pages(page, "western-roses-combat")
    context.close()
    assert visible == {"heading": True, "input": True, "headline": True, "table": False,
                       "chart": False}, visible
    # 8 before the fidelity pass added the equal-speeds calculator and its notes to the page.
    assert pages <= 9, f"western-roses/combat prints on {pages} A4 pages (it was 14)"


def test_spellcard_builder_prints_the_card_on_one_page(browser, base_url):
    context = new_context(browser, "1280", python=False)
    page = open_page(context, base_url + "western-roses/spellcards/")
    page.evaluate("() => { window.printCalls = 0; window.print = () => { window.printCalls++; }; }")
    builder = page.locator("[data-calc='spellcard-builder']")
    builder.get_by_role("button", name="Print the card").click()
    assert page.evaluate("window.printCalls") == 1
    page.emulate_media(media="print")
    card = builder.locator(".wr-card-print")
    assert card.is_visible()
    assert "Spell power" in card.inner_text()
    rules_hidden = not page.locator("article h2").first.is_visible()
    pages = printed_pages(page, "spellcard-builder-card")
    page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    restored = page.locator("article h2").first.is_visible()
    context.close()
    assert pages == 1, f"the card printed on {pages} pages"
    assert rules_hidden, "the rules around the card were printed too"
    assert restored, "the page stayed in card-printing mode after printing"
