"""The tracker's buttons: each appends one event to the battle's ``events`` input (with a
fresh seed, the :data:`~calculators.ui.RANDOM` marker, where the event rolls), and groups of
them named for a screen reader."""

from __future__ import annotations

from ..ui import RANDOM, set_button
from ..ui.markup import Html, h
from .battle_actions import EVENTS
from .battle_checks import ROLL

#: Events whose outcome the dice decide: their button carries a fresh seed.
ROLLING = frozenset({*(e.name for e in EVENTS if e.rolls), ROLL.name, "gm-set", "gm-skip-turn"})


def event_button(label: str, event: dict, primary: bool = False, title: str | None = None,
                 keep_tool: bool = False) -> Html:
    """A button appending ``event`` to the battle's log (seeded when it rolls); it closes an
    open tool (the move pad, the game master's adjustments) unless ``keep_tool``."""
    if event["type"] in ROLLING:
        event = {**event, "seed": RANDOM}
    values = {"event": ""} if keep_tool else {"event": "", "tool": ""}
    return set_button(label, values, title=title, primary=primary, append={"events": event})


def group(label: str, *buttons: Html, class_: str = "battle-actions") -> Html:
    """Buttons under one accessible name (``Attack Bob``, ``Aya's HP``)."""
    return h("div", *buttons, role="group", aria_label=label, class_=class_)
