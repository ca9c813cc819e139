"""``wr-battle`` inside Pyodide answers as CPython does: a long battle replayed, one more
event on it, an illegal event refused, and saved characters with their decks in a battle.
Every die comes from ``random.Random(seed)`` and every shuffle from its ``shuffle``, which must
give the same sequence on both, since a battle's log is replayed wherever it is opened."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from build_scripts import runtime
from build_scripts.battle_sample import sample_battle
from calculators.western_roses.character import EXAMPLE
from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK
from test_in_pyodide import cpython_answer

HERE = Path(__file__).parent
pytestmark = pytest.mark.pyodide


def cases() -> list[dict]:
    battle = sample_battle(300)
    maiden = {**EXAMPLE, "profession": "shrine-maiden", "shot_type": "homing-amulets",
              "element": "water", "goddess_element": "light", "deck": EXAMPLE_DECK["cards"]}
    heroes = [{"id": "akane", "side": "heroes", "kind": "character", "character": maiden},
              {"id": "wolf", "side": "foes", "deck": EXAMPLE_DECK, "x": 2}]
    return [
        {"name": "wr-battle", "params": battle},
        {"name": "wr-battle", "params": {**battle, "events": battle["events"][:-1],
                                         "event": battle["events"][-1]}},
        {"name": "wr-battle", "params": {**battle, "event": {"type": "concentrate"}}},
        {"name": "wr-battle", "params": {"combatants": heroes, "events": [
            {"type": "start", "seed": 2**31 - 1}, {"type": "concentrate"},
            {"type": "attack", "target": "wolf", "seed": 77}]}},
    ]


def test_pyodide_replays_battles_exactly_as_cpython():
    node = shutil.which("node")
    assert node, "node is required for the Pyodide tests"
    build_id = runtime.source_digest()
    wheel = runtime.build_wheel(build_id)
    the_cases = cases()
    proc = subprocess.run([node, str(HERE / "run_cases.mjs"), str(wheel),
                           str(runtime.stdlib_zip(build_id))],
                          input=json.dumps(the_cases), capture_output=True, text=True,
                          cwd=runtime.ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    answers = json.loads(proc.stdout)
    assert answers[0]["platform"] == "emscripten" and len(answers) == len(the_cases)
    assert len(answers[0]["result"]["state"]["log"]) > 300
    assert "errors" in answers[2]["result"]
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case["params"].get("event")
        assert got["rendered"] == expected["rendered"]
