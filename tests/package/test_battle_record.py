"""A battle file that lasts (issue 35, item 1): it records its format, its system and the
rules it was played under, with a digest of each event's lines; saved under other rules it
still opens, replays under today's, names the events whose lines now differ and turns an
event today's rules refuse into a ruling in the log; a file saved before files had a version
opens too, upgraded."""

from __future__ import annotations

import dataclasses
import html
import json
import re
import tomllib
from pathlib import Path

import pytest

from build_scripts import battle_sample, mb_battle_sample, pmm_battle_sample
from calculators import CalculatorError, get
from calculators.battle import record
from calculators.battle.replay import _LAST, replay
from calculators.battle.rules import rules_of
from calculators.magical_burst.fight import numbers as mb_numbers
from calculators.post_magic_maid.fight import combatants as pmm_combatants
from calculators.web import respond
from calculators.western_roses.fight import numbers as wr_numbers
from toy_fight import TOY_BATTLE

ROOT = Path(__file__).resolve().parents[2]
OTHER_DATA = "0123456789ab"


def _number(module, rule_id: str, value: int):
    def patch(monkeypatch):
        monkeypatch.setitem(module.NUMBERS, rule_id,
                            dataclasses.replace(module.NUMBERS[rule_id], value=value))
    return patch


def _more_blitz(monkeypatch):
    """Everyone begins with 6 Blitz Points instead of the rules' 3."""
    fields = tuple(dataclasses.replace(f, default=6) if f.name == "blitz" else f
                   for f in pmm_combatants.COMBATANT_FIELDS)
    monkeypatch.setattr(pmm_combatants, "COMBATANT_FIELDS", fields)


#: Each system's sample battle and one rule number changed under it.
CHANGED = {
    "wr-battle: the dodge difficulty 9 instead of 12": (
        "wr-battle", lambda: battle_sample.sample_battle(80),
        _number(wr_numbers, "dodge-difficulty", 9)),
    "mb-battle: damage on a d8 instead of a d6": (
        "mb-battle", lambda: mb_battle_sample.sample_battle(80, grid=True),
        _number(mb_numbers, "damage-die-sides", 8)),
    "pmm-battle: six Blitz Points instead of three": (
        "pmm-battle", lambda: pmm_battle_sample.sample_battle(120), _more_blitz),
}


def _lines_by_event(state: dict) -> dict[int, list]:
    out: dict[int, list] = {}
    for line in state["log"]:
        out.setdefault(line["event"], []).append((line["text"], line["rule"], line["dice"]))
    return out


@pytest.mark.parametrize("case", CHANGED)
def test_a_battle_saved_under_other_rules_opens_names_the_lines_that_differ_and_refuses_nothing(
        case, monkeypatch):
    name, sample, change = CHANGED[case]
    calc = get(name)
    with monkeypatch.context() as then:
        change(then)
        then.setattr(record, "data_digest", lambda system: OTHER_DATA)
        played = sample()
        saved = calc.run(played)
    _LAST.clear()  # the state kept from the other rules' replay is no answer now
    file = saved["battle"]
    assert file["rules"] == {"release": record.RELEASE, "data": OTHER_DATA}
    assert len(file["lines"]) == len(file["events"])

    now = calc.run(file)  # opens: no error
    found = now["state"]["record"]
    assert found["played_under"] == file["rules"] and found["rules"]["data"] != OTHER_DATA
    # The events whose lines differ, worked out from the lines themselves.
    before, after = _lines_by_event(saved["state"]), _lines_by_event(now["state"])
    differ = [i for i in range(len(file["events"])) if before.get(i) != after.get(i)]
    assert differ and found["differ"] == differ
    assert f"{len(differ)} of its events' lines differ" in found["notice"]
    assert f"first at event {differ[0]}" in found["notice"]
    assert "Played under the rules of release" in found["notice"]
    # Each event today's rules refuse is a ruling in the log, where a strict replay stops.
    for index in found["refused"]:
        [ruling] = after[index]
        assert ruling[0].startswith(f"Today's rules refuse event {index} ")
    if found["refused"]:
        with pytest.raises(CalculatorError) as caught:
            replay(rules_of(calc), file["combatants"], file["events"])
        assert caught.value.errors[0].field.startswith(f"events[{found['refused'][0]}]")
    # The page shows the notice above the table.
    assert found["notice"] in calc.render(now).replace("&#x27;", "'")


