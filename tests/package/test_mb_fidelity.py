"""Magical Burst: what the second fidelity reading found wrong, pinned."""

from __future__ import annotations

import re

from source_texts import MAGICAL_BURST, seed_text
from calculators import CALCULATORS, run
from calculators.interpretations import load_interpretations
from calculators.magical_burst.rules import GLOSSARY
from calculators.magical_burst.talents import TALENTS

NOTES = {n.id: n for n in load_interpretations("calculators.magical_burst")}


def test_a_magical_checks_answer_says_its_thresholds_are_a_reading():
    calc = CALCULATORS["mb-check"]
    magical = run("mb-check", {"kind": "magical", "stat": 3})
    assert NOTES["magical-check-thresholds"].title in magical["reading"]
    assert "magical-check-thresholds" in str(calc.render(magical))
    assert "magical-check-thresholds" in NOTES
    mundane = run("mb-check", {"kind": "mundane", "stat": 3})
    assert mundane["reading"] is None
    assert "magical-check-thresholds" not in str(calc.render(mundane))


def test_challenge_covers_rolls_against_a_number_as_well_as_against_an_opponent():
    challenge = next(g for g in GLOSSARY if g.id == "challenge")
    for used_unopposed in ("Boost", "Battle Sorcery", "Hate the World"):
        assert used_unopposed in challenge.definition
    assert "opponent" in challenge.definition


def test_a_talent_whose_name_is_lost_carries_no_asterisk():
    # The source's asterisk sits on a talent's name line; a lost name has none to carry it.
    lost = [t for t in TALENTS if t.name_status == "lost"]
    assert lost and not [t.id for t in lost if t.starred]


def test_starred_talents_are_exactly_the_names_the_source_marks():
    text = seed_text(MAGICAL_BURST)
    marked = {m.group(1).strip() for m in re.finditer(r"^([^\n*]{2,60})\*\s*$", text, re.M)}
    starred = {t.name for t in TALENTS if t.starred}
    assert starred <= marked, starred - marked
    assert {t.name for t in TALENTS} & marked == starred

