"""A player's seat and the game master's tools, the same in every system (Western Roses,
Magical Burst, post-magic-maid): how players see their foes' numbers is the game master's
choice, kept in the log (``gm-show``) and replayed; a seat shows no control of the game
master's or of the setup, even while a foe owes a decision; a typed change is applied as
typed; a note pinned on a combatant shows on her row.

Numbers are worked from the battle files: a Western Roses quick foe has 40 HP as written
(``hp``), a Magical Burst minion's hit points its template's, read here off the state."""

from __future__ import annotations

import html
import json
import re

import pytest

from calculators import get
from calculators.battle import replay
from calculators.battle.rules import rules_of
from calculators.battle.table import band

from battle_conformance import taps

WR = {"calc": "wr-battle", "combatants": [
    {"id": "aya", "side": "heroes", "name": "Aya", "speed": 9},
    {"id": "bob", "side": "foes", "name": "Bob", "hp": 40, "speed": 2}], "start": {"seed": 1},
    "hp": ("hp", "max_hp")}
MB = {"calc": "mb-battle", "combatants": [
    {"id": "aya", "side": "girls", "kind": "human", "name": "Aya"},
    {"id": "bob", "side": "monsters", "kind": "minion", "name": "Bob"}], "start": {"seed": 1},
    "hp": ("hp", "max_hp")}
PMM = {"calc": "pmm-battle", "combatants": [
    {"id": "aya", "side": "heroes", "name": "Aya"},
    {"id": "bob", "side": "foes", "name": "Bob"}], "start": {"seed": 3, "acts": "aya"},
    "hp": None}
SYSTEMS = [WR, MB, PMM]
systems = pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s["calc"])


def run(system: dict, events: list[dict], **inputs) -> tuple[dict, str]:
    """The answer after the start and ``events``, and its HTML."""
    calc = get(system["calc"])
    result = calc.run({"combatants": system["combatants"],
                       "events": [{"type": "start", **system["start"]}, *events], **inputs})
    return result, calc.render(result)


def bob(result: dict) -> dict:
    return next(c for c in result["state"]["combatants"] if c["id"] == "bob")


def hurt(system: dict) -> list[dict]:
    """Bob hurt by the game master to a third of his hit points, rounded down (post-magic-maid
    has none: a slight wound instead)."""
    if system["hp"] is None:
        return [{"type": "gm-set", "combatant": "bob", "field": "blunt_slight", "value": 1,
                 "seed": 1}]
    most = bob(run(system, [])[0])["max_hp"]
    return [{"type": "gm-set", "combatant": "bob", "field": "hp", "value": most // 3,
             "seed": 1}]


def others(page: str) -> str:
    return re.search(r'class="battle-others">(.*?)</ul>', page, re.S)[1]


@systems
def test_the_game_masters_choice_of_how_foes_are_shown_is_in_the_log_and_replays(system):
    events = [{"type": "gm-show", "foes": "band"}]
    result, _ = run(system, events)
    assert result["state"]["foes_shown"] == "band"
    assert result["state"]["log"][-1]["text"] == \
        "Players now see their foes' numbers as a band (unhurt, hurt, bloodied, down)."
    rules = rules_of(get(system["calc"]))
    replayed = rules.view(replay(rules, system["combatants"], result["battle"]["events"]))
    assert replayed == result["state"]
    before, _ = run(system, [])  # undone: exact again, as every battle starts
    assert before["state"]["foes_shown"] == "exact"


@systems
@pytest.mark.parametrize("mode", ["exact", "band", "hidden"])
def test_a_players_view_shows_her_foes_numbers_as_the_game_master_chooses(system, mode):
    result, page = run(system, [*hurt(system), {"type": "gm-show", "foes": mode}], seat="aya")
    page = html.unescape(page)
    shown = others(page)
    foe = bob(result)
    assert "Bob" in shown
    if system["hp"] is not None:
        value, most = foe["hp"], foe["max_hp"]
        assert value == most // 3 and value > 0
        exact = f"{value}/{most}"
        worded = band(value, most)
        assert worded == "bloodied"  # a third is half or less, and some left
        assert (exact in shown) == (mode == "exact")
        assert (worded in shown) == (mode == "band")
        # the log's line of the change says nothing of his numbers unless shown exactly
        latest = page.split("Latest")[1]
        assert ("(was " in latest) == (mode == "exact")
    else:
        assert ("slight" in shown) == (mode == "exact")
        assert (foe["condition"] in shown) == (mode != "hidden")
    if mode == "hidden":
        assert re.search(r"<strong>Bob</strong> \(\w+\)</li>", shown)


