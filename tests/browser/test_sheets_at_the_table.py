"""The three character sheets at the table, in Chromium on a phone (390 px, touch) and a laptop:
every Odds link opens its check calculator live, without an error, on the character's numbers
(read off the sheet as a player reads them, not off the link; each link clicked on the laptop,
the first tapped on the phone); every Roll and Use button answers where it was tapped (the
page does not move, the focus stays on the button, the roll is on screen right under it)."""

from __future__ import annotations

import re

import pytest
from screens import new_context, open_page

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 60_000
#: Each sheet: its page and widget.
SHEETS = {"wr": ("western-roses/character/", "#wr-character"),
          "pmm": ("post-magic-maid/character/", "#pmm-character"),
          "mb": ("magical-burst/character/", "#mb-character")}


def wait_ready(page, widget: str) -> None:
    """Python is up for the page: a tap is answered at once."""
    page.wait_for_function(
        "(sel) => { const w = document.querySelector(sel);"
        " return w && w.dataset.calcBound && w.dataset.calcRuntime === 'ready'; }",
        arg=widget, timeout=BOOT_TIMEOUT)


def wait_live(page, widget: str) -> None:
    """The widget shows an answer computed for the inputs in its form now."""
    page.wait_for_function(
        "(sel) => { const w = document.querySelector(sel);"
        " return w && w.dataset.calcBound && w.dataset.calcState === 'live'; }",
        arg=widget, timeout=BOOT_TIMEOUT)


def press(locator, screen: str) -> None:
    """A tap on the phone, a click on the laptop."""
    if screen == "390":
        locator.tap()
    else:
        locator.click()


# --- What each sheet shows, read as a player reads it, turned into the calculator's inputs ---

def wr_expected(page, widget: str) -> list[tuple[str, dict]]:
    """Per Odds link of the Western Roses sheet: her stat (the Value column), the modifier of
    the pool shown ("5d+2"), no number of dice, and the target of the table's caption ("In
    battle, against 12"), else none (the calculator keeps its own)."""
    out = []
    for table in page.locator(f"{widget} .wr-sheet-checks table").all():
        caption = table.locator("caption").inner_text()
        target = re.search(r"against (\d+)", caption)
        for row in table.locator("tbody tr").all():
            if not row.get_by_role("link", name="Odds").count():
                continue
            cells = row.locator("td").all_inner_texts()
            value, pool = cells[0], cells[1]
            dice, modifier = re.fullmatch(r"(\d+)d([+-]\d+)?", pool).groups()
            assert int(dice) == int(value) // 3, (pool, value)  # one die per 3 points
            want = {"dice": "", "stat": value, "modifier": str(int(modifier or 0))}
            if target:
                want["target"] = target.group(1)
            out.append((row.locator("th").inner_text(), want))
    return out


def pmm_expected(page, widget: str) -> list[tuple[str, dict]]:
    """Per Odds link of the post-magic-maid sheet: the two dice and the bonus of the Dice
    column ("d8 + d12 +3")."""
    out = []
    for row in page.locator(f"{widget} .pmm-checks tbody tr").all():
        if not row.get_by_role("link", name="Odds").count():
            continue
        die_a, die_b, bonus = re.fullmatch(r"(d\d+) \+ (d\d+) ([+-]\d+)",
                                           row.locator("td").first.inner_text()).groups()
        out.append((row.locator("th").inner_text(),
                    {"die_a": die_a, "die_b": die_b, "bonus": str(int(bonus))}))
    return out


