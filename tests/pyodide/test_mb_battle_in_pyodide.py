"""``mb-battle`` inside Pyodide answers as CPython does: a long battle replayed (three girls
against a spread-3 monster and two minions), one more event on it, an illegal event refused,
the page's example, and a battle on the hex grid (rough terrain, a mine, a Gravity Wave's pull
and attack, reckless movement). Every die comes from ``random.Random(seed)``, which must give the same
sequence on both, since a battle's log is replayed wherever it is opened."""

from __future__ import annotations

import pytest

from build_scripts.mb_battle_sample import sample_battle
from calculators.magical_burst.fight.calculator import EXAMPLE_GIRL, MB_BATTLE
from test_in_pyodide import cpython_answer, plain_boot

pytestmark = pytest.mark.pyodide


def grid_battle() -> dict:
    """A girl and a monster on the hex grid: the monster (first, seed 2) lays a mine and pulls
    her with a Gravity Wave onto rough terrain, which she tries to leave recklessly."""
    girl = {"id": "akane", "side": "girls", "kind": "girl", "character": EXAMPLE_GIRL,
            "q": 0, "r": 0}
    mother = {"id": "mother", "side": "monsters", "kind": "monster", "name": "Mother",
              "spread": 2, "level": "row-14", "talents": ["gravity-wave", "mines"],
              "q": 3, "r": 0}
    return {"combatants": [girl, mother], "events": [
        {"type": "gm-terrain", "q": 1, "r": 0, "feature": "rough"},
        {"type": "start", "seed": 2}, {"type": "lay-mine"},
        {"type": "gravity-wave", "seed": 5}, {"type": "end-turn", "seed": 2},
        {"type": "reckless", "q": 2, "r": 0, "seed": 3},
        {"type": "attack", "target": "mother", "range": "ranged", "seed": 4}]}


#: The talents the battle plays: an ambush attack while possessing Ren, going first, Mind
#: Leech, and Overcharge Radiation rolled at the end.
TALENTS = {
    "combatants": [
        {"id": "ann", "side": "girls", "kind": "girl", "character": {
            "name": "Ann", "bond_1_name": "Her brother Ren", "bond_1": 3}},
        {"id": "ren", "side": "girls", "kind": "human", "name": "Ren"},
        {"id": "b", "side": "monsters", "kind": "monster", "name": "B", "spread": 3,
         "level": "row-18", "talents": ["ambush-tactics", "lost-possession", "mind-leech",
                                        "overcharge-radiation"]}],
    "events": [
        {"type": "start", "seed": 1}, {"type": "possess", "host": "ren"},
        {"type": "attack", "target": "ann", "seed": 2},
        {"type": "end-ambush", "first": True, "seed": 3},
        {"type": "mind-leech", "target": "ann", "bond": 1, "belief": "Ren lies", "seed": 4},
        {"type": "end-battle", "seed": 5}]}


def line_battle() -> dict:
    """A Striker's Blast Strike east along the grid (the engine finds the foes on the line, not
    her friend between them), then, on a monster's turn, a ranged attack that the friend on
    its line intercepts."""
    ann = {"id": "ann", "side": "girls", "kind": "girl", "q": 0, "r": 0,
           "character": {"name": "Ann", "affinity": "striker", "talent_2": "blast-strike"}}
    bea = {"id": "bea", "side": "girls", "kind": "girl", "character": {"name": "Bea"},
           "q": 2, "r": 0}
    foes = [{"id": cid, "side": "monsters", "kind": "monster", "name": cid.title(),
             "spread": 2, "level": "row-14", "q": q, "r": 0} for cid, q in (("b", 1), ("c", 3))]
    people = [ann, bea, *foes]
    seed = next(s for s in range(1, 500) if MB_BATTLE.run(
        {"combatants": people, "events": [{"type": "start", "seed": s}]})["state"]["turn"] == "ann")
    return {"combatants": people, "events": [
        {"type": "start", "seed": seed}, {"type": "gm-order", "order": ["ann", "c", "bea", "b"]},
        {"type": "line-attack", "ability": "blast-strike", "range": "ranged",
         "direction": "East", "seed": 6}, {"type": "end-turn", "seed": 7},
        {"type": "attack", "target": "ann", "range": "ranged", "interceptor": "bea",
         "seed": 8}]}


def cases() -> list[dict]:
    battle = sample_battle(200)
    opened = {**battle, "events": battle["events"][:-1]}
    return [  # the third pushes on the state the second left (the worker keeps it)
        {"name": "mb-battle", "params": battle},
        {"name": "mb-battle", "params": opened},
        {"name": "mb-battle", "params": {**opened, "event": battle["events"][-1]}},
        {"name": "mb-battle", "params": {**battle, "event": {"type": "rise", "seed": 1}}},
        {"name": "mb-battle", "params": MB_BATTLE.example},
        {"name": "mb-battle", "params": grid_battle()},
        {"name": "mb-battle", "params": TALENTS},
        {"name": "mb-battle", "params": line_battle()},
    ]


def test_pyodide_replays_magical_burst_battles_exactly_as_cpython():
    the_cases, answers = plain_boot()["mb-battle"]
    assert len(answers[0]["result"]["state"]["log"]) > 200
    assert "errors" in answers[3]["result"]
    assert any(line["text"].startswith("Akane Hoshino is pulled to (1, 0)")
               for line in answers[5]["result"]["state"]["log"])
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case["params"].get("event")
        assert got["rendered"] == expected["rendered"]
