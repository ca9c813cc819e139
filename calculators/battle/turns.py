"""What every system's turns share: the gate an event of the fight passes (the battle under
way, no decision owed), the menu built behind that gate, ending a turn and ending the battle.

A system fills in what is its own: the words for the decision owed (a graze, a burst, a
joker's choice), its order rule (``next_turn``), what its menu offers, and what else happens
when the battle ends (spell-meters empty, counters go back to sheets).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import FieldError
from ..params import TEXT, Param
from .events import Check, EventType, check_end_battle, refusal
from .state import ENDED, FIGHTING, SETUP, State

#: Words refusing an event while ``pending`` (the first decision owed) is unanswered.
Owed = Callable[[State, dict], str]

#: The ``winner`` field of an end-of-battle event.
WINNER = Param("winner", "Winning side", kind=TEXT, maximum=40, default="",
               help="Leave out when no side won.")


@dataclass(frozen=True)
class Gate:
    """The phase and pending gate of one system.

    Attributes:
        owed: what a refusal says while a decision is owed ("Aya must first decide whether
            to graze (event graze).").
    """

    owed: Owed

    def decision(self, state: State) -> list[FieldError]:
        """Refused while a decision is owed; else nothing."""
        return refusal("", self.owed(state, state.pending[0])) if state.pending else []

    def turn(self, state: State) -> list[FieldError]:
        """Something done on a turn: only in a battle under way, with no decision owed."""
        if state.phase != FIGHTING:
            return refusal("", "Actions are taken during the fight: start the battle first."
                           if state.phase == SETUP else "The battle has ended.")
        return self.decision(state)

    def acting(self, state: State, unable: Callable[[dict], str]) -> list[FieldError]:
        """Something the combatant whose turn it is does: :meth:`turn`, then refused with
        ``unable(her)`` when that says why she cannot (an empty string when she can)."""
        errors = self.turn(state)
        if errors:
            return errors
        why = unable(state.by_id(state.current))
        return refusal("", why) if why else []

    def end_turn(self, state: State, ev: dict) -> list[FieldError]:
        """Ending a turn: only during the fight, once no decision is owed."""
        if state.phase != FIGHTING:
            return refusal("", "There is no turn to end outside the fight.")
        return self.decision(state)

    @staticmethod
    def menu(state: State, start: Callable[[State], list[dict]],
             owed: Callable[[State, dict], list[dict] | None],
             fighting: Callable[[State, dict], list[dict]]) -> list[dict]:
        """The events legal now: ``start`` before the battle, nothing after it, ``owed``'s
        answer to the first decision owed (``None`` when that decision leaves the turn's
        menu open), else ``fighting``'s menu for the combatant whose turn it is."""
        if state.phase == SETUP:
            return start(state)
        if state.phase != FIGHTING:
            return []
        if state.pending:
            answer = owed(state, state.pending[0])
            if answer is not None:
                return answer
        return fighting(state, state.by_id(state.current))


def end_turn_event(help: str, by: str, check: Check, next_turn: Callable[[State], None],
                   rolls: bool = False) -> EventType:
    """``end-turn``: ``check`` (a :meth:`Gate.end_turn` or the system's own), then the
    system's order rule ``next_turn`` starts the next turn."""
    return EventType("end-turn", "End the turn", help, (), by, check,
                     lambda state, ev: next_turn(state), rolls=rolls)


def end_battle(state: State, ev: dict, also: str, citation: tuple[str, str]) -> None:
    """The battle ends: no decision is owed any more, and the log says who won (``also``
    adds the system's sentence to that line)."""
    state.phase = ENDED
    state.pending.clear()
    state.write("The battle ends" + (f": {ev['winner']} win." if ev["winner"] else ".") + also,
                *citation)


def end_battle_event(help: str, citation: tuple[str, str], also: str = "",
                     then: Callable[[State, dict], None] | None = None,
                     rolls: bool = False) -> EventType:
    """``end-battle`` with a ``winner``: :func:`end_battle` (its line citing ``citation``),
    then the system's ``then``."""
    def apply(state: State, ev: dict) -> None:
        end_battle(state, ev, also, citation)
        if then is not None:
            then(state, ev)
    return EventType("end-battle", "End the battle", help, (WINNER,), "the table",
                     check_end_battle, apply, rolls=rolls)


__all__ = ["WINNER", "Gate", "Owed", "end_battle", "end_battle_event", "end_turn_event"]
