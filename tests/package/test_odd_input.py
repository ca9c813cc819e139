"""Input that is odd but not hostile, as a game night met it: a NaN in a battle file the CLI
would have printed back as invalid JSON, a file with a 10 MB name, and combatants whose names
only look alike."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from calculators import CalculatorError
from calculators.registry import get
from calculators.untrusted import MAX_DOCUMENT

from cli_runs import run_cli


def _strict(text: str) -> dict:
    """JSON as every other reader takes it: no NaN or Infinity."""
    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_nan_in_a_field_no_one_reads_is_refused_and_the_cli_prints_valid_json(constant):
    battle = ('{"combatants": [{"id": "a", "side": "x", "name": "A", "tail": %s}, '
              '{"id": "b", "side": "y", "name": "B"}], "events": []}' % constant)
    done = subprocess.run([sys.executable, "-m", "calculators", "wr-battle", "--battle", "-"],
                          input=battle, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    errors = _strict(done.stdout)["errors"]
    assert "NaN and Infinity are not numbers JSON allows" in errors[0]["message"]


def test_a_battle_file_over_the_stated_size_is_refused_before_it_is_read_whole(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text('{"combatants": [{"id": "a", "side": "x", "name": "' + "a" * 10_000_000
                    + '"}], "events": []}', encoding="utf-8")
    status, out = run_cli("wr-battle", "--battle", str(path))
    assert status == 2
    assert out["errors"][0]["message"] == (f"{path} is longer than {MAX_DOCUMENT:,} characters, "
                                           "more than any battle, sheet or deck file holds.")


def test_measuring_the_nesting_of_a_ten_megabyte_string_costs_no_more_than_its_text():
    probe = ("import resource\nfrom calculators.untrusted import text_depth\n"
             "text = '[\"' + 'a' * 10_000_000 + '\"]'\nassert text_depth(text) == 1\n"
             "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    assert int(done.stdout) < 400_000, f"{int(done.stdout) // 1024} MB"  # KB; 1.2 GB before


def _refused(battle: str, names: list[str], ids: list[str] | None = None) -> list[dict]:
    calc = get(battle)
    ids = ids or [f"c{i}" for i in range(len(names))]
    quick = calc.example["combatants"][-1]  # a quick entry: its name is its own
    cs = [{**quick, "id": cid, "name": name, "side": f"side{i}"}
          for i, (cid, name) in enumerate(zip(ids, names))]
    try:
        calc.run({"combatants": cs, "events": []})
    except CalculatorError as exc:
        return exc.as_json()["errors"]
    return []


@pytest.mark.parametrize("battle", ["wr-battle", "mb-battle", "pmm-battle"])
@pytest.mark.parametrize("lookalike", ["Wolf\u200b", "\u202eWolf", "Ｗｏｌｆ", "Wolf\ufeff",
                                       "Wo\u200dlf"])
def test_a_name_that_only_looks_like_another_is_refused_on_its_field(battle, lookalike):
    errors = _refused(battle, ["Wolf", lookalike])
    assert [e["field"] for e in errors] == ["combatants[1].name"]


@pytest.mark.parametrize("battle", ["wr-battle", "mb-battle", "pmm-battle"])
def test_an_id_with_an_invisible_character_is_refused_and_equal_names_are_not(battle):
    errors = _refused(battle, ["Wolf", "Fox"], ids=["wolf", "wolf\u2066"])
    assert [e["field"] for e in errors] == ["combatants[1].id"]
    assert _refused(battle, ["Imp", "Imp"]) == []  # two quick foes of one kind


def test_a_post_magic_maid_ability_named_without_a_kind_is_refused_with_its_reason():
    """The character builder reads an ability row by its kind; a hand-written file naming an
    ability with no kind would lose it without a word, so the battle refuses the file there."""
    calc = get("pmm-battle")
    her = {"id": "mei", "side": "heroes", "kind": "character",
           "character": {"name": "Mei", "ab1_name": "Knife throwing"}}
    try:
        calc.run({"combatants": [her, calc.example["combatants"][-1]], "events": []})
    except CalculatorError as exc:
        [error] = exc.as_json()["errors"]
    else:
        raise AssertionError("the file was taken")
    assert error["field"] == "combatants[0].character.ab1_kind"
    assert "“Knife throwing” but has no kind" in error["message"]
    kept = {**her, "character": {**her["character"], "ab1_kind": "rolled"}}
    state = calc.run({"combatants": [kept, calc.example["combatants"][-1]], "events": []})
    assert [a["name"] for a in state["state"]["combatants"][0]["abilities"]] == ["Knife throwing"]
