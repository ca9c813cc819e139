"""The Magical Burst character builder in Chromium, used as a player would on a phone and a
laptop: build a girl by typing and picking only, reload (she is restored), roll from her sheet
(the dice shown add up to the total shown, and the roll log has the line), add the roll's
overcharge, print her sheet on one page, and never scroll sideways at 390 px."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from screens import ARTIFACTS_DIR, new_context, open_page

from calculators import CALCULATORS
from calculators.magical_burst.character import EXAMPLE

pytestmark = pytest.mark.browser

PAGE = "magical-burst/character/"
WIDGET = "#mb-character"
BOOT_TIMEOUT = 60_000

#: The girl built in the test, as a player enters her (creation budgets all spent: bonds
#: 4 + 4 + 2 + 2 = 12, mundane 4 + 2 + 2 = 8, magical 2 + 3 + 4 = 9; Medium, with a Common
#: talent and two Medium ones).
TYPED = {"name": "Mio Tanaka", "bond_1_name": "Her cat Mochi", "bond_1": "4",
         "bond_2_name": "Big sister", "bond_2": "4", "bond_3_name": "Choir", "bond_3": "2",
         "bond_4_name": "Her best friend", "bond_4": "2",
         "communication": "4", "tenacity": "2", "insight": "2",
         "heart": "2", "fury": "3", "judgment": "4"}
PICKED = {"attack_stat": "judgment", "defence_stat": "fury", "support_stat": "heart",
          "affinity": "medium", "talent_1": "make-up", "talent_2": "dampen-overcharge",
          "talent_3": "wave-of-courage", "power_1": "lost-healing", "power_2": "summon-cake"}


def wait_live(page):
    page.wait_for_function(
        f"document.querySelector('{WIDGET}').dataset.calcState === 'live'", timeout=BOOT_TIMEOUT)


def press(page, locator, touch: bool):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


def build(page, touch: bool):
    """Start a new character and enter every choice through the form."""
    press(page, page.locator("[data-collection-new]"), touch)
    for name, value in TYPED.items():
        page.fill(f"{WIDGET}-{name}", value)
    for name, value in PICKED.items():
        page.select_option(f"{WIDGET}-{name}", value)
    wait_live(page)


def sheet_text(page) -> str:
    return page.inner_text(f"{WIDGET} [data-calc-output]")


@pytest.mark.parametrize("screen", ["390", "1280"])
def test_a_player_builds_a_girl_reloads_rolls_and_prints(browser, base_url, screen):
    touch = screen == "390"
    context = new_context(browser, screen)
    page = open_page(context, base_url + PAGE)
    page.wait_for_selector(f"{WIDGET}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    build(page, touch)

    # Every creation point spent, no rule broken: no "left" figure but experience, no error.
    text = sheet_text(page)
    assert "Mio Tanaka, Medium" in text
    assert not page.locator(f"{WIDGET} .calc-error:visible").count()
    labels = page.locator(f"{WIDGET} [data-calc-output] .calc-figures").first.inner_text()
    assert "points left" not in labels and "Experience left" in labels
    assert "Judgment 4 (Attack)" in text and "Heart 2 (Support)" in text
    page.screenshot(path=str(ARTIFACTS_DIR / f"mb-character-built-{screen}.png"))

    # A rule broken by typing shows on its control and names the rule; fixing it clears it.
    page.fill(f"{WIDGET}-insight", "3")
    page.wait_for_selector(f"{WIDGET} .calc-error:visible", timeout=BOOT_TIMEOUT)
    error = page.locator(f"{WIDGET} .calc-error:visible").first.inner_text()
    assert "9 of the 8 mundane points" in error and "My Ordinary Life" in error
    page.fill(f"{WIDGET}-insight", "2")
    wait_live(page)

    # Reload: she is restored from this device.
    page.reload()
    page.wait_for_selector(f"{WIDGET}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    assert page.input_value(f"{WIDGET}-name") == "Mio Tanaka"
    assert page.input_value(f"{WIDGET}-affinity") == "medium"
    assert page.input_value(f"{WIDGET}-talent_3") == "wave-of-courage"
    wait_live(page)
    assert "Mio Tanaka, Medium" in sheet_text(page)

    # Roll her Attack (Judgment 4) from the sheet.
    press(page, page.locator(f"{WIDGET} [data-check='judgment'] button"), touch)
    page.wait_for_selector(f"{WIDGET} [data-roll-entry]", timeout=BOOT_TIMEOUT)
    wait_live(page)
    roll = page.locator(f"{WIDGET} [data-roll-entry]")
    line = roll.inner_text()
    match = re.match(r"Judgment check: ([\d→, ]+) = (\d+) \+ Judgment 4 = (\d+) against 9", line)
    assert match, line
    faces = [int(f) for f in re.split(r"[→, ]+", match.group(1).strip())]
    assert sum(faces) == int(match.group(2)) and int(match.group(2)) + 4 == int(match.group(3))
    page.screenshot(path=str(ARTIFACTS_DIR / f"mb-character-roll-{screen}.png"))

    # The roll log of this character has the line.
    log = page.locator("[data-roll-log] li")
    page.wait_for_function("document.querySelectorAll('[data-roll-log] li').length > 0")
    assert log.first.inner_text().startswith("Judgment check: 2d6! → ")
    assert match.group(3) in log.first.inner_text()

    # Its sixes are overcharge for Judgment; the Add button puts them on her counter once.
    sixes = faces.count(6)
    if sixes:
        counter = page.locator(f"{WIDGET} [data-stat='judgment'] strong").inner_text()
        assert counter == "Judgment 0"
        press(page, page.locator(f"{WIDGET} .mb-roll button"), touch)
        wait_live(page)
        assert page.locator(f"{WIDGET} [data-stat='judgment'] strong").inner_text() \
            == f"Judgment {sixes}"
        assert "added" in page.locator(f"{WIDGET} .mb-roll").inner_text()
        assert not page.locator(f"{WIDGET} .mb-roll button").count()

    # No sideways scrolling on the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

    # Print the sheet: her name and sheet, one page on A4 and on Letter.
    page.evaluate("() => { window.print = () => {}; }")
    for paper in ("A4", "Letter"):
        page.emulate_media(media="screen")
        press(page, page.locator("[data-collection-print]"), touch)
        page.emulate_media(media="print")
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        assert not page.locator(f"{WIDGET} .calc-form").is_visible()
        pdf = page.pdf(format=paper, print_background=True)
        (ARTIFACTS_DIR / f"print-mb-character-{screen}-{paper}.pdf").write_bytes(pdf)
        assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, paper
    context.close()


def test_a_sheet_with_every_talent_and_bond_filled_still_prints_on_one_page(browser, base_url):
    """The page example with every talent slot learnt (enough experience for all) and six
    named bonds: the fullest sheet the builder allows, one page on A4 and on Letter."""
    calc = CALCULATORS["mb-character"]
    inputs = dict(EXAMPLE, xp=300)
    learnable = [v for v in next(p for p in calc.params if p.name == "talent_4").values if v]
    free = [t for t in learnable if t not in inputs.values()]
    inputs |= {f"talent_{n}": free[n - 4] for n in range(4, 10)}
    inputs |= {f"bond_{n}_name": f"A bond with a long name, number {n}" for n in range(1, 7)}
    assert len(calc.run(inputs)["talents"]) >= 9  # every rule kept: the sheet shows them all
    context = new_context(browser, "1280")
    page = context.new_page()
    page.goto(f"{base_url}{PAGE}?{urlencode({f'mb-character.{k}': v for k, v in inputs.items()})}")
    wait_live(page)
    page.evaluate("() => { window.print = () => {}; }")
    pages = {}
    for paper in ("A4", "Letter"):
        page.emulate_media(media="screen")
        page.click("[data-collection-print]")
        page.emulate_media(media="print")
        pdf = page.pdf(format=paper, print_background=True)
        (ARTIFACTS_DIR / f"print-mb-character-full-{paper}.pdf").write_bytes(pdf)
        pages[paper] = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    context.close()
    assert pages == {"A4": 1, "Letter": 1}, f"her sheet printed on {pages} pages"


def test_seven_damage_is_taken_and_the_sheet_says_she_is_dead(browser, base_url):
    """Typing 7 in "Damage since Resolve ran out" used to be refused ("at most 6").
    Seed 002, "Life and death": at 6 points of damage a person dies, so 7 is death too."""
    context = new_context(browser, "390")
    page = context.new_page()
    page.goto(f"{base_url}{PAGE}?{urlencode({f'mb-character.{k}': v for k, v in EXAMPLE.items()})}")
    page.wait_for_selector(f"{WIDGET}[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    page.fill(f"{WIDGET}-damage", "7")
    page.wait_for_function(
        f"document.querySelector('{WIDGET} [data-calc-output]').innerText.includes('Dead: 7')",
        timeout=BOOT_TIMEOUT)
    wait_live(page)
    assert not page.locator(f"{WIDGET} .calc-error:visible").count()
    alert = page.locator(f"{WIDGET} [data-calc-output] [role='alert']", has_text="Dead")
    assert alert.inner_text() == "Dead: 7 damage since her Resolve ran out."
    context.close()
