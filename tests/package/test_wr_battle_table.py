"""The battle tracker's table view: its buttons, pressed as the site script presses them (the
inputs a button sets, each "@random" replaced by a seed), drive a battle; numbers are checked
against the dice the log shows, worked out here from the rule text."""

from __future__ import annotations

import html
import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import CalculatorError
from calculators.western_roses.fight.calculator import EXAMPLE_COMBATANTS, WR_BATTLE

from wr_battles import deck, foe, who

BUTTON = re.compile(r'<button([^>]*data-calc-set="[^"]*"[^>]*)>([^<]*)</button>')
ATTRIBUTE = re.compile(r'data-calc-(set|append)="([^"]*)"')
GROUP = re.compile(r'<div role="group" aria-label="([^"]*)"')


def buttons(answer_html: str) -> list[tuple[str, str, dict]]:
    """(group, label, what it does) for every button, the group as the nearest group before;
    what it does is ``{"set": inputs set, "append": input → item added to its list}``."""
    out = []
    for match in BUTTON.finditer(answer_html):
        groups = GROUP.findall(answer_html, 0, match.start())
        does = {"set": {}, "append": {}}
        does.update({kind: json.loads(html.unescape(value))
                     for kind, value in ATTRIBUTE.findall(match[1])})
        out.append((html.unescape(groups[-1]) if groups else "", html.unescape(match[2]), does))
    return out


class Table:
    """A widget's inputs, changed only by pressing the answer's buttons."""

    def __init__(self, **inputs):
        self.inputs = {"combatants": json.dumps(inputs.pop("combatants")), **inputs}
        self.seed = 100

    def answer(self) -> tuple[dict, str]:
        result = WR_BATTLE.run({k: v for k, v in self.inputs.items() if v != ""})
        return result, WR_BATTLE.render(result)

    def labels(self) -> list[tuple[str, str]]:
        return [(g, label) for g, label, _ in buttons(self.answer()[1])]

    def fresh(self, text: str) -> str:
        """``text`` with each "@random" a new seed, as the site script draws them."""
        def seed(_):
            self.seed += 1
            return str(self.seed)
        return re.sub(r'"@random"', seed, text)

    def press(self, label: str, group: str | None = None) -> dict:
        found = [does for g, lab, does in buttons(self.answer()[1])
                 if lab == label and (group is None or g == group)]
        assert len(found) == 1, (label, group, self.labels())
        for key, value in found[0]["set"].items():
            self.inputs[key] = self.fresh(value)
        for key, item in found[0]["append"].items():
            listed = json.loads(self.inputs.get(key) or "[]")
            self.inputs[key] = json.dumps([*listed, json.loads(self.fresh(item))])
        return self.answer()[0]


def test_every_action_button_appends_one_event_and_a_rolling_one_carries_a_fresh_seed():
    table = Table(combatants=EXAMPLE_COMBATANTS)
    table.press("Start the battle")
    events = json.loads(table.inputs["events"])
    assert events == [{"type": "start", "seed": 101}]
    html_now = table.answer()[1]
    appending = [(g, label, does) for g, label, does in buttons(html_now) if does["append"]]
    assert len(appending) >= 3
    for group, label, does in appending:
        assert list(does["append"]) == ["events"]
        new = json.loads(does["append"]["events"])
        rolls = new["type"] in ("start", "attack", "graze", "end-turn", "cast", "end-battle")
        assert (new.get("seed") == "@random") == rolls, (group, label, new)
    # No button carries the whole log, so an answer's size does not grow with it.
    assert all("events" not in does["set"] for _, _, does in buttons(html_now))


def test_a_game_master_runs_two_against_three_for_two_rounds_by_taps():
    heroes = [foe("aya", side="heroes", speed=9, int=15), foe("bea", side="heroes", speed=8)]
    foes = [foe("cat", speed=7, x=2), foe("dog", speed=5, x=2), foe("eel", speed=3, x=2)]
    table = Table(combatants=heroes + foes)
    table.press("Start the battle")
    turns = []
    for _ in range(10):
        result = table.answer()[0]
        state = result["state"]
        turns.append((state["round"], state["turn"]))
        me = state["turn"]
        enemy = "cat" if who(state, me)["side"] == "heroes" else "aya"
        name = who(state, enemy)["name"]
        if ("Attack " + name, "Danmaku") in table.labels():
            result = table.press("Danmaku", "Attack " + name)
        else:
            result = table.press("Move closer", "Attack " + name)
        while result["state"]["pending"]:
            result = table.press("Graze")
        table.press("Next turn")
    # turn order by speed, highest first, five turns a round
    order = ["aya", "bea", "cat", "dog", "eel"]
    assert turns == [(1, c) for c in order] + [(2, c) for c in order]
    assert table.answer()[0]["state"]["round"] == 3


