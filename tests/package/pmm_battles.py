"""Helpers for the post-magic-maid battle tests: combatants, running events, and reading the
cards and dice a log line shows.

Numbers are checked against the cards and dice the log shows, worked out in the test from the
rule text (seed 003: ranks with aces high, two dice added, tiers at 10/15/20/25, −5 per place
with several actions…), never against the tracker's own totals."""

from __future__ import annotations

import functools
import re

import battle_runs
from calculators.post_magic_maid.fight.calculator import PMM_BATTLE

run = functools.partial(battle_runs.run, PMM_BATTLE)
state = functools.partial(battle_runs.state, PMM_BATTLE)
refused = functools.partial(battle_runs.refused, PMM_BATTLE)
seed_where = functools.partial(battle_runs.seed_where, PMM_BATTLE, tries=3000)
who = battle_runs.who

#: Card ranks from the rule text ("Highest cards go first (aces high)"); a joker ranks nothing.
RANK = {"A": 14, "K": 13, "Q": 12, "J": 11, **{str(n): n for n in range(2, 11)}}
FACES = {"J", "Q", "K"}
#: Tiers from "Basic check system": 10, 15, 20, 25.
DIFFICULTIES = (10, 15, 20, 25)


def tier(total: int) -> int:
    return sum(1 for d in DIFFICULTIES if total >= d)


def quick(cid: str, side: str = "foes", **numbers) -> dict:
    """A quick entry: the builder's default dice, no bonuses, 3 Blitz Points, unless given."""
    return {"id": cid, "side": side, "name": cid.title(), **numbers}


def lines(st: dict, since_event: int) -> list[dict]:
    """The log lines written by event ``since_event`` and after."""
    return [line for line in st["log"] if line["event"] >= since_event]


def faces(st: dict, label_part: str, since_event: int = 0) -> list[int]:
    """Every face of the rolls whose label contains ``label_part``, in order."""
    return [f for line in lines(st, since_event) for d in line["dice"]
            if label_part in d["label"] for f in d["faces"]]


def initiative_cards(st: dict) -> list[tuple[str, str]]:
    """``(name, card)`` as the log's initiative line shows the draw, in drawing order."""
    line = next(l["text"] for l in st["log"] if l["text"].startswith("Initiative: "))
    return re.findall(r"(\w[\w ]*?) draws (\w+)", line.removeprefix("Initiative: "))


def blitz_cards(st: dict, since_event: int) -> list[str]:
    """The seven cards a Blitz Point drew, as its log line shows them."""
    line = next(l["text"] for l in lines(st, since_event) if "burns a Blitz Point" in l["text"])
    return line.rsplit(": ", 1)[1].rstrip(".").split(", ")


