"""The post-magic-maid battle tracker at the table (post-magic-maid/battle-tracker/), played
as people play it: a player on a phone draws initiative, burns a Blitz Point and takes a turn
of three actions with taps only; a game master on a laptop runs a four-combatant round with
attacks and a two-action turn, taps a helper's and an opponent's own attributes, and treats a
wound.

Numbers are checked against the rule text, read off the page: the highest card goes first,
aces high; a Blitz draw's aces and face cards give an automatic 25 and a bonus d8 each; three
actions are at −5, −10 and −15; a check is the two dice plus the bonuses and the penalty."""

from __future__ import annotations

import json
import re

import pytest
from battle_trackers import BOOT_TIMEOUT, PMM, Tracker
from playwright.sync_api import expect
from screens import new_context

pytestmark = pytest.mark.browser

PAGE = PMM.page
W = PMM.widget
RANK = {"A": 14, "K": 13, "Q": 12, "J": 11, **{str(n): n for n in range(2, 11)}}
ANN = {"id": "ann", "side": "heroes", "name": "Ann", "die_str": "d8", "die_dex": "d12",
       "bonus_str": 1, "bonus_dex": 2}
BOB = {"id": "bob", "side": "foes", "name": "Bob"}
address, wait_live, head, open_tracker = PMM.address, PMM.wait_live, PMM.head, PMM.open


def tap(page, label: str, group: str | None = None) -> None:
    """Tap the first of the answer's buttons ``label`` (in the group named ``group``) and
    wait for the answer it brings."""
    scope = page.locator(f"{W} .calc-output" + (f" [role=group][aria-label=\"{group}\"]"
                                                  if group else ""))
    target = scope.get_by_role("button", name=label, exact=True).first
    target.tap() if page.viewport_size["width"] < 600 else target.click()
    wait_live(page)


def figure(page, label: str, scope: str = ".battle-player") -> str:
    return page.locator(f"{W} {scope} .battle-figure", has=page.locator(
        "dt", has_text=re.compile(f"^{label}$"))).first.locator("dd").inner_text()


def log_lines(page) -> list[str]:
    return page.locator(f"{W} .battle-log li").all_inner_texts()


def drawn(page) -> list[tuple[str, str]]:
    line = next(x for x in log_lines(page) if x.startswith("Initiative: "))
    return re.findall(r"(\w+) draws (\w+)", line.split(" (")[0])


def settle_joker(page) -> None:
    """A joker's holder chooses (by the game master's view when the player waits): the
    first offered goes first, the next last."""
    if "holds the joker" not in head(page):
        return
    if page.locator(f"{W} .battle-waiting").count():
        tap(page, "Game master's view")
    page.locator(f"{W} .battle-pending button").first.click()
    wait_live(page)


def check_total(line: str, penalty: int) -> None:
    """A roll's log line adds up: the two dice, Str +1, Dex +2, the penalty (rule text)."""
    faces = [int(f) for f in re.findall(r"d(?:8|12) (\d+)", line)[:2]]
    total = int(re.search(r"= (-?\d+),", line)[1])
    d8s = [int(f) for f in re.findall(r"bonus d8 (\d+)", line)]
    assert total == sum(faces) + 1 + 2 - penalty + sum(d8s), line
    if penalty:
        assert f"− {penalty} several actions" in line


