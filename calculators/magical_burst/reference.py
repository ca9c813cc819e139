"""Ailments, chases and the glossary of Magical Burst 4.1 (seed 002, “Help and hindrance”,
“Chases”), loaded from ``data/{ailments,chases,glossary}.json``.

The rolls of “Help and hindrance” (removing ailments, intercepting) and the sorcery-in-battle
penalties are dice rules and live in ``dice_rules`` (``combat.json``, ``sorcery.json``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import Source, load_records
from .ruleset import check_range, fail

Difficulty = Literal["easy", "hard", "easy–hard"]


@dataclass(frozen=True)
class Ailment:
    """A status effect; ``roll_penalty`` and ``damage_per_round`` where it has them."""

    id: str
    name: str
    summary: str
    roll_penalty: int | None
    damage_per_round: int | None
    source: Source


@dataclass(frozen=True)
class ChaseAction:
    stat: Literal["communication", "tenacity", "insight"]
    difficulty: Difficulty
    what: str | None


@dataclass(frozen=True)
class ChaseExample:
    """An example obstacle, risk or shortcut, with the actions each side may take."""

    id: str
    kind: Literal["obstacle", "risk", "shortcut"]
    name: str
    escapee: tuple[ChaseAction, ...]
    pursuer: tuple[ChaseAction, ...]
    note: str | None
    source: Source


@dataclass(frozen=True)
class GlossaryTerm:
    """A term, its short definition, and where on the site the rule lives (``page.md#anchor``
    relative to ``docs/magical-burst``)."""

    id: str
    term: str
    definition: str
    link: str | None
    source: Source


AILMENTS: tuple[Ailment, ...] = load_records(__package__, "ailments.json", Ailment)
CHASES: tuple[ChaseExample, ...] = load_records(__package__, "chases.json", ChaseExample)
GLOSSARY: tuple[GlossaryTerm, ...] = load_records(__package__, "glossary.json", GlossaryTerm)


def validate() -> None:
    """Ailment numbers in range, examples have actions, glossary terms sorted and linked."""
    for a in AILMENTS:
        check_range("ailments.json", a.id, "roll_penalty", a.roll_penalty, -4, -1)
        check_range("ailments.json", a.id, "damage_per_round", a.damage_per_round, 1, 6)
    for c in CHASES:
        if not (c.escapee or c.pursuer):
            fail("chases.json", c.id, "an example needs at least one action")
        if c.kind == "shortcut" and c.escapee:
            fail("chases.json", c.id, "shortcuts are taken by pursuers")
    terms = [g.term.casefold() for g in GLOSSARY]
    if terms != sorted(terms):
        fail("glossary.json", GLOSSARY[0].id, "terms must be in alphabetical order")
    for g in GLOSSARY:
        if g.link is not None and (".md" not in g.link or g.link.startswith("/")):
            fail("glossary.json", g.id, f"link {g.link!r} must be a relative page.md#anchor")


validate()
