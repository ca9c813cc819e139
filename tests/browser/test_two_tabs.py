"""Two tabs of one profile share what the device keeps (issue 25 item 10): each sees the
other's saves (the browser's storage event), an older state never overwrites a newer one,
and a player is told when another tab changed what she is looking at. Run on the overcharge
tracker (one saved widget) and the post-magic-maid builder (characters); then the stamps
themselves, through storage.js in the page, with no widget."""

from __future__ import annotations

import json

import pytest
from screens import new_context, press

pytestmark = pytest.mark.browser

OVERCHARGE = "magical-burst/overcharge/"
TRACKER = "#mb-tracker"
BUILDER = "post-magic-maid/character/"
SHEET = "#pmm-character"
COLLECTION = "rpg-calc/v1/collection/pmm-character"
BOOT_TIMEOUT = 60_000


@pytest.fixture(params=["390", "1280"])
def profile(browser, request):
    context = new_context(browser, request.param)
    context.touch = request.param == "390"
    yield context
    context.close()


def open_tab(context, base_url: str, path: str, ready: str):
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(base_url + path)
    page.wait_for_selector(f"{ready}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    return page


def wait_figure(page, label: str, value: str) -> None:
    page.wait_for_function(
        "([label, value]) => { const w = document.querySelector('#mb-tracker');"
        " return !['pending', 'error'].includes(w.dataset.calcState) && Array.from(w.querySelectorAll('.calc-figure'))"
        ".some((f) => f.querySelector('.label').textContent === label"
        " && f.querySelector('.value').textContent === value); }",
        arg=[label, value], timeout=BOOT_TIMEOUT)


def step(page, stat: str, label: str = "+1") -> None:
    press(page, f"{TRACKER} [data-stat='{stat}'] button:text-is('{label}')")


def test_the_tracker_in_two_tabs_shows_the_newest_and_says_so(profile, base_url):
    first = open_tab(profile, base_url, OVERCHARGE, TRACKER)
    second = open_tab(profile, base_url, OVERCHARGE, TRACKER)
    wait_figure(second, "Fury", "4")  # the page's example

    step(first, "fury")
    wait_figure(first, "Fury", "5")
    wait_figure(second, "Fury", "5")  # the other tab's save, shown here
    note = second.locator("[data-calc-tab-note]")
    assert note.is_visible() and "Another tab" in note.inner_text()
    assert "mb-tracker.fury=5" in second.url  # its address shares what it shows
    assert first.locator("[data-calc-tab-note]").count() == 0  # her own change: nothing to tell

    # The older tab changes something: it starts from the newest, so neither change is lost.
    step(second, "heart")
    wait_figure(second, "Heart", "3")
    wait_figure(first, "Heart", "3")
    wait_figure(first, "Fury", "5")
    assert second.locator("[data-calc-tab-note]").is_hidden()  # she changed it since

    # A new tab opens on the newest, with nothing to ask.
    third = open_tab(profile, base_url, OVERCHARGE, TRACKER)
    wait_figure(third, "Fury", "5")
    wait_figure(third, "Heart", "3")
    assert third.locator(".calc-prompt").count() == 0
    assert not (first.errors or second.errors or third.errors)


def test_a_stale_write_never_replaces_newer_tracker_inputs(profile, base_url):
    page = open_tab(profile, base_url, OVERCHARGE, TRACKER)
    step(page, "fury")
    wait_figure(page, "Fury", "5")
    key = "rpg-calc/v1/widget/mb-tracker"
    # Another tab's newer save arrives here late (its storage event not yet delivered).
    newer = json.loads(page.evaluate("(key) => localStorage.getItem(key)", key))
    newer["state"]["judgment"] = "11"
    newer["stamp"] = newer["stamp"] + 60_000
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, json.dumps(newer)])
    step(page, "heart")  # this tab's save is based on an older state: the newer one wins
    wait_figure(page, "Judgment", "11")
    stored = json.loads(page.evaluate("(key) => localStorage.getItem(key)", key))
    assert stored["state"]["judgment"] == "11"
    assert "Another tab" in page.inner_text("[data-calc-tab-note]")


def listed(page) -> list[str]:
    return [t.strip() for t in page.locator("[data-collection-list] li").all_inner_texts()]


def wait_sheet(page) -> None:
    page.wait_for_function(
        f"() => {{ const w = document.querySelector('{SHEET}'); return w.calcWidget && "
        "w.dataset.calcRuntime === 'ready' && !['pending', 'error'].includes(w.dataset.calcState)"
        " && document.querySelector('[data-collection-list]'); }", timeout=BOOT_TIMEOUT)


