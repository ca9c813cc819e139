"""The overcharge tracker in Chromium, used as a player would: step a counter across a stage,
apply its effect, undo, reload the bookmark, roll a magical check and add its points."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from calculators.magical_burst.overcharge import roll_table
from calculators.magical_burst.tracker import check_overcharge, roll_check

pytestmark = pytest.mark.browser

PAGE = "magical-burst/overcharge/"
TRACKER = "#mb-tracker"
BOOT_TIMEOUT = 60_000


def wait_live(page):
    page.wait_for_function(
        f"document.querySelector('{TRACKER}').dataset.calcState === 'live'", timeout=BOOT_TIMEOUT)


def press(page, selector: str):
    """Click a button in the answer and wait for the answer to the inputs it set."""
    page.click(selector)
    wait_live(page)


def step(page, stat: str, label: str):
    press(page, f"{TRACKER} [data-stat='{stat}'] button:text-is('{label}')")


def figure(page, stat: str) -> tuple[str, str]:
    """The counter and stage name shown for a stat."""
    card = page.locator(f"{TRACKER} .calc-figure", has=page.locator(f".label:text-is('{stat}')"))
    return card.locator(".value").inner_text(), card.locator(".label").nth(1).inner_text()


def url_param(page, name: str) -> str | None:
    values = parse_qs(urlparse(page.url).query).get(f"mb-tracker.{name}")
    return values[0] if values else None


def test_a_player_steps_applies_undoes_reloads_and_rolls(page, base_url, screenshot):
    page.goto(base_url + PAGE)
    page.wait_for_selector(f"{TRACKER}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    assert figure(page, "Fury") == ("4", "Minor flair")

    # +1 takes Fury from the minor flair band (4) into the major flair band (5).
    step(page, "fury", "+1")
    assert figure(page, "Fury") == ("5", "Major flair")
    assert url_param(page, "fury") == "5"
    assert "calls for Fury major flairs" in page.inner_text(f"{TRACKER} [data-stat='fury']")

    # Applying the major flair resets the counter and rolls a row of the right table.
    step(page, "fury", "Apply Fury major flair")
    assert figure(page, "Fury") == ("0", "No overcharge")
    answer = page.inner_text(f"{TRACKER} .calc-output")
    assert "Applied: Fury major flair" in answer and "reset to 0" in answer
    row = page.locator(f"{TRACKER} .calc-entry a[href*='#fury-major-flair-']")
    assert row.count() == 1

    # Undo brings back the counters before the effect.
    press(page, f"{TRACKER} [data-calc-undo]")
    assert figure(page, "Fury") == ("5", "Major flair")
    assert "Applied:" not in page.inner_text(f"{TRACKER} .calc-output")

    # The page address is the bookmark: a reload shows the same counters.
    page.reload()
    wait_live(page)
    assert figure(page, "Fury") == ("5", "Major flair")
    assert figure(page, "Heart") == ("2", "Minor flair")
    assert figure(page, "Judgment") == ("9", "Temporary Change")

    # Rolling a check proposes its sixes; the counter moves only when they are added.
    step(page, "fury", "Roll a Fury check")
    seed = int(url_param(page, "roll"))
    chains = roll_check(seed, 2)
    sixes = check_overcharge(chains)
    dice = ", ".join("→".join(map(str, chain)) for chain in chains)
    assert page.inner_text(f"{TRACKER} .calc-dice") == dice
    assert figure(page, "Fury")[0] == "5"
    page.reload()
    wait_live(page)
    assert figure(page, "Fury")[0] == "5", "a reload must not add the roll"
    add = f"{TRACKER} button:text-is('Add to Fury: 5 → {5 + sixes}')"
    screenshot(page, "overcharge-tracker")
    press(page, add)
    assert figure(page, "Fury")[0] == str(5 + sixes)
    assert url_param(page, "roll") is None
    assert page.locator(f"{TRACKER} .calc-dice").count() == 0
    assert not page.errors


def test_the_table_roller_rolls_again_with_a_fresh_seed(page, base_url):
    page.goto(base_url + PAGE)
    roller = "#mb-roll-table"
    page.wait_for_selector(f"{roller}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    page.click(f"{roller} button:text-is('Roll again')")
    page.wait_for_function(
        f"document.querySelector('{roller}').dataset.calcState === 'live'", timeout=BOOT_TIMEOUT)
    seed = int(parse_qs(urlparse(page.url).query)["mb-roll-table.seed"][0])  # kept in the link
    summary = page.inner_text(f"{roller} .calc-output")
    tens, units, row = roll_table("heart-minor-flairs", seed)
    assert f"Rolled {tens} and {units} on the d36: row {row.roll}." in summary
    assert str(seed) not in summary  # the seed is for the link, not for the reader
    assert not page.errors
