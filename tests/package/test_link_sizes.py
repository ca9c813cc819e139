"""A battle's link is short enough to pass around: with two saved characters and the keys of
its file the page keeps (format, rules, a digest of each event's lines), 50 events fit one QR
code (2,900 bytes of address) and 300 events 8 KB, in every system; and the link measured here
is the one the site script writes (its encoding, mirrored in Python, checked against the
script itself under Node)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from build_scripts import link_sizes

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sizes() -> list[dict]:
    return link_sizes.link_sizes()


def test_every_tracker_is_measured_at_50_and_300_events_with_saved_characters(sizes):
    assert {(r["calc"], r["events"]) for r in sizes} == {
        (calc, n) for calc in ("wr-battle", "mb-battle", "pmm-battle") for n in (50, 300)}
    for name, table in link_sizes.tables().items():
        assert sum(c.get("kind") in ("character", "girl") for c in table) >= 2, name


@pytest.mark.parametrize("count, limit", [(50, 2_900), (300, 8_192)])
def test_a_battle_link_fits_its_limit(sizes, count, limit):
    for row in (r for r in sizes if r["events"] == count):
        assert row["link"] <= limit, row
        assert row["link"] < row["file"] / 2, row  # compressed, not the log as it is


def test_the_link_carries_the_battle_whole():
    played = link_sizes.battle("pmm-battle", 50)
    link = link_sizes.address("pmm-battle", played["combatants"], played["events"],
                              keys=link_sizes.answer("pmm-battle", played)["keep"])
    assert "?" not in link  # nothing in the query: the server never receives the battle
    part = link.partition("#pmm-battle=")[2]
    inputs = link_sizes.unpack(part)["inputs"]
    assert json.loads(inputs["events"]) == played["events"]
    assert json.loads(inputs["combatants"]) == played["combatants"]
    assert inputs["format"] == "2" and inputs["system"] == "post-magic-maid"
    assert len(json.loads(inputs["lines"])) == 50


def test_the_python_mirror_writes_what_the_site_script_writes():
    played = link_sizes.battle("wr-battle", 50)
    payload = {"inputs": {"combatants": link_sizes.text(played["combatants"]),
                          "events": link_sizes.text(played["events"]), "name": "Bridge"},
               "record": link_sizes.RECORD}
    script = ("import { packState } from './docs/assets/js/calc/url-state.js';"
              "let s = ''; process.stdin.on('data', (d) => { s += d; });"
              "process.stdin.on('end', async () => process.stdout.write("
              "await packState(JSON.parse(s))));")
    done = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT,
                          input=json.dumps(payload), capture_output=True, text=True,
                          timeout=60, check=True)
    assert link_sizes.unpack(done.stdout) == payload
    assert abs(len(done.stdout) - len(link_sizes.pack(payload))) <= 16
