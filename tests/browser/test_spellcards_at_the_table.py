"""Issue 25, items 5 and 6, in Chromium on a phone (touch) and a laptop: the spellcard builder
takes its caster from one of her saved characters (filled and locked until she unlinks, only
her skills offered, a refusal shown beside its control and beside Save until it is fixed); her
deck is a list (copies − / +, Remove, Open in the builder) whose JSON still imports and
exports; and her sheet shows what each card does and rolls its damage beside the card."""

from __future__ import annotations

import json
import re

import pytest
from screens import ARTIFACTS_DIR, new_context, open_page
from test_spellcard_builder import wait_total

from calculators import CALCULATORS
from calculators.western_roses.spellcards.flat import DEFAULTS

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 60_000
SPELLCARDS = "western-roses/spellcards/"
CHARACTER = "western-roses/character/"
BUILDER = "#spellcard-builder"
SHEET = "#wr-character"
COLLECTION_KEY = "rpg-calc/v1/collection/wr-character"

WATER_SHOT = {"name": "Water shot", "type": "attack", "attack": {"dice": 3, "modifier": 2},
              "to_hit": "roll-intelligence"}
MEND = {"name": "Mend", "type": "defensive", "targets": "self",
        "special": [{"skill": "1d-hit-points"}]}
#: No bonus or skill points spent (the page's example spends some), no ability yet.
UNSPENT = {**{f"bonus_{k}": "0" for k in ("pwr", "cha", "int", "ins")},
           **{f"skill_{k}": "0" for k in ("flying", "dexterity", "sense")}, "ability_1": ""}
#: Two saved characters, as the character builder keeps them (text values): Reimu's stats are
#: her shot-type's, PWR 5, CHA 6, INT 9, INS 8.
REIMU = {**UNSPENT, "name": "Reimu", "shot_type": "homing-amulets", "race": "pony",
         "profession": "shrine-maiden", "goddess_element": "light", "element": "water",
         "level": "2", "deck": json.dumps([{"card": WATER_SHOT, "copies": 2},
                                           {"card": MEND, "copies": 1}])}
SAKUYA = {**UNSPENT, "name": "Sakuya", "shot_type": "fourth-strike", "race": "pony",
          "profession": "combat-maid", "element": "metal", "level": "3"}
COLLECTION = {"current": "r1", "records": [
    {"id": "r1", "name": "Reimu", "state": REIMU, "log": []},
    {"id": "s1", "name": "Sakuya", "state": SAKUYA, "log": []}]}


def press(locator, screen: str) -> None:
    """A tap on the phone, a click on the laptop."""
    if screen == "390":
        locator.scroll_into_view_if_needed()
        locator.tap()
    else:
        locator.click()


def open_with(browser, base_url: str, screen: str, path: str):
    context = new_context(browser, screen)
    page = open_page(context, base_url + "404.html")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [COLLECTION_KEY, json.dumps(COLLECTION)])
    page = open_page(context, base_url + path)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page


