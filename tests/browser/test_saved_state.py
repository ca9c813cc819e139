"""Nothing a player enters is lost: the tracker, the spellcard builder, her saved cards and her
deck stay on the device and come back on a new page with no link; everything exports as one
file and imports into another profile; a shared link over saved inputs asks first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from profiles import record_requests_leaving
from screens import press

from calculators import CALCULATORS
from calculators.western_roses.spellcards.flat import DEFAULTS

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

SPELLCARDS = "western-roses/spellcards/"
OVERCHARGE = "magical-burst/overcharge/"
BUILDER = "#spellcard-builder"
DECK = "#spellcard-deck"
TRACKER = "#mb-tracker"
BOOT_TIMEOUT = 60_000
PROFILES = {"phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                      "has_touch": True, "device_scale_factor": 2},
            "desktop": {"viewport": {"width": 1280, "height": 800}}}


@pytest.fixture
def profiles(browser, base_url):
    """Profiles with nothing saved (each its own storage); no request may leave the test
    server."""
    made = []

    def new(kind: str = "desktop"):
        context = browser.kept.lend(accept_downloads=True, **PROFILES[kind])
        context.foreign = record_requests_leaving(context, base_url)
        context.touch = kind == "phone"
        made.append(context)
        return context

    yield new
    foreign = [url for context in made for url in context.foreign]
    for context in made:
        context.close()
    assert not foreign, foreign


def open_page(context, path: str):
    page = context.new_page()
    page.errors = []
    page.dialogs = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.goto(context.base_url + path)
    return page


def wait_figure(page, widget: str, label: str, value: str):
    """Wait for a live answer whose figure ``label`` shows ``value``."""
    page.wait_for_function(
        "([sel, label, value]) => { const el = document.querySelector(sel);"
        " if (el.dataset.calcState !== 'live') return false;"
        " return Array.from(el.querySelectorAll('.calc-figure')).some(f =>"
        "  f.querySelector('.label').textContent === label &&"
        "  f.querySelector('.value').textContent === value); }",
        arg=[widget, label, value], timeout=BOOT_TIMEOUT)


def saved_storage(page) -> dict:
    """What the device keeps for the site, without the time each record was saved."""
    raw = page.evaluate("Object.fromEntries(Object.keys(localStorage)"
                        ".filter(k => k.startsWith('rpg-calc/')).map(k => [k, localStorage[k]]))")
    out = {}
    for key, text in raw.items():
        value = json.loads(text)
        if isinstance(value, dict):
            value.pop("saved", None)
            value.pop("stamp", None)
        out[key] = value
    return out


def builder_card(**changes) -> dict:
    return CALCULATORS["spellcard-builder"].run({**DEFAULTS, **changes})


def deck_answer(document: dict, copies: int) -> dict:
    deck = {"caster": document["caster"], "cards": [{"card": document, "copies": copies}]}
    return CALCULATORS["spellcard-deck"].run({"deck": deck})


def build_and_keep(context, card_name="Sunrise"):
    """Build a card, save it, add it to the deck twice, and take Fury up one on the tracker."""
    page = open_page(context, SPELLCARDS)
    page.fill(f"{BUILDER}-name", card_name)
    page.fill(f"{BUILDER}-aoe", "2")
    card = builder_card(name=card_name, aoe=2)
    wait_figure(page, BUILDER, "Spell power to activate", str(card["cost"]))
    press(page, "[data-card-save]")
    page.wait_for_selector(f".calc-card-list li:has-text('{card_name}')")
    press(page, ".calc-card-list li [data-card-action='add']")
    wait_figure(page, DECK, "Cards", f"1 / {deck_answer(card['document'], 1)['max_cards']}")
    press(page, ".calc-card-list li [data-card-action='add']")
    deck = deck_answer(card["document"], 2)
    wait_figure(page, DECK, "Cards", f"2 / {deck['max_cards']}")
    wait_figure(page, DECK, "Total cost", str(deck["total_cost"]))
    assert not page.errors and not page.dialogs
    page.close()

    page = open_page(context, OVERCHARGE)
    page.wait_for_selector(f"{TRACKER}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    press(page, f"{TRACKER} [data-stat='fury'] button:text-is('+1')")
    wait_figure(page, TRACKER, "Fury", "5")
    assert not page.errors
    page.close()
    return card, deck


def assert_restored(context, card: dict, deck: dict, shots: str = ""):
    """A new page with no link shows the saved card, the deck and the counters."""
    page = open_page(context, SPELLCARDS)
    name = card["document"]["name"]
    assert page.input_value(f"{BUILDER}-name") == name
    assert page.input_value(f"{BUILDER}-aoe") == "2"
    assert f"{BUILDER[1:]}.aoe=2" in page.url, "the address shares the restored card"
    assert page.locator(".calc-card-list li").all_inner_texts()[0].startswith(name)
    wait_figure(page, BUILDER, "Spell power to activate", str(card["cost"]))
    wait_figure(page, DECK, "Cards", f"2 / {deck['max_cards']}")
    assert json.loads(page.input_value(f"{DECK}-deck"))["cards"][0]["copies"] == 2
    if shots:
        page.locator(f"{BUILDER} [data-card-save]").scroll_into_view_if_needed()
        page.screenshot(path=f"{shots}-save.png")
        page.locator(".calc-saved-cards").scroll_into_view_if_needed()
        page.screenshot(path=f"{shots}-cards.png")
    assert not page.errors and not page.dialogs
    page.close()
    page = open_page(context, OVERCHARGE)
    wait_figure(page, TRACKER, "Fury", "5")
    assert page.locator(".calc-prompt").count() == 0
    if shots:
        page.locator(TRACKER).screenshot(path=f"{shots}-tracker.png")
    page.close()


@pytest.mark.parametrize("kind", sorted(PROFILES))
def test_a_card_the_deck_and_the_tracker_come_back_on_a_new_page(profiles, base_url, kind):
    context = profiles(kind)
    context.base_url = base_url
    card, deck = build_and_keep(context)
    ARTIFACTS.mkdir(exist_ok=True)
    assert_restored(context, card, deck, shots=str(ARTIFACTS / f"saved-state-{kind}"))
    page = open_page(context, SPELLCARDS)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"


def test_export_then_import_into_a_fresh_profile_gives_the_same_state(profiles, base_url,
                                                                      tmp_path):
    first = profiles()
    first.base_url = base_url
    card, deck = build_and_keep(first)
    home = open_page(first, "")
    assert "1 spellcard" in home.inner_text("[data-saved-summary]")
    with home.expect_download() as download:
        press(home, "[data-saved-export]")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["cards"][0]["card"] == card["document"]
    kept = saved_storage(home)

    second = profiles("phone")
    second.base_url = base_url
    home2 = open_page(second, "")
    assert "Nothing is saved" in home2.inner_text("[data-saved-summary]")
    home2.set_input_files("[data-saved-import]", str(path))
    home2.wait_for_selector("[data-saved-message]:has-text('Imported')")
    assert saved_storage(home2) == kept
    assert_restored(second, card, deck)

    # A second import over saved data asks first; Cancel leaves everything as it was.
    home2 = open_page(second, "")
    home2.set_input_files("[data-saved-import]", str(path))
    home2.wait_for_selector(".calc-prompt:not([hidden]) [data-saved-replace]")
    ARTIFACTS.mkdir(exist_ok=True)
    home2.locator("[data-saved-data]").screenshot(path=str(ARTIFACTS / "saved-data-phone.png"))
    press(home2, ".calc-prompt button:text-is('Cancel')")
    assert "Nothing was imported" in home2.inner_text("[data-saved-message]")
    assert saved_storage(home2) == kept and not home2.dialogs


@pytest.mark.parametrize("content, words", [
    ("{not json", "is not a JSON file"),
    ('{"cards": []}', "is not saved data from this site"),
    ('{"format": "four-systems-saved-data", "version": 99, "widgets": {}, "cards": []}',
     "newer version"),
    ('{"format": "four-systems-saved-data", "version": 1, "widgets": {}, "cards": [{"id": 3}]}',
     "Card 1 of the file"),
])
def test_a_bad_import_file_is_refused_with_a_message_and_nothing_changes(profiles, base_url,
                                                                         tmp_path, content,
                                                                         words):
    context = profiles()
    context.base_url = base_url
    home = open_page(context, "")
    path = tmp_path / "saved.json"
    path.write_text(content, encoding="utf-8")
    home.set_input_files("[data-saved-import]", str(path))
    home.wait_for_selector(f"[data-saved-message]:has-text('{words}')")
    assert "Nothing" in home.inner_text("[data-saved-message]")
    assert saved_storage(home) == {} and not home.errors


def test_a_shared_link_over_saved_counters_asks_first(profiles, base_url):
    context = profiles()
    context.base_url = base_url
    page = open_page(context, OVERCHARGE)
    page.wait_for_selector(f"{TRACKER}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    press(page, f"{TRACKER} [data-stat='fury'] button:text-is('+1')")
    wait_figure(page, TRACKER, "Fury", "5")
    page.close()
    saved_key = "rpg-calc/v1/widget/mb-tracker"

    link = OVERCHARGE + "?mb-tracker.fury=11&mb-tracker.heart=0"
    page = open_page(context, link)
    page.wait_for_selector(f"{TRACKER} .calc-prompt [data-calc-keep-saved]")
    wait_figure(page, TRACKER, "Fury", "11")  # the link's counters are shown...
    assert saved_storage(page)[saved_key]["state"]["fury"] == "5"  # ...but not saved
    press(page, f"{TRACKER} [data-calc-keep-saved]")
    wait_figure(page, TRACKER, "Fury", "5")
    assert "mb-tracker.fury=5" in page.url
    assert page.locator(".calc-prompt").count() == 0
    page.close()

    page = open_page(context, link)
    press(page, f"{TRACKER} [data-calc-use-link]")
    wait_figure(page, TRACKER, "Fury", "11")
    assert saved_storage(page)[saved_key]["state"]["fury"] == "11"
    assert not page.dialogs and not page.errors


def test_new_game_night_zeroes_the_counters_and_reset_still_gives_the_example(profiles,
                                                                             base_url):
    context = profiles()
    context.base_url = base_url
    page = open_page(context, OVERCHARGE)
    page.wait_for_selector(f"{TRACKER}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    press(page, f"{TRACKER} button:text-is('New game night')")
    for stat in ("Heart", "Fury", "Judgment"):
        wait_figure(page, TRACKER, stat, "0")
    page.close()
    page = open_page(context, OVERCHARGE)
    wait_figure(page, TRACKER, "Judgment", "0")
    press(page, f"{TRACKER} [data-calc-reset]")
    wait_figure(page, TRACKER, "Judgment", "9")
    wait_figure(page, TRACKER, "Fury", "4")


def test_saved_cards_are_renamed_opened_and_deleted_in_the_page(profiles, base_url):
    context = profiles()
    context.base_url = base_url
    card, _ = build_and_keep(context, card_name="Ember")
    page = open_page(context, SPELLCARDS)
    press(page, ".calc-card-list li [data-card-action='rename']")
    page.fill(".calc-card-rename input", "Ember II")
    press(page, "[data-card-rename-ok]")
    page.wait_for_selector(".calc-card-list li:has-text('Ember II')")
    deck = json.loads(page.input_value(f"{DECK}-deck"))
    assert deck["cards"][0]["card"]["name"] == "Ember II", "the deck follows the new name"
    page.select_option(f"{BUILDER}-type", "defensive")
    press(page, ".calc-card-list li [data-card-action='open']")
    wait_figure(page, BUILDER, "Spell power to activate", str(card["cost"]))
    assert page.input_value(f"{BUILDER}-name") == "Ember II"
    press(page, ".calc-card-list li [data-card-action='delete']")
    press(page, "[data-card-delete-ok]")
    page.wait_for_selector(".calc-card-list li", state="detached")
    assert saved_storage(page)["rpg-calc/v1/cards"] == []
    assert not page.dialogs and not page.errors


def test_the_line_under_the_saved_cards_counts_her_deck_and_links_its_checker(profiles,
                                                                              base_url):
    """Beside the builder, the line under the saved cards counts the deck the deck checker
    holds, links to that checker's section, and starts a new deck."""
    context = profiles()
    context.base_url = base_url
    build_and_keep(context, card_name="Ember")
    page = open_page(context, SPELLCARDS)
    line = page.locator(".calc-saved-cards .calc-deck-line")
    line.locator("a", has_text="the deck checker").wait_for()
    assert line.inner_text().startswith("Your deck: 2 cards, checked in the deck checker.")
    press(page, ".calc-deck-line a")
    page.wait_for_function("location.hash === '#deck-checker'")
    page.wait_for_function("() => { const top = document.getElementById('deck-checker')"
                           ".getBoundingClientRect().top; return top >= 0 && top < 200; }")
    press(page, "[data-card-new-deck]")
    assert page.input_value(f"{DECK}-deck") == ""
    assert line.inner_text().startswith("Your deck is empty")
    assert not page.errors and not page.dialogs


@pytest.mark.parametrize("value", ["{not json", '{"calc": "mb-tracker", "state": [1, 2]}',
                                   '{"calc": "wr-check", "state": {"fury": "7"}}',
                                   '{"calc": "mb-tracker", "state": {"fury": 7}}'])
def test_a_corrupt_or_foreign_saved_value_is_ignored(profiles, base_url, value):
    context = profiles()
    context.base_url = base_url
    context.add_init_script(
        f"localStorage.setItem('rpg-calc/v1/widget/mb-tracker', {json.dumps(value)});"
        f"localStorage.setItem('rpg-calc/v1/cards', '[{{\"id\": 1}}, 5]');")
    page = open_page(context, OVERCHARGE)
    page.wait_for_selector(f"{TRACKER}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    assert page.input_value(f"{TRACKER}-fury") == "4"  # the page's example, not the value
    assert "mb-tracker." not in page.url
    page.goto(base_url + SPELLCARDS)
    page.wait_for_selector(".calc-saved-cards h4:has-text('none yet')")
    assert not page.errors