def mb_expected(page, widget: str) -> list[tuple[str, dict]]:
    """Per Odds link of the Magical Burst sheet: the stat named in the line ("Fury 4"), the
    pool ("3d6!+5": an exploding pool is a magical check; dice past the legend's 2d6 are
    Boosts; what it adds past the stat is the modifiers)."""
    legend = page.locator(f"{widget} .calc-legend", has_text="d6 + stat").first.inner_text()
    base_dice = int(re.match(r"(\d+)d6 \+ stat", legend).group(1))
    out = []
    for line in page.locator(f"{widget} li[data-check]").all():
        text = line.inner_text()
        name, stat = re.match(r"(\w+) (-?\d+)", text).groups()
        dice, bang, offset = re.search(r"(\d+)d6(!?)([+-]\d+)?,", text).groups()
        out.append((name, {"kind": "magical" if bang else "mundane", "stat": stat,
                           "modifier": str(int(offset or 0) - int(stat)),
                           "boosts": str(int(dice) - base_dice)}))
    return out


def field_value(page, selector: str) -> str:
    """What a form control holds, as the widget keeps it (a checkbox as "true"/"false")."""
    return page.eval_on_selector(
        selector, "f => f.type === 'checkbox' ? String(f.checked) : f.value")


READERS = {"wr": wr_expected, "pmm": pmm_expected, "mb": mb_expected}


#: How many of a sheet's Odds links each screen follows: every one on the laptop; on the
#: phone the first, tapped. A link's target and numbers are the sheet's same HTML on either
#: screen (the phone still reads every link off its sheet), so the phone's own part is the
#: tap, and one tap a sheet shows it.
FOLLOWED = {"1280": None, "390": 1}


@pytest.mark.parametrize("screen", ["390", "1280"])
@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_every_odds_link_opens_its_calculator_live_on_her_numbers(browser, base_url, sheet,
                                                                  screen):
    path, widget = SHEETS[sheet]
    context = new_context(browser, screen)
    page = open_page(context, base_url + path)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    wait_ready(page, widget)
    expected = READERS[sheet](page, widget)
    links = page.locator(f"{widget} .calc-output").get_by_role("link", name="Odds")
    assert links.count() == len(expected) > 0
    for i, (label, want) in enumerate(expected[:FOLLOWED[screen]]):
        link = links.nth(i)
        link.scroll_into_view_if_needed()
        href = link.get_attribute("href")
        target = href.split("#")[-1]
        press(link, screen)
        page.wait_for_url(re.compile(r"\?.*#" + re.escape(target) + "$"))
        calc = "#" + target
        wait_live(page, calc)
        shown = page.locator(f"{calc} .calc-error:not([hidden])")
        assert shown.count() == 0, f"{label}: {shown.all_inner_texts()}"
        assert not page.locator(f"{calc} .calc-output.calc-stale").count(), label
        initial = page.eval_on_selector(calc, "el => JSON.parse(el.dataset.calcInitial)")
        for name, value in want.items():
            assert field_value(page, f"{calc}-{name}") == value, (label, name)
        # Inputs the sheet does not give keep the calculator page's own.
        for name, value in initial.items():
            if name not in want:
                assert field_value(page, f"{calc}-{name}") == str(value), (label, name)
        page.go_back()
        wait_live(page, widget)  # Python, already up, answers for the sheet at once
    context.close()
    assert not errors, errors


# --- Roll and Use: the answer where it was tapped ---

#: What a button's place on screen is measured as: its top edge, the page's scroll, the
#: button with the focus (by the key the answer gives it), the row it sits in.
MEASURE = """(key) => {
  const b = document.querySelector('[data-calc-key="' + key + '"]');
  const row = b.closest('tr, li');
  return {top: b.getBoundingClientRect().top, scroll: window.scrollY,
          focused: document.activeElement && document.activeElement.dataset
            ? document.activeElement.dataset.calcKey || null : null,
          row: row.textContent, rowBottom: row.getBoundingClientRect().bottom,
          buttonBottom: b.getBoundingClientRect().bottom};
}"""

#: The roll shown, and whether a player sees it: inside the viewport and not under anything
#: (the sticky summary bar, the theme's header).
ROLL = """([widget, key]) => {
  const roll = document.querySelector(widget + ' .calc-output [data-roll-entry]');
  if (!roll) return null;
  const row = document.querySelector('[data-calc-key="' + key + '"]').closest('tr, li');
  const r = roll.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + Math.min(r.width, 40) / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, inView: r.top >= 0 && r.bottom <= innerHeight,
          uncovered: !!hit && roll.contains(hit), entry: roll.dataset.rollEntry,
          beside: row.contains(roll) || (!!row.nextElementSibling
                                         && row.nextElementSibling.contains(roll))};
}"""


