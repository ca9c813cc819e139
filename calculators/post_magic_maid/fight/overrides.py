"""The game master's overrides of a post-magic-maid battle, on the engine's override events
(:mod:`calculators.battle.overrides`): the numbers she may set (Blitz Points, bonus d8s, spare
aces, the turn's actions planned and taken, each wound count) and the status she may give or
take (an automatic 25); a wound count set moves her condition as a wound would (note
``wound-overflow``)."""

from __future__ import annotations

from ...battle.overrides import OverrideHooks, Settable, fixed, override_events
from ...battle.state import State
from ..checks import MAX_ACTIONS
from ..sheet import MAX_BLITZ, WOUND_FIELDS
from .actions import MAX_D8S
from .cards import AUTOMATIC, AUTOMATIC_RESULT
from .conditions import condition
from .numbers import number
from .turns import next_turn


def _after_set(state: State, c: dict, field: str, old: int) -> None:
    """A wound count set moves her along the tracks as a wound would."""
    c["condition"] = condition(c)


SETTABLE = {
    "blitz": Settable("Blitz Points", fixed(0, MAX_BLITZ)),
    "d8s": Settable("Bonus d8s this round", fixed(0, MAX_D8S)),
    "spare_aces": Settable("Spare aces", fixed(0, number("deck-size"))),
    "planned": Settable("Actions planned this turn", fixed(0, MAX_ACTIONS)),
    "taken": Settable("Actions taken this turn", fixed(0, MAX_ACTIONS)),
    **{field: Settable(f"{track.capitalize()} {w.name} wounds", fixed(0, w.capacity))
       for track, fields in WOUND_FIELDS.items() for field, w in fields},
}

OVERRIDES = override_events(OverrideHooks(
    settable=SETTABLE, statuses={AUTOMATIC: f"Automatic {AUTOMATIC_RESULT}"},
    after_set=_after_set, next_turn=next_turn))

__all__ = ["OVERRIDES", "SETTABLE"]
