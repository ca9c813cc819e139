"""Running one battle calculator in the battle tests of every system: its answer for a
battle file, the errors of an illegal event, a combatant of a state, and the test's own
search for a seed whose dice make a case happen. Each system's helper module binds these to
its calculator (``functools.partial``)."""

from __future__ import annotations

from typing import Callable

from calculators import CalculatorError
from calculators.calculator import Calculator


def run(calc: Calculator, combatants: list, events: list, event: dict | None = None) -> dict:
    params = {"combatants": combatants, "events": events}
    if event is not None:
        params["event"] = event
    return calc.run(params)


def state(calc: Calculator, combatants: list, events: list) -> dict:
    return run(calc, combatants, events)["state"]


def refused(calc: Calculator, combatants: list, events: list,
            event: dict | None = None) -> list[dict]:
    """The errors of an illegal event or battle (fails the test when it is accepted)."""
    try:
        run(calc, combatants, events, event)
    except CalculatorError as exc:
        return exc.as_json()["errors"]
    raise AssertionError(f"{event} was accepted")


def who(st: dict, cid: str) -> dict:
    return next(c for c in st["combatants"] if c["id"] == cid)


def seed_where(calc: Calculator, combatants: list, events: list, event: dict,
               holds: Callable[[dict], bool], tries: int = 400) -> dict:
    """The first seed for which ``event`` is legal and ``holds(state)``: the test's own search
    for dice that make a case happen."""
    for seed in range(1, tries):
        try:
            st = run(calc, combatants, events, {**event, "seed": seed})["state"]
        except CalculatorError:
            continue
        if holds(st):
            return {**event, "seed": seed}
    raise AssertionError(f"no seed below {tries} makes the case for {event}")
