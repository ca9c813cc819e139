"""The post-magic-maid character builder in Chromium, used as a player would on a phone and a
laptop: build a character by tapping and typing, break a rule and see it named beside the
choice, reload (she is still there), roll from the sheet (the dice add up to the total and the
roll is in her log), print her sheet on one page."""

from __future__ import annotations

import re

import pytest
from screens import ARTIFACTS_DIR, new_context

pytestmark = pytest.mark.browser

PAGE = "post-magic-maid/character/"
SHEET = "#pmm-character"
BOOT_TIMEOUT = 90_000


def wait_ready(page):
    page.wait_for_function(f"document.querySelector('{SHEET}').dataset.calcRuntime === 'ready'",
                           timeout=BOOT_TIMEOUT)


def wait_answer(page, state: str = "live"):
    page.wait_for_function(f"document.querySelector('{SHEET}').dataset.calcState === '{state}'",
                           timeout=BOOT_TIMEOUT)


def choose(page, field: str, value: str):
    page.select_option(f"{SHEET} [name='{field}']", value)


def type_into(page, field: str, text: str):
    box = page.locator(f"{SHEET} [name='{field}']")
    box.click()
    box.fill("")
    box.type(text)


def headline(page) -> str:
    return page.inner_text(f"{SHEET} .calc-output .calc-figure.main .value")


def sheet_text(page) -> str:
    return page.inner_text(f"{SHEET} .calc-output")


def settle(page):
    """Wait until the answer on screen is for the inputs on screen (a change marks the widget
    pending at once; the answer to the last one ends it)."""
    page.wait_for_function(f"document.querySelector('{SHEET}').dataset.calcState !== 'pending'",
                           timeout=BOOT_TIMEOUT)


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_a_player_builds_rolls_reloads_and_prints_her_character(browser, base_url, screen):
    context = new_context(browser, screen)
    page = context.new_page()
    page.goto(base_url + PAGE)
    wait_ready(page)

    # The page's example, made her first character by tapping and typing (New character would
    # start from the rules' starting point instead).
    type_into(page, "name", "Rin")
    choose(page, "die_int", "d6")
    choose(page, "die_wll", "d12")
    type_into(page, "level_ups", "7")
    settle(page)
    # The third +1 is on Int, now a d6: refused beside that choice, with the rule's section.
    error = page.locator(f"{SHEET} [data-error-for='plus_3']")
    error.wait_for(state="visible")
    assert "may not go to an attribute rolled with a d6" in error.inner_text()
    assert "(Character creation)" in error.inner_text()
    assert error.get_by_role("link", name="Character creation").get_attribute("href") == (
        f"{base_url}post-magic-maid/checks/#character-creation")
    assert page.get_attribute(f"{SHEET} [name='plus_3']", "aria-invalid") == "true"
    choose(page, "plus_3", "wll")
    # A passive ability in the first empty row, with one passive bonus bought since.
    choose(page, "ab4_kind", "passive")
    type_into(page, "ab4_name", "Walking on water")
    choose(page, "ab4_start", "none")
    type_into(page, "ab4_passive", "1")
    settle(page)
    wait_answer(page)
    assert not error.is_visible()
    text = sheet_text(page)
    assert "Walking on water" in text
    # 7 level-ups: 1 single (Swordfighting) + 3 Dex specializations + 1 die + 1 passive.
    assert headline(page) == "1"
    assert "7 received, 6 spent" in text
    assert re.search(r"Wll\s+d12\s+\+1", text), text
    shot = ARTIFACTS_DIR / f"pmm-character-built-{screen}.png"
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.locator(f"{SHEET} .calc-output").screenshot(path=str(shot))

    # Reload: she is still there, as she was.
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.input_value(f"{SHEET} [name='name']") == "Rin"
    assert page.input_value(f"{SHEET} [name='ab4_name']") == "Walking on water"
    assert "Walking on water" in sheet_text(page) and headline(page) == "1"

    # Roll Int & Dex with Swordfighting: the dice and bonuses shown add up to the total shown.
    row = page.locator(f"{SHEET} tr", has=page.locator("th", has_text="Swordfighting"))
    row.get_by_role("button", name="Use").click()
    wait_answer(page)
    assert "with Swordfighting +8" in sheet_text(page)
    check = page.locator(f"{SHEET} tr", has=page.locator("th", has_text=re.compile("^Int & Dex$")))
    check.get_by_role("button", name="Roll").click()
    wait_answer(page)
    roll = page.locator(f"{SHEET} .pmm-roll")
    roll.wait_for()
    # The result is beside the button she tapped, in view without scrolling.
    box = roll.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"] + 1
    faces = [int(t) for t in roll.locator(".calc-die strong").all_inner_texts()]
    said = roll.inner_text()
    bonuses = [int(s.replace("−", "-")) for s in re.findall(r"\s([+−]\d+)\s", said)]
    total = int(roll.locator(".calc-roll-total").inner_text())
    assert len(faces) == 2 and 1 <= faces[0] <= 6 and 1 <= faces[1] <= 8, said  # Int d6, Dex d8
    assert bonuses == [1, 4, 8], said  # Int +1 (creation), Dex +4, Swordfighting +8
    assert sum(faces) + sum(bonuses) == total, said
    entry = roll.get_attribute("data-roll-entry")
    log = page.locator("[data-roll-log] li").first
    log.wait_for()
    assert entry and entry in log.inner_text()
    assert f"= {total}" in log.inner_text()
    page.screenshot(path=str(ARTIFACTS_DIR / f"pmm-character-roll-{screen}.png"))

    # Nothing wider than a phone.
    if screen == "390":
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Print her sheet: one A4 page, and the rules around it are not printed.
    page.evaluate("() => { window.printCalls = 0; window.print = () => { window.printCalls++; }; }")
    page.click("[data-collection-print]")
    assert page.evaluate("window.printCalls") == 1
    page.emulate_media(media="print")
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    assert not page.locator("article h2").first.is_visible(), "the rules were printed too"
    assert page.locator(f"{SHEET} .pmm-name").inner_text() == "Rin"
    page.screenshot(path=str(ARTIFACTS_DIR / f"pmm-character-print-{screen}.png"), full_page=True)
    pages = printed_pages(page, f"pmm-character-{screen}")
    context.close()
    assert pages == {"A4": 1, "Letter": 1}, f"her sheet printed on {pages} pages"


