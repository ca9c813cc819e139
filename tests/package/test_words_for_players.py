"""Answers speak to players: no interpretation note is named by its id (a slug such as
``magical-check-thresholds``); a note an answer or a message relies on is named by its title
and linked to its own heading on the system's notes page. Saved data is named as a player
calls it."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from calculators import CALCULATORS, CalculatorError
from calculators.interpretations import load_interpretations
from calculators.systems import SYSTEMS as ALL_SYSTEMS

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = {s.folder: s.package for s in ALL_SYSTEMS}
#: Every note of every system, read from the data: system → id → title.
NOTES = {system: {n.id: n.title for n in load_interpretations(package)}
         for system, package in SYSTEMS.items()}
ALL_IDS = {note_id for notes in NOTES.values() for note_id in notes}
#: The words an id used to come with ("interpretation magical-check-thresholds").
SLUG = re.compile(r"\b(?:interpretations?|reading):? [a-z0-9]+(?:-[a-z0-9]+)+")


class Reader(HTMLParser):
    """The text a player sees, and each link's address and text."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._label: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self._href, self._label = dict(attrs).get("href"), []

    def handle_endtag(self, tag):
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._label)))
            self._href = None

    def handle_data(self, data):
        self.text.append(data)
        if self._href is not None:
            self._label.append(data)


def read(html: str) -> Reader:
    reader = Reader()
    reader.feed(html)
    return reader


def no_ids_shown(text: str) -> list[str]:
    """Note ids, or "interpretation <slug>", in what a player reads."""
    words = set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text))
    return sorted(words & ALL_IDS) + SLUG.findall(text)


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_no_default_answer_names_a_note_by_its_id(name):
    calc = CALCULATORS[name]
    shown = read(calc.render(calc.run(calc.defaults())))
    assert not no_ids_shown(" ".join(shown.text))


#: Answers that rely on a note: (calculator, inputs on top of its defaults, system, note id).
CITING = [
    ("mb-check", {"kind": "magical"}, "magical-burst", "magical-check-thresholds"),
    ("spellcard", {}, "western-roses", "divine-insight-with-attack-power"),
    ("wr-check", {"dice": 1, "target": 8}, "western-roses", "small-pool-can-beat-a-larger-one"),
    ("wr-attack", {"attack": "spellcard"}, "western-roses", "card-to-hit-roll"),
    ("wr-character", {}, "western-roses", "skill-base-is-the-average"),
]


@pytest.mark.parametrize("name, inputs, system, note_id", CITING)
def test_a_note_an_answer_relies_on_is_linked_by_its_title(name, inputs, system, note_id):
    calc = CALCULATORS[name]
    shown = read(calc.render(calc.run({**calc.defaults(), **inputs})))
    title = NOTES[system][note_id]
    assert title in " ".join(shown.text)
    # Every calculator page sits in its system's folder, beside the notes page.
    assert ("../interpretation-notes/#" + note_id, title) in shown.links
    assert not no_ids_shown(" ".join(shown.text))


def test_the_notes_page_gives_each_note_the_heading_a_link_lands_on():
    """The notes page writes one heading per note with the note's id as its anchor."""
    template = (ROOT / "build_scripts/templates/interpretations.md.j2").read_text()
    assert "## {{ note.title }} {#{{ note.id }}}" in template
    for system in SYSTEMS:
        page = (ROOT / "docs" / system / "interpretation-notes.md").read_text()
        assert f'interpretations("{SYSTEMS[system]}")' in page


def test_a_message_names_the_note_it_follows_and_links_it():
    card = {**CALCULATORS["spellcard"].defaults()["card"], "targets": "self", "aoe": 1, "to_hit": "burst",
            "type": "defensive", "special": [{"skill": "recover"}]}
    card.pop("attack")
    card.pop("element")
    with pytest.raises(CalculatorError) as caught:
        CALCULATORS["spellcard"].run({"card": card})
    messages = [e for e in caught.value.errors if "AOE" in e.message]
    assert messages, [e.message for e in caught.value.errors]
    error = messages[0]
    title = NOTES["western-roses"]["self-target-has-no-aoe"]
    assert title in error.message and not no_ids_shown(error.message)
    assert error.rule.section == title
    assert error.rule.url == "western-roses/interpretation-notes/#self-target-has-no-aoe"



def test_a_section_a_card_may_not_have_is_refused_with_the_note_it_cites_linked():
    """A Guardian's Shield always targets her charge, so a to-hit roll is refused beside its
    field, naming the note and linking it (not only naming it)."""
    card = {**CALCULATORS["spellcard"].defaults()["card"], "type": "defensive",
            "to_hit": "roll-intelligence", "special": [{"skill": "shield"}]}
    card["caster"] = {**card["caster"], "profession": "guardian"}
    card.pop("attack")
    card.pop("element")
    with pytest.raises(CalculatorError) as caught:
        CALCULATORS["spellcard"].run({"card": card})
    error = next(e for e in caught.value.errors if e.field == "to_hit")
    title = NOTES["western-roses"]["protection-skills-are-defensive"]
    assert title in error.message and not no_ids_shown(error.message)
    assert error.rule.url == "western-roses/interpretation-notes/#protection-skills-are-defensive"

def test_every_saved_calculator_says_what_a_player_calls_its_data():
    saved = {name: calc.saved_as for name, calc in CALCULATORS.items() if calc.saved}
    assert saved["wr-character"] == "Western Roses character"
    for name, words in saved.items():
        assert " " in words and name not in words, (name, words)