def test_a_player_sees_her_hand_with_what_each_card_does_and_casts_one():
    aya = {**foe("aya", side="heroes", speed=9, spell_power=300), "deck": deck()}
    table = Table(combatants=[aya, foe("bob", speed=2)])
    table.press("Start the battle")
    result = table.press("Play as Aya")  # the game master hands her the device
    card = who(result["state"], "aya")["hand"][0]
    page = table.answer()[1]
    assert "Your turn." in page and card["name"] in html.unescape(page)
    label = "Cast at Bob" if card["type"] == "attack" else \
        "Cast on Bob" if card["targets"] else "Cast"
    after = table.press(label)
    aya_now = who(after["state"], "aya")
    assert aya_now["discard"] == [card["name"]]
    # her start-of-turn gain (insight 12) then the card's cost
    assert aya_now["spell_power"] == 300 + 12 - card["cost"]


def test_a_player_sees_only_her_own_graze_choice_and_the_game_master_sees_it_too():
    cs = [foe("aya", int=15, speed=8), foe("bob", ins=6, hp=80, speed=5, x=2)]
    for seed in range(1, 200):
        events = [{"type": "start", "seed": 1},
                  {"type": "attack", "target": "bob", "attack": "danmaku", "seed": seed}]
        result = WR_BATTLE.run({"combatants": cs, "events": events})
        if result["state"]["pending"]:
            break
    gm = WR_BATTLE.render(WR_BATTLE.run({"combatants": cs, "events": events}))
    bob = WR_BATTLE.render(WR_BATTLE.run({"combatants": cs, "events": events, "seat": "bob"}))
    aya = WR_BATTLE.render(WR_BATTLE.run({"combatants": cs, "events": events, "seat": "aya"}))
    assert "Bob&#x27;s graze" in gm and "Bob&#x27;s graze" in bob
    # Grazing: a success gains twice the damage as spell power, a failure takes half (rounded
    # up, the interpretation note), a critical failure all of it
    damage = result["state"]["pending"][0]["damage"]
    assert (f"dodged {damage} damage: graze? A success gains {2 * damage} spell power; a "
            f"failure takes {(damage + 1) // 2} damage, a critical failure all {damage}.") in bob
    assert "Bob&#x27;s graze" not in aya and "Waiting: Bob chooses whether to graze." in aya


def test_a_quick_foe_is_added_to_a_side_with_an_id_no_one_has_and_the_form_cleared():
    table = Table(combatants=EXAMPLE_COMBATANTS, new_name="Wolf youkai", new_hp="33")
    table.press("To the foes", "Add Wolf youkai")
    added = json.loads(table.inputs["combatants"])[-1]
    assert added["id"] == "wolf-youkai" and added["side"] == "foes" and added["hp"] == 33
    assert table.inputs["new_name"] == ""
    table.inputs["new_name"] = "Wolf youkai"
    table.press("To the heroes", "Add Wolf youkai")
    assert json.loads(table.inputs["combatants"])[-1]["id"] == "wolf-youkai-2"


def test_a_saved_character_and_a_share_link_are_added_as_the_character_builder_reads_them():
    record = {"name": "Marisa", "race": "magician", "profession": "librarian", "bonus_pwr": "4"}
    table = Table(combatants=EXAMPLE_COMBATANTS, new_character=json.dumps(record),
                  new_link="https://example.org/wr/character/?wr-character.name=Sanae")
    result = table.answer()[0]
    assert [a["name"] for a in result["adding"]] == ["Marisa", "Sanae"]
    table.press("To the heroes", "Add Marisa")
    result = table.answer()[0]
    marisa = who(result["state"], "marisa")
    assert marisa["kind"] == "character" and marisa["name"] == "Marisa"
    assert table.inputs["new_character"] == "" and table.inputs["new_link"] == ""


