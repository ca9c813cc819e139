"""The built site in Debian Chromium, in both builds: the answer is in the page before Python,
and Python starts once per visit, from the head or on instant navigation. (That every widget
redraws live what the build drew is checked on every calculator page of the offline walk,
test_offline.py, which loads each of them anyway: of the MkDocs build every one, of the
Zensical build each section's page with the most widgets.)"""

from __future__ import annotations

import pytest

from builders import EVERY_BUILDER
from wr_check import BOOT_TIMEOUT, CHECK_PAGE, PLAIN_PAGE, expected_success, headline, wait_live

pytestmark = [pytest.mark.browser, EVERY_BUILDER]


def test_the_answer_is_in_the_static_html_before_any_python(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + CHECK_PAGE)
    assert headline(page) == expected_success(dice=4, modifier=0, target=25)
    context.close()


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


#: Where the calculators' scripts are (calc/app.js and the modules beside it).
CALC_SCRIPTS = "/assets/js/calc/"


def test_a_page_without_a_calculator_loads_no_python_and_none_of_their_scripts(page, base_url):
    requests = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(base_url + PLAIN_PAGE)
    page.wait_for_load_state("networkidle")
    assert not [u for u in requests if "/pyodide/" in u or "calc-worker" in u], requests
    assert not [u for u in requests if CALC_SCRIPTS in u], requests


def test_a_calculator_page_reached_by_instant_navigation_starts_python_then(page, base_url):
    """Pages reached by instant navigation never run the <head> starter, so the site script
    must load the calculators' scripts and start Python itself; the plain page before it must
    have loaded neither."""
    requests = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(base_url + PLAIN_PAGE)
    page.wait_for_load_state("networkidle")
    assert not [u for u in requests if "calc-worker" in u or CALC_SCRIPTS in u], requests
    page.evaluate("window.__sameVisit = true")
    page.click("article a[href$='basic-rolls/']")
    page.wait_for_selector("#wr-check")
    page.fill("#wr-check-target", "16")
    wait_live(page)
    assert page.evaluate("window.__sameVisit") is True, "the click reloaded the page"
    assert headline(page) == expected_success(dice=4, target=16)