def test_a_rule_change_that_takes_blitz_points_away_sets_the_spent_ones_aside():
    """Played with six Blitz Points each, replayed with three: the draws past the third are
    refused today, each set aside as a ruling, and the battle still opens."""
    calc = get("pmm-battle")
    with pytest.MonkeyPatch.context() as then:
        _more_blitz(then)
        file = calc.run(pmm_battle_sample.sample_battle(120))["battle"]
    _LAST.clear()
    found = calc.run(file)["state"]["record"]
    assert found["refused"], "the sample should spend more Blitz Points than three"
    assert f"today's rules refuse events {found['refused'][0]}, " in found["notice"]


@pytest.mark.parametrize("name", ["wr-battle", "mb-battle", "pmm-battle", "toy-battle"])
def test_a_file_saved_before_files_had_a_version_is_upgraded_and_then_reads_as_saved(name):
    """A version-less file (format 1: combatants and events only) opens as it did; the answer
    is the file in today's format, and that file opens again with nothing to report."""
    calc = TOY_BATTLE if name == "toy-battle" else get(name)
    old = {"combatants": calc.example["combatants"], "events": calc.example["events"]}
    answer = calc.run(old)
    assert "record" not in answer["state"]
    new = answer["battle"]
    assert new["format"] == record.FORMAT and new["system"] == rules_of(calc).system
    assert new["rules"] == record.stamp(rules_of(calc))
    assert len(new["lines"]) == len(old["events"]) and all(
        re.fullmatch("[0-9a-f]{8}", d) for d in new["lines"])
    assert (new["combatants"], new["events"]) == (old["combatants"], old["events"])
    again = calc.run(new)
    assert "record" not in again["state"] and again["battle"] == new
    assert again["state"] == answer["state"]


def test_the_format_1_upgrade_names_the_system_and_unknown_rules():
    rules = rules_of(get("wr-battle"))
    file = {"combatants": [], "events": []}
    assert record.UPGRADES[1](file, rules) == {"combatants": [], "events": [], "format": 2,
                                               "system": "western-roses", "rules": None,
                                               "lines": None}


def test_a_file_of_a_newer_format_or_another_system_is_refused_on_its_field():
    calc = get("wr-battle")
    base = {"combatants": calc.example["combatants"], "events": calc.example["events"]}
    with pytest.raises(CalculatorError) as caught:
        calc.run({**base, "format": record.FORMAT + 1})
    assert caught.value.errors[0].field == "format"
    assert "newer version of the site" in caught.value.errors[0].message
    with pytest.raises(CalculatorError) as caught:
        calc.run({**base, "format": 2, "system": "magical-burst"})
    assert caught.value.errors[0].field == "system"
    with pytest.raises(CalculatorError) as caught:
        calc.run({**base, "format": 2, "lines": [1, 2]})
    assert caught.value.errors[0].field == "lines"


def test_a_log_extended_by_the_page_keeps_its_digests_and_compares_only_those_kept():
    """The page appends events to a file without digests for them: nothing is reported, and
    the answer's file has a digest for every event again."""
    calc = get("wr-battle")
    file = calc.run({"combatants": calc.example["combatants"],
                     "events": calc.example["events"]})["battle"]
    longer = {**file, "events": [*file["events"], {"type": "end-turn", "seed": 4}]}
    answer = calc.run(longer)
    assert "record" not in answer["state"]
    assert len(answer["battle"]["lines"]) == 2 and answer["battle"]["lines"][0] == file["lines"][0]


def test_the_release_a_file_records_is_the_packages_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert record.RELEASE == project["project"]["version"]