def test_a_broken_quick_foe_or_link_is_refused_on_its_own_field():
    for field, value in (("new_link", "not a link"), ("new_hp", "0")):
        extra = {"new_name": "Bat"} if field == "new_hp" else {}
        try:
            WR_BATTLE.run({"combatants": EXAMPLE_COMBATANTS, field: value, **extra})
        except CalculatorError as exc:
            assert exc.as_json()["errors"][0]["field"] == field
        else:
            raise AssertionError(field)


TOOLS = st.one_of(st.text(max_size=70), st.builds(
    lambda kind, a, b: f"{kind}:{a}:{b}", st.sampled_from(["move", "adjust", "x"]),
    st.one_of(st.integers(), st.text(max_size=8), st.sampled_from(["reimu", "wolf"])),
    st.one_of(st.integers(), st.text(max_size=8))))


@settings(max_examples=40, deadline=None)
@given(seat=st.text(max_size=50), name=st.text(max_size=70), tool=TOOLS)
def test_any_seat_quick_name_or_tool_gives_an_escaped_answer_or_a_field_error(seat, name, tool):
    for inputs in ({"seat": seat, "events": [{"type": "start", "seed": 1}]},
                   {"seat": seat, "tool": tool, "events": [{"type": "start", "seed": 1}]},
                   {"seat": "reimu", "tool": tool, "events": [{"type": "start", "seed": 1}]},
                   {"new_name": name}):
        try:
            result = WR_BATTLE.run({"combatants": EXAMPLE_COMBATANTS, **inputs})
        except CalculatorError as exc:
            assert {e["field"] for e in exc.as_json()["errors"]} <= set(inputs)
            continue
        page = WR_BATTLE.render(result)
        shown = name.strip() if "new_name" in inputs else ""
        if shown:
            assert f"Add {html.escape(shown)}:" in page
        assert page.count("<button") == page.count("</button>")


def test_the_game_master_sets_numbers_adds_a_status_and_skips_a_turn_two_taps_each():
    table = Table(combatants=[foe("aya", speed=9, hp=50), foe("bob", speed=2, x=5)])
    table.press("Start the battle")
    table.press("Adjust Aya")
    assert who(table.press("−10", "Aya's HP")["state"], "aya")["hp"] == 40
    assert who(table.press("+1", "Aya's Column")["state"], "aya")["x"] == 1
    assert who(table.press("−10", "Aya's Spell power")["state"], "aya")["spell_power"] == \
        50 + 12 - 10
    stunned = table.press("Add stun", "Aya's statuses")["state"]
    assert [s["id"] for s in who(stunned, "aya")["statuses"]] == ["stun"]
    assert ("Aya's statuses", "Remove stun") in table.labels()
    # HP never stepped past her max: at 40 of 50 the +10 sets 50 and no +10 is offered after
    assert who(table.press("+10", "Aya's HP")["state"], "aya")["hp"] == 50
    assert ("Aya's HP", "+10") not in table.labels()
    result = table.press("Skip the turn", "Aya's turn")
    assert result["state"]["turn"] == "bob"
    events = json.loads(table.inputs["events"])
    assert [e["type"] for e in events[1:]] == ["gm-set"] * 3 + ["gm-status", "gm-set",
                                                                 "gm-skip-turn"]
    assert table.inputs["tool"] == ""  # skipping the turn closes the adjustments


def test_a_player_rolls_a_check_from_her_view_and_sees_it_beside_her_buttons():
    table = Table(combatants=[foe("aya", speed=9, ins=9), foe("bob", speed=2)])
    table.press("Start the battle")
    table.press("Play as Aya")  # the game master hands her the device
    table.press("End the turn")  # her roll is not tied to her turn
    result = table.press("Insight", "Aya rolls")
    last = who(result["state"], "aya")["last_roll"]
    assert last["text"].startswith("Aya rolls insight: 3d6")
    page = html.unescape(table.answer()[1])
    assert f'data-roll-entry="{last["text"]}"' in page
    assert page.index("Aya rolls") < page.index(last["text"]) < page.index("Latest")


