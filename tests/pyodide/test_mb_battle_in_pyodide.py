"""``mb-battle`` inside Pyodide answers as CPython does: a long battle replayed (three girls
against a spread-3 monster and two minions), one more event on it, an illegal event refused,
and the page's example. Every die comes from ``random.Random(seed)``, which must give the same
sequence on both, since a battle's log is replayed wherever it is opened."""

from __future__ import annotations

import pytest

from build_scripts.mb_battle_sample import sample_battle
from calculators.magical_burst.battle import MB_BATTLE
from test_in_pyodide import cpython_answer, plain_boot

pytestmark = pytest.mark.pyodide


def cases() -> list[dict]:
    battle = sample_battle(200)
    opened = {**battle, "events": battle["events"][:-1]}
    return [  # the third pushes on the state the second left (the worker keeps it)
        {"name": "mb-battle", "params": battle},
        {"name": "mb-battle", "params": opened},
        {"name": "mb-battle", "params": {**opened, "event": battle["events"][-1]}},
        {"name": "mb-battle", "params": {**battle, "event": {"type": "rise", "seed": 1}}},
        {"name": "mb-battle", "params": MB_BATTLE.example},
    ]


def test_pyodide_replays_magical_burst_battles_exactly_as_cpython():
    the_cases, answers = plain_boot()["mb-battle"]
    assert len(answers[0]["result"]["state"]["log"]) > 200
    assert "errors" in answers[3]["result"]
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case["params"].get("event")
        assert got["rendered"] == expected["rendered"]
