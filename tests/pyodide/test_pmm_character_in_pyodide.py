"""``pmm-character`` inside Pyodide answers as CPython does: characters built, rules broken,
and rolls, whose dice must be the same for a seed on both (``random.Random``), since the
static page is rendered by CPython and every later answer by Pyodide."""

from __future__ import annotations

import pytest

from calculators.post_magic_maid.character import CHECKS, EXAMPLE
from test_in_pyodide import cpython_answer, plain_boot

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
    the_cases, answers = plain_boot()["pmm-character"]
    rolls = [a["result"]["roll"] for a in answers if "roll" in a["result"] and a["result"]["roll"]]
    assert len(rolls) == 2 * len(CHECKS)
    for case, got in zip(the_cases, answers):
        expected = cpython_answer(case)
        assert got["result"] == expected["result"], case
        assert got["rendered"] == expected["rendered"], case
