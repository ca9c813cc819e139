"""The spellcard builder in Chromium: build a card with the controls, share it by its address,
see a refused combination explained beside its control, and open an example card."""

from __future__ import annotations

import json

import pytest

from build_scripts.pagegen.wr_spellcards import example_links
from calculators import CALCULATORS
from calculators.western_roses.spellcards.flat import DEFAULTS

pytestmark = pytest.mark.browser

PAGE = "western-roses/spellcards/"
WIDGET = "#spellcard-builder"
BOOT_TIMEOUT = 60_000
BUILDER = CALCULATORS["spellcard-builder"]


def expected(**changes) -> dict:
    return BUILDER.run({**DEFAULTS, **changes})


def total(page) -> str:
    return page.inner_text(f"{WIDGET} .calc-figure.main .value")


def wait_total(page, cost: int) -> None:
    """Wait until the builder shows ``cost`` from a live answer (not the built page's), also
    after a link's instant navigation to its page."""
    page.wait_for_function(
        "([sel, cost]) => { const el = document.querySelector(sel);"
        " return !!el && el.dataset.calcState === 'live' &&"
        " el.querySelector('.calc-figure.main .value').textContent === cost; }",
        arg=[WIDGET, str(cost)], timeout=BOOT_TIMEOUT)


def breakdown_items(page) -> list[str]:
    """The first cell of each row of the breakdown table."""
    table = page.locator(f"{WIDGET} .calc-table table").first
    return table.locator("tbody tr > :first-child").all_inner_texts()


def test_building_a_card_with_the_controls_shows_what_cpython_computes(page, base_url,
                                                                       screenshot):
    page.goto(base_url + PAGE)
    assert total(page) == str(expected()["cost"])
    page.select_option(f"{WIDGET}-shot_type", "magic-missile")
    page.fill(f"{WIDGET}-aoe", "2")
    page.select_option(f"{WIDGET}-element", "light")
    page.fill(f"{WIDGET}-modifier", "7")
    want = expected(shot_type="magic-missile", aoe=2, element="light", modifier=7)
    wait_total(page, want["cost"])
    items = breakdown_items(page)
    for line in want["breakdown"]:
        assert line["item"] in items, (line, items)
    assert "AOE 2 (includes Single Target)" in items
    link = page.locator(f"{WIDGET} a[href='#aoe-2']")
    assert link.count() == 1
    assert json.loads(page.text_content(f"{WIDGET} pre")) == want["document"]
    assert "spellcard-builder.aoe=2" in page.url
    path = screenshot(page, "spellcard-builder").with_name("spellcard-builder-widget.png")
    page.locator(WIDGET).screenshot(path=str(path))  # the widget alone, for a person to look at

    page.reload()
    assert page.input_value(f"{WIDGET}-shot_type") == "magic-missile"
    assert page.input_value(f"{WIDGET}-aoe") == "2"
    assert page.input_value(f"{WIDGET}-element") == "light"
    wait_total(page, want["cost"])
    assert not page.errors


def test_a_refused_combination_is_explained_beside_its_control(page, base_url):
    page.goto(base_url + PAGE)
    page.locator(f"{WIDGET} [data-calc-show-all]").first.check()  # Taunt is a Guardian's
    page.select_option(f"{WIDGET}-special_1", "taunt")
    page.wait_for_selector(f"{WIDGET}-special_1-error:not([hidden])", timeout=BOOT_TIMEOUT)
    assert "Only a Guardian may use Protection Skills" in \
        page.inner_text(f"{WIDGET}-special_1-error")
    assert page.get_attribute(f"{WIDGET}-special_1", "aria-invalid") == "true"

    page.select_option(f"{WIDGET}-special_1", "none")
    page.select_option(f"{WIDGET}-targets", "self")
    page.select_option(f"{WIDGET}-to_hit", "roll-power")
    page.wait_for_selector(f"{WIDGET}-to_hit-error:not([hidden])", timeout=BOOT_TIMEOUT)
    assert "Targets: Self" in page.inner_text(f"{WIDGET}-to_hit-error")
    assert not page.errors


def test_a_defensive_card_says_which_sections_it_leaves_out(page, base_url):
    page.goto(base_url + PAGE)
    page.select_option(f"{WIDGET}-type", "defensive")
    # Its attack fields no longer apply: hidden and dropped, not refused.
    page.wait_for_selector(f"{WIDGET}-special_1-error:not([hidden])", timeout=BOOT_TIMEOUT)
    assert not page.is_visible(f"{WIDGET}-dice")
    # With no special skill it would buff or heal no one: the reason shows where a skill goes.
    assert "buffs or heals" in page.inner_text(f"{WIDGET}-special_1-error")
    page.select_option(f"{WIDGET}-special_1", "recover")
    wait_total(page, expected(type="defensive", dice=0, special_1="recover")["cost"])
    limits = page.inner_text(f"{WIDGET} .wr-builder-limits")
    assert "Attack power: A defensive-type card cannot have attack power" in limits


def test_an_example_link_opens_its_card_in_the_builder(page, base_url):
    entry = next(e for e in example_links() if e["example"].id == "lasting-taunt")
    page.goto(base_url + PAGE)
    page.locator("article a[href$='#spellcard-builder']",
                 has_text=entry["example"].title).click()
    wait_total(page, entry["result"]["cost"])
    assert page.input_value(f"{WIDGET}-special_1") == "taunt"
    assert page.input_value(f"{WIDGET}-profession") == "guardian"


def test_a_pasted_card_opens_in_the_builder_at_the_same_cost(page, base_url):
    page.goto(base_url + PAGE)
    cost = CALCULATORS["spellcard"].run(CALCULATORS["spellcard"].defaults())["cost"]
    page.click("#spellcard a.wr-open-builder")
    wait_total(page, cost)


def test_a_built_card_opens_in_the_json_calculator_at_the_same_cost(page, base_url):
    page.goto(base_url + PAGE + "?spellcard-builder.aoe=1")
    cost = expected(aoe=1)["cost"]
    wait_total(page, cost)
    page.click(f"{WIDGET} details:has(pre) summary")
    page.click(f"{WIDGET} a:text('Open this card in the JSON calculator')")
    page.wait_for_function(
        "cost => { const el = document.querySelector('#spellcard');"
        " return el.dataset.calcState === 'live' &&"
        " el.querySelector('.calc-figure.main .value').textContent === cost; }",
        arg=str(cost), timeout=BOOT_TIMEOUT)
