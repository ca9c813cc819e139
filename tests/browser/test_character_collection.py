"""A player's characters (docs/assets/js/calc/collection.js), the same for every system: two
characters kept and switched with a tap, each with her own roll log; deleting asks first; a
roll is cleared by the next change of inputs; a friend's shared character is not saved over
hers until she adds it; everything moves to another profile through export and import.

Run on the post-magic-maid builder (the lightest sheet); the Western Roses, Magical Burst and
post-magic-maid tests build their own characters through the same panel."""

from __future__ import annotations

import json

import pytest
from screens import import_saved_data, new_context

pytestmark = pytest.mark.browser

PAGE = "post-magic-maid/character/"
SHEET = "#pmm-character"
BOOT_TIMEOUT = 60_000


def wait_live(page) -> None:
    """Python is up, the panel is there, and the answer shown is for the inputs shown (live,
    or the build's own answer for inputs not changed since)."""
    page.wait_for_function(
        f"() => {{ const w = document.querySelector('{SHEET}'); return w.calcWidget && "
        "w.dataset.calcRuntime === 'ready' && !['pending', 'error'].includes(w.dataset.calcState)"
        " && document.querySelector('[data-collection-list]'); }", timeout=BOOT_TIMEOUT)


def open_builder(context, url: str):
    page = context.new_page()
    page.goto(url)
    wait_live(page)
    return page


def rename(page, name: str) -> None:
    page.fill(f"{SHEET} [name='name']", name)
    page.wait_for_function(
        "(name) => Array.from(document.querySelectorAll('[data-collection-list] li'))"
        ".some((li) => li.textContent.includes(name))", arg=name)
    wait_live(page)


def listed(page) -> list[str]:
    return [t.strip() for t in page.locator("[data-collection-list] li").all_inner_texts()]


def roll_first_check(page) -> str:
    page.locator(f"{SHEET} .calc-output button", has_text="Roll").first.click()
    page.wait_for_selector(f"{SHEET} .calc-output [data-roll-entry]", timeout=BOOT_TIMEOUT)
    wait_live(page)
    return page.get_attribute(f"{SHEET} [data-roll-entry]", "data-roll-entry")


def log_lines(page) -> list[str]:
    return page.locator("[data-roll-log] li").all_inner_texts()


@pytest.fixture
def context(browser):
    context = new_context(browser, "1280", accept_downloads=True)
    yield context
    context.close()


def test_two_characters_each_keep_her_inputs_and_her_roll_log(context, base_url):
    page = open_builder(context, base_url + PAGE)
    rename(page, "Hana")
    hana_roll = roll_first_check(page)
    assert log_lines(page) == [hana_roll]

    page.click("[data-collection-new]")
    wait_live(page)
    assert page.input_value(f"{SHEET} [name='name']") == ""
    status = page.locator("[data-collection-status]")
    assert status.inner_text() == "A new character: give her a name above."
    rename(page, "Beni")
    assert "give her a name" not in status.inner_text()  # named: the prompt is gone
    page.fill(f"{SHEET} [name='level_ups']", "7")
    wait_live(page)
    assert log_lines(page) == []  # Beni has rolled nothing
    assert len(listed(page)) == 2

    # Back to Hana with one tap: her inputs and her log, not Beni's.
    page.locator("[data-collection-open]", has_text="Hana").click()
    wait_live(page)
    assert page.input_value(f"{SHEET} [name='name']") == "Hana"
    assert page.input_value(f"{SHEET} [name='level_ups']") == "6"
    assert log_lines(page) == [hana_roll]

    # A new page of the same profile opens the one she had open, with both kept.
    again = open_builder(context, base_url + PAGE)
    assert again.input_value(f"{SHEET} [name='name']") == "Hana"
    kept = listed(again)
    assert len(kept) == 2 and any("Hana" in line and "open now" in line for line in kept), kept


def test_a_roll_is_cleared_by_the_next_change_and_deleting_asks_first(context, base_url):
    page = open_builder(context, base_url + PAGE)
    rename(page, "Chiyo")
    roll_first_check(page)
    page.fill(f"{SHEET} [name='level_ups']", "7")
    page.wait_for_function(f"() => !document.querySelector('{SHEET} .calc-output [data-roll-entry]')"
                           f" && document.querySelector('{SHEET}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)
    assert page.input_value(f"{SHEET} [name='seed']") == ""
    assert len(log_lines(page)) == 1  # the log keeps the roll she made

    page.click("[data-collection-new]")
    rename(page, "Daisy")
    item = page.locator("[data-collection-list] li", has_text="Chiyo")
    item.locator("[data-collection-delete]").click()
    assert len(listed(page)) == 2  # not yet: it asks
    page.click("[data-collection-delete-ok]")
    assert [line for line in listed(page) if "Chiyo" in line] == []
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('rpg-calc/v1/collection/pmm-character'))")
    assert [r["name"] for r in stored["records"]] == ["Daisy"]


def test_a_shared_character_is_added_only_when_she_asks(browser, base_url):
    friend = new_context(browser, "1280")
    page = open_builder(friend, base_url + PAGE)
    rename(page, "Emi")
    shared = page.url
    friend.close()

    mine = new_context(browser, "1280")
    try:
        page = open_builder(mine, base_url + PAGE)
        rename(page, "Fuyu")
        link = open_builder(mine, shared)
        assert link.input_value(f"{SHEET} [name='name']") == "Emi"
        prompt = link.locator(".calc-collection .calc-prompt")
        assert prompt.is_visible() and "not one of yours" in prompt.inner_text()
        link.fill(f"{SHEET} [name='level_ups']", "7")
        wait_live(link)
        stored = link.evaluate(
            "() => JSON.parse(localStorage.getItem('rpg-calc/v1/collection/pmm-character'))")
        assert [r["name"] for r in stored["records"]] == ["Fuyu"]
        assert stored["records"][0]["state"]["level_ups"] == "6"
        link.click("[data-collection-keep]")
        assert any("Emi" in line and "open now" in line for line in listed(link))
        assert prompt.is_hidden()
    finally:
        mine.close()


def test_characters_move_to_another_profile_by_export_and_import(browser, base_url, tmp_path):
    source = new_context(browser, "1280", accept_downloads=True)
    page = open_builder(source, base_url + PAGE)
    rename(page, "Gin")
    roll = roll_first_check(page)
    home = source.new_page()
    home.goto(base_url)
    with home.expect_download() as download:
        home.click("[data-saved-export]")
    path = tmp_path / "saved.json"
    download.value.save_as(path)
    source.close()
    exported = json.loads(path.read_text(encoding="utf-8"))
    records = exported["collections"]["pmm-character"]["records"]
    assert [r["name"] for r in records] == ["Gin"] and records[0]["log"][0]["text"] == roll

    target = new_context(browser, "1280")
    try:
        import_saved_data(target, base_url, path, "1 post-magic-maid character")
        page = open_builder(target, base_url + PAGE)
        assert page.input_value(f"{SHEET} [name='name']") == "Gin"
        assert log_lines(page) == [roll]
    finally:
        target.close()
