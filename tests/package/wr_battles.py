"""Helpers for the battle tests: combatants, running events, and reading dice off the log.

Numbers are checked against the dice a log line shows, worked out in the test from the rule
text (one die per 3 points, the three lowest totals a critical failure…), never against the
tracker's own totals."""

from __future__ import annotations

import copy

from calculators import CalculatorError
from calculators.western_roses.battle import WR_BATTLE
from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK


def foe(cid: str, **numbers) -> dict:
    """A quick entry: every stat 12, 50 HP, speed 6, range 4, unless given."""
    return {"id": cid, "side": numbers.pop("side", "foes"), "name": cid.title(), **numbers}


def deck() -> dict:
    """The spellcard page's example deck document (20 cards, priced for its caster)."""
    return copy.deepcopy(EXAMPLE_DECK)


def run(combatants: list, events: list, event: dict | None = None) -> dict:
    params = {"combatants": combatants, "events": events}
    if event is not None:
        params["event"] = event
    return WR_BATTLE.run(params)


def state(combatants: list, events: list) -> dict:
    return run(combatants, events)["state"]


def refused(combatants: list, events: list, event: dict) -> list[dict]:
    """The errors of an illegal event (fails the test when it is accepted)."""
    try:
        run(combatants, events, event)
    except CalculatorError as exc:
        return exc.as_json()["errors"]
    raise AssertionError(f"{event} was accepted")


def who(st: dict, cid: str) -> dict:
    return next(c for c in st["combatants"] if c["id"] == cid)


def lines(st: dict, since_event: int) -> list[dict]:
    """The log lines written by event ``since_event`` and after."""
    return [line for line in st["log"] if line["event"] >= since_event]


def rolls(st: dict, label_part: str, since_event: int = 0) -> list[list[int]]:
    """Faces of every roll whose label contains ``label_part``, in order."""
    return [d["faces"] for line in lines(st, since_event) for d in line["dice"]
            if label_part in d["label"]]


def seed_where(combatants: list, events: list, event: dict, holds, tries: int = 400) -> dict:
    """The first seed for which ``event`` is legal and ``holds(state)``; the test's own search
    for dice that make a case happen."""
    for seed in range(1, tries):
        try:
            st = run(combatants, events, {**event, "seed": seed})["state"]
        except CalculatorError:
            continue
        if holds(st):
            return {**event, "seed": seed}
    raise AssertionError(f"no seed below {tries} makes the case for {event}")


def outcome(faces: list[int], modifier: int, target: int) -> str:
    """A check's outcome from the rule text ("Basic rolls", "Critical Success and Failure"):
    the three lowest totals fail critically; the three highest succeed unless 10 or more
    below the target; otherwise success is beating the target."""
    n, total = len(faces), sum(faces) + modifier
    lowest, highest = n + modifier, 6 * n + modifier
    if total <= lowest + 2:
        return "critical-failure"
    if total >= highest - 2:
        return "critical-success" if target - total < 10 else "failure"
    return "success" if total > target else "failure"
