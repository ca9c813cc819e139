"""The game master's overrides in a Magical Burst battle, over the engine's
(:mod:`calculators.battle.overrides`): the numbers she may set on a combatant (Resolve,
damage, a pool, hit points, the counters, the stats, the actions left) within their bounds,
the statuses she may give or take (the ailments), and what follows a number set (falling,
rising, dying, a burst owed at 13)."""

from __future__ import annotations

from ...battle.overrides import OverrideHooks, Settable, fixed, override_events
from ...battle.state import State
from ..monsters import MAX_POOL, MAX_RESOLVE, MAX_STAT, MONSTER
from ..overcharge import STAT_NAMES
from ..tracker import MAX_COUNTER
from .combatants import GIRL, HUMAN, MINION, her
from .conditions import DEAD, DEATH_AT, DEFEATED, DESTROYED, DOWN, FIGHTING as FINE
from .overcharge import COUNTERS, owe_burst
from .statuses import AILMENT_NAMES
from .turns import next_turn


def _after_set(state: State, c: dict, field: str, old: int) -> None:
    """What follows a number set: falling, rising, dying, a burst owed at 13."""
    if field == "max_resolve" and c["resolve"] is not None:
        c["resolve"] = min(c["resolve"], c["max_resolve"])
    if field in COUNTERS.values():
        owe_burst(state, c, next(s for s, k in COUNTERS.items() if k == field))
        return
    if c["kind"] == "minion":
        c["condition"] = DESTROYED if c["hp"] == 0 else FINE
    elif c["kind"] == "monster":
        c["condition"] = DEFEATED if c["resolve"] == 0 else FINE
    elif c["damage"] >= DEATH_AT:
        c["condition"] = DEAD
    elif c["kind"] == "girl":
        c["condition"] = DOWN if c["resolve"] == 0 else FINE
        if c["condition"] == FINE:
            c["rising"] = None
    else:
        c["condition"] = FINE


def _only(*kinds: str):
    """Whether a combatant is of one of ``kinds`` (the kinds that have a number)."""
    return lambda c: c["kind"] in kinds


SETTABLE = {
    "resolve": Settable("Resolve", lambda c: (0, c["max_resolve"]), _only(GIRL, MONSTER)),
    "max_resolve": Settable("Maximum Resolve", fixed(1, MAX_RESOLVE), _only(GIRL, MONSTER)),
    "damage": Settable("Damage since Resolve ran out", fixed(0, DEATH_AT),
                       _only(GIRL, HUMAN)),
    "pool": Settable("Overcharge pool", fixed(0, MAX_POOL), _only(MONSTER)),
    "hp": Settable("Hit points", lambda c: (0, c["max_hp"]), _only(MINION)),
    **{key: Settable(f"{STAT_NAMES[stat]} overcharge", fixed(0, MAX_COUNTER), _only(GIRL))
       for stat, key in COUNTERS.items()},
    **{k: Settable(k.title(), fixed(0, MAX_STAT), _only(GIRL, MONSTER, MINION))
       for k in ("attack", "defence", "support")},
    "tenacity": Settable("Tenacity", fixed(0, MAX_STAT), _only(GIRL, HUMAN)),
    "major": Settable("Major actions left", fixed(0, 3)),
    "minor": Settable("Minor actions left", fixed(0, 1)),
}


#: The engine's overrides; an id may stand in the turn order twice (Extra Action, a Fury
#: Burst).
OVERRIDES = override_events(OverrideHooks(
    settable=SETTABLE, statuses=AILMENT_NAMES, after_set=_after_set,
    next_turn=next_turn, turns_repeat=True, her=her))


__all__ = ["OVERRIDES", "SETTABLE"]
