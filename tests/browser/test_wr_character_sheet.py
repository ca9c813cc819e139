"""The Western Roses character builder in Chromium, on a phone (touch) and a laptop: a
character built with the controls only, restored after a reload, a roll from the sheet whose
dice add up to its total and land in the roll log, the Odds link, saved spellcards added to
her deck, and the sheet printed on one page."""

from __future__ import annotations

import json
import re

import pytest
from screens import ARTIFACTS_DIR, new_context, open_page

from calculators import CALCULATORS

pytestmark = pytest.mark.browser

PAGE = "western-roses/character/"
WIDGET = "#wr-character"
BOOT_TIMEOUT = 60_000
CALC = CALCULATORS["wr-character"]

#: The character built by hand in the tests, as the controls receive her.
SUIKA = {"name": "Suika", "shot_type": "tip-of-death", "race": "oni",
         "profession": "carefree-soul", "element": "wood", "bonus_pwr": "8", "bonus_cha": "5",
         "bonus_int": "4", "bonus_ins": "3", "skill_stealth": "4", "skill_flying": "0",
         "skill_dexterity": "0", "skill_sense": "0", "ability_1": "skill-focus",
         "focus_skill_1": "stealth"}


def press(page, locator, screen: str) -> None:
    """A tap on the phone, a click on the laptop."""
    if screen == "390":
        locator.tap()
    else:
        locator.click()


