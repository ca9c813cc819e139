"""The engine's value semantics, through the Western Roses rules: push returns a new battle and
leaves the old one as it was, undo drops the last event, replay checks every event."""

from __future__ import annotations

import pytest

from calculators import CalculatorError
from calculators.battle import Battle, push, replay, undo
from calculators.western_roses.fight import RULES
from calculators.western_roses.fight.view import view

from wr_battles import foe

COMBATANTS = (foe("aya", speed=8, ins=9), foe("bob", speed=5, x=2))


def test_push_gives_a_new_battle_and_leaves_the_old_one_unchanged():
    start = Battle(COMBATANTS, ({"type": "start", "seed": 1},))
    after, state = push(RULES, start, {"type": "concentrate"})
    assert start.events == ({"type": "start", "seed": 1},)
    assert after.events == (*start.events, {"type": "concentrate"})
    assert view(state) == view(replay(RULES, list(COMBATANTS), list(after.events)))


def test_undo_drops_the_last_event_and_an_empty_log_stays_empty():
    start = Battle(COMBATANTS, ({"type": "start", "seed": 1},))
    after, _ = push(RULES, start, {"type": "concentrate"})
    assert undo(after) == start
    assert undo(undo(start)) == Battle(COMBATANTS, ())


def test_an_illegal_push_raises_on_the_event_and_the_battle_is_untouched():
    start = Battle(COMBATANTS, ({"type": "start", "seed": 1},))
    with pytest.raises(CalculatorError) as caught:
        push(RULES, start, {"type": "cast", "card": 0, "seed": 3})
    assert caught.value.errors[0].field == "event.card"
    assert start == Battle(COMBATANTS, ({"type": "start", "seed": 1},))


def test_the_same_seed_rolls_the_same_dice_and_another_seed_may_not():
    events = [{"type": "start", "seed": 1}, {"type": "attack", "target": "bob", "seed": 5}]
    one = view(replay(RULES, list(COMBATANTS), events))
    assert view(replay(RULES, list(COMBATANTS), events)) == one
    others = {str(view(replay(RULES, list(COMBATANTS), [events[0], {**events[1], "seed": s}]))
                  ["log"]) for s in range(6, 16)}
    assert len(others) > 1
