"""``wr-battle`` inside Pyodide answers as CPython does: a long battle replayed, one more
event on it, an illegal event refused, saved characters with their decks in a battle, and the
table's views of it (a player's seat, combatants to add).
Every die comes from ``random.Random(seed)`` and every shuffle from its ``shuffle``, which must
give the same sequence on both, since a battle's log is replayed wherever it is opened."""

from __future__ import annotations

import pytest

from build_scripts.battle_sample import sample_battle
from calculators.western_roses.character import EXAMPLE
from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK
from test_in_pyodide import cpython_answer, plain_boot

pytestmark = pytest.mark.pyodide


def cases() -> list[dict]:
    battle = sample_battle(300)
    maiden = {**EXAMPLE, "profession": "shrine-maiden", "shot_type": "homing-amulets",
              "element": "water", "goddess_element": "light", "deck": EXAMPLE_DECK["cards"]}
    heroes = [{"id": "akane", "side": "heroes", "kind": "character", "character": maiden},
              {"id": "wolf", "side": "foes", "deck": EXAMPLE_DECK, "x": 2}]
    opened = {**battle, "events": battle["events"][:-1]}
    healer = [{**heroes[0], "hand": [3, 0], "spell_power": 400}, {**heroes[1], "x": 1, "speed": 0}]
    return [  # the third pushes on the state the second left (the worker keeps it)
        {"name": "wr-battle", "params": battle},
        {"name": "wr-battle", "params": opened},
        {"name": "wr-battle", "params": {**opened, "event": battle["events"][-1]}},
        {"name": "wr-battle", "params": {**battle, "event": {"type": "concentrate"}}},
        {"name": "wr-battle", "params": {"combatants": heroes, "events": [
            {"type": "start", "seed": 2**31 - 1}, {"type": "concentrate"},
            {"type": "attack", "target": "wolf", "seed": 77}]}},
        # the table's views: a player's seat, and a saved character and a foe to add
        {"name": "wr-battle", "params": {"combatants": heroes, "seat": "akane", "events": [
            {"type": "start", "seed": 5}]}},
        {"name": "wr-battle", "params": {"combatants": heroes, "new_character": maiden,
                                         "new_name": "Bat", "new_hp": 20}},
        # healing, Recover and an AOE card from her hand, her ability, a roll, and the game
        # master's adjustments and the move pad open
        {"name": "wr-battle", "params": {"combatants": healer, "tool": "adjust:wolf", "events": [
            {"type": "start", "seed": 9}, {"type": "roll", "combatant": "wolf", "check": "will",
                                           "target": 12, "seed": 10},
            {"type": "ability", "ability": "profession:shrine-maiden", "target": "wolf",
             "seed": 11}, {"type": "cast", "card": 3, "target": "wolf", "seed": 12},
            {"type": "end-turn", "seed": 13}, {"type": "end-turn", "seed": 14},
            {"type": "cast", "card": 0, "target": "wolf", "seed": 15}]}},
        {"name": "wr-battle", "params": {"combatants": healer, "seat": "akane",
                                         "tool": "move:1:1",
                                         "events": [{"type": "start", "seed": 9}]}},
    ]


def test_pyodide_replays_battles_exactly_as_cpython():
    the_cases, answers = plain_boot()["wr-battle"]
    assert len(answers[0]["result"]["state"]["log"]) > 300
    assert "errors" in answers[3]["result"]
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case["params"].get("event")
        assert got["rendered"] == expected["rendered"]