def wait_live(page) -> None:
    page.wait_for_function(f"document.querySelector('{WIDGET}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)


def figure(page, label: str) -> str:
    return page.locator(f"{WIDGET} .calc-output .calc-figure",
                        has_text=label).locator(".value").inner_text()


def build(page, screen: str) -> dict:
    """Enter SUIKA with the form's controls; returns the sheet CPython derives for her."""
    for key, value in SUIKA.items():
        field = page.locator(f"{WIDGET}-{key}")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            if screen == "390":
                # As a thumb scrolls it up, clear of the summary bar along the bottom edge.
                field.evaluate("el => el.scrollIntoView({block: 'center'})")
                field.tap()
            field.fill(value)
    return CALC.run({k: v for k, v in SUIKA.items()})


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_build_reload_roll_and_print_a_character(browser, base_url, screen):
    context = new_context(browser, screen)
    page = open_page(context, base_url + PAGE)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    press(page, page.locator("[data-collection-new]"), screen)
    sheet = build(page, screen)
    wait_live(page)
    page.wait_for_function(
        "([sel, hp]) => [...document.querySelectorAll(sel + ' .calc-figure')].some("
        "f => f.textContent.includes('HP') && f.querySelector('.value').textContent === hp)",
        arg=[WIDGET, str(sheet["hp"]["value"])], timeout=BOOT_TIMEOUT)
    # Tip of Death 11/5/11/4; oni PWR +3, INT -1; Carefree +1 each; bonus 8/5/4/3.
    assert [s["value"] for s in sheet["stats"]] == [23, 11, 15, 8]
    assert figure(page, "Bonus points left") == "0 of 20"
    assert figure(page, "Skill points left") == f"{10 - 4} of 10"
    stealth = page.locator(f"{WIDGET} tr", has=page.locator("th", has_text="Stealth"))
    assert stealth.locator("td").nth(1).inner_text() == "5d+2"  # CHA 11 + 4 = 15; focus +2

    # A broken rule is shown beside its control, and nothing typed is lost.
    page.fill(f"{WIDGET}-bonus_ins", "10")
    message = page.locator(f"{WIDGET} [data-error-for='bonus_ins']")
    message.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    assert "Over budget: 27 of the 20 bonus points" in message.inner_text()
    rule = message.get_by_role("link", name="Bonus Points")
    assert rule.get_attribute("href") == f"{base_url}western-roses/character-creation/#bonus-points"
    assert page.input_value(f"{WIDGET}-bonus_pwr") == "8"
    assert figure(page, "HP") == str(sheet["hp"]["value"])  # the last sheet stays in view
    page.fill(f"{WIDGET}-bonus_ins", "3")
    wait_live(page)

    # Reload: she is still there, and in the list of characters.
    page.reload()
    page.wait_for_function(f"document.querySelector('{WIDGET}').dataset.calcBound")
    assert page.input_value(f"{WIDGET}-name") == "Suika"
    assert page.input_value(f"{WIDGET}-focus_skill_1") == "stealth"
    assert "Suika" in page.locator("[data-collection-list]").inner_text()
    wait_live(page)

    # Roll PWR from the sheet: the dice shown add up to the total shown, and it is logged.
    row = page.locator(f"{WIDGET} tr", has=page.locator("th", has_text=re.compile("^PWR$")))
    press(page, row.get_by_role("button", name="Roll"), screen)
    roll = page.locator(f"{WIDGET} .calc-output [data-roll-entry]")
    roll.wait_for(timeout=BOOT_TIMEOUT)
    wait_live(page)
    faces = [int(f) for f in roll.locator(".wr-dice").inner_text().split(", ")]
    assert len(faces) == 23 // 3 and all(1 <= f <= 6 for f in faces)
    assert sum(faces) == int(roll.locator(".wr-roll-total").inner_text())
    entry = roll.get_attribute("data-roll-entry")
    page.wait_for_function("(text) => [...document.querySelectorAll('[data-roll-log] li')]"
                           ".some(li => li.textContent.includes(text))", arg=entry)
    assert entry.startswith("PWR check: 7d6 → ")

    # No sideways scrolling on the phone.
    width = int(screen)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("window.innerWidth") == width  # a phone zooms out to fit overflow
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.locator(WIDGET).screenshot(path=str(ARTIFACTS_DIR / f"wr-character-{screen}.png"))

    # Print her sheet: one page, her name on it, no form.
    page.evaluate("() => { window.print = () => {}; }")
    press(page, page.locator("[data-collection-print]"), screen)
    page.emulate_media(media="print")
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    assert not page.locator(f"{WIDGET} .calc-form").is_visible()
    assert "Suika" in page.locator(f"{WIDGET} .calc-output").inner_text()
    pdf = page.pdf(format="A4", print_background=True)
    (ARTIFACTS_DIR / f"print-wr-character-{screen}.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    context.close()
    assert pages == 1, f"the sheet printed on {pages} pages"
    assert not errors, errors


@pytest.mark.parametrize("screen", ["390"])
def test_a_broken_rules_link_opens_the_rule_in_view(browser, base_url, screen):
    context = new_context(browser, screen)
    page = open_page(context, base_url + PAGE + "?wr-character.skill_flying=7&wr-character."
                     "skill_stealth=6&wr-character.skill_dexterity=0&wr-character.skill_sense=0")
    message = page.locator(f"{WIDGET} [data-error-for='skill_stealth']")
    message.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    assert "Over budget: 13 of the 10 skill points" in message.inner_text()
    press(page, message.get_by_role("link", name="Skills"), screen)
    page.wait_for_url(f"{base_url}western-roses/character-creation/#skills")
    page.locator("h2#skills, h3#skills").wait_for()
    page.wait_for_function("() => { const r = document.getElementById('skills')"
                           ".getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }")
    context.close()


def open_odds(page, check, screen: str) -> None:
    """Follow the Odds link of the sheet's row for ``check`` to the check calculator."""
    row = page.locator(f"{WIDGET} tr", has=page.locator("th", has_text=check))
    press(page, row.get_by_role("link", name="Odds"), screen)
    page.wait_for_url(re.compile(r"/western-roses/basic-rolls/\?"))
    # Material's instant navigation swaps the page in after the address changes.
    page.wait_for_function("() => { const w = document.querySelector('#wr-check');"
                           " return w && w.dataset.calcBound; }")


def test_the_odds_link_opens_the_check_calculator_with_her_numbers(browser, base_url):
    context = new_context(browser, "1280")
    page = open_page(context, base_url + PAGE)
    open_odds(page, "Dodge danmaku", "1280")
    # The page example's INS is 8, rolled against the dodge difficulty 12.
    assert page.input_value("#wr-check-stat") == "8"
    assert page.input_value("#wr-check-target") == "12"
    context.close()


def test_saved_cards_are_added_to_her_deck_and_priced_for_her(browser, base_url):
    """A card saved in the spellcard builder (for another caster) is listed beside the deck
    field; Add to deck puts it in her deck without its caster, twice makes two copies."""
    context = new_context(browser, "390")
    page = open_page(context, base_url + "western-roses/spellcards/")
    card = {"name": "Ember", "type": "attack", "attack": {"dice": 3},
            "caster": {"element": "water", "shot_type": "magic-missile",
                       "profession": "librarian"}}
    page.evaluate("""(card) => localStorage.setItem('rpg-calc/v1/cards', JSON.stringify([
        {id: 'c1', name: 'Ember', state: {name: 'Ember'}, card: card, cost: 20}]))""", card)
    page.goto(base_url + PAGE)
    page.wait_for_function(f"document.querySelector('{WIDGET} [data-calc-editor]')"
                           ".dataset.editorBound")
    add = page.get_by_role("button", name="Add Ember to her deck")
    add.tap()
    add.tap()
    # The deck field shows the second copy once the second tap is handled, as she sees it.
    page.wait_for_function("(sel) => (document.querySelector(sel).value.match(/\"copies\": ?2/)"
                           " || []).length > 0", arg=f"{WIDGET}-deck")
    deck = json.loads(page.input_value(f"{WIDGET}-deck"))
    assert deck == [{"card": {k: v for k, v in card.items() if k != "caster"}, "copies": 2}]
    wait_live(page)
    page.wait_for_function(f"document.querySelector('{WIDGET} .wr-sheet-deck li') !== null",
                           timeout=BOOT_TIMEOUT)
    sheet_deck = page.locator(f"{WIDGET} .wr-sheet-deck")
    want = CALC.run({**CALC.defaults(), "deck": deck})["deck"]
    assert f"{want['total_cards']} of {want['max_cards']} cards" in sheet_deck.inner_text()
    assert str(want["cards"][0]["cost"]) in sheet_deck.locator("li").first.inner_text()
    assert "wr-character.deck=" in page.url
    context.close()


def test_with_no_saved_cards_her_deck_links_to_where_cards_are_saved(browser, base_url):
    """An empty list of saved cards under her deck says where to make them; the link opens
    the spellcard builder's section of the spellcards page, in view."""
    context = new_context(browser, "390")
    page = open_page(context, base_url + PAGE)
    page.wait_for_function(f"document.querySelector('{WIDGET} [data-calc-editor]')"
                           ".dataset.editorBound")
    page.get_by_role("link", name="save cards in the spellcard builder").tap()
    page.wait_for_url(re.compile(r"/western-roses/spellcards/#card-builder$"))
    # The address changes before instant navigation puts the new page in: wait for both.
    page.wait_for_function("() => { const section = document.getElementById('card-builder');"
                           " const top = section && section.getBoundingClientRect().top;"
                           " return top >= 0 && top < 200; }")
    context.close()


def test_a_night_dancer_rolls_stealth_with_embrace_of_night_and_its_odds_carry_it(browser,
                                                                                base_url):
    """The page example as a Night Dancer (oni, Guardian). CHA 10 + 6 bonus
    points = 16: Stealth 16 rolls 5d, +2 from Embrace of Night; the Roll button rolls 5d6+2
    and the Odds link sets the check calculator's modifier to 2."""
    from urllib.parse import urlencode

    inputs = {**CALC.example, "shot_type": "night-dance"}
    context = new_context(browser, "390")
    page = open_page(context, base_url + PAGE + "?" + urlencode(
        {f"wr-character.{k}": v for k, v in inputs.items()}))
    wait_live(page)
    row = page.locator(f"{WIDGET} tr", has=page.locator("th", has_text=re.compile("^Stealth$")))
    assert "5d+2" in row.inner_text()
    press(page, row.get_by_role("button", name="Roll"), "390")
    roll = page.locator(f"{WIDGET} .calc-output [data-roll-entry]")
    roll.wait_for(timeout=BOOT_TIMEOUT)
    wait_live(page)
    entry = roll.get_attribute("data-roll-entry")
    assert entry.startswith("Stealth check: 5d6+2 → "), entry
    faces = [int(f) for f in roll.locator(".wr-dice").inner_text().split(", ")]
    assert int(entry.rsplit("= ", 1)[1].split()[0]) == sum(faces) + 2
    open_odds(page, re.compile("^Stealth$"), "390")
    assert page.input_value("#wr-check-stat") == "16"
    assert page.input_value("#wr-check-modifier") == "2"
    context.close()


def test_the_notes_a_number_follows_are_links_a_finger_can_tap(browser, base_url):
    """Where each number comes from, on a phone: "Skills based on two stats" and the other
    notes linked in the table's cells are at least 24 px tall, and inside their cells."""
    context = new_context(browser, "390")
    page = open_page(context, base_url + PAGE)  # the answer built into the page will do
    page.locator("#wr-character details.calc-table summary").first.click()
    links = page.locator("#wr-character details.calc-table td a")
    assert links.count() >= 3
    heights = [links.nth(i).bounding_box()["height"] for i in range(links.count())]
    assert min(heights) >= 24, heights
    assert "Skills based on two stats" in links.all_inner_texts()
    context.close()
