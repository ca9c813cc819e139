"""The built site in Debian Chromium, used as a reader would: read, type, share, navigate."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from builders import EVERY_BUILDER
from calculators import run
from calculators.ui import percent

pytestmark = [pytest.mark.browser, EVERY_BUILDER]

CHECK_PAGE = "western-roses/basic-rolls/"
PLAIN_PAGE = "western-roses/"
LIVE = "el => el.dataset.calcState === 'live'"
BOOT_TIMEOUT = 60_000


def headline(page, widget="#wr-check") -> str:
    return page.inner_text(f"{widget} .calc-figure.main .value")


def wait_live(page, widget="#wr-check"):
    page.wait_for_function(f"document.querySelector('{widget}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)


def expected_success(**params) -> str:
    return percent(run("wr-check", params)["p_success"])


def test_the_answer_is_in_the_static_html_before_any_python(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + CHECK_PAGE)
    assert headline(page) == expected_success(dice=4, modifier=0, target=25)
    context.close()


def test_typing_new_inputs_updates_the_answer_to_what_cpython_computes(page, base_url,
                                                                      screenshot):
    page.goto(base_url + CHECK_PAGE)
    assert headline(page) == expected_success(dice=4, target=25)
    page.fill("#wr-check-target", "14")
    wait_live(page)
    assert headline(page) == expected_success(dice=4, target=14)
    page.fill("#wr-check-stat", "18")  # a stat replaces the dice count
    page.wait_for_function("document.querySelector('#wr-check-dice').value === ''")
    page.wait_for_function(
        f"document.querySelector('#wr-check .calc-figure.main .value').textContent === "
        f"'{expected_success(stat=18, target=14)}'", timeout=BOOT_TIMEOUT)
    assert "wr-check.stat=18" in page.url and "wr-check.target=14" in page.url
    screenshot(page, "basic-rolls-live")
    assert not page.errors


def test_a_shared_link_restores_the_inputs_and_their_answer(page, base_url):
    page.goto(base_url + CHECK_PAGE + "?wr-check.dice=3&wr-check.modifier=2&wr-check.target=9")
    assert page.input_value("#wr-check-dice") == "3"
    assert page.input_value("#wr-check-modifier") == "2"
    wait_live(page)
    assert headline(page) == expected_success(dice=3, modifier=2, target=9)


def test_a_hand_edited_url_gets_a_clear_message_and_no_injected_markup(page, base_url):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(base_url + CHECK_PAGE
              + "?wr-check.dice=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&wr-check.target=abc")
    page.wait_for_selector("#wr-check-dice-error:not([hidden])", timeout=BOOT_TIMEOUT)
    assert "Dice must be a whole number" in page.inner_text("#wr-check-dice-error")
    assert "Target number must be a whole number" in page.inner_text("#wr-check-target-error")
    assert page.get_attribute("#wr-check-dice", "aria-invalid") == "true"
    assert page.locator("#wr-check img").count() == 0
    assert not dialogs and not page.errors
    page.click("#wr-check [data-calc-reset]")
    wait_live(page)
    assert headline(page) == expected_success(dice=4, target=25)
    assert "wr-check." not in page.url


def test_a_stat_too_low_to_roll_explains_itself(page, base_url):
    page.goto(base_url + CHECK_PAGE)
    page.fill("#wr-check-stat", "2")
    page.wait_for_selector("#wr-check-stat-error:not([hidden])", timeout=BOOT_TIMEOUT)
    assert "rolls no dice" in page.inner_text("#wr-check-stat-error")


def test_instant_navigation_keeps_one_python_for_the_visit(page, base_url):
    wasm = []
    page.context.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
    page.goto(base_url + CHECK_PAGE)
    page.fill("#wr-check-target", "20")
    wait_live(page)
    page.evaluate("window.__sameVisit = true")
    page.click(f".md-nav a[href$='{PLAIN_PAGE.split('/')[0]}/']")
    page.wait_for_selector("h1:text('Western Roses')")
    page.click("article a[href$='basic-rolls/']")
    page.wait_for_selector("#wr-check[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.__sameVisit") is True, "the click reloaded the page"
    page.fill("#wr-check-target", "11")
    wait_live(page)
    assert headline(page) == expected_success(dice=4, target=11)
    assert len(wasm) == 1, wasm


#: Records each Web Worker a page creates: its script and when, in the page's own clock.
COUNT_WORKERS = """(() => {
  const Worker = window.Worker;
  window.__workers = [];
  window.Worker = function (url, options) {
    window.__workers.push({url: String(url), at: performance.now()});
    return new Worker(url, options);
  };
})()"""


def test_a_full_load_starts_one_python_from_the_head_while_the_page_is_parsed(page, base_url):
    """The <head> starts the worker before the parser is through the page, and the site
    script adopts that worker instead of starting a second."""
    page.add_init_script(COUNT_WORKERS)
    page.goto(base_url + CHECK_PAGE)
    page.fill("#wr-check-target", "19")
    wait_live(page)
    assert headline(page) == expected_success(dice=4, target=19)
    workers = [w for w in page.evaluate("window.__workers") if "calc-worker.js" in w["url"]]
    assert len(workers) == 1, workers
    parsed = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
    assert workers[0]["at"] < parsed, (workers, parsed)


def test_a_page_without_a_calculator_loads_no_python(page, base_url):
    requests = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(base_url + PLAIN_PAGE)
    page.wait_for_load_state("networkidle")
    assert not [u for u in requests if "/pyodide/" in u or "calc-worker" in u], requests


def test_a_computation_past_the_time_limit_is_stopped_and_python_restarts(page, base_url):
    page.add_init_script("window.RPG_CALC_TIME_LIMIT_MS = 1")
    page.goto(base_url + CHECK_PAGE)
    page.wait_for_selector("#wr-check[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    # Its answer is held back, as a long computation's would be: a real one of a few
    # milliseconds could still come in before a 1 ms timer fires on a busy page.
    page.evaluate("window.RPG_CALC_HOLD = {types: ['result'], held: []}")
    page.fill("#wr-check-target", "13")
    page.wait_for_selector(".calc-error-general:not([hidden])", timeout=BOOT_TIMEOUT)
    assert "was stopped" in page.inner_text(".calc-error-general")
    page.evaluate("window.RPG_CALC_HOLD = null; window.RPG_CALC_TIME_LIMIT_MS = 0")  # as usual
    page.wait_for_selector("#wr-check[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    page.fill("#wr-check-target", "12")
    wait_live(page)
    assert headline(page) == expected_success(dice=4, target=12)


class _WidgetFinder(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-calc" in attrs:
            self.ids.append(attrs["id"])


def widget_pages(site: Path) -> list[tuple[str, list[str]]]:
    pages = []
    for html in sorted(site.rglob("index.html")):
        finder = _WidgetFinder()
        finder.feed(html.read_text(encoding="utf-8"))
        if finder.ids:
            pages.append((html.parent.relative_to(site).as_posix() + "/", finder.ids))
    return pages


def test_every_widget_on_the_site_recomputes_its_prerendered_answer_live(page, base_url,
                                                                          site_dir):
    """The browser's Python must redraw exactly what the build drew for the same inputs."""
    pages = widget_pages(site_dir)
    assert pages, "no page has a calculator"
    for path, ids in pages:
        page.goto(base_url + path)
        for widget in ids:
            selector = f"[id='{widget}']"
            prerendered = _drawn(page, selector)
            page.click(f"{selector} [data-calc-reset]")
            page.wait_for_function(
                f"document.querySelector(\"{selector}\").dataset.calcState === 'live'",
                timeout=BOOT_TIMEOUT)
            assert _drawn(page, selector) == prerendered, f"{path}#{widget}"
    assert not page.errors


def _drawn(page, selector: str) -> tuple[str, list[str]]:
    """What a widget shows: its text and its charts (Material wraps static tables in extra
    scroll containers, so the HTML itself differs harmlessly)."""
    output = page.locator(f"{selector} [data-calc-output]")
    text = re.sub(r"\s+", " ", output.text_content()).strip()
    charts = [svg.evaluate("el => el.outerHTML") for svg in output.locator("svg").all()]
    return text, charts


def test_a_calculator_page_reached_by_instant_navigation_starts_python_then(page, base_url):
    """Pages reached by instant navigation never run the <head> starter, so the site script
    must start Python itself; the plain page before it must not have."""
    requests = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(base_url + PLAIN_PAGE)
    page.wait_for_load_state("networkidle")
    assert not [u for u in requests if "calc-worker" in u]
    page.evaluate("window.__sameVisit = true")
    page.click("article a[href$='basic-rolls/']")
    page.wait_for_selector("#wr-check")
    page.fill("#wr-check-target", "16")
    wait_live(page)
    assert page.evaluate("window.__sameVisit") is True, "the click reloaded the page"
    assert headline(page) == expected_success(dice=4, target=16)
