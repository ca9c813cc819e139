"""Every kind of widget used with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows),
focus always visible, and a screen reader told the new headline once, not on every key.

Kinds: a calculator form (inputs, Undo, Reset), buttons inside an answer (the overcharge
tracker), a folded table, a wide table that scrolls, and the spellcard builder (choices,
check boxes, its Print button).
"""

from __future__ import annotations

import pytest
from screens import ARTIFACTS_DIR, new_context

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 90_000


@pytest.fixture
def laptop(browser):
    context = new_context(browser, "1280")
    yield context
    context.close()


def focused(page) -> dict:
    """What has the focus: its widget, name, text, and whether a focus ring is drawn."""
    return page.evaluate("""() => {
        const el = document.activeElement, s = getComputedStyle(el);
        return {tag: el.tagName.toLowerCase(), name: el.name || '', text: el.textContent.trim(),
                role: el.getAttribute('role') || '',
                calc: el.closest('[data-calc]') ? el.closest('[data-calc]').id : '',
                ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
                      || s.boxShadow !== 'none'};
    }""")


def tab_to(page, predicate, limit: int = 400) -> list[dict]:
    """Press Tab until ``predicate(focused)`` holds; the stops on the way, in order."""
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stops.append(focused(page))
        if predicate(stops[-1]):
            return stops
    raise AssertionError(f"never reached; last stops: {stops[-5:]}")


