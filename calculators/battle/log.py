"""The battle log: one human-readable line per thing that happened, with the rule it applied
and the dice it rolled, so a reader can check every number against the rule book."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Line:
    """One line of the log.

    Attributes:
        text: what happened, in words, with the numbers ("Aya gains 9 spell power: 50 → 59").
        rule: the rule book and section applied (``Western Roses v0.6 — Spell Power``), or
            ``"The game master"`` for an override.
        url: where the site presents that rule, from the site's root (``""`` for none).
        dice: the rolls behind it, each ``{label, dice, faces}``.
        note: the interpretation note the step follows, by id (``""`` for none).
        event: the index in the event list of the event that produced it.
    """

    text: str
    rule: str
    url: str = ""
    dice: tuple[dict, ...] = field(default_factory=tuple)
    note: str = ""
    event: int = -1

    def as_dict(self) -> dict:
        return {"text": self.text, "rule": self.rule, "url": self.url,
                "dice": [dict(d) for d in self.dice], "note": self.note, "event": self.event}


def digest(lines: Iterable[Line]) -> str:
    """A short digest (8 hex digits) of log lines as a reader checks them: each one's text,
    rule and dice. A battle file keeps one per event, so a replay under other rules can name
    the events whose lines now read differently; the page's link and the note's id are left
    out (moving a page changes no line)."""
    text = json.dumps([[line.text, line.rule, [dict(d) for d in line.dice]] for line in lines],
                      ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
