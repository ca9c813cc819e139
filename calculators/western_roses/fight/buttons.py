"""The tracker's buttons: each appends one event to the battle's ``events`` input (with a
fresh seed, the :data:`~calculators.ui.RANDOM` marker, where the event rolls) through the
shared :func:`calculators.battle.table.event_button`, and closes an open tool."""

from __future__ import annotations

from ...battle import table
from ...ui.markup import Html
from .events import EVENTS

#: Events whose outcome the dice decide: their button carries a fresh seed (the table's, the
#: ``roll`` check and the game master's ``gm-set`` and ``gm-skip-turn``, all in
#: :data:`.events.EVENTS`).
ROLLING = frozenset(e.name for e in EVENTS if e.rolls)


def event_button(label: str, event: dict, primary: bool = False, title: str | None = None,
                 keep_tool: bool = False) -> Html:
    """A button appending ``event`` to the battle's log (seeded when it rolls); it closes an
    open tool (the move pad, the game master's adjustments) unless ``keep_tool``."""
    return table.event_button(label, event, ROLLING, primary=primary, title=title,
                              also=None if keep_tool else {"tool": ""})
