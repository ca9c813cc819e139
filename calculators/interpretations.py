"""Interpretation notes: where a source contradicts itself or is silent, the reading the site
takes, and why. Kept as data (``<system>/data/interpretations*.json``) so the notes page is
generated from the same records the tests pin the calculators to.
"""

from __future__ import annotations

from dataclasses import dataclass
from .ruledata import Source, data_dir, load_records


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