def wait_live(page, widget: str) -> None:
    page.wait_for_function(f"document.querySelector('{widget}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)


CASTER_FIELDS = ("caster_element", "shot_type", "profession", "goddess", "level")


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_a_saved_character_is_the_builders_caster_until_she_unlinks(browser, base_url, screen):
    context, page = open_with(browser, base_url, screen, SPELLCARDS)
    link = page.locator(f"{BUILDER}-linked-record")
    link.wait_for()
    assert link.locator("option").all_inner_texts()[1:] == ["Reimu", "Sakuya"]
    link.select_option(label="Reimu")
    # Her element, shot-type, profession, goddess and level fill in and are locked.
    assert {f: page.input_value(f"{BUILDER}-{f}") for f in CASTER_FIELDS} == {
        "caster_element": "water", "shot_type": "homing-amulets",
        "profession": "shrine-maiden", "goddess": "light", "level": "2"}
    for field in CASTER_FIELDS:
        assert page.locator(f"{BUILDER}-{field}").is_disabled(), field
    # Only a Shrine Maiden's skills are offered: no "Show all", a Guardian's Taunt unlisted.
    assert not page.locator(f"{BUILDER} .calc-show-all").first.is_visible()
    assert page.locator(f"{BUILDER}-special_1 option[value='taunt']").is_disabled()
    assert page.locator(f"{BUILDER}-special_1 option[value='divine-insight']").is_enabled()
    # The numbers of other professions' skills are not asked.
    for field in ("steps", "dolls", "familiar"):
        assert not page.locator(f"{BUILDER}-{field}").is_visible(), field
    # Priced for her: 3d (15) + one target (10), Burst and her own element free; 25.
    wait_total(page, 25)
    assert CALCULATORS["spellcard-builder"].run(
        {**DEFAULTS, "caster_element": "water", "shot_type": "homing-amulets",
         "goddess": "light", "level": 2})["cost"] == 25

    # Still linked after a reload.
    page.reload()
    page.locator(f"{BUILDER}-linked-record").wait_for()
    assert page.input_value(f"{BUILDER}-linked-record") == "r1"
    assert page.locator(f"{BUILDER}-profession").is_disabled()

    # Sakuya is a Combat-Maid: her +10 damage asks for its steps, and only then.
    page.locator(f"{BUILDER}-linked-record").select_option(label="Sakuya")
    assert page.input_value(f"{BUILDER}-profession") == "combat-maid"
    assert page.locator(f"{BUILDER}-special_1 option[value='divine-insight']").is_disabled()
    page.select_option(f"{BUILDER}-special_2", "plus-10-damage")
    assert page.locator(f"{BUILDER}-steps").is_visible()
    assert not page.locator(f"{BUILDER}-dolls").is_visible()

    # Unlink: the caster is hers to change again, and every skill is reachable.
    press(page.locator(f"{BUILDER} [data-link-unlink]"), screen)
    for field in CASTER_FIELDS[:3]:
        assert page.locator(f"{BUILDER}-{field}").is_enabled(), field
    assert page.locator(f"{BUILDER} .calc-show-all").first.is_visible()
    page.select_option(f"{BUILDER}-shot_type", "magic-missile")
    assert page.input_value(f"{BUILDER}-linked-record") == ""
    assert not page.errors
    context.close()


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_a_refusal_shows_beside_its_field_and_beside_save_until_fixed(browser, base_url,
                                                                     screen):
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    context, page = open_with(browser, base_url, screen, SPELLCARDS)
    page.locator(f"{BUILDER}-linked-record").select_option(label="Reimu")
    wait_live(page, BUILDER)
    # A healing card on herself: a Shrine Maiden's 1d hit points, Self.
    page.select_option(f"{BUILDER}-type", "defensive")
    page.select_option(f"{BUILDER}-special_1", "1d-hit-points")
    page.select_option(f"{BUILDER}-targets", "self")
    wait_live(page, BUILDER)
    page.select_option(f"{BUILDER}-to_hit", "roll-power")
    beside_field = page.locator(f"{BUILDER}-to_hit-error")
    beside_field.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    assert "Targets: Self" in beside_field.inner_text()
    refusals = page.locator(f"{BUILDER} [data-card-refusals]")
    refusals.wait_for(state="visible")
    assert refusals.locator("li").count() == 1
    item = refusals.locator("[data-refusal-for='to_hit']")
    assert item.inner_text().startswith("To-hit: ") and "Targets: Self" in item.inner_text()
    save = page.locator(f"{BUILDER} [data-card-save]")
    press(save, screen)
    status = page.locator(f"{BUILDER} .calc-actions .calc-status").last
    assert "Fix the card first" in status.inner_text()
    # Beside Save: straight under the row of Save, Reset and Undo, not far up the page.
    row = page.locator(f"{BUILDER} .calc-actions").bounding_box()
    save_box, list_box = save.bounding_box(), refusals.bounding_box()
    assert 0 <= list_box["y"] - (row["y"] + row["height"]) < 24
    assert list_box["y"] - save_box["y"] < 200
    page.locator(BUILDER).screenshot(path=str(ARTIFACTS_DIR / f"builder-refusal-{screen}.png"))

    page.select_option(f"{BUILDER}-to_hit", "burst")
    wait_live(page, BUILDER)
    assert not beside_field.is_visible()
    assert not refusals.is_visible()
    assert "Fix the card first" not in status.inner_text()
    assert not page.errors
    context.close()


def deck_in_field(page) -> list:
    text = page.input_value(f"{SHEET}-deck")
    return json.loads(text) if text else []


def entry(page, n: int):
    return page.locator(f"{SHEET} [data-deck-entry='{n}']")


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_her_deck_is_a_list_and_its_json_still_imports_and_exports(browser, base_url, screen):
    context, page = open_with(browser, base_url, screen, CHARACTER)
    page.wait_for_function(f"document.querySelector('{SHEET} [data-deck-list] li')")
    assert page.locator(f"{SHEET} [data-deck-list] > li").count() == 2
    assert not page.locator(f"{SHEET}-deck").is_visible()  # the JSON is folded away
    assert "× 2" in entry(page, 1).inner_text()

    press(entry(page, 1).get_by_role("button", name="One more copy of Water shot"), screen)
    assert "× 3" in entry(page, 1).inner_text()
    # The list is redrawn, and the focus is still on the + she pressed (a keyboard keeps her place).
    page.wait_for_function(f"document.activeElement && document.activeElement.matches("
                           f"'{SHEET} [data-deck-entry=\"1\"] [data-deck-more]')")
    assert deck_in_field(page)[0]["copies"] == 3
    press(entry(page, 1).get_by_role("button", name="One copy fewer of Water shot"), screen)
    press(entry(page, 1).get_by_role("button", name="One copy fewer of Water shot"), screen)
    assert deck_in_field(page)[0]["copies"] == 1
    assert entry(page, 1).get_by_role("button", name="One copy fewer of Water shot").is_disabled()
    press(entry(page, 2).get_by_role("button", name="Remove Mend from her deck"), screen)
    assert deck_in_field(page) == [{"card": WATER_SHOT, "copies": 1}]
    assert page.locator(f"{SHEET} [data-deck-list] > li").count() == 1

    # Export: the folded JSON holds the deck; import: pasted JSON becomes the list.
    press(page.locator(f"{SHEET} .calc-deck-json > summary"), screen)
    exported = page.input_value(f"{SHEET}-deck")
    press(entry(page, 1).get_by_role("button", name="Remove Water shot from her deck"), screen)
    assert page.locator(f"{SHEET} [data-deck-list] > li").count() == 0
    page.fill(f"{SHEET}-deck", exported)
    page.wait_for_function(f"document.querySelectorAll('{SHEET} [data-deck-list] > li').length === 1")
    assert json.loads(page.input_value(f"{SHEET}-deck")) == [{"card": WATER_SHOT, "copies": 1}]
    assert "Water shot" in entry(page, 1).inner_text()

    # Open in the builder: the card, with her as its caster, at the cost her sheet shows.
    wait_live(page, SHEET)
    open_link = entry(page, 1).locator("[data-deck-builder]")
    open_link.wait_for()
    if screen == "390":  # every control of the list and the sheet's deck a thumb can hit
        small = page.evaluate("""() => Array.from(document.querySelectorAll(
              '[data-deck-list] :is(button, a), .wr-sheet-deck :is(button, .wr-deck-actions a)'))
            .map(b => [b.textContent.trim(), b.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44).map(([t]) => t)""")
        assert not small, small
    press(open_link, screen)
    page.wait_for_url(re.compile(r"/western-roses/spellcards/\?"))
    # 3d 15 + modifier +2 20 + one target 10 + roll against intelligence −10 = 35.
    wait_total(page, 35)
    assert page.input_value(f"{BUILDER}-to_hit") == "roll-intelligence"
    assert page.input_value(f"{BUILDER}-shot_type") == "homing-amulets"
    # ... linked to her, so her caster is locked as if picked in the builder.
    assert page.input_value(f"{BUILDER}-linked-record") == "r1"
    assert page.locator(f"{BUILDER}-shot_type").is_disabled()
    assert not page.errors
    context.close()


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_her_sheet_shows_what_each_card_does_and_rolls_its_damage_beside_it(browser, base_url,
                                                                           screen):
    context, page = open_with(browser, base_url, screen, CHARACTER)
    wait_live(page, SHEET)
    card = page.locator(f"{SHEET} .wr-sheet-deck li[data-deck-card='1']")
    card.wait_for(timeout=BOOT_TIMEOUT)
    facts = dict(zip(card.locator("dt").all_inner_texts(), card.locator("dd").all_inner_texts()))
    # Worked by hand: INT 9 rolls 3d, +2 from Homing Danmaku, against 12; 3d15 + 2 is 20,
    # one target 10, roll against intelligence −10: 35.
    assert facts == {"Type": "Attack", "To-hit": "Roll against intelligence: 3d+2 against 12 "
                     "(Homing Danmaku)", "Targets": "1 target", "Duration": "Instantaneous",
                     "Damage": "3d+2 (attack power 3d)", "Element": "Water",
                     "Spell power": "35"}
    mend = page.locator(f"{SHEET} .wr-sheet-deck li[data-deck-card='2']")
    assert "Self" in mend.inner_text() and "Roll damage" not in mend.inner_text()

    press(card.get_by_role("button", name="Roll damage"), screen)
    roll = card.locator("[data-roll-entry]")
    roll.wait_for(timeout=BOOT_TIMEOUT)
    wait_live(page, SHEET)
    faces = [int(f) for f in roll.locator(".wr-dice").inner_text().split(", ")]
    total = int(roll.locator(".wr-roll-total").inner_text())
    assert len(faces) == 3 and all(1 <= f <= 6 for f in faces)
    assert total == sum(faces) + 2 and 5 <= total <= 20
    assert mend.locator("[data-roll-entry]").count() == 0
    page.wait_for_function("() => [...document.querySelectorAll('[data-roll-log] li')]"
                           ".some(li => li.textContent.startsWith('Water shot damage: 3d+2'))")
    assert page.evaluate("document.documentElement.scrollWidth") <= int(screen)
    assert not page.errors
    context.close()