def wait_ready(page, widget: str) -> None:
    page.wait_for_selector(f"{widget}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)


def wait_live(page, widget: str) -> None:
    page.wait_for_function("w => document.querySelector(w).dataset.calcState === 'live'",
                           arg=widget, timeout=BOOT_TIMEOUT)


def wait_headline(page, widget: str, value: str, same: bool) -> None:
    """Until the main headline figure is (``same``) or is no longer ``value``."""
    page.wait_for_function(
        "([w, v, same]) => (document.querySelector(w + ' .calc-figure.main .value')"
        ".textContent === v) === same", arg=[widget, value, same], timeout=BOOT_TIMEOUT)


def test_a_calculator_form_by_keyboard(laptop, base_url):
    page = laptop.new_page()
    page.goto(base_url + "western-roses/basic-rolls/")
    widget = "[data-calc='wr-check']"
    wait_ready(page, widget)
    names = page.eval_on_selector_all(f"{widget} .calc-form [name]:not([type=hidden])",
                                      "els => els.map(e => e.name)")
    stops = tab_to(page, lambda f: f["name"] == names[0])
    assert all(s["ring"] for s in stops[-1:]), stops[-1]
    order = [focused(page)["name"]]
    for _ in names[1:]:
        page.keyboard.press("Tab")
        order.append(focused(page)["name"])
        assert focused(page)["ring"], focused(page)
    assert order == names, "Tab does not follow the form's order"
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Reset"

    # Change the dice by keyboard: the answer goes live, Undo appears and undoes it.
    page.keyboard.press("Shift+Tab")
    for _ in names[1:]:
        page.keyboard.press("Shift+Tab")
    assert focused(page)["name"] == names[0]
    before = page.inner_text(f"{widget} .calc-figure.main .value")
    page.keyboard.press("Control+A")
    page.keyboard.type("8")
    page.keyboard.press("Tab")
    wait_headline(page, widget, before, same=False)
    wait_live(page, widget)
    tab_to(page, lambda f: f["text"] == "Undo", limit=20)
    assert focused(page)["ring"]
    page.keyboard.press("Enter")
    wait_headline(page, widget, before, same=True)
    assert page.input_value(f"{widget} [name='{names[0]}']") == "4"


def test_the_headline_is_announced_once_after_typing_settles(laptop, base_url):
    page = laptop.new_page()
    page.goto(base_url + "western-roses/basic-rolls/")
    widget = "[data-calc='wr-check']"
    wait_ready(page, widget)
    page.evaluate("""w => {
        window.announced = [];
        const live = document.querySelector(w + " [aria-live]");
        new MutationObserver(() => window.announced.push(live.textContent))
            .observe(live, {childList: true, characterData: true, subtree: true});
    }""", widget)
    live_regions = page.eval_on_selector_all(f"{widget} [aria-live]", "els => els.length")
    field = page.locator(f"{widget} [name='target']")
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("1")
    page.keyboard.type("0")
    page.keyboard.type("5", delay=50)
    page.keyboard.press("Backspace")
    wait_live(page, widget)
    page.wait_for_function("window.announced.length > 0", timeout=10_000)
    page.wait_for_timeout(1500)
    announced = page.evaluate("window.announced")
    headline = page.inner_text(f"{widget} .calc-figure.main .value")
    assert live_regions == 1, "only the announcer should be a live region in the widget"
    assert len(announced) == 1, announced
    assert headline in announced[0] and "Chance" in announced[0], (announced, headline)


def test_buttons_inside_an_answer_by_keyboard(laptop, base_url):
    page = laptop.new_page()
    page.goto(base_url + "magical-burst/overcharge/")
    widget = "#mb-tracker"
    wait_ready(page, widget)
    stops = tab_to(page, lambda f: f["calc"] == "mb-tracker" and f["text"] == "+1")
    assert stops[-1]["ring"]
    stat = page.evaluate("document.activeElement.closest('[data-stat]').dataset.stat")
    field = page.locator(f"{widget} [name='{stat}']")
    before = int(field.input_value())
    page.keyboard.press("Enter")
    page.wait_for_function("([f, v]) => document.querySelector(f).value === v",
                           arg=[f"{widget} [name='{stat}']", str(before + 1)],
                           timeout=BOOT_TIMEOUT)


def test_a_folded_table_and_a_wide_table_by_keyboard(laptop, base_url):
    page = laptop.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url + "western-roses/basic-rolls/")
    summary = page.locator("article [data-calc='wr-check'] details.calc-table > summary")
    tab_to(page, lambda f: f["tag"] == "summary")
    assert focused(page)["ring"]
    page.keyboard.press("Enter")
    assert summary.evaluate("s => s.parentElement.open")
    page.keyboard.press("Space")
    assert not summary.evaluate("s => s.parentElement.open")

    page.goto(base_url + "western-roses/character-creation/")
    stops = tab_to(page, lambda f: f["role"] == "region")
    region = page.evaluate("() => [document.activeElement.getAttribute('role'), "
                           "document.activeElement.getAttribute('aria-label')]")
    assert region[0] == "region" and "Shot-type" in region[1], region
    assert stops[-1]["ring"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.activeElement.scrollLeft > 0", timeout=5_000)
    page.screenshot(path=str(ARTIFACTS_DIR / "keyboard-wide-table-390.png"))


def test_the_spellcard_builder_by_keyboard(laptop, base_url):
    page = laptop.new_page()
    page.goto(base_url + "western-roses/spellcards/")
    widget = "[data-calc='spellcard-builder']"
    wait_ready(page, widget)
    select_name = page.eval_on_selector(f"{widget} select[name]", "s => s.name")
    choice = page.input_value(f"{widget} [name='{select_name}']")
    tab_to(page, lambda f: f["calc"] == "spellcard-builder" and f["name"] == select_name)
    assert focused(page)["ring"]
    page.keyboard.press("ArrowDown")
    assert page.input_value(f"{widget} [name='{select_name}']") != choice
    page.wait_for_function("w => ['live', 'error'].includes(document.querySelector(w)"
                           ".dataset.calcState)", arg=widget, timeout=BOOT_TIMEOUT)
    box = page.eval_on_selector(f"{widget} input[type=checkbox]", "c => c.name")
    tab_to(page, lambda f: f["name"] == box, limit=60)
    checked = page.is_checked(f"{widget} [name='{box}']")
    page.keyboard.press("Space")
    assert page.is_checked(f"{widget} [name='{box}']") != checked
    page.evaluate("() => { window.printCalls = 0; window.print = () => { window.printCalls++; }; }")
    tab_to(page, lambda f: f["text"] == "Print the card", limit=200)
    page.keyboard.press("Enter")
    assert page.evaluate("window.printCalls") == 1


def test_deleting_a_saved_card_by_keyboard_keeps_her_place_in_the_list(laptop, base_url):
    page = laptop.new_page()
    page.goto(base_url + "western-roses/spellcards/")
    wait_ready(page, "[data-calc='spellcard-builder']")
    for name in ("Ember", "Frost"):
        page.fill("#spellcard-builder-name", name)
        page.click("[data-card-save]")
        page.wait_for_selector(f".calc-card-list li:has-text('{name}')")
    first, second = page.locator(".calc-card-list li strong").all_inner_texts()

    def on_delete_of(name: str) -> bool:
        return page.evaluate("""() => { const el = document.activeElement;
            return el.dataset.cardAction === 'delete' ? el.closest('li').textContent : ''; }"""
                             ).startswith(name)

    tab_to(page, lambda f: f["text"] == "Delete" and on_delete_of(first))
    page.keyboard.press("Enter")
    assert focused(page)["text"] == "Delete"  # the confirmation's own button
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Keep it"
    page.keyboard.press("Enter")
    assert on_delete_of(first), "kept: back on the same card's Delete"
    assert focused(page)["ring"]
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # confirm
    page.wait_for_function("n => !document.querySelector('.calc-card-list').textContent"
                           ".includes(n)", arg=first)
    assert on_delete_of(second), "deleted: on the card now in its place"