def test_the_move_pad_steps_a_destination_within_her_speed_and_moves_her_there():
    table = Table(combatants=[foe("aya", speed=2), foe("bob", speed=1, x=9)])
    table.press("Start the battle")
    table.press("Play as Aya")  # the game master hands her the device
    table.press("Move…")
    table.press("Right")
    table.press("Down-right")
    assert ("Move pad", "Right") not in table.labels()  # a third step passes her speed 2
    assert ("Move pad", "Down") in table.labels()  # (2, 2) is still 2 spaces away
    result = table.press("Move here")
    aya = who(result["state"], "aya")
    assert (aya["x"], aya["y"], aya["actions"]) == (2, 1, 1)
    assert table.inputs["tool"] == ""


def test_dropped_power_is_collected_by_tapping_the_distance_measured():
    cs = [foe("aya", speed=9), foe("bob", speed=2, x=7)]
    table = Table(combatants=cs, events=json.dumps([
        {"type": "start", "seed": 1},
        {"type": "gm-set", "combatant": "bob", "field": "spell_power", "value": 100, "seed": 1},
        {"type": "gm-set", "combatant": "bob", "field": "hp", "value": -1, "seed": 1},
        {"type": "end-turn", "seed": 2}]))
    before = who(table.answer()[0]["state"], "aya")["spell_power"]
    labels = [label for g, label in table.labels() if g == "Collect Bob's spell power"]
    assert labels == ["0 spaces: 100", "1 space: 75", "2 spaces: 50", "3 spaces: 25"]
    after = table.press("2 spaces: 50", "Collect Bob's spell power")
    assert who(after["state"], "aya")["spell_power"] == before + 50


def test_a_shrine_maiden_heals_an_ally_with_her_ability_in_one_tap():
    rei = {"id": "rei", "side": "heroes", "kind": "character",
           "character": {"name": "Rei", "profession": "shrine-maiden"}}
    table = Table(combatants=[rei, foe("bob", speed=0, hp=80)], events=json.dumps([
        {"type": "start", "seed": 1},
        {"type": "gm-set", "combatant": "bob", "field": "hp", "value": 30, "seed": 1}]))
    group = "Ability: Shrine Maiden's level-1 ability"
    result = table.press("On Bob", group)
    faces = [d["faces"] for line in result["state"]["log"] for d in line["dice"]
             if "healing" in d["label"]][0]
    assert who(result["state"], "bob")["hp"] == 30 + sum(faces)


def test_a_card_of_two_targets_is_cast_at_two_foes_in_one_tap():
    twin = {"name": "Twin shot", "type": "attack", "targets": 2, "attack": {"dice": 2}}
    deck_ = {"caster": {"element": "fire", "shot_type": "magic-missile",
                        "profession": "carefree-soul"}, "cards": [{"card": twin, "copies": 1}]}
    cs = [foe("aya", side="heroes", speed=9, deck=deck_, hand=[0], spell_power=300),
          foe("bob", speed=5, x=1), foe("cat", speed=4, x=2), foe("dan", speed=3, x=3)]
    table = Table(combatants=cs)
    table.press("Start the battle")
    table.press("Play as Aya")  # the game master hands her the device
    result = table.press("Cast at Bob and Cat", "Card 1: Twin shot")
    struck = [line["text"] for line in result["state"]["log"] if "strikes at" in line["text"]]
    assert [t.split("strikes at ")[1].split(":")[0] for t in struck] == ["Bob", "Cat"]


def test_an_always_on_ability_has_no_button_and_a_manipulation_has_use():
    light = {"id": "luna", "side": "heroes", "kind": "character",
             "character": {"name": "Luna", "ability_1": "manipulation:wind",
                           "ability_2": "ley-lines", "race": "pony", "element": "wind"}}
    table = Table(combatants=[light, foe("bob", speed=0)])
    table.press("Start the battle")
    table.press("Play as Luna")  # the game master hands her the device
    groups = {g for g, _ in table.labels()}
    assert "Ability: Manipulation of Wind" in groups and "Ability: Ley Lines" not in groups
    result = table.press("Use", "Ability: Manipulation of Wind")
    assert who(result["state"], "luna")["actions"] == 1
    assert any(line["text"].startswith("Luna uses Manipulation of Wind")
               for line in result["state"]["log"])
