"""Helpers for the battle tests: combatants, running events, and reading dice off the log.

Numbers are checked against the dice a log line shows, worked out in the test from the rule
text (one die per 3 points, the three lowest totals a critical failure…), never against the
tracker's own totals."""

from __future__ import annotations

import copy
import functools

import battle_runs
from calculators.western_roses.fight import WR_BATTLE
from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK

run = functools.partial(battle_runs.run, WR_BATTLE)
state = functools.partial(battle_runs.state, WR_BATTLE)
refused = functools.partial(battle_runs.refused, WR_BATTLE)
seed_where = functools.partial(battle_runs.seed_where, WR_BATTLE)
who = battle_runs.who


def foe(cid: str, **numbers) -> dict:
    """A quick entry: every stat 12, 50 HP, speed 6, range 4, unless given."""
    return {"id": cid, "side": numbers.pop("side", "foes"), "name": cid.title(), **numbers}


def deck() -> dict:
    """The spellcard page's example deck document (20 cards, priced for its caster)."""
    return copy.deepcopy(EXAMPLE_DECK)


def lines(st: dict, since_event: int) -> list[dict]:
    """The log lines written by event ``since_event`` and after."""
    return [line for line in st["log"] if line["event"] >= since_event]


def rolls(st: dict, label_part: str, since_event: int = 0) -> list[list[int]]:
    """Faces of every roll whose label contains ``label_part``, in order."""
    return [d["faces"] for line in lines(st, since_event) for d in line["dice"]
            if label_part in d["label"]]


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
