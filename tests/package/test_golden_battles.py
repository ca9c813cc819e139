"""Golden battles (issue 35, item 1): each system's sample battle is committed with the log
lines it gives (``tests/golden/``); a rule change that alters a line fails here until the
files are written again on purpose (``python -m build_scripts.golden``), so the change is a
reviewable diff."""

from __future__ import annotations

import dataclasses
import json

import pytest

from build_scripts import golden
from calculators.battle.replay import _LAST
from calculators.western_roses.fight import numbers as wr_numbers

FILES = sorted(golden.FOLDER.glob("*.json"))


def test_every_system_and_the_grid_has_a_golden_battle():
    assert sorted(f.stem for f in FILES) == sorted(golden.GOLDEN)
    assert {json.loads(f.read_text(encoding="utf-8"))["calculator"] for f in FILES} == {
        "wr-battle", "mb-battle", "pmm-battle"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_golden_battle_replays_to_its_committed_lines(path):
    kept = json.loads(path.read_text(encoding="utf-8"))
    now = golden.log_of(kept["calculator"], kept["battle"])
    first = next((i for i, (a, b) in enumerate(zip(kept["log"], now)) if a != b), None)
    assert first is None and len(now) == len(kept["log"]), (
        f"{path.name}: log line {first} now reads {now[first] if first is not None else ''!r}; "
        "if the rules changed on purpose, run `python -m build_scripts.golden` and review "
        "the diff")


def test_the_golden_files_are_what_the_command_writes_today():
    assert golden.differing() == []


def test_a_changed_rule_number_fails_the_golden_battles_until_they_are_written_again(
        tmp_path, monkeypatch):
    """The danmaku dodge's difficulty 11 instead of 12: Western Roses' golden battle no longer
    matches; written again under that number, it matches."""
    monkeypatch.setitem(wr_numbers.NUMBERS, "dodge-difficulty", dataclasses.replace(
        wr_numbers.NUMBERS["dodge-difficulty"], value=11))
    _LAST.clear()
    assert "wr-battle-sample.json" in golden.differing()
    monkeypatch.setattr(golden, "FOLDER", tmp_path)
    assert golden.main([]) == 0
    assert golden.differing(tmp_path) == [] and golden.main(["--check"]) == 0
    regenerated = json.loads((tmp_path / "wr-battle-sample.json").read_text(encoding="utf-8"))
    assert any("against 11" in line["text"] for line in regenerated["log"])
    _LAST.clear()