def printed_pages(page, name: str) -> dict[str, int]:
    """Her sheet printed ("Print the sheet", window.print stubbed) on A4 and on Letter: the
    pages of each PDF (kept in the test artifacts)."""
    page.evaluate("() => { window.print = () => {}; }")
    pages = {}
    for paper in ("A4", "Letter"):
        # Printing ends the sheet-only mode (afterprint), so ask for each paper size anew.
        page.evaluate("() => document.querySelector('[data-collection-print]').click()")
        pdf = page.pdf(format=paper, print_background=True)
        (ARTIFACTS_DIR / f"print-{name}-{paper}.pdf").write_bytes(pdf)
        pages[paper] = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    return pages


def test_a_sheet_with_every_ability_row_filled_still_prints_on_one_page(browser, base_url):
    """Ten abilities with long names, each with where its bonus comes from: the fullest sheet
    the builder allows (its ten rows)."""
    inputs = {"name": "Full sheet"}
    for n in range(1, 11):
        inputs |= {f"ab{n}_kind": "rolled", f"ab{n}_name": f"Ability number {n} with a long name"}
    query = "&".join(f"pmm-character.{key}={value.replace(' ', '+')}"
                     for key, value in inputs.items())
    context = new_context(browser, "1280")
    page = context.new_page()
    page.goto(f"{base_url}{PAGE}?{query}")
    wait_answer(page)
    assert page.locator(f"{SHEET} .pmm-abilities tbody tr").count() == 10
    page.emulate_media(media="print")
    pages = printed_pages(page, "pmm-character-ten-abilities")
    context.close()
    assert pages == {"A4": 1, "Letter": 1}, f"her sheet printed on {pages} pages"


def test_abilities_after_a_blank_row_stay_on_the_form_and_the_sheet(browser, base_url):
    """The page example (Swordfighting, First aid, Tea ceremony) with
    ability 2 blanked: ability 3 stays in the form and on her sheet, and a fourth ability
    typed below the gap joins it."""
    from urllib.parse import urlencode

    from calculators.post_magic_maid.character import EXAMPLE

    inputs = {**EXAMPLE, "ab2_kind": ""}
    context = new_context(browser, "390")
    page = context.new_page()
    page.goto(base_url + PAGE + "?" + urlencode(
        {f"pmm-character.{k}": v for k, v in inputs.items()}))
    wait_ready(page)
    settle(page)
    wait_answer(page)
    assert page.locator(f"{SHEET} [name='ab3_name']").is_visible()
    assert page.input_value(f"{SHEET} [name='ab3_name']") == "Tea ceremony"
    choose(page, "ab4_kind", "rolled")
    type_into(page, "ab4_name", "Juggling")
    settle(page)
    wait_answer(page)
    abilities = page.inner_text(f"{SHEET} .calc-output .pmm-abilities")
    assert "Swordfighting" in abilities and "Tea ceremony" in abilities
    assert "Juggling" in abilities and "First aid" not in abilities
    context.close()
