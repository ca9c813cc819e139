"""Widgets from a player's seat with a phone: taps and typing while
Python loads, an answer that comes back for older inputs, only the inputs that apply, and the
headline answer kept in view, at 390 × 844 (touch) and 1280 × 800.

Python's messages are held back through the runtime's test hook (``window.RPG_CALC_HOLD``)
rather than by timing, so the "slow phone" is deterministic.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from profiles import record_requests_leaving

from calculators import run
from calculators.ui import percent

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 60_000
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
HOLD_READY = "window.RPG_CALC_HOLD = {types: ['ready'], held: []};"
RELEASE_ALL = ("() => { const hold = window.RPG_CALC_HOLD; window.RPG_CALC_HOLD = null; "
               "hold.held.forEach((deliver) => deliver()); }")


@pytest.fixture(params=["phone", "desktop"])
def device(request):
    return request.param


@pytest.fixture
def sized(browser, base_url, device):
    """A page at the size of ``device``; no request may leave the test server."""
    context = browser.kept.lend(**(PHONE if device == "phone" else DESKTOP))
    foreign = record_requests_leaving(context, base_url)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.device = device
    yield page
    context.close()
    assert not foreign, f"requests left the origin: {foreign}"


def wait_ready(page, widget: str):
    """Python is up (the answer shown is still the one computed when the page was built)."""
    page.wait_for_selector(f"{widget}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)


def wait_live(page, widget: str):
    page.wait_for_function(f"document.querySelector('{widget}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)


def shot(page, name: str):
    from tests.browser.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{page.device}.png"))


def tap(page, selector: str):
    if page.device == "phone":
        page.tap(selector)
    else:
        page.click(selector)


# ---------- item 1: no input lost or mislabelled ----------

TRACKER = "#mb-tracker"


def counter(page, stat: str) -> str:
    card = page.locator(f"{TRACKER} .calc-figure", has=page.locator(f".label:text-is('{stat}')"))
    return card.locator(".value").inner_text()


def test_a_step_button_keeps_the_focus_and_leaves_no_stale_tooltip(sized, base_url):
    """Each "+1" redraws the answer. The new "+1" of the same counter takes the focus the
    pressed one had (so the next press works on it), and no tooltip of a button that is gone
    stays on screen: the theme drew one for the focused or hovered button, and it lingered
    over the new answer with the old figures."""
    page = sized
    page.goto(base_url + "magical-burst/overcharge/")
    wait_ready(page, TRACKER)
    before = int(counter(page, "Heart"))
    plus = f"{TRACKER} [data-stat='heart'] button:text-is('+1')"
    for step in (1, 2):
        tap(page, plus)
        page.wait_for_function(
            "([w, v]) => document.querySelector(w + ' [name=heart]').value === v",
            arg=[TRACKER, str(before + step)], timeout=BOOT_TIMEOUT)
        wait_live(page, TRACKER)
        page.wait_for_timeout(600)  # past the theme's 250 ms before it hides a tooltip
        focused = page.evaluate("""() => { const el = document.activeElement;
            return [el.textContent.trim(), el.closest('[data-stat]')?.dataset.stat]; }""")
        assert focused == ["+1", "heart"], focused
        stale = page.evaluate("""() => [...document.querySelectorAll('.md-tooltip2--active')]
            .filter((tip) => tip.getBoundingClientRect().height > 0)
            .map((tip) => tip.textContent.trim())""")
        assert stale == [], stale
    page.keyboard.press("Enter")  # the kept focus takes the next press
    page.wait_for_function(
        "([w, v]) => document.querySelector(w + ' [name=heart]').value === v",
        arg=[TRACKER, str(before + 3)], timeout=BOOT_TIMEOUT)
    assert not page.errors


def test_save_right_after_typing_a_card_name_saves_it(sized, base_url):
    """The tap on Save takes the focus from the name field, which commits the field; that
    changed the row Save sat in (Undo shown, the status line's text), so Save moved between
    press and release and the tap was lost."""
    page = sized
    page.goto(base_url + "western-roses/spellcards/")
    wait_ready(page, "#spellcard-builder")
    page.fill("#spellcard-builder-name", "Ember")
    tap(page, "[data-card-save]")
    page.wait_for_selector(".calc-card-list li:has-text('Ember')", timeout=BOOT_TIMEOUT)
    assert not page.errors


def test_a_step_tapped_right_after_typing_a_counter_is_not_lost(sized, base_url):
    """The tap on +1 takes the focus from the field just typed in, which commits it as an
    Undo step. Undo used to appear only then, widening its row at that moment: on a phone the
    row wrapped and everything below it, +1 included, moved down under the finger between
    press and release, so the tap was lost."""
    page = sized
    page.goto(base_url + "magical-burst/overcharge/")
    wait_ready(page, TRACKER)
    field = f"{TRACKER} [name='heart']"
    page.fill(field, "3")
    page.wait_for_selector(f"{TRACKER} [title='Heart overcharge 3 → 4']", timeout=BOOT_TIMEOUT)
    tap(page, f"{TRACKER} [data-stat='heart'] button:text-is('+1')")
    page.wait_for_function("f => document.querySelector(f).value === '4'", arg=field,
                           timeout=BOOT_TIMEOUT)
    assert not page.errors


def test_taps_while_python_loads_are_each_applied_once_when_it_is_ready(sized, base_url):
    page = sized
    page.add_init_script(HOLD_READY)
    page.goto(base_url + "magical-burst/overcharge/")
    page.wait_for_selector(f"{TRACKER}[data-calc-runtime='loading']")
    assert counter(page, "Heart") == "2"
    plus = f"{TRACKER} [data-stat='heart'] button:text-is('+1')"
    tap(page, plus)
    tap(page, plus)
    status = page.locator(f"{TRACKER} [data-calc-output-status]")
    assert status.is_visible()
    assert "Loading Python" in status.inner_text() and "tap" in status.inner_text()
    # The status sits next to the buttons being tapped, not only at the top of the form.
    status_box, button_box = status.bounding_box(), page.locator(plus).bounding_box()
    assert abs(status_box["y"] - button_box["y"]) < 600
    shot(page, "tracker-taps-while-loading")
    page.evaluate(RELEASE_ALL)
    page.wait_for_function(
        f"document.querySelector('{TRACKER}').dataset.calcState === 'live' && "
        f"document.querySelector('{TRACKER} [data-calc-output-status]').hidden",
        timeout=BOOT_TIMEOUT)
    assert counter(page, "Heart") == "4"  # two taps on +1 make +2
    assert parse_qs(urlparse(page.url).query)["mb-tracker.heart"] == ["4"]
    assert not page.errors


#: Where each widget's answer starts on the page, and how tall the widget is.
ANSWER_PLACES = """() => Array.from(document.querySelectorAll('[data-calc]'), (w) => [w.id,
  Math.round(w.querySelector('[data-calc-output]').getBoundingClientRect().top + scrollY),
  Math.round(w.getBoundingClientRect().height)])"""


@pytest.mark.parametrize("path", ["magical-burst/checks/", "western-roses/character/"])
def test_nothing_moves_when_python_arrives(sized, base_url, path):
    """A page read while Python loads: when it arrives, no answer moves and no widget changes
    height. On the page of four checks, each widget said "Loading Python…" twice, beside its
    buttons (two lines on a laptop) and above its answer, and both shrank or went when Python
    was up: each answer moved up 47 px on a laptop, 60 on a phone, the fourth 188 and 240, so a
    tap aimed at a link in an answer could land beside it. On the character sheet, the deck
    editor's empty status line held a line for the loading hourglass alone (33 px)."""
    page = sized
    page.add_init_script(HOLD_READY)
    page.goto(base_url + path)
    page.wait_for_function("window.RPG_CALC_HOLD.held.length > 0", timeout=BOOT_TIMEOUT)
    loading = page.evaluate(ANSWER_PLACES)
    assert loading and page.locator("[data-calc-runtime='loading']").count() == len(loading)
    page.evaluate(RELEASE_ALL)
    page.wait_for_function("Array.from(document.querySelectorAll('[data-calc]'))"
                           ".every((w) => w.dataset.calcRuntime === 'ready')",
                           timeout=BOOT_TIMEOUT)
    assert page.evaluate(ANSWER_PLACES) == loading
    assert not page.errors


def test_typing_while_python_loads_is_computed_once_it_is_ready(sized, base_url):
    page = sized
    page.add_init_script(HOLD_READY)
    page.goto(base_url + "western-roses/basic-rolls/")
    page.wait_for_selector("#wr-check[data-calc-runtime='loading']")
    page.fill("#wr-check-target", "14")
    assert page.get_attribute("#wr-check", "data-calc-state") == "pending"
    page.evaluate(RELEASE_ALL)
    wait_live(page, "#wr-check")
    expected = percent(run("wr-check", {"dice": 4, "modifier": 0, "target": 14})["p_success"])
    assert page.inner_text("#wr-check .calc-figure.main .value") == expected


def test_an_answer_for_older_inputs_is_never_marked_live(sized, base_url):
    """Type "1", hold its answer, type "00": the answer for 1 arrives for inputs that are no
    longer in the form and is not shown as live; the answer for 100 is."""
    page = sized
    page.goto(base_url + "western-roses/basic-rolls/")
    wait_ready(page, "#wr-check")
    before = page.inner_text("#wr-check .calc-output")
    page.evaluate("window.RPG_CALC_HOLD = {types: ['result'], held: []}")
    page.fill("#wr-check-target", "1")
    page.wait_for_function("window.RPG_CALC_HOLD.held.length === 1", timeout=BOOT_TIMEOUT)
    page.type("#wr-check-target", "00")
    page.evaluate("() => new Promise((done) => setTimeout(done, 200))")  # past the debounce
    state = page.evaluate("""async () => {
        window.RPG_CALC_HOLD.held.shift()();   // the answer for target 1 comes back now
        await new Promise((done) => setTimeout(done, 0));
        const root = document.querySelector('#wr-check');
        return {state: root.dataset.calcState, value: document.querySelector('#wr-check-target').value};
    }""")
    assert state == {"state": "pending", "value": "100"}
    assert page.inner_text("#wr-check .calc-output") == before  # not the answer for 1
    page.evaluate(RELEASE_ALL)
    wait_live(page, "#wr-check")
    expected = percent(run("wr-check", {"dice": 4, "modifier": 0, "target": 100})["p_success"])
    assert page.inner_text("#wr-check .calc-figure.main .value") == expected
    assert not page.errors


# ---------- item 2: only the inputs that apply ----------

def visible_fields(page, widget: str) -> set[str]:
    return set(page.evaluate(
        f"Array.from(document.querySelectorAll('{widget} .calc-field [name]'))"
        ".filter((f) => f.offsetParent !== null).map((f) => f.name)"))


def test_roll_and_keep_shows_the_fields_of_the_chosen_mode(sized, base_url):
    page = sized
    page.goto(base_url + "roll-and-keep/dice-pools/")
    wait_ready(page, "#roll-keep")
    shown = visible_fields(page, "#roll-keep")
    assert {"rolled", "kept"} <= shown and not {"attribute", "skill", "extra_rolled"} & shown
    page.select_option("#roll-keep-mode", "assemble")
    wait_live(page, "#roll-keep")
    shown = visible_fields(page, "#roll-keep")
    assert {"attribute", "skill", "extra_rolled", "extra_kept"} <= shown
    assert not {"rolled", "kept"} & shown
    shot(page, "roll-keep-assembled")
    # attribute 3 + skill 2 (the declared defaults): 5k3.
    assert "5k3" in page.inner_text("#roll-keep .calc-output")


def test_a_contested_roll_shows_the_opponent(sized, base_url):
    page = sized
    page.goto(base_url + "post-magic-maid/checks/")
    wait_ready(page, "#pmm-check")
    assert not {"opp_die_a", "opp_bonus"} & visible_fields(page, "#pmm-check")
    page.check("#pmm-check-contested")
    wait_live(page, "#pmm-check")
    assert {"opp_die_a", "opp_die_b", "opp_bonus", "opp_magic"} <= visible_fields(page, "#pmm-check")


def test_the_attack_calculator_shows_the_fields_of_the_attack_type(sized, base_url):
    page = sized
    page.goto(base_url + "western-roses/combat/")
    wait_ready(page, "#wr-attack")
    danmaku = visible_fields(page, "#wr-attack")
    assert "defender_insight" in danmaku and not {"weapon", "defender_charisma"} & danmaku
    page.select_option("#wr-attack-attack", "physical")
    wait_live(page, "#wr-attack")
    physical = visible_fields(page, "#wr-attack")
    assert {"weapon", "defender_charisma", "attacker_power"} <= physical
    assert not {"defender_insight", "dodge_rolls", "homing"} & physical


BUILDER = "#spellcard-builder"


def open_builder(page, base_url):
    page.goto(base_url + "western-roses/spellcards/")
    wait_ready(page, BUILDER)


def test_a_defensive_card_drops_its_attack_fields_instead_of_refusing(sized, base_url):
    page = sized
    open_builder(page, base_url)
    assert {"dice", "modifier", "element"} <= visible_fields(page, BUILDER)
    page.select_option(f"{BUILDER}-type", "defensive")
    # The one refusal left is the fidelity pass's: a defensive card needs an effect.
    page.wait_for_selector(f"{BUILDER}-special_1-error:not([hidden])", timeout=BOOT_TIMEOUT)
    assert not {"dice", "modifier", "element"} & visible_fields(page, BUILDER)
    page.select_option(f"{BUILDER}-special_1", "recover")
    wait_live(page, BUILDER)
    assert page.locator(f"{BUILDER} .calc-error:visible").count() == 0
    assert "spellcard-builder.dice" not in page.url
    page.evaluate(f"document.querySelector('{BUILDER}-type').scrollIntoView({{block: 'start'}})")
    shot(page, "spellcard-builder-defensive")


def test_the_builder_lists_the_caster_s_own_skills_and_the_rest_behind_show_all(sized, base_url):
    page = sized
    open_builder(page, base_url)

    def listed():
        return set(page.evaluate(
            f"Array.from(document.querySelectorAll('{BUILDER}-special_1 option'))"
            ".filter((o) => !o.hidden).map((o) => o.textContent)"))

    shrine = listed()
    assert "Shrine Maiden: Recover" in shrine and "Guardian: Taunt" not in shrine
    note = page.locator(f"{BUILDER} .calc-offer-note").first.inner_text()
    assert "own profession" in note
    page.locator(f"{BUILDER} [data-calc-show-all]").first.check()
    assert "Guardian: Taunt" in listed()
    page.select_option(f"{BUILDER}-special_1", "taunt")
    page.wait_for_function(f"document.querySelector('{BUILDER}').dataset.calcState === 'error'",
                           timeout=BOOT_TIMEOUT)
    assert "Only a Guardian" in page.inner_text(f"{BUILDER} [data-error-for='special_1']")
    page.select_option(f"{BUILDER}-profession", "guardian")
    page.wait_for_function(f"document.querySelector('{BUILDER}').dataset.calcState !== 'pending'",
                           timeout=BOOT_TIMEOUT)
    page.locator(f"{BUILDER} [data-calc-show-all]").first.uncheck()
    guardian = listed()
    assert "Guardian: Taunt" in guardian and "Shrine Maiden: Recover" not in guardian


# ---------- item 3: a blank field shows what it stands for ----------

def test_a_blank_number_field_shows_its_default(sized, base_url):
    page = sized
    page.goto(base_url + "roll-and-keep/dice-pools/")
    assert page.get_attribute("#roll-keep-flat", "placeholder") == "0"
    assert page.get_attribute("#roll-keep-void", "placeholder") == "none"
    blanks = page.locator("#roll-keep [data-calc-blanks]")
    assert blanks.is_hidden()
    # Cleared, the flat bonus counts as its default, and the line by the answer says so.
    flat_label = page.inner_text("label[for='roll-keep-flat']").strip()
    page.fill("#roll-keep-flat", "")
    assert blanks.inner_text() == f"Blank, so counted as: {flat_label} 0."
    # An optional field with no default ("none") is not a hidden number: not listed.
    page.fill("#roll-keep-void", "")
    assert "none" not in blanks.inner_text()
    page.fill("#roll-keep-flat", "3")
    assert blanks.is_hidden()


# ---------- item 4: the answer in view ----------

def in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
        and page.locator(selector).is_visible()


def test_the_headline_stays_in_view_while_an_input_changes(sized, base_url):
    page = sized
    page.goto(base_url + "roll-and-keep/dice-pools/")
    wait_ready(page, "#roll-keep")
    page.locator("#roll-keep-rolled").scroll_into_view_if_needed()
    page.evaluate("document.querySelector('#roll-keep-rolled').scrollIntoView({block: 'start'})")
    page.fill("#roll-keep-tn", "25")
    wait_live(page, "#roll-keep")
    headline = page.inner_text("#roll-keep .calc-output .calc-figure .value")
    if not in_view(page, "#roll-keep .calc-output .calc-figures"):
        page.wait_for_selector("#roll-keep [data-calc-sticky]:not([hidden])")
        assert in_view(page, "#roll-keep [data-calc-sticky]")
        assert headline in page.inner_text("#roll-keep [data-calc-sticky]")
    elif page.device == "phone":
        pytest.fail("on a phone the form should push the answer below the screen")
    shot(page, "roll-keep-sticky-headline")


def test_the_spellcard_builder_s_cost_stays_on_screen(sized, base_url):
    page = sized
    open_builder(page, base_url)
    page.evaluate(f"document.querySelector('{BUILDER}-type').scrollIntoView({{block: 'start'}})")
    page.fill(f"{BUILDER}-aoe", "2")
    wait_live(page, BUILDER)
    cost = str(run("spellcard-builder", {"dice": 3, "aoe": 2})["cost"])
    visible = in_view(page, f"{BUILDER} .calc-output .calc-figures")
    if not visible:
        page.wait_for_selector(f"{BUILDER} [data-calc-sticky]:not([hidden])")
        assert cost in page.inner_text(f"{BUILDER} [data-calc-sticky]")
    shot(page, "spellcard-builder-cost-in-view")
    # Scrolling to the answer itself hides the repeat.
    page.locator(f"{BUILDER} .calc-output .calc-figures").scroll_into_view_if_needed()
    page.wait_for_selector(f"{BUILDER} [data-calc-sticky][hidden]", state="attached")
