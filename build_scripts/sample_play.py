"""The loop the long sample battles share (``battle_sample.py`` for Western Roses,
``mb_battle_sample.py`` for Magical Burst, ``pmm_battle_sample.py`` for post-magic-maid): a
battle played event by event on the engine, each event chosen from the state's own ``legal``
list with a seeded generator, so the same call gives the same battle file. ``make bench`` and
the Pyodide tests replay these files."""

from __future__ import annotations

import random
from typing import Callable

from calculators.battle import Rules
from calculators.battle.replay import apply_event

#: Every this many events, the system's interlude (a game master's event) instead of a choice.
INTERLUDE_EVERY = 40


def play(rules: Rules, view: Callable[[object], dict], combatants: list[dict], events: int,
         seed: int, choose: Callable[[list[dict], random.Random], dict],
         interlude: Callable[[int], dict],
         last: Callable[[random.Random], dict] | None = None) -> dict:
    """A battle file of ``events`` legal events (fewer once none is left to play): ``choose``
    picks from the legal list, ``interlude`` (given the event's index) stands at every
    INTERLUDE_EVERY-th place, and ``last``, when given, is the final event."""
    rng = random.Random(seed)
    state = rules.setup(combatants)
    log: list[dict] = []
    while len(log) < events:
        legal = view(state)["legal"]
        if not legal:
            break
        if len(log) % INTERLUDE_EVERY == INTERLUDE_EVERY - 1:
            event = interlude(len(log))
        elif last is not None and len(log) == events - 1:
            event = last(rng)
        else:
            event = choose(legal, rng)
        log.append(apply_event(rules, state, event, f"events[{len(log)}]"))
    return {"combatants": combatants, "events": log}
