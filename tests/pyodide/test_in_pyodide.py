"""The package inside Pyodide (Node running the npm package) answers exactly as CPython does.

Every registered calculator is run on its defaults and on inputs at the edges of its declared
ranges; the raw results, the errors and the rendered HTML must be identical, which is what
lets the site pre-render with CPython and then update with Pyodide. Both of the browser's
boots are run: the plain one, and the restore from the memory snapshot the build makes.
"""

from __future__ import annotations

import functools
import gzip
import json
import pkgutil
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import calculators
from build_scripts import runtime, stdlib
from calculators import CALCULATORS, CalculatorError, run
from calculators.params import INT
from calculators.registry import LOCATIONS
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
    return out + character_cases() + hostile_cases()


def hostile_cases() -> list[dict]:
    """What a game night typed: a JSON card nested 10,000 deep (its
    depth is measured without recursion, so Pyodide's smaller stack is never at stake), and
    lone surrogates in a character's name and an ability's name."""
    return [{"name": "spellcard", "params": {"card": "[" * 10_000 + "]" * 10_000}},
            {"name": "wr-character", "params": {"name": "\ud800"}},
            {"name": "pmm-character", "params": {"ab1_kind": "rolled", "ab1_name": "Aoi\udcff"}}]


def character_cases() -> list[dict]:
    """A character's rolls (the seeded dice must be the same in both Pythons), her deck
    priced for her, and broken rules gathered on their controls."""
    from calculators.western_roses.character import EXAMPLE
    from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK

    maiden = {**EXAMPLE, "profession": "shrine-maiden", "shot_type": "homing-amulets",
              "element": "water", "goddess_element": "light", "deck": EXAMPLE_DECK["cards"]}
    return [{"name": "wr-character", "params": {**EXAMPLE, "roll": roll, "seed": seed}}
            for roll, seed in (("pwr", 1), ("graze", 2**31 - 1), ("stealth", 99))] + [
        {"name": "wr-character", "params": maiden},
        {"name": "wr-character", "params": {**EXAMPLE, "bonus_pwr": 9, "skill_will": 8,
                                            "ability_1": "manipulation:water"}}] + mb_girl_rolls()


def mb_girl_rolls() -> list[dict]:
    """Rolls from a Magical Burst sheet: exploding and plain, with Boosts, and with the
    overcharge already added."""
    girl = CALCULATORS["mb-character"].defaults()
    return [{"name": "mb-character", "params": {**girl, "roll": stat, "seed": seed, **extra}}
            for stat, seed, extra in (("fury", 7, {}), ("insight", 2**31 - 1, {}),
                                      ("heart", 99, {"boosts": 2}),
                                      ("judgment", 19, {"roll_added": True,
                                                        "overcharge_judgment": 3}))]


def cpython_answer(case: dict) -> dict:
    try:
        result = run(case["name"], case["params"])
    except CalculatorError as exc:
        result = exc.as_json()
    return {"result": json.loads(json.dumps(result)),
            "rendered": render(case["name"], case["params"])}


