"""A calculator used as a reader would, in Chromium: typing, a shared link, a hand-edited
address, a stat too low to roll, a computation past the time limit. These are the site
script's and Python's work, the same in either build, so they run against the MkDocs build
only (test_widgets_in_chromium.py runs what the theme takes part in against both)."""

from __future__ import annotations

import pytest
from wr_check import BOOT_TIMEOUT, CHECK_PAGE, expected_success, headline, wait_live

pytestmark = pytest.mark.browser


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