def test_the_rule_data_digest_changes_with_any_data_file_of_the_system(tmp_path, monkeypatch):
    """The digest covers every file of the system's data folder: a copy with one number
    changed digests differently."""
    from calculators import ruledata
    source = ruledata.data_dir("calculators.western_roses")
    copy = tmp_path / "data"
    copy.mkdir()
    for path in source.iterdir():
        (copy / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(record, "data_dir", lambda package: copy)
    same = record._digest("calculators.western_roses")
    assert same == record.data_digest("western-roses")  # the copy is the data as shipped
    text = (copy / "combat_rules.json").read_text(encoding="utf-8")
    (copy / "combat_rules.json").write_text(text.replace('"value": 12', '"value": 11', 1),
                                            encoding="utf-8")
    assert record._digest("calculators.western_roses") != same


#: An event every system's rules refuse (a game master's note without text), and one they take.
BAD = {"type": "gm-note", "text": ""}
NOTE = {"type": "gm-note", "text": "The bell rings twice."}


def _page(name: str, inputs: dict) -> tuple[dict, dict]:
    """A tracker page's request (``inputs``, every one as text, as the page sends them): the
    answer, and the inputs the page keeps from it (its ``data-calc-keep``, read as the page
    reads it; empty when it names none)."""
    answer = json.loads(respond(name, json.dumps(inputs)))
    found = re.search(r'data-calc-keep="([^"]*)"', answer.get("html", ""))
    return answer, json.loads(html.unescape(found.group(1))) if found else {}


@pytest.mark.parametrize("name", ["wr-battle", "mb-battle", "pmm-battle"])
def test_the_page_keeps_the_file_s_keys_so_a_tap_past_them_is_refused_and_a_recorded_event_ruled(
        name):
    """A page's battle holds what its file holds: the first answer names the format, system,
    rules and one digest per event to keep, and then nothing while they still describe the
    log. A tap the rules refuse appended to those inputs is refused on its field; the same
    event covered by the kept digests (recorded, as under other rules) is a ruling."""
    calc = get(name)
    rules = rules_of(calc)
    start = {"combatants": json.dumps(calc.example["combatants"]),
             "events": json.dumps([*calc.example["events"], NOTE])}
    _, kept = _page(name, start)
    assert kept["format"] == "2" and kept["system"] == rules.system
    assert json.loads(kept["rules"]) == {"release": record.RELEASE,
                                         "data": record.data_digest(rules.system)}
    assert len(json.loads(kept["lines"])) == 2
    page = {**start, **kept}
    assert _page(name, page)[1] == {}  # they describe the log: nothing new to keep

    tapped = {**page, "events": json.dumps([*calc.example["events"], NOTE, BAD])}
    refused, _ = _page(name, tapped)
    assert refused["errors"][0]["field"] == "events[2].text"
    recorded = {**tapped, "lines": json.dumps([*json.loads(kept["lines"]), "0badc0de"])}
    ruled, again = _page(name, recorded)
    assert "errors" not in ruled and "rules refuse event 2 (gm-note), so it is set aside" in \
        ruled["html"].replace("&#x27;", "'")
    assert again == {}


def test_a_page_s_battle_played_under_other_rules_says_so_each_time_until_it_is_played_on():
    """Kept keys naming other rules and a line that differs are not replaced by opening the
    battle, so it says so again when reopened; once a tap is appended (or one taken off) the
    page keeps today's rules and digests."""
    calc = get("wr-battle")
    start = {"combatants": json.dumps(calc.example["combatants"]),
             "events": json.dumps([*calc.example["events"], NOTE])}
    _, today = _page("wr-battle", start)
    older = {**start, **today, "rules": json.dumps({"release": "0.0.9", "data": OTHER_DATA}),
             "lines": json.dumps([json.loads(today["lines"])[0], "0badc0de"])}
    for _ in range(2):
        opened, kept = _page("wr-battle", older)
        assert kept == {}
        assert "Played under the rules of release 0.0.9" in opened["html"]
        assert "1 of its events&#x27; lines differ from when it was saved, the first at " \
               "event 1" in opened["html"]
    _, after_tap = _page("wr-battle", {**older, "events": json.dumps(
        [*calc.example["events"], NOTE, NOTE])})
    assert json.loads(after_tap["rules"]) == json.loads(today["rules"])
    assert json.loads(after_tap["lines"])[:2] == json.loads(today["lines"])
    _, after_undo = _page("wr-battle", {**older, "events": json.dumps(calc.example["events"])})
    assert json.loads(after_undo["lines"]) == json.loads(today["lines"])[:1]
