"""The JSON every system's battle state shows a reader (and the views built on it): the
phase, round, order, whose turn, the decisions owed, each combatant as the system shows her,
its own extras, the game master's choices (how players see foes' numbers, the notes pinned on
combatants), the legal events and the log with each line's interpretation note linked, and
(only when there is something to say) what opening the battle file found: ``record``, see
:func:`.record.report`."""

from __future__ import annotations

from collections.abc import Callable

from .overrides import foes_shown, notes
from .state import State


def state_view(state: State, system: str, combatant: Callable[[dict], dict],
               legal: Callable[[State], list[dict]], note_url: Callable[[str], str],
               **extra: object) -> dict:
    """The JSON of ``state`` for ``system``: ``combatant`` shows one combatant, ``legal``
    lists the events legal now, ``note_url`` links a note by id; ``extra`` keys (a system's
    own state) come after the combatants."""
    return {
        "system": system,
        "phase": state.phase,
        "round": state.round,
        "order": list(state.order),
        "turn": state.current,
        "pending": [dict(p) for p in state.pending],
        "combatants": [combatant(c) for c in state.combatants],
        **extra,
        "foes_shown": foes_shown(state),
        "notes": notes(state),
        "legal": legal(state),
        "log": [{**line.as_dict(), "note_url": note_url(line.note) if line.note else ""}
                for line in state.log],
        **({"record": dict(state.record)} if state.record else {}),
    }


__all__ = ["state_view"]
