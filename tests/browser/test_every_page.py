"""Every page of the site as a reader sees it on a phone (390 x 844, touch) and a laptop
(1280 x 800): no WCAG 2 A/AA violation in either palette, every control in a widget big enough
to tap, a keypad with a minus sign wherever a number may be negative, charts a person can read,
tables that fit a phone in one style without a word broken, and no answer naming an
interpretation note by its id.

One reader per screen goes from page to page, as a reader does, and every check below reads
the page she has open: ``visit`` is a module-scoped fixture with the page as its parameter, so
pytest runs the checks of one page together and each page is loaded once per screen. A test
per page and check, so a failure names both. Checks that only read the page come before the
accessibility check, which opens every folded part and switches the palette.

The palette the page opens in (the one the toggle left on the page before) gets every WCAG
rule; the other gets the rules a palette can change (wcag.COLOUR_RULES).

Python is kept from starting (it would boot on every page): a widget then shows its
pre-rendered answer, which is the live answer's HTML, and the message that Python could not
start, so that state is checked too. Service workers are blocked (each page would otherwise
precache the whole site behind the checks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from screens import ARTIFACTS_DIR, SCREENS, go_to, new_context, open_page, site_pages
from wcag import violations_in_both_palettes

from calculators import CALCULATORS
from calculators.interpretations import load_interpretations
from calculators.params import INT
from calculators.systems import SYSTEMS

pytestmark = pytest.mark.browser

#: A page whose tables show the one style every table of the site is drawn in.
TABLE_STYLE_PAGE = "western-roses/character-creation/"
NOTE_IDS = sorted({n.id for s in SYSTEMS for n in load_interpretations(s.package)})
#: How an id would read if an answer named a note by it: "(interpretation some-note-id)".
NOTE_SLUG = r"\b(?:interpretations?|reading):? [a-z0-9]+(?:-[a-z0-9]+)+"


@dataclass
class Visit:
    """The page under check, open in a tab per screen ("390", "1280")."""

    path: str
    tabs: dict


@pytest.fixture(scope="module")
def readers(browser):
    """A tab per screen, each in its own profile, that goes from page to page."""
    contexts = []
    tabs = {}
    for screen in SCREENS:
        context = new_context(browser, screen, python=False)
        contexts.append(context)
        tabs[screen] = context.new_page()
    yield tabs
    for context in contexts:
        context.close()


@pytest.fixture(scope="module", params=site_pages(), ids=lambda p: p.rstrip("/") or "home")
def visit(request, readers, base_url) -> Visit:
    for page in readers.values():
        go_to(page, base_url + request.param)
    return Visit(request.param, readers)


#: Every control a player taps in a widget (or in the panels the site script puts beside one:
#: her characters, saved data), with each one's tappable box: a checkbox or file input is
#: tapped through its label. A link inside a sentence (text right before or after it) is not
#: a control of its own; an Odds link among buttons is. Folded tables are opened first.
SMALL_CONTROLS = """() => {
  document.querySelectorAll('[data-calc] details, .calc-collection details')
    .forEach((d) => { d.open = true; });
  const scopes = document.querySelectorAll('[data-calc], .calc-collection, .calc-saved-data');
  const words = (node) => node && node.nodeType === Node.TEXT_NODE && /\\S/.test(node.textContent);
  const small = [];
  scopes.forEach((scope) => scope.querySelectorAll(
      'a[href], button, select, textarea, input:not([type=hidden]), summary, label.md-button')
    .forEach((control) => {
      if (control.matches('a') && (words(control.previousSibling) || words(control.nextSibling))) return;
      const label = control.matches('[type=checkbox], [type=radio], [type=file]') && (control.closest('label')
        || (control.id && document.querySelector('label[for="' + CSS.escape(control.id) + '"]')));
      const box = (label || control).getBoundingClientRect();
      if (!box.width || !box.height) return;  /* not shown for these inputs */
      if (box.height < 44) {
        small.push(`${control.tagName.toLowerCase()} "${(control.textContent || control.name).trim()
          .slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }));
  return Array.from(new Set(small));
}"""


def test_every_control_in_a_widget_is_at_least_44px_tall_on_a_touch_screen(visit):
    small = visit.tabs["390"].evaluate(SMALL_CONTROLS)
    assert not small, small


#: Each number field of a widget: its calculator, its name and the keypad it asks a phone for.
NUMBER_FIELDS = """() => Array.from(document.querySelectorAll('[data-calc] input[inputmode]'),
  (i) => [i.closest('[data-calc]').dataset.calc, i.name, i.inputMode])"""


def test_a_number_field_that_takes_negatives_offers_a_minus_sign(visit):
    wrong = []
    for calc, name, mode in visit.tabs["390"].evaluate(NUMBER_FIELDS):
        param = next(p for p in CALCULATORS[calc].params if p.name == name)
        assert param.kind == INT, (calc, name)
        negative = param.minimum is None or param.minimum < 0
        # A digits-only keypad (numeric, decimal) has no minus sign on a phone.
        if negative == (mode in ("numeric", "decimal")):
            wrong.append(f"{calc}.{name}: minimum {param.minimum}, inputmode {mode}")
    assert not wrong, wrong


#: What keeps a chart from being read: text under 11 px or outside the chart, a series with
#: no legend, two series in one colour.
CHART_PROBLEMS = """() => {
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
}"""


def test_charts_are_readable_labelled_and_unclipped(visit):
    problems = []
    for screen, page in visit.tabs.items():
        problems += [f"{screen}px {p}" for p in page.evaluate(CHART_PROBLEMS)]
        if page.locator(".calc-chart").count():
            ARTIFACTS_DIR.mkdir(exist_ok=True)
            name = visit.path.strip("/").replace("/", "-") or "home"
            page.locator(".calc-chart").first.screenshot(
                path=str(ARTIFACTS_DIR / f"chart-{name}-{screen}.png"))
    assert not problems, problems


#: Each table's look: its font size, border and cell padding.
TABLE_STYLES = """() => Array.from(document.querySelectorAll('article table'), t => {
  const s = getComputedStyle(t), c = getComputedStyle(t.querySelector('td, th'));
  return [s.fontSize, s.borderTopStyle, c.paddingTop].join(' ');
})"""

#: Words in a table's links and headings that the browser broke across two lines.
BROKEN_WORDS = """() => {
  const out = [];
  document.querySelectorAll('article table a, article table th').forEach(el => {
    const text = el.textContent;
    // A line may break at a space or after a hyphen, never inside a word.
    for (const m of text.matchAll(/[^\\s\\-]+/g)) {
      const range = document.createRange();
      const node = el.firstChild;
      if (!node || node.nodeType !== 3 || m.index + m[0].length > node.length) continue;
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      if (range.getClientRects().length > 1) out.push(m[0]);
    }
  });
  return out;
}"""


@pytest.fixture(scope="module")
def table_style(readers, base_url) -> str:
    """The one style of the site's tables, as a page full of them draws it on a phone."""
    page = open_page(readers["390"].context, base_url + TABLE_STYLE_PAGE)
    styles = set(page.evaluate(TABLE_STYLES))
    page.close()
    assert len(styles) == 1, f"{TABLE_STYLE_PAGE} draws its tables in {styles}"
    return styles.pop()


def test_tables_fit_a_phone_share_one_style_and_never_break_a_word(visit, table_style):
    page = visit.tabs["390"]
    overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, f"{overflow}px too wide"
    other = set(page.evaluate(TABLE_STYLES)) - {table_style}
    assert not other, f"tables drawn in {other}, not in {table_style}"
    broken = page.evaluate(BROKEN_WORDS)
    assert not broken, f"words broken across lines in tables: {broken}"
    if visit.path == "magical-burst/overcharge/":
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS_DIR / "tables-magical-burst-overcharge-390.png"),
                        full_page=True)


def test_no_answer_names_a_note_by_its_id(visit):
    page = visit.tabs["1280"]
    texts = page.locator("[data-calc] [data-calc-output]").all_inner_texts()
    widgets = page.locator("[data-calc]").count()
    assert len(texts) >= widgets and all(t.strip() for t in texts), "an answer is missing"
    shown = []
    for text in texts:
        words = set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text))
        shown += sorted(words & set(NOTE_IDS)) + re.findall(NOTE_SLUG, text)
    assert not shown, shown


def test_page_has_no_wcag_violation(visit, axe_source):
    found = []
    for screen, page in visit.tabs.items():
        found += violations_in_both_palettes(page, axe_source, f"{screen}px")
    assert not found, "\n".join(found)
