"""A first visit's Python starts once the page has painted, and downloads from the start.

The worker a calculator page starts from its <head> fetches Pyodide's files at once, but calls
loadPyodide (its module script's start, the WebAssembly's compile on every core, Python's own
start) only once the page has told it that it painted, after DOMContentLoaded
(build_scripts/overrides/partials/calc-early.html, docs/assets/js/calc-worker.js). The
downloads begun early are handed to Pyodide, not made twice.
"""

from __future__ import annotations

import pytest
from screens import SCREENS

pytestmark = pytest.mark.browser

PAGE = "western-roses/basic-rolls/"
WIDGET = "#wr-check"
BOOT_TIMEOUT = 60_000
#: The page's DOMContentLoaded and first contentful paint, and the worker's moments, all in ms
#: on the page's clock (the worker's converted through the two time origins).
MOMENTS = """() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const timings = window.rpgCalc.timings();
    const clock = timings.clock;
    const shift = clock.timeOrigin - performance.timeOrigin;
    const fetched = {};
    clock.fetched.forEach((f) => {
        (fetched[f.name] = fetched[f.name] || []).push(f.start + shift);
    });
    return {dcl: nav.domContentLoadedEventEnd, fcp: paint ? paint.startTime : null,
            painted: clock.painted === null ? null : clock.painted + shift,
            compile: clock.wasm.start === null ? null : clock.wasm.start + shift,
            streaming: clock.wasm.streaming, fetched: fetched,
            bootPath: timings.bootPath};
}"""


def test_python_starts_after_the_paint_from_files_fetched_before_it_each_once(browser, base_url):
    context = browser.new_context(**SCREENS["390"], service_workers="block")  # a first visit
    page = context.new_page()
    page.goto(base_url + PAGE)
    page.fill(f"{WIDGET}-target", "20")
    page.wait_for_function(f"document.querySelector('{WIDGET}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)
    moments = page.evaluate(MOMENTS)
    context.close()
    assert moments["bootPath"] == "plain"
    assert moments["painted"] is not None, "the worker never heard that the page painted"
    assert moments["painted"] > moments["dcl"], moments
    assert moments["fcp"] is not None and moments["painted"] > moments["fcp"], moments
    assert moments["compile"] >= moments["painted"], "the WebAssembly compiled before the paint"
    assert moments["streaming"] is True, "the early response lost its application/wasm type"
    for file in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"):
        starts = moments["fetched"].get(file, [])
        assert len(starts) == 1, f"{file} fetched {len(starts)} times: {moments['fetched']}"
        assert starts[0] < moments["painted"], f"{file} waited for the paint: {moments}"