def test_one_character_edited_in_two_tabs(profile, base_url):
    first = open_tab(profile, base_url, BUILDER, SHEET)
    wait_sheet(first)
    press(first, "[data-collection-new]")
    first.fill(f"{SHEET} [name='name']", "Hana")
    wait_sheet(first)

    second = open_tab(profile, base_url, BUILDER, SHEET)
    wait_sheet(second)
    assert second.input_value(f"{SHEET} [name='name']") == "Hana"

    first.fill(f"{SHEET} [name='level_ups']", "2")
    second.wait_for_function(f"() => document.querySelector('{SHEET} [name=level_ups]').value === '2'")
    wait_sheet(second)
    status = second.inner_text("[data-collection-status]")
    assert "Another tab changed" in status and "Hana" in status

    # A second character made in the second tab is not undone by the first tab's next save.
    press(second, "[data-collection-new]")
    second.fill(f"{SHEET} [name='name']", "Beni")
    wait_sheet(second)
    first.wait_for_function("() => document.querySelector('[data-collection-list]').textContent.includes('Beni')")
    first.fill(f"{SHEET} [name='level_ups']", "3")
    wait_sheet(first)
    assert first.input_value(f"{SHEET} [name='name']") == "Hana"  # each tab keeps its own open
    stored = first.evaluate("(key) => JSON.parse(localStorage.getItem(key))", COLLECTION)
    by_name = {r["name"]: r for r in stored["records"]}
    assert sorted(by_name) == ["Beni", "Hana"]
    assert by_name["Hana"]["state"]["level_ups"] == "3"
    assert second.input_value(f"{SHEET} [name='name']") == "Beni"  # Hana's change is not hers

    # Deleting Hana in the second tab tells the first, which keeps her inputs to add back.
    item = second.locator("[data-collection-list] li", has_text="Hana")
    item.locator("[data-collection-delete]").click()
    second.click("[data-collection-delete-ok]")
    first.wait_for_function("() => document.querySelector('[data-collection-status]')"
                            ".textContent.includes('deleted')")
    assert first.input_value(f"{SHEET} [name='name']") == "Hana"
    assert first.locator("[data-collection-keep]").is_visible()
    assert not (first.errors or second.errors)


STORAGE_CHECKS = """async () => {
  const s = await import(new URL("../../assets/js/calc/storage.js", location.href).href);
  localStorage.clear();
  const out = {};
  // A value saved before stamps existed still loads, as the oldest.
  localStorage.setItem("rpg-calc/v1/widget/w", JSON.stringify({calc: "c", state: {a: "1"}, saved: "2020-01-01T00:00:00Z"}));
  out.old = s.loadWidgetStamped("w", "c");
  // A write based on it is newer; one based on nothing newer than a later save is refused.
  out.first = s.saveWidget("w", "c", {a: "2"}, 0);
  out.stale = s.saveWidget("w", "c", {a: "3"}, 0);
  out.kept = s.loadWidgetStamped("w", "c").state.a;
  const far = Date.now() + 1e9;  // a clock read once: a second read may be a millisecond later
  out.ahead = s.nextStamp(far) > far;
  // A collection's change is made on what is stored, one record at a time.
  localStorage.setItem("rpg-calc/v1/collection/k", JSON.stringify({current: "x", records: [
    {id: "x", name: "X", state: {}, log: []}, {id: "y", name: "Y", state: {}, log: [], stamp: 5}]}));
  s.updateCollection("k", (c) => { c.records[0].name = "X2"; c.records[0].stamp = s.nextStamp(c.records[0].stamp); });
  const after = s.loadCollection("k");
  out.names = after.records.map((r) => r.name);
  out.stamps = after.records.map((r) => r.stamp);
  // The export carries records' stamps and imports without them too.
  out.exported = s.exportAll().collections.k.records.map((r) => r.stamp);
  out.imported = s.validate({format: s.FORMAT, version: 1, widgets: {}, cards: [], collections: {
    k: {current: null, records: [{id: "z", name: "Z", state: {}, log: []}]}}}).doc.collections.k.records[0].stamp;
  localStorage.clear();
  return out;
}"""


def test_stamps_in_the_stored_format(page, base_url):
    page.goto(base_url + OVERCHARGE)
    out = page.evaluate(STORAGE_CHECKS)
    assert out["old"] == {"state": {"a": "1"}, "stamp": 0}
    assert out["first"] > 0 and out["stale"] == 0 and out["kept"] == "2"
    assert out["ahead"]
    assert out["names"] == ["X2", "Y"]
    assert out["stamps"][0] > 0 and out["stamps"][1] == 5
    assert out["exported"] == out["stamps"] and out["imported"] == 0


SPELLCARDS = "western-roses/spellcards/"
CARD_BUILDER = "#spellcard-builder"
DECK = "#spellcard-deck"


def save_card(page, name: str) -> None:
    page.fill(f"{CARD_BUILDER}-name", name)
    page.wait_for_function(f"() => document.querySelector('{CARD_BUILDER}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)
    press(page, "[data-card-save]")
    page.wait_for_selector(f".calc-saved-cards .calc-card-list li:has-text('{name}')")


def test_cards_and_the_deck_in_two_tabs(profile, base_url):
    first = open_tab(profile, base_url, SPELLCARDS, CARD_BUILDER)
    second = open_tab(profile, base_url, SPELLCARDS, CARD_BUILDER)
    save_card(first, "Sunrise")
    second.wait_for_selector(".calc-saved-cards .calc-card-list li:has-text('Sunrise')")
    said = second.inner_text(f"{CARD_BUILDER} .calc-actions .calc-status:not([data-calc-status])")
    assert "another tab" in said
    save_card(second, "Dusk")  # saved over a list that has Sunrise: both kept
    first.wait_for_selector(".calc-saved-cards .calc-card-list li:has-text('Dusk')")
    stored = first.evaluate("() => JSON.parse(localStorage.getItem('rpg-calc/v1/cards'))")
    assert sorted(card["name"] for card in stored) == ["Dusk", "Sunrise"]

    # The deck is one saved widget: a card added in one tab is in the other's deck too.
    press(first, ".calc-card-list li:has-text('Sunrise') [data-card-action='add']")
    first.wait_for_function(f"() => document.querySelector('{DECK}-deck').value.includes('Sunrise')")
    second.wait_for_function(f"() => document.querySelector('{DECK}-deck').value.includes('Sunrise')")
    assert json.loads(second.input_value(f"{DECK}-deck")) == json.loads(first.input_value(f"{DECK}-deck"))
    assert "Another tab" in second.inner_text(f"{DECK} [data-calc-tab-note]")
    assert not (first.errors or second.errors)
