"""Affinities and talents of Magical Burst 4.1 (seed 002, “Affinities & Talents” and the four
talent lists after it), loaded from ``data/talents.json``.

Each talent carries the numbers a player tracks: its action type, its Overcharge cost and the
stat that takes it, and how often it may be used. The source heads the Guardian list “Knight
Magical Talents”; it is filed under the ``guardian`` affinity (interpretation
``knight-is-guardian``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ruledata import Source, load_records
from .rules import Action, NameStatus, Per, check_name, check_range, check_uses, fail

Affinity = Literal["guardian", "striker", "medium"]
Group = Literal["starting", "basic", "common", "affinity"]
OverchargeStat = Literal["attack", "defence", "support", "used"]

#: Display names, in the order the source introduces the affinities.
AFFINITIES: dict[str, str] = {"striker": "Striker", "guardian": "Guardian", "medium": "Medium"}
#: What each affinity is good at, restated from “Affinities & Talents”.
AFFINITY_ROLES: dict[str, str] = {
    "striker": "dealing damage",
    "guardian": "protecting others and controlling positions",
    "medium": "helping those around them reach their full potential",
}
GROUPS: dict[str, str] = {
    "starting": "Starting talents (free to everyone of the affinity)",
    "basic": "Basic talents (known by every magical girl)",
    "common": "Common talents (count as part of every affinity)",
    "affinity": "Affinity talents",
}
WHERE = "talents.json"


@dataclass(frozen=True)
class Talent:
    """A magical girl's talent.

    Attributes:
        group: ``starting`` (free with the affinity), ``basic`` (everyone knows it), ``common``
            (learnable as part of any affinity) or ``affinity``.
        affinity: the affinity of a starting or affinity talent; ``None`` for basic and common.
        action: action type, ``None`` where the source gives none (passive or not stated).
        overcharge: Overcharge taken on use; ``overcharge_stat`` says which stat takes it
            (``used``: the attribute used for the challenge).
        uses, per: the use limit (``2`` per ``scene``), or both ``None``.
        starred: the source marks the name with an asterisk (meaning not explained).
        free_at_creation: the source says the talent costs nothing at character creation.
    """

    id: str
    name: str
    name_status: NameStatus
    group: Group
    affinity: Affinity | None
    action: Action | None
    overcharge: int | None
    overcharge_stat: OverchargeStat | None
    uses: int | None
    per: Per | None
    starred: bool
    free_at_creation: bool
    summary: str
    source: Source

    def cost_label(self) -> str:
        """``1 Overcharge (Defence)``, or an em dash when the talent costs none."""
        if self.overcharge is None:
            return "—"
        stat = "stat in use" if self.overcharge_stat == "used" else str(self.overcharge_stat).title()
        return f"{self.overcharge} Overcharge ({stat})"

    def uses_label(self) -> str:
        """``2/Scene`` as the source writes limits, or an em dash."""
        return "—" if self.uses is None else f"{self.uses}/{str(self.per).title()}"

    def action_label(self) -> str:
        return "—" if self.action is None else f"{self.action.title()} Action"


def validate(talents: tuple[Talent, ...]) -> None:
    """Checks beyond types: names, cost and use ranges, and affinity only where it belongs."""
    for t in talents:
        check_name(WHERE, t.id, t.name, t.name_status)
        check_uses(WHERE, t.id, t.uses, t.per)
        check_range(WHERE, t.id, "overcharge", t.overcharge, 1, 3)
        if (t.overcharge is None) != (t.overcharge_stat is None):
            fail(WHERE, t.id, "overcharge and overcharge_stat must be given together")
        if (t.affinity is None) != (t.group in ("basic", "common")):
            fail(WHERE, t.id, f"a {t.group} talent {'has no' if t.affinity is None else 'takes no'} affinity")
        if not t.summary.strip():
            fail(WHERE, t.id, "empty summary")


TALENTS: tuple[Talent, ...] = load_records(__package__, WHERE, Talent)
validate(TALENTS)
TALENTS_BY_ID: dict[str, Talent] = {t.id: t for t in TALENTS}


def talents_in(group: str, affinity: str | None = None) -> list[Talent]:
    """The talents of one list, in source order."""
    return [t for t in TALENTS if t.group == group and (affinity is None or t.affinity == affinity)]
