"""``pmm-battle`` inside Pyodide answers as CPython does: a long battle replayed (initiative
cards, Blitz draws, several actions, assists, contests, wounds), one more event on it, an
illegal event refused, a saved character in a battle, and the table's views of it (a player's
seat with the next action's attributes tapped, combatants to add). Every card comes from
``random.Random(seed).shuffle`` and every die from its ``randint``, which must give the same
sequence on both, since a battle's log is replayed wherever it is opened."""

from __future__ import annotations

import random

import pytest

from calculators.post_magic_maid.battle import PMM_BATTLE, RULES
from calculators.post_magic_maid.character import EXAMPLE
from test_in_pyodide import cpython_answer, plain_boot

pytestmark = pytest.mark.pyodide

TABLE = [{"id": "aoi", "side": "heroes", "kind": "character", "character": EXAMPLE},
         {"id": "mei", "side": "heroes", "die_int": "d20", "bonus_int": 2},
         {"id": "thug", "side": "foes", "die_str": "d12", "bonus_str": 1},
         {"id": "boss", "side": "foes", "die_cha": "d20", "blitz": 5}]


def _next_event(rng: random.Random, legal: list[dict]) -> dict:
    """A legal event of the table's, its options drawn from ``rng``."""
    playing = [e for e in legal if e["type"] not in ("end-battle", "end-turn")]
    pick = rng.choice(playing) if playing and rng.random() < 0.7 else \
        next(e for e in legal if e["type"] in ("end-turn", "joker-order"))
    seed = rng.randrange(2**31)
    kind = pick["type"]
    if kind == "joker-order":
        first, last = rng.sample(pick["choices"], 2)
        return {"type": kind, "first": first, "last": last}
    if kind == "plan":
        return {"type": kind, "actions": rng.randint(1, 3)}
    if kind == "give-ace":
        return {"type": kind, "target": rng.choice(pick["targets"])}
    if kind == "act":
        event = {"type": kind, "check": rng.choice(["str-dex", "int-wll", "cha-lck"]),
                 "seed": seed, "d8s": 0 if pick["automatic"] else pick["d8s"]}
        if rng.random() < 0.5:
            event.update(target=rng.choice(pick["targets"]),
                         track=rng.choice(["blunt", "rending"]))
        if pick["against"] and rng.random() < 0.2:
            event.update(against=rng.choice(pick["against"]), against_check="str-dex")
        helpers = [h for h in pick["helpers"] if h not in (event.get("target"),
                                                           event.get("against"))]
        if helpers and rng.random() < 0.2:
            event.update(helper=rng.choice(helpers), helper_check="int-dex")
        return event
    return {"type": kind, "seed": seed} if RULES.events[kind].rolls else {"type": kind}


def sample_battle(events: int, seed: int = 27) -> dict:
    """A battle file of ``events`` legal events played on CPython."""
    rng = random.Random(seed)
    battle = {"combatants": TABLE, "events": [{"type": "start", "acts": "mei", "seed": 5}]}
    while len(battle["events"]) < events:
        state = PMM_BATTLE.run(battle)["state"]
        battle = PMM_BATTLE.run({**battle, "event": _next_event(rng, state["legal"])})["battle"]
    return battle


def cases() -> list[dict]:
    battle = sample_battle(120)
    opened = {**battle, "events": battle["events"][:-1]}
    return [  # the third pushes on the state the second left (the worker keeps it)
        {"name": "pmm-battle", "params": battle},
        {"name": "pmm-battle", "params": opened},
        {"name": "pmm-battle", "params": {**opened, "event": battle["events"][-1]}},
        {"name": "pmm-battle", "params": {**battle, "event": {"type": "give-ace",
                                                              "target": "nobody"}}},
        {"name": "pmm-battle", "params": {**battle, "seat": "aoi", "act_attrs": "str-dex"}},
        {"name": "pmm-battle", "params": {"combatants": TABLE[:2], "new_character": EXAMPLE,
                                          "new_name": "Rat", "new_die_str": "d20"}},
    ]


def test_pyodide_replays_pmm_battles_exactly_as_cpython():
    the_cases, answers = plain_boot()["pmm-battle"]
    assert len(answers[0]["result"]["state"]["log"]) > 120
    assert "errors" in answers[3]["result"]
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case["params"].get("event")
        assert got["rendered"] == expected["rendered"]
