"""What a player types before the site script runs is kept and answered (issue 25 item 11).

On a phone's network the pre-rendered form is on screen seconds before the site script: the
test holds calculators.js back (0 s, then a few seconds), types into the check calculator's
target meanwhile, and lets the script through. The widget starts from what the field holds:
the field keeps her 14, the address carries it, and the live answer is CPython's for 14,
not the page's example's 25."""

from __future__ import annotations

import json

import pytest
from answers import answer_text
from screens import new_context

from calculators.web import render

pytestmark = pytest.mark.browser

PAGE = "western-roses/basic-rolls/"
WIDGET = "#wr-check"
BOOT_TIMEOUT = 60_000


@pytest.mark.parametrize("screen", ["390", "1280"])
@pytest.mark.parametrize("delay", [0.0, 3.0])
def test_a_value_typed_before_the_script_runs_is_kept_and_answered(browser, base_url, screen, delay):
    context = new_context(browser, screen)
    held = []  # the site script's request, answered when the test lets it through
    context.route("**/assets/js/calculators.js", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.goto(base_url + PAGE, wait_until="commit")
        field = page.locator(f"{WIDGET}-target")
        field.wait_for()
        assert field.input_value() == "25"  # the page's example, pre-rendered
        assert page.get_attribute(WIDGET, "data-calc-bound") is None  # the script has not run
        field.scroll_into_view_if_needed()
        field.tap() if screen == "390" else field.click()
        field.fill("14")
        page.wait_for_timeout(delay * 1000)
        for _ in range(100):  # the held request reaches the test as it handles events
            if held:
                break
            page.wait_for_timeout(50)
        assert len(held) == 1, "the test did not hold the site script back"
        held[0].continue_()
        page.wait_for_function(
            "(sel) => { const w = document.querySelector(sel); return w.calcWidget"
            " && w.dataset.calcState === 'live'; }", arg=WIDGET, timeout=BOOT_TIMEOUT)
        assert field.input_value() == "14"
        assert "wr-check.target=14" in page.url
        want = render("wr-check", {"dice": "4", "modifier": "0", "target": "14"})
        example = render("wr-check", {"dice": "4", "modifier": "0", "target": "25"})
        assert answer_text(page, WIDGET, want["html"]) != answer_text(page, WIDGET, example["html"])
        assert answer_text(page, WIDGET) == answer_text(page, WIDGET, want["html"])
        assert not page.errors
    finally:
        context.close()


def test_a_value_typed_before_the_script_runs_goes_over_saved_inputs(browser, base_url):
    """On the overcharge tracker, a saved widget: her saved Heart comes back, and the Fury
    she typed while the script was held back is kept over the saved one, and saved."""
    context = new_context(browser, "390")
    key = "rpg-calc/v1/widget/mb-tracker"
    tracker = "#mb-tracker"
    try:
        page = context.new_page()
        page.goto(base_url + "magical-burst/overcharge/")
        initial = json.loads(page.get_attribute(tracker, "data-calc-initial"))
        saved = {**initial, "heart": "5", "fury": "1"}
        page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                      [key, json.dumps({"calc": "mb-tracker", "state": saved})])  # no stamp: an old save
        held = []
        context.route("**/assets/js/calculators.js", lambda route: held.append(route))
        page.goto(base_url + "magical-burst/overcharge/", wait_until="commit")
        field = page.locator(f"{tracker}-fury")
        field.wait_for()
        field.tap()
        field.fill("7")
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(50)
        assert len(held) == 1, "the test did not hold the site script back"
        held[0].continue_()
        page.wait_for_function(f"() => document.querySelector('{tracker}').calcWidget", timeout=BOOT_TIMEOUT)
        assert page.input_value(f"{tracker}-heart") == "5"  # restored
        assert field.input_value() == "7"  # typed, newer than the saved 1
        stored = json.loads(page.evaluate("(key) => localStorage.getItem(key)", key))
        assert stored["state"]["fury"] == "7" and stored["state"]["heart"] == "5"
        assert stored["stamp"] > 0
    finally:
        context.close()