#: Sheets whose Use buttons change what is shown above them, so the page scrolls to keep the
#: button where it was: a Magical Burst talent's Use adds to a counter of the Overcharge
#: section, above the talents.
CHANGES_ABOVE = {"mb"}


def answered(page, widget: str, count: int) -> None:
    """Wait for the answer after ``count`` answers: live again."""
    page.wait_for_function(
        "([sel, n]) => document.querySelector(sel).answers > n"
        " && document.querySelector(sel).dataset.calcState === 'live'",
        arg=[widget, count], timeout=BOOT_TIMEOUT)


def tap_in_place(page, widget: str, key: str, screen: str) -> tuple[dict, dict]:
    """Bring the button with ``key`` to the middle of the screen as a thumb would, tap it, wait
    for the answer; returns where it was and where it is."""
    button = page.locator(f'[data-calc-key="{key}"]')
    button.evaluate("b => b.scrollIntoView({block: 'center', behavior: 'instant'})")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    before = page.evaluate(MEASURE, key)
    count = page.eval_on_selector(widget, "el => el.answers")
    press(button, screen)
    answered(page, widget, count)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return before, page.evaluate(MEASURE, key)


@pytest.mark.parametrize("screen", ["390", "1280"])
@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_every_roll_and_use_answers_where_it_was_tapped(browser, base_url, sheet, screen):
    path, widget = SHEETS[sheet]
    context = new_context(browser, screen)
    page = open_page(context, base_url + path)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.eval_on_selector(widget, "el => { el.answers = 0; el.addEventListener('calc:answer',"
                                  " () => { el.answers += 1; }); }")
    wait_ready(page, widget)
    output = page.locator(f"{widget} .calc-output")
    buttons = output.get_by_role("button", name=re.compile(r"^(Roll|Use\b)"))
    keys = [b.get_attribute("data-calc-key") for b in buttons.all()]
    rolls = [k for k in keys if k.startswith("roll-")]
    assert len(set(keys)) == len(keys) and rolls, keys
    # From the last to the first, so no roll shown above the next button could move it:
    # the page itself must not move.
    for key in reversed(keys):
        label = page.locator(f'[data-calc-key="{key}"]').inner_text()
        before, after = tap_in_place(page, widget, key, screen)
        if key in rolls or sheet not in CHANGES_ABOVE:
            assert after["scroll"] == before["scroll"], (key, before, after)
        assert abs(after["top"] - before["top"]) < 1, (key, before, after)
        assert after["focused"] == key, (key, after)
        if key in rolls:
            roll = page.evaluate(ROLL, [widget, key])
            assert roll is not None, key
            # Right under the button tapped, in view, and not hidden behind anything.
            assert roll["beside"], (key, roll)
            assert after["buttonBottom"] - 1 <= roll["top"] <= after["rowBottom"] + 60, \
                (key, after, roll)
            assert roll["inView"] and roll["uncovered"], (key, roll)
        else:
            # Using an ability or talent changes the row it was tapped on: what it now does.
            assert after["row"] != before["row"], (key, label, after["row"])
            assert 0 <= after["top"] and after["buttonBottom"] <= page.evaluate("innerHeight")
    # A roll lower down while one shows above it: the button stays under her finger.
    first, last = rolls[0], rolls[-1]
    tap_in_place(page, widget, first, screen)
    before, after = tap_in_place(page, widget, last, screen)
    assert abs(after["top"] - before["top"]) < 1, (before, after)
    assert after["focused"] == last
    roll = page.evaluate(ROLL, [widget, last])
    assert roll["beside"] and roll["inView"] and roll["uncovered"], roll
    context.close()
    assert not errors, errors
