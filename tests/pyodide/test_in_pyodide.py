"""The package inside Pyodide (Node running the npm package) answers exactly as CPython does.

Every registered calculator is run on its defaults and on inputs at the edges of its declared
ranges; the raw results, the errors and the rendered HTML must be identical, which is what
lets the site pre-render with CPython and then update with Pyodide.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from build_scripts import runtime
from calculators import CALCULATORS, CalculatorError, run
from calculators.params import INT
from calculators.web import render

HERE = Path(__file__).parent
pytestmark = pytest.mark.pyodide


def cases() -> list[dict]:
    out = [{"name": "no-such-calculator", "params": {}},
           {"name": "wr-check", "params": {"dice": "x<b>"}}]
    for name, calc in sorted(CALCULATORS.items()):
        base = calc.defaults()
        out.append({"name": name, "params": base})
        for p in calc.params:
            if p.kind == INT and p.minimum is not None:
                out.append({"name": name, "params": {**base, p.name: p.minimum}})
                out.append({"name": name, "params": {**base, p.name: p.minimum - 1}})
    return out


def cpython_answer(case: dict) -> dict:
    try:
        result = run(case["name"], case["params"])
    except CalculatorError as exc:
        result = exc.as_json()
    return {"result": json.loads(json.dumps(result)),
            "rendered": render(case["name"], case["params"])}


@pytest.fixture(scope="module")
def pyodide_answers():
    node = shutil.which("node")
    assert node, "node is required for the Pyodide tests"
    wheel = runtime.build_wheel(runtime.source_digest())
    the_cases = cases()
    proc = subprocess.run([node, str(HERE / "run_cases.mjs"), str(wheel)],
                          input=json.dumps(the_cases), capture_output=True, text=True,
                          cwd=runtime.ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return the_cases, json.loads(proc.stdout)


def test_runs_in_the_browsers_python(pyodide_answers):
    _, answers = pyodide_answers
    assert answers[0]["platform"] == "emscripten"
    assert answers[0]["python"].startswith("3.1")


def test_every_case_matches_cpython_result_errors_and_html(pyodide_answers):
    the_cases, answers = pyodide_answers
    assert len(answers) == len(the_cases)
    mismatches = []
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        if got["result"] != expected["result"] or got["rendered"] != expected["rendered"]:
            mismatches.append(case)
    assert not mismatches, f"Pyodide differs from CPython on: {mismatches[:5]}"


def test_an_unknown_calculator_and_markup_in_a_field_are_plain_errors(pyodide_answers):
    _, answers = pyodide_answers
    assert answers[0]["rendered"]["errors"][0]["field"] == "calculator"
    bad = answers[1]["rendered"]["errors"][0]
    assert bad["field"] == "dice" and "x<b>" in bad["message"]
