"""The loop every system's battle properties run (hypothesis): drawn events, legal and not,
pushed one by one on a battle, and each answer checked the same way. A system's property test
gives its own combatants, its own events aimed at the state, and its own ranges."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import event as note_case
from hypothesis import strategies as st

from calculators import CalculatorError
from calculators.battle import replay
from calculators.battle.rules import rules_of
from calculators.calculator import Calculator

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def play_drawn(data: st.DataObject, calc: Calculator, cs: list,
               an_event: Callable[[dict, list[str]], st.SearchStrategy],
               in_range: Callable[[dict], None], most: int = 30,
               last: st.SearchStrategy | None = None) -> None:
    """Up to ``most`` events drawn from ``an_event(state, ids)`` (then one from ``last``,
    when given) pushed on a battle of ``cs``. An illegal one is refused with field errors and
    leaves the battle as it was; after an accepted one the state is ``in_range``, Undo then
    the same event gives the same answer, and the state pushed from the one kept equals the
    log replayed from the start."""
    rules = rules_of(calc)
    ids = [c["id"] for c in cs]

    def answer(events: list, event: dict | None = None) -> dict:
        params = {"combatants": cs, "events": events}
        return calc.run(params if event is None else {**params, "event": event})

    events: list[dict] = []
    current = answer(events)
    count = data.draw(st.integers(min_value=1, max_value=most))
    for index in range(count + (last is not None)):
        event = data.draw(an_event(current["state"], ids) if index < count else last)
        try:
            after = answer(events, event)
        except CalculatorError as exc:
            assert exc.errors and all(e.field.startswith("event") and e.message
                                      for e in exc.errors)
            assert answer(events) == current, "an illegal event changed the battle"
            continue
        note_case(f"accepted {event.get('type')}")
        in_range(after["state"])
        assert after["battle"]["events"][:-1] == events
        assert answer(after["battle"]["events"][:-1]) == current
        assert answer(events, event) == after
        assert rules.view(replay(rules, cs, after["battle"]["events"])) == after["state"]
        events, current = after["battle"]["events"], after
    assert answer(events) == current
