"""``pmm-character`` inside Pyodide answers as CPython does: characters built, rules broken,
and rolls, whose dice must be the same for a seed on both (``random.Random``), since the
static page is rendered by CPython and every later answer by Pyodide."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from build_scripts import runtime
from calculators.post_magic_maid.character import CHECKS, EXAMPLE
from test_in_pyodide import cpython_answer

HERE = Path(__file__).parent
pytestmark = pytest.mark.pyodide


def cases() -> list[dict]:
    """The example, rules broken, and a roll of every check with and without an ability."""
    name = "pmm-character"
    out = [{"name": name, "params": EXAMPLE},
           {"name": name, "params": {**EXAMPLE, "plus_3": "wll", "adv_lck": 2}},
           {"name": name, "params": {**EXAMPLE, "blunt_slight": 4, "rending_mortal": 1}}]
    for n, (check, _) in enumerate(CHECKS):
        out.append({"name": name, "params": {**EXAMPLE, "roll": check, "seed": 1000 + 7919 * n}})
        out.append({"name": name, "params": {**EXAMPLE, "roll": check, "seed": 2**31 - 1 - n,
                                             "ability": "ab1"}})
    return out


def test_pyodide_builds_and_rolls_characters_exactly_as_cpython():
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
    rolls = [a["result"]["roll"] for a in answers if "roll" in a["result"] and a["result"]["roll"]]
    assert len(rolls) == 2 * len(CHECKS)
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case
        assert got["rendered"] == expected["rendered"], case
