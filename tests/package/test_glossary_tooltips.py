"""Glossary pages as the data of the tooltips: terms and definitions read back from the one
heading format every glossary uses, and the words each term is marked as."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_scripts.glossary import abbreviations, first_mentions, glossary_terms, names_of
from calculators.systems import SYSTEMS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_a_term_is_read_with_its_definition_as_plain_text():
    page = ("# Glossary\n\nIntro.\n\n## Spell power (power) {#spell-power}\n\nThe resource that "
            "activates\n**spellcards**. See [Spell power](combat.md#spell-power).\n\n"
            "<small>Source: a book.</small>\n\n## HP {#hp}\n\nDamage taken.\n")
    assert glossary_terms(page) == [
        ("Spell power (power)", "The resource that activates spellcards. See Spell power."),
        ("HP", "Damage taken.")]


@pytest.mark.parametrize("term, names", [
    ("Major stats (mane stats)", ["Major stats", "mane stats"]),
    ("Element, elemental affinity", ["Element", "elemental affinity"]),
    ("Spell power (power)", ["Spell power"]),
    ("Nd, Nd+M", ["Nd", "Nd+M"]),
    ("AOE", ["AOE"]),
])
def test_a_term_is_marked_under_each_of_its_names_but_not_common_words(term, names):
    assert names_of(term) == names


def test_abbreviations_name_the_term_and_its_definition():
    assert abbreviations([("HP", "Damage taken.")]) == "*[HP]: HP: Damage taken."


@pytest.mark.parametrize("system", [s.folder for s in SYSTEMS])
def test_every_glossary_writes_its_terms_in_the_one_format(system):
    """No table rows or definition lists left: each term is a ``## Term {#id}`` heading."""
    source = (DOCS / system / "glossary.md").read_text(encoding="utf-8")
    assert "\n:   " not in source and "| Term |" not in source
    assert "\n## " in source


def test_a_term_keeps_its_tooltip_on_its_first_mention_per_section_and_none_in_headings():
    burst = '<abbr title="Burst: the last stage.">Burst</abbr>'
    fury = '<abbr title="Fury: a stat.">Fury</abbr>'
    html = (f"<h2 id='a'>A {burst}</h2><p>{burst} then {fury} and {burst}.</p><p>{fury}</p>"
            f"<h3>Sub {fury}</h3><h2 id='b'>B</h2><p>{burst}, {burst}</p>")
    assert first_mentions(html) == (
        f"<h2 id='a'>A Burst</h2><p>{burst} then {fury} and Burst.</p><p>Fury</p>"
        f"<h3>Sub Fury</h3><h2 id='b'>B</h2><p>{burst}, Burst</p>")
