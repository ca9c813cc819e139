"""The battle page documents the file and every event from their declarations, and every
interpretation note the tracker cites exists."""

from __future__ import annotations

import re
from pathlib import Path

from build_scripts.pagegen.battles import battle_combatant_table, battle_event_list
from calculators.interpretations import load_interpretations
from calculators.western_roses.fight import RULES
from calculators.western_roses.fight.combatants import COMBATANT_FIELDS

from wr_battles import deck, foe, state

PACKAGE = Path(__file__).parents[2] / "calculators" / "western_roses" / "fight"
NOTES = {n.id for n in load_interpretations("calculators.western_roses")}


def _keys(table: str) -> list[str]:
    return [row.split("|")[1].strip().strip("`") for row in table.splitlines()[2:]]


def test_every_combatant_field_is_a_row_of_the_combatant_table():
    assert _keys(battle_combatant_table("wr-battle")) == [p.name for p in COMBATANT_FIELDS]


def test_every_event_has_its_heading_anchor_and_every_field_a_row():
    page = battle_event_list("wr-battle")
    sections = re.split(r"^### ", page, flags=re.M)[1:]
    assert [re.search(r"\{#event-([a-z-]+)\}", s).group(1) for s in sections] == \
        list(RULES.events)
    for section, event in zip(sections, RULES.events.values()):
        table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
        assert (_keys(table) if table else []) == [p.name for p in event.params], event.name


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


def test_every_rule_section_a_log_line_links_is_a_section_of_the_site():
    from calculators.western_roses.fight.citations import RULE_PAGES

    docs = Path(__file__).parents[2] / "docs"
    for section, target in RULE_PAGES.items():
        page, _, anchor = target.partition("#")
        text = (docs / page).read_text(encoding="utf-8")
        assert not anchor or "{#" + anchor + "}" in text, f"{section}: no #{anchor} in {page}"


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
