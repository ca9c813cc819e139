"""The battle log: one human-readable line per thing that happened, with the rule it applied
and the dice it rolled, so a reader can check every number against the rule book."""

from __future__ import annotations

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
