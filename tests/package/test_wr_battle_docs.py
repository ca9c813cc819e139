"""Every interpretation note the Western Roses tracker names in its code exists, the battle
page escapes a help text's markup, and its example battle file replays (what every system's
battle documents is checked by ``test_battle_conformance``)."""

from __future__ import annotations

import re
from pathlib import Path

from build_scripts.pagegen.battles import battle_combatant_table
from calculators.interpretations import load_interpretations

from wr_battles import deck, foe, state

PACKAGE = Path(__file__).parents[2] / "calculators" / "western_roses" / "fight"
NOTES = {n.id for n in load_interpretations("calculators.western_roses")}


def test_every_note_the_tracker_names_in_code_or_log_is_an_interpretation_note():
    named = set()
    for module in PACKAGE.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        named |= set(re.findall(r'note="([a-z0-9-]+)"', text))
        named |= set(re.findall(r"reading\s+([a-z0-9]+(?:-[a-z0-9]+)+)", text))
    assert named and named <= NOTES, sorted(named - NOTES)
    st = state([foe("aya", speed=8, deck=deck()), foe("bob", speed=5, x=1)],
               [{"type": "start", "seed": 3}, {"type": "attack", "target": "bob", "seed": 4}])
    for line in st["log"]:
        assert not line["note"] or (line["note"] in NOTES and
                                    line["note_url"].endswith("#" + line["note"]))


def test_markup_in_a_help_text_is_shown_as_text_not_made_an_element():
    table = battle_combatant_table("wr-battle")
    row = next(r for r in table.splitlines() if r.startswith("| `link`"))
    assert "&lt;input>" in row and "<input" not in row


def test_the_pages_example_battle_file_replays():
    import json

    from calculators.western_roses.fight import WR_BATTLE

    page = (Path(__file__).parents[2] / "docs" / "western-roses" / "battle.md").read_text(
        encoding="utf-8")
    example = json.loads(re.search(r"```json\n(.*?)```", page, re.S).group(1))
    log = WR_BATTLE.run(example)["state"]["log"]
    assert any("fires danmaku at Reimu" in line["text"] for line in log)
