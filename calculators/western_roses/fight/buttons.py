"""The tracker's buttons: each appends one event to the battle's ``events`` input (with a
fresh seed, the :data:`~calculators.ui.RANDOM` marker, where the event rolls) through the
shared :func:`calculators.battle.table.event_button`, and closes an open tool."""

from __future__ import annotations

from ...battle import table
from ...battle.events import rolling
from ...ui.markup import Html
from .events import EVENTS

#: Events whose outcome the dice may decide (they declare a seed): their button carries a
#: fresh seed.
ROLLING = rolling(EVENTS)


def event_button(label: str, event: dict, primary: bool = False, title: str | None = None,
                 keep_tool: bool = False) -> Html:
    """A button appending ``event`` to the battle's log (seeded when it rolls); it closes an
    open tool (the move pad, the game master's adjustments) unless ``keep_tool``."""
    return table.event_button(label, event, ROLLING, primary=primary, title=title,
                              also=None if keep_tool else {"tool": ""})
