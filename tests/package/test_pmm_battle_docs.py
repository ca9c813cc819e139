"""The post-magic-maid battle page documents the file and every event from their
declarations, and every interpretation note the tracker names exists."""

from __future__ import annotations

import re
from pathlib import Path

from build_scripts.pagegen.battles import battle_combatant_table, battle_event_list
from calculators.interpretations import load_interpretations
from calculators.post_magic_maid.fight.calculator import RULES
from calculators.post_magic_maid.fight.combatants import COMBATANT_FIELDS

PACKAGE = Path(__file__).parents[2] / "calculators" / "post_magic_maid"
NOTES = {n.id for n in load_interpretations("calculators.post_magic_maid")}
PAGE = Path(__file__).parents[2] / "docs" / "post-magic-maid" / "battle.md"


def _keys(table: str) -> list[str]:
    return [row.split("|")[1].strip().strip("`") for row in table.splitlines()[2:]]


def test_every_combatant_field_is_a_row_of_the_combatant_table():
    assert _keys(battle_combatant_table("pmm-battle")) == [p.name for p in COMBATANT_FIELDS]


def test_every_event_has_its_heading_anchor_and_every_field_a_row():
    page = battle_event_list("pmm-battle")
    sections = re.split(r"^### ", page, flags=re.M)[1:]
    assert [re.search(r"\{#event-([a-z-]+)\}", s).group(1) for s in sections] == \
        list(RULES.events)
    for section, event in zip(sections, RULES.events.values()):
        table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
        assert (_keys(table) if table else []) == [p.name for p in event.params], event.name


def test_every_note_the_tracker_or_its_page_names_is_an_interpretation_note():
    named = set()
    for module in PACKAGE.glob("fight/*.py"):
        text = module.read_text(encoding="utf-8")
        named |= set(re.findall(r'note="([a-z0-9-]+)"', text))
        named |= set(re.findall(r'"([a-z0-9]+(?:-[a-z0-9]+)+)" if contested', text))
    named |= set(re.findall(r"interpretation-notes\.md#([a-z0-9-]+)", PAGE.read_text("utf-8")))
    assert len(named) > 10 and named <= NOTES, sorted(named - NOTES)
