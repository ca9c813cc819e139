"""Interpretation notes: where a source contradicts itself or is silent, the reading the site
takes, and why. Kept as data (``<system>/data/interpretations*.json``) so the notes page is
generated from the same records the tests pin the calculators to.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .errors import RuleRef
from .ruledata import Source, data_dir, load_records
from .systems import system


@dataclass(frozen=True)
class Interpretation:
    """One contradiction or gap.

    Attributes:
        id: kebab-case; tests and code comments refer to it.
        title: a short name for the question ("AOE with several targets").
        source: the section of the seed file where the conflict or gap sits.
        conflict: where the passages disagree (cite locations, do not quote the source prose).
        reading: the reading the site and its calculators take.
        reason: why that reading (usually: the rule's own sentence or table supports it).
    """

    id: str
    title: str
    source: Source
    conflict: str
    reading: str
    reason: str


def load_interpretations(package: str) -> tuple[Interpretation, ...]:
    """Every ``data/interpretations*.json`` of a system package, in file-name order."""
    data = data_dir(package)
    names = sorted(p.name for p in data.iterdir()
                   if p.name.startswith("interpretations") and p.name.endswith(".json"))
    notes: list[Interpretation] = []
    for name in names:
        notes.extend(load_records(package, name, Interpretation))
    ids = [n.id for n in notes]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"{package}: interpretation ids used twice: {', '.join(duplicates)}")
    return tuple(notes)


@cache
def note_refs(package: str) -> dict[str, RuleRef]:
    """Every interpretation note of a system package as a player is shown it, by id: its title,
    and where the system's notes page presents it (a URL from the site's root, as a broken
    rule's link), so an answer or a message names the note and links it, never its id."""
    folder = system(package).folder
    return {n.id: RuleRef(n.title, f"{folder}/interpretation-notes/#{n.id}")
            for n in load_interpretations(package)}


def note_ref(package: str, note_id: str) -> RuleRef:
    """One note of :func:`note_refs` (a ``KeyError`` for an id the data does not have)."""
    return note_refs(package)[note_id]


def reading(ref: RuleRef) -> str:
    """How a sentence cites the note: ``reading: <its title>``."""
    return f"reading: {ref.section}"