def answers_in_pyodide(the_cases: list[dict], snapshot: bool = False) -> list[dict]:
    """Pyodide's answers to ``the_cases`` (run_cases.mjs under Node, on the build's wheel and
    shipped standard library; restored from the build's memory snapshot if ``snapshot``)."""
    node = shutil.which("node")
    assert node, "node is required for the Pyodide tests"
    build_id = runtime.source_digest()
    wheel = runtime.compiled_wheel(build_id)  # the wheel the site ships: bytecode, no source
    boot = [str(runtime.make_snapshot(build_id, wheel))] if snapshot else []
    proc = subprocess.run([node, str(HERE / "run_cases.mjs"), str(wheel),
                           str(runtime.stdlib_zip(build_id)), *boot],
                          input=json.dumps(the_cases), capture_output=True, text=True,
                          cwd=runtime.ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    answers = json.loads(proc.stdout)
    assert answers[0]["platform"] == "emscripten" and len(answers) == len(the_cases)
    return answers


def every_file_s_cases() -> dict[str, list[dict]]:
    """The cases of each Pyodide test file that runs on the plain boot, this file's first (its
    first answer reports what was imported before any call). Each file's cases stay together
    and in order: the battle tracker's build on the state the case before left."""
    from test_mb_battle_in_pyodide import cases as mb_battle_cases
    from test_pmm_battle_in_pyodide import cases as pmm_battle_cases
    from test_pmm_character_in_pyodide import cases as pmm_character_cases
    from test_wr_battle_in_pyodide import cases as wr_battle_cases

    return {"calculators": cases(), "pmm-character": pmm_character_cases(),
            "wr-battle": wr_battle_cases(), "mb-battle": mb_battle_cases(),
            "pmm-battle": pmm_battle_cases()}


@functools.cache
def plain_boot() -> dict[str, tuple[list[dict], list[dict]]]:
    """Each file's cases and Pyodide's answers to them, from one plain boot for them all
    rather than one per file: a boot costs more than every case it answers."""
    groups = every_file_s_cases()
    answers = answers_in_pyodide([case for group in groups.values() for case in group])
    out, start = {}, 0
    for name, group in groups.items():
        out[name] = group, answers[start:start + len(group)]
        start += len(group)
    return out


@pytest.fixture(scope="module", params=["plain", "snapshot"])
def pyodide_answers(request):
    if request.param == "plain":
        return *plain_boot()["calculators"], "plain"
    the_cases = cases()
    return the_cases, answers_in_pyodide(the_cases, snapshot=True), "snapshot"


def test_runs_in_the_browsers_python(pyodide_answers):
    _, answers, _ = pyodide_answers
    assert answers[0]["platform"] == "emscripten"
    assert answers[0]["python"].startswith("3.1")


def test_every_case_matches_cpython_result_errors_and_html(pyodide_answers):
    the_cases, answers, _ = pyodide_answers
    assert len(answers) == len(the_cases)
    mismatches = []
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        if got["result"] != expected["result"] or got["rendered"] != expected["rendered"]:
            mismatches.append(case)
    assert not mismatches, f"Pyodide differs from CPython on: {mismatches[:5]}"


def test_deep_nesting_and_lone_surrogates_are_field_errors_in_pyodide_too(pyodide_answers):
    the_cases, answers, _ = pyodide_answers
    fields = [answers[the_cases.index(case)]["rendered"]["errors"][0]["field"]
              for case in hostile_cases()]
    assert fields == ["card", "name", "ab1_name"]


def test_an_unknown_calculator_and_markup_in_a_field_are_plain_errors(pyodide_answers):
    _, answers, _ = pyodide_answers
    assert answers[0]["rendered"]["errors"][0]["field"] == "calculator"
    bad = answers[1]["rendered"]["errors"][0]
    assert bad["field"] == "dice" and "x<b>" in bad["message"]


def test_the_builds_snapshot_names_its_build_and_imports_every_calculator():
    build_id = runtime.source_digest()
    snapshot = runtime.make_snapshot(build_id, runtime.compiled_wheel(build_id))
    header, payload = runtime.read_snapshot(snapshot.read_bytes())
    assert header["build"] == build_id and header["pyodide"] == runtime.pyodide_version()
    assert sorted(header["calculators"]) == sorted(CALCULATORS)
    assert payload[:2] == b"\x1f\x8b"  # gzip, for the browser's DecompressionStream
    assert len(gzip.decompress(payload)) == header["raw_bytes"]


def test_a_restored_snapshot_has_every_module_imported_before_any_call(pyodide_answers):
    """Every module of the package, not only the calculators': the worker answers from a
    restored snapshot before it unpacks the package's files, so nothing may be left to import
    (run_cases.mjs answers every case with no file of the package there)."""
    _, answers, boot = pyodide_answers
    imported = set(answers[0]["imported_before"])
    calculators_ = {"calculators." + where.split(":")[0] for where in LOCATIONS.values()}
    modules = {module.name for module in pkgutil.walk_packages(calculators.__path__,
                                                               "calculators.")}
    if boot == "snapshot":
        assert calculators_ <= modules
        assert modules - {"calculators.__main__"} <= imported, modules - imported
    else:
        assert not imported
        # A plain boot imports the package from its wheel, not unpacked (calc-worker.js).
        assert ".whl/calculators/" in answers[0]["package_from"]


def test_every_class_of_the_package_finds_its_methods_compiled_in_the_wheel(pyodide_answers):
    """``dataclasses`` compiles none of the package's methods in the browser's Python, on either
    boot (calculators/prebuilt_methods.py): a plain boot makes every class the cases import
    from the wheel's compiled methods, and the snapshot was taken from a Python that did."""
    _, answers, _ = pyodide_answers
    counts = answers[0]["prebuilt_methods"]
    assert counts["misses"] == 0
    assert counts["hits"] > 50


def test_the_shipped_wheel_holds_each_module_as_pyodides_bytecode_in_place_of_its_source():
    """So a worker imports the package without compiling it (build_scripts/runtime.py's
    ``compiled_wheel``): one .pyc where each .py was, written by Pyodide's Python (the magic
    number of the standard library's compiled modules), and every other file as it was."""
    build_id = runtime.source_digest()
    with zipfile.ZipFile(runtime.build_wheel(build_id)) as source, \
            zipfile.ZipFile(runtime.compiled_wheel(build_id)) as shipped, \
            zipfile.ZipFile(runtime.stdlib_zip(build_id)) as stdlib:
        magic = stdlib.read("typing.pyc")[:4]
        modules = [n for n in source.namelist() if n.endswith(".py")]
        others = [n for n in source.namelist() if not n.endswith((".py", "RECORD"))]
        assert len(modules) > 100
        assert not [n for n in shipped.namelist() if n.endswith(".py")]
        assert all(shipped.read(n + "c")[:4] == magic for n in modules)
        assert all(shipped.read(n) == source.read(n) for n in others)
        record = shipped.read(next(n for n in shipped.namelist() if n.endswith("RECORD")))
        assert all(f"{n}c,sha256=".encode() in record for n in modules)


@pytest.fixture(scope="module")
def shipped_stdlib():
    """What check_stdlib.mjs reports of the standard library this build ships."""
    build_id = runtime.source_digest()
    proc = subprocess.run([shutil.which("node"), str(HERE / "check_stdlib.mjs"),
                           str(runtime.stdlib_zip(build_id)),
                           str(runtime.PYODIDE_NPM / runtime.STDLIB),
                           str(runtime.build_wheel(build_id)),
                           str(runtime.stdlib_rest_zip(build_id))],
                          capture_output=True, text=True, cwd=runtime.ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_the_two_zips_hold_every_module_of_the_trimmed_standard_library_once(shipped_stdlib):
    """What Python imports to answer ships in the first zip and the rest in the second
    (build_scripts/stdlib.py): with both on sys.path every top-level module or package of
    Pyodide's standard library that the build keeps is found, and none is in both."""
    with zipfile.ZipFile(runtime.PYODIDE_NPM / runtime.STDLIB) as upstream:
        kept = {n.split("/")[0].removesuffix(".py") for n in upstream.namelist()
                if n.endswith(".py") and not stdlib.excluded(n)}
    assert len(kept) > 100
    assert set(shipped_stdlib["tops"]) == kept
    assert shipped_stdlib["findable"] == shipped_stdlib["tops"]
    assert shipped_stdlib["in_both"] == []
    with zipfile.ZipFile(runtime.stdlib_rest_zip(runtime.source_digest())) as rest:
        assert {"statistics.py", "difflib.py"} <= set(rest.namelist())


def test_a_worker_compiles_no_module_of_the_standard_library(shipped_stdlib):
    """Pyodide's start-up and the package's imports load only ahead-of-time bytecode."""
    assert shipped_stdlib["from_source"] == []
    assert shipped_stdlib["compiled"] > 100


def test_the_shipped_bytecode_is_pyodides_source_compiled_by_its_own_python(shipped_stdlib):
    """The same bytecode, constants, names and line numbers; no column positions (they are
    left out to lighten the zip); and no source shipped beside it."""
    assert shipped_stdlib["differs"] == []
    assert shipped_stdlib["columns"] == []
    assert shipped_stdlib["both"] == []
