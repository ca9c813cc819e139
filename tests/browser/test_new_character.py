"""Where the three character builders start (issue 25 items 3 and 4).

New character starts from the rules' starting point (the calculator's blank, from Python), with
nothing of the page's example in the form or the answer; the example stays one tap away. A
first visit says, at the top of the page, that the sheet is an example and links straight to
the form; a returning player opens on her own last character."""

from __future__ import annotations

import pytest
from answers import answer_text
from screens import new_context

from calculators import CALCULATORS
from calculators.web import render

pytestmark = pytest.mark.browser

BUILDERS = {"wr-character": "western-roses/character/",
            "pmm-character": "post-magic-maid/character/",
            "mb-character": "magical-burst/character/"}
BOOT_TIMEOUT = 60_000


def as_text(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def wait_live(page, sheet: str) -> None:
    page.wait_for_function(
        "(sel) => { const w = document.querySelector(sel); return w.calcWidget && "
        "w.dataset.calcRuntime === 'ready' && !['pending', 'error'].includes(w.dataset.calcState)"
        " && document.querySelector('[data-collection-list]'); }", arg=sheet, timeout=BOOT_TIMEOUT)


def form_values(page, sheet: str) -> dict:
    """What the sheet's controls hold, as the text of its inputs."""
    return page.evaluate(
        "(sel) => Object.fromEntries(Array.from(document.querySelectorAll(sel + ' form [name]'),"
        " (f) => [f.name, f.type === 'checkbox' ? String(f.checked) : f.value]))", sheet)


def press(page, selector: str, touch: bool) -> None:
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    target.tap() if touch else target.click()


@pytest.fixture(params=["390", "1280"])
def screen(request):
    return request.param


@pytest.fixture
def profile(browser, screen):
    context = new_context(browser, screen)
    context.touch = screen == "390"
    yield context
    context.close()


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_new_character_starts_from_the_rules_not_the_example(profile, base_url, name):
    calc = CALCULATORS[name]
    sheet = "#" + name
    page = profile.new_page()
    page.goto(base_url + BUILDERS[name])
    wait_live(page, sheet)
    example_name = calc.example["name"]
    assert page.input_value(f"{sheet} [name='name']") == example_name
    press(page, "[data-collection-new]", profile.touch)
    wait_live(page, sheet)

    blank = {key: as_text(value) for key, value in calc.blank().items()}
    shown = form_values(page, sheet)
    for field, value in shown.items():
        assert value == blank.get(field, "false" if field in blank else ""), field
    # Not one input of the example that differs from the rules' start is left in the form.
    leftovers = {key for key, value in calc.example.items()
                 if as_text(value) != blank.get(key, "") and shown.get(key) == as_text(value)}
    assert not leftovers
    answer = answer_text(page, sheet)
    assert answer == answer_text(page, sheet, render(name, calc.blank())["html"])
    assert example_name not in answer
    stored = page.evaluate(f"() => JSON.parse(localStorage.getItem('rpg-calc/v1/collection/{name}'))")
    assert len(stored["records"]) == 1 and stored["records"][0]["state"]["name"] == ""

    # The example is one tap away, shown as none of hers.
    press(page, "[data-collection-example]", profile.touch)
    wait_live(page, sheet)
    assert page.input_value(f"{sheet} [name='name']") == example_name
    assert "not one of yours" in page.inner_text(".calc-collection .calc-prompt")


@pytest.mark.parametrize("name", ["pmm-character", "wr-character"])
def test_a_first_visit_says_it_is_the_example_and_links_to_the_form(profile, base_url, name):
    sheet = "#" + name
    page = profile.new_page()
    page.goto(base_url + BUILDERS[name])
    notice = page.locator(f"[data-example-notice='{name}']")
    height = page.viewport_size["height"]
    box = notice.bounding_box()
    assert box and box["y"] + box["height"] <= height, "the notice is on the first screen"
    text = notice.inner_text()
    assert "example" in text and CALCULATORS[name].example["name"] in text
    press(page, "[data-example-notice-link]", profile.touch)
    page.wait_for_function("(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                           " return r.top >= -1 && r.top < innerHeight / 2; }", arg=f"{sheet} form")
    wait_live(page, sheet)
    assert "example" in notice.inner_text()  # the script keeps it while the example is shown


def test_a_returning_player_opens_on_her_last_character(profile, base_url):
    name, sheet = "mb-character", "#mb-character"
    page = profile.new_page()
    page.goto(base_url + BUILDERS[name])
    wait_live(page, sheet)
    press(page, "[data-collection-new]", profile.touch)
    page.fill(f"{sheet} [name='name']", "Mia")
    page.fill(f"{sheet} [name='heart']", "2")
    wait_live(page, sheet)
    page.close()

    page = profile.new_page()
    page.goto(base_url + BUILDERS[name])  # no link: a return visit
    wait_live(page, sheet)
    assert page.input_value(f"{sheet} [name='name']") == "Mia"
    assert page.input_value(f"{sheet} [name='heart']") == "2"
    assert page.input_value(f"{sheet} [name='fury']") == as_text(CALCULATORS[name].blank()["fury"])
    notice = page.locator(f"[data-example-notice='{name}']").inner_text()
    assert "Mia" in notice and "example" not in notice
    assert CALCULATORS[name].example["name"] not in answer_text(page, sheet)