def test_a_player_draws_initiative_burns_a_blitz_point_and_takes_three_actions_at_390(
        browser, base_url, screenshot):
    context = new_context(browser, "390")
    page = open_tracker(context, address(base_url, [ANN, BOB]))
    tap(page, "Ann acts")
    cards = drawn(page)
    assert cards[0][0] == "Ann"  # the one who acts draws first
    settle_joker(page)
    if "Joker" not in dict(cards).values():
        ranks = {name: RANK[card] for name, card in cards}
        first = max(ranks, key=lambda n: (ranks[n], n == "Ann"))
        assert head(page) == f"Round 1: {first}'s turn."
    if page.locator(f"{W} .battle-player").count() == 0:
        tap(page, "Play as Ann")
    if "Ann's turn" not in head(page):  # Bob first: the game master passes his turn
        tap(page, "Game master's view")
        tap(page, "Next turn")
        tap(page, "Play as Ann")
    assert "Your turn." in page.inner_text(f"{W} .battle-turn")

    # her turn on the screen, taps only, nothing wider than the phone
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    heights = page.locator(f"{W} .battle-player button").evaluate_all(
        "(all) => all.map((b) => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44

    tap(page, "3", "Actions this turn")
    assert figure(page, "Actions") == "0 of 3 (next −5)"
    tap(page, "Burn a Blitz Point (3 left)")
    assert figure(page, "Blitz Points") == "2"
    burn = next(x for x in log_lines(page) if "burns a Blitz Point" in x)
    seven = burn.rsplit(" (", 1)[0].rsplit(": ", 1)[1].rstrip(".").split(", ")
    assert len(seven) == 7
    faces = sum(c in ("J", "Q", "K") for c in seven)
    assert figure(page, "Bonus d8s") == str(faces)
    automatic = "A" in seven
    assert figure(page, "Next roll") == ("automatic 25" if automatic else "rolled")
    assert figure(page, "Spare aces") == str(max(seven.count("A") - 1, 0))

    tap(page, "Str d8")
    tap(page, "Dex d12")
    for place, penalty in ((1, 5), (2, 10), (3, 15)):
        label = "Roll Str & Dex (an automatic 25)" if automatic and place == 1 else \
            f"Roll Str & Dex (at −{penalty})"
        tap(page, label, "Roll")
        line = next(x for x in reversed(log_lines(page)) if f"action {place} of 3" in x)
        if automatic and place == 1:
            assert "an automatic 25" in line and "the 25 tier" in line
        else:
            check_total(line, penalty)
    assert figure(page, "Actions") == "3 of 3"
    assert not page.locator(f"{W} [aria-label=Roll]").count()  # no fourth action
    tap(page, "End the turn")
    assert "Waiting: Bob's turn." in page.inner_text(f"{W} .battle-turn") or \
        head(page).startswith("Round 2")
    screenshot(page, "pmm-battle-player-390")
    context.close()


def test_a_game_master_runs_a_round_of_four_with_attacks_at_1280(browser, base_url,
                                                                 screenshot):
    context = new_context(browser, "1280")
    people = [ANN, {**BOB, "side": "heroes", "id": "bea", "name": "Bea"},
              {**BOB, "id": "cat", "name": "Cat"}, BOB]
    page = open_tracker(context, address(base_url, people))
    tap(page, "Cat acts")
    cards = drawn(page)
    assert [n for n, _ in cards] == ["Cat", "Ann", "Bea", "Bob"]
    settle_joker(page)
    rows = page.locator(f"{W} .battle-row .battle-who strong").all_inner_texts()
    if "Joker" not in dict(cards).values():  # highest card first, equal ones as drawn
        expected = sorted(cards, key=lambda nc: -RANK[nc[1]])
        assert rows == [n for n, _ in expected]
    for turn in range(4):
        current = page.locator(f"{W} .battle-row[aria-current]")
        me = current.locator("strong").first.inner_text()
        assert me == rows[turn] and head(page) == f"Round 1: {me}'s turn."
        target = "Bob" if me != "Bob" else "Ann"
        if current.locator(".battle-condition").inner_text() == "unconscious":
            # a 25 (or a joker's automatic 25) knocked her out: she cannot act
            assert not current.locator("[aria-label='Actions this turn']").count()
            tap(page, "Next turn")
            continue
        tap(page, "2", "Actions this turn")
        if turn == 0:  # she burns a Blitz Point: one fewer, and the seven cards in the log
            blitz = int(figure(page, "Blitz Points", ".battle-row[aria-current]"))
            tap(page, f"Burn a Blitz Point ({blitz} left)")
            assert figure(page, "Blitz Points", ".battle-row[aria-current]") == str(blitz - 1)
            assert any(f"{me} burns a Blitz Point" in x for x in log_lines(page))
        tap(page, "Str d8" if me == "Ann" else "Str d6")
        tap(page, "Dex d12" if me == "Ann" else "Dex d8")
        before = log_lines(page)
        tap(page, "Blunt", f"Attack {target}")
        new = log_lines(page)[len(before):]
        roll = next(x for x in new if "action 1 of 2" in x)
        if "an automatic 25" in roll:  # a joker burned before her: the 25 tier
            tier = 4
        else:
            assert "− 5 several actions" in roll
            tier = sum(int(re.search(r"= (-?\d+),", roll)[1]) >= d for d in (10, 15, 20, 25))
        if tier == 0:
            assert any("takes no wound" in x for x in new)
        else:
            assert any(f"{target} takes a blunt wound" in x or  # or, knocked out already,
                       f"{target}'s blunt track has no room" in x for x in new)  # the GM's call
        tap(page, "Next turn")
    assert head(page).startswith("Round 2:")
    main = page.locator(f"{W} .battle-main").bounding_box()
    side = page.locator(f"{W} .battle-side").bounding_box()
    assert side["x"] >= main["x"] + main["width"] and side["y"] < 800
    assert page.locator(f"{W} .battle-row .battle-tracks").count() == 4
    screenshot(page, "pmm-battle-game-master-1280")
    # kept as it happened: the page without inputs in its address brings the battle back
    before = page.inner_text(f"{W} .battle-side")
    page.goto(base_url + PAGE)
    wait_live(page)
    assert page.inner_text(f"{W} .battle-side") == before
    context.close()


def first_turn(people: list, who: str) -> list[dict]:
    """A start (the test's own search) where ``who`` has the first turn, no joker owed."""
    from calculators import get

    for seed in range(1, 300):
        events = [{"type": "start", "seed": seed}]
        st = get("pmm-battle").run({"combatants": people, "events": events})["state"]
        if st["turn"] == who and not st["pending"]:
            return events
    raise AssertionError(f"no start seed gives {who} the first turn")


def rolled(line: str) -> tuple[list[int], int]:
    """A roll's faces (the two attributes' dice) and its total, as its log line shows them."""
    faces = [int(f) for f in re.findall(r"\bd(?:6|8|12|20) (\d+)", line)[:2]]
    return faces, int(re.search(r"= (-?\d+),", line)[1])


def tier(total: int) -> int:
    """Tiers from "Basic check system": 10, 15, 20, 25."""
    return sum(total >= d for d in (10, 15, 20, 25))


def test_a_game_master_taps_the_helpers_and_the_opponents_own_attributes(browser, base_url):
    """Ann rolls Str & Dex; Bea assists on her Int (d20, +5) & Lck (d12, +2); Bob contests on
    his Cha & Wll (d6, d6). Worked from the rule text: the assist raises Ann's tier one for
    each tier beyond two above it; the contest goes by the difference in tiers."""
    bea = {"id": "bea", "side": "heroes", "name": "Bea", "die_int": "d20", "die_lck": "d12",
           "bonus_int": 5, "bonus_lck": 2}
    bob = {**BOB, "die_cha": "d6", "die_wll": "d6"}
    people = [ANN, bea, bob]
    context = new_context(browser, "1280")
    page = open_tracker(context, address(base_url, people,
                                         events=json.dumps(first_turn(people, "ann"))))
    tap(page, "Str d8", "Attributes")
    tap(page, "Dex d12", "Attributes")
    tap(page, "Assisted by Bea", "With")
    helper = page.locator(f"{W} [role=group][aria-label=\"Bea's attributes\"] button")
    assert [b for b in helper.all_inner_texts() if b.endswith("✓")] == ["Str d6 ✓", "Dex d8 ✓"]
    tap(page, "Int d20", "Bea's attributes")
    tap(page, "Lck d12", "Bea's attributes")
    tap(page, "Contested by Bob", "With")
    tap(page, "Cha d6", "Bob's attributes")
    tap(page, "Wll d6", "Bob's attributes")
    before = log_lines(page)
    tap(page, "Roll Str & Dex (no penalty)", "Roll")
    new = log_lines(page)[len(before):]
    mine = next(x for x in new if "action 1 of 1" in x)
    helps = next(x for x in new if x.startswith("Bea assists: Int & Lck: d20 "))
    contests = next(x for x in new if x.startswith("Bob contests: Cha & Wll: d6 "))
    (s, d), total = rolled(mine)
    assert total == s + d + 1 + 2
    faces, helped = rolled(helps)
    assert helped == sum(faces) + 5 + 2 and "+ 5 Int + 2 Lck" in helps
    faces, theirs = rolled(contests)
    assert theirs == sum(faces)
    raised = min(4, tier(total) + max(0, tier(helped) - tier(total) - 1))
    assert f"Tiers {raised} against {tier(theirs)}:" in next(x for x in new
                                                             if x.startswith("Tiers "))
    context.close()


def test_a_player_treats_a_heavy_rending_wound_with_int_and_dex_at_390(browser, base_url):
    """Bob carries a heavy rending wound (bleeding); Ann treats it: Int (d12) & Dex (d12, +2)
    removes it at 20 or more, the tier the rule text names for a heavy wound."""
    people = [ANN, BOB]
    events = [*first_turn(people, "ann"), {"type": "gm-set", "combatant": "bob",
                                             "field": "rending_heavy", "value": 1, "seed": 1}]
    context = new_context(browser, "390")
    page = open_tracker(context, address(base_url, people, events=json.dumps(events)))
    tap(page, "Play as Ann")
    tap(page, "Treat Bob's heavy rending (20+)", "Treat a wound")
    line = next(x for x in log_lines(page) if "treats Bob's heavy rending wound" in x)
    assert "Int & Dex" in line
    faces, total = rolled(line)
    assert total == sum(faces) + 2  # Ann's Dex +2 (her Int has none)
    healed = total >= 20
    tap(page, "Game master's view")
    bob = page.locator(f"{W} .battle-row", has=page.locator("strong", has_text="Bob"))
    rending = bob.locator(".battle-track", has=page.locator("dt", has_text="Rending"))
    assert ("heavy 0/1" if healed else "heavy 1/1") in rending.inner_text()
    assert bob.locator(".battle-condition").inner_text() == ("fine" if healed else "bleeding")
    context.close()


def test_a_game_master_pastes_a_characters_share_link_and_she_joins_at_390(browser, base_url):
    """On the character builder a player makes Mei (the page's Aoi renamed, her Dex on the d20
    and her Lck on a d8) and copies her link; in the tracker the game master pastes it, adds
    her to the heroes, and on her turn her attributes show the dice her link carries."""
    context = new_context(browser, "390")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    builder = Tracker("pmm-character", "post-magic-maid/character/", ())
    sheet = builder.open(context, base_url + builder.page)
    sheet.fill("#pmm-character [name='name']", "Mei")
    sheet.select_option("#pmm-character [name='die_dex']", "d20")
    sheet.select_option("#pmm-character [name='die_lck']", "d8")
    builder.wait_live(sheet)
    sheet.tap("[data-collection-share]")
    sheet.wait_for_function("() => document.querySelector('[data-collection-status]')"
                            ".textContent.startsWith('Copied')")
    link = sheet.evaluate("navigator.clipboard.readText()")
    assert "pmm-character.name=Mei" in link

    page = open_tracker(context, address(base_url, [BOB]))
    page.fill(f"{W} [name='new_link']", link)
    wait_live(page)
    tap(page, "To the heroes", "Add Mei")
    setup = page.locator(f"{W} .battle-setup li").all_inner_texts()
    assert [line.split(")")[0] + ")" for line in setup] == ["Bob (foes)", "Mei (heroes)"]
    tap(page, "Mei acts")
    settle_joker(page)
    if head(page).endswith("Bob's turn."):
        tap(page, "Next turn")
    assert head(page).endswith("Mei's turn.")
    mei = page.locator(f"{W} .battle-row", has=page.locator("strong", has_text="Mei"))
    dice = mei.locator("[role=group][aria-label=Attributes] button").all_inner_texts()
    assert {"Dex d20", "Lck d8", "Str d8"} <= set(dice)  # Str: Aoi's d6 advanced once
    context.close()


def cara_beside_ann_and_bob_wounded(browser, base_url):
    """A laptop's tracker on Ann's turn, with Cara (Int and Dex d20) beside her and Bob
    holding a heavy rending wound; returns the profile and the page."""
    cara = {"id": "cara", "side": "heroes", "name": "Cara", "die_int": "d20", "die_dex": "d20"}
    people = [ANN, cara, BOB]
    events = [*first_turn(people, "ann"), {"type": "gm-set", "combatant": "bob",
                                             "field": "rending_heavy", "value": 1, "seed": 1}]
    context = new_context(browser, "1280")
    return context, open_tracker(context, address(base_url, people, events=json.dumps(events)))


def test_a_game_master_has_a_treatment_assisted_and_the_helper_is_no_target(browser, base_url):
    """Ann treats Bob's heavy rending wound (20 or more) with Cara's help on her Int & Dex (two
    d20s): the rule text raises Ann's tier one for an assist two tiers above it, one more for
    each tier beyond. While Cara helps, no Attack button offers her as the target."""
    context, page = cara_beside_ann_and_bob_wounded(browser, base_url)
    tap(page, "Assisted by Cara", "With")
    tap(page, "Str d8", "Attributes")
    tap(page, "Dex d12", "Attributes")
    groups = page.locator(f"{W} .calc-output [role=group]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert "Attack Bob" in groups and "Attack Cara" not in groups
    tap(page, "Treat Bob's heavy rending (20+)", "Treat a wound")
    lines = log_lines(page)
    mine = rolled(next(x for x in lines if "treats Bob's heavy rending wound" in x))[1]
    helper_line = next(x for x in lines if x.startswith("Cara assists"))
    assert "Int & Dex" in helper_line
    faces, helped = rolled(helper_line)
    assert helped == sum(faces)  # no bonuses
    raised = min(4, tier(mine) + max(0, tier(helped) - tier(mine) - 1))
    bob = page.locator(f"{W} .battle-row", has=page.locator("strong", has_text="Bob"))
    rending = bob.locator(".battle-track", has=page.locator("dt", has_text="Rending"))
    assert ("heavy 0/1" if raised >= 3 else "heavy 1/1") in rending.inner_text()
    context.close()


def marked(page, who: str) -> str:
    """The pair marked (✓) on ``who``'s attribute picker, as the log names a pair."""
    labels = page.locator(f"{W} [role=group][aria-label=\"{who}'s attributes\"] button")
    return " & ".join(b.split()[0] for b in labels.all_inner_texts() if b.endswith("✓"))


@pytest.mark.parametrize("taps, button, group", [
    ((), "Treat Bob's heavy rending (20+)", "Treat a wound"),
    (("Str d8", "Dex d12"), "Roll Str & Dex (no penalty)", "Roll")])
def test_the_pair_marked_for_the_helper_is_the_pair_she_rolls(browser, base_url, taps, button,
                                                             group):
    """The game master taps Cara as the helper (after Ann's pair, for an action); the pair
    her picker marks is the one the log says she assists on: a treatment's Int & Dex (the
    rule's healing roll) for a treatment, the action's own pair for an action."""
    context, page = cara_beside_ann_and_bob_wounded(browser, base_url)
    for label in taps:
        tap(page, label, "Attributes")
    tap(page, "Assisted by Cara", "With")
    shown = marked(page, "Cara")
    assert shown == ("Str & Dex" if taps else "Int & Dex")
    if taps:  # the treatment, still on offer, says what she would roll there
        treat = page.locator(f"{W} [role=group][aria-label='Treat a wound']").inner_text()
        assert "Cara helps on Int & Dex:" in treat
    tap(page, button, group)
    helps = next(x for x in log_lines(page) if x.startswith("Cara assists"))
    assert helps.split(": ")[1] == shown
    context.close()


#: Links a game master might paste, and the sentence the form shows under the field.
REFUSED_LINKS = [
    ("Mei's sheet", "That is not a link to the post-magic-maid character builder: paste the "
                    "address its “Copy a link” gives."),
    ("{base}post-magic-maid/wounds/", "That is not a link to the post-magic-maid character "
                                      "builder: paste the address its “Copy a link” gives."),
    ("{base}western-roses/character/?wr-character.name=Sanae",
     "That link is from the Western Roses character builder, not the post-magic-maid "
     "character builder."),
    ("{base}post-magic-maid/checks/?pmm-check.bonus=2",
     "That link is from the “Check odds” calculator (pmm-check), not the post-magic-maid "
     "character builder."),
    ("{base}post-magic-maid/character/?teapot.spout=1",
     "That link holds the inputs of “teapot”, which is not a calculator of this site: paste "
     "the link “Copy a link” gives on the post-magic-maid character builder."),
    ("{base}post-magic-maid/character/?pmm-character.tea=1",
     "That link carries “tea”, which the post-magic-maid character builder has no input for: "
     "copy her link again from the builder."),
    ("{base}post-magic-maid/character/?pmm-character.blitz=-4",
     "Blitz Points must be at least 0; got -4. Put it right on her sheet in the character "
     "builder, then copy her link again."),
]


def test_every_link_refused_reads_as_a_sentence_under_the_field_at_390(browser, base_url):
    """Each refusal of a pasted link, as the form shows it: what is wrong first, no field
    name before it; and the builder's bare address (its link with nothing changed) adds
    the page's Aoi."""
    context = new_context(browser, "390")
    page = open_tracker(context, address(base_url, [BOB]))
    field = page.locator(f"{W} [name='new_link']")
    slot = page.locator(f"{W} [data-error-for='new_link']")
    for link, message in REFUSED_LINKS:
        field.fill(link.format(base=base_url))
        expect(slot).to_have_text(message, timeout=BOOT_TIMEOUT)
        assert field.get_attribute("aria-invalid") == "true"
    field.fill(base_url + "post-magic-maid/character/")
    wait_live(page)
    assert page.locator(f"{W} [role=group][aria-label='Add Aoi']").count() == 1
    context.close()