@systems
def test_a_seat_offers_no_control_of_the_game_masters_or_of_the_setup(system):
    calc = get(system["calc"])
    for events in ([], [{"type": "start", **system["start"]}]):
        result = calc.run({"combatants": system["combatants"], "events": events, "seat": "aya"})
        page = calc.render(result)
        assert "battle-player" in page and "battle-gm" not in page
        for tap in taps(page):
            assert set(tap.sets) <= {"event", "seat", "tool", "act_attrs", "act_ability",
                                     "act_d8s", "act_helper", "act_against",
                                     "act_helper_attrs", "act_against_attrs"}, tap
            assert tap.event is None or not tap.event["type"].startswith(("gm-", "start")), \
                tap
            assert tap.sets.get("seat", "aya") in ("aya", ""), tap  # only back to the GM's
        assert "Play as" not in page and "Adjust" not in page and "Remove" not in page


def test_a_decision_a_foe_owes_waits_on_the_game_master_and_her_view_says_so():
    calc = get("wr-battle")
    combatants = [{"id": "aya", "side": "heroes", "name": "Aya", "int": 15, "speed": 8},
                  {"id": "bob", "side": "foes", "name": "Bob", "ins": 6, "hp": 80, "speed": 5,
                   "x": 2}]
    for seed in range(1, 200):  # an attack Bob dodges: his graze is owed
        events = [{"type": "start", "seed": 1},
                  {"type": "attack", "target": "bob", "attack": "danmaku", "seed": seed}]
        result = calc.run({"combatants": combatants, "events": events, "seat": "aya"})
        if result["state"]["pending"]:
            break
    assert result["state"]["pending"]
    page = calc.render(result)
    assert "Waiting: Bob chooses whether to graze. It is the game master's decision" in \
        html.unescape(page)
    assert all(tap.event is None or tap.event["type"] != "graze" for tap in taps(page))


@systems
def test_a_typed_change_is_applied_as_typed_within_the_numbers_bounds(system):
    field = "hp" if system["hp"] is not None else "blitz"
    before = bob(run(system, [])[0])[field]
    result, page = run(system, [], tool="adjust:bob", gm_amount=-23)
    [apply] = [t for t in taps(page) if t.event and t.event.get("field") == field
               and t.label.startswith("Apply")]
    assert apply.event["value"] == max(before - 23, 0 if system is not WR else -10)
    after, _ = run(system, [{**apply.event, "seed": 1}])
    assert bob(after)[field] == apply.event["value"]


@systems
def test_a_status_is_added_for_the_turns_typed_and_a_note_pinned_shows_on_her_row(system):
    result, page = run(system, [], tool="adjust:bob", gm_rounds=2, gm_text="Hides behind crates")
    add = next(t for t in taps(page) if t.event and t.event["type"] == "gm-status")
    assert add.event["rounds"] == 2 and add.label.endswith(" for 2 turns")
    pin = next(t for t in taps(page) if t.label == "Pin the note")
    assert pin.event == {"type": "gm-note", "combatant": "bob", "text": "Hides behind crates"}
    assert pin.sets["gm_text"] == ""
    _, page = run(system, [pin.event])
    assert 'class="battle-note">Note: Hides behind crates<' in page


@systems
def test_undo_beside_the_turns_buttons_takes_the_last_event_back(system):
    result, page = run(system, [{"type": "gm-note", "text": "Rain falls."}])
    undo = re.search(r'<button[^>]*data-calc-pop="events"[^>]*>Undo</button>', page)
    assert undo and "the last step: Rain falls." in undo[0]
    # on the row whose turn it is, after her turn's buttons
    row = page.index('aria-current="true"')
    assert row < page.index("Next turn", row) < page.index('class="battle-latest"', row)
    assert json.loads(html.unescape(re.search(r'data-calc-set="([^"]*)"', undo[0])[1])) == \
        {"event": ""}


@systems
def test_a_battle_under_way_asks_the_page_to_fold_its_form_and_the_setup_does_not(system):
    calc = get(system["calc"])
    setup = calc.render(calc.run({"combatants": system["combatants"], "events": []}))
    assert "data-calc-fold-form" not in setup
    assert "data-calc-fold-form" in run(system, [])[1]
