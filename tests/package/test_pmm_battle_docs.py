"""Every interpretation note the post-magic-maid tracker or its page names exists (what every
system's battle documents is checked by ``test_battle_conformance``)."""

from __future__ import annotations

import re
from pathlib import Path

from calculators.interpretations import load_interpretations

PACKAGE = Path(__file__).parents[2] / "calculators" / "post_magic_maid"
NOTES = {n.id for n in load_interpretations("calculators.post_magic_maid")}
PAGE = Path(__file__).parents[2] / "docs" / "post-magic-maid" / "battle.md"


def test_every_note_the_tracker_or_its_page_names_is_an_interpretation_note():
    named = set()
    for module in PACKAGE.glob("fight/*.py"):
        text = module.read_text(encoding="utf-8")
        named |= set(re.findall(r'note="([a-z0-9-]+)"', text))
        named |= set(re.findall(r'"([a-z0-9]+(?:-[a-z0-9]+)+)" if contested', text))
    named |= set(re.findall(r"interpretation-notes\.md#([a-z0-9-]+)", PAGE.read_text("utf-8")))
    assert len(named) > 10 and named <= NOTES, sorted(named - NOTES)
