"""Helpers for the Magical Burst battle tests: combatants, running events, reading dice off the
log. Numbers are worked out in the tests from the rule text and the dice a log line shows,
never taken from the tracker's own totals."""

from __future__ import annotations

import functools

import battle_runs
from calculators.magical_burst.fight.calculator import MB_BATTLE

run = functools.partial(battle_runs.run, MB_BATTLE)
state = functools.partial(battle_runs.state, MB_BATTLE)
refused = functools.partial(battle_runs.refused, MB_BATTLE)
seed_where = functools.partial(battle_runs.seed_where, MB_BATTLE, tries=2000)
who = battle_runs.who

START = {"type": "start", "seed": 1}


def girl(cid: str, heart: int = 3, fury: int = 3, judgment: int = 3, tenacity: int = 3,
         **sheet) -> dict:
    """A girl from a small character file: Attack is Fury, Defence Heart, Support Judgment
    (the sheet's default roles); a magical stat above 3 is raised with experience, so the
    creation budget holds."""
    magic = {"heart": heart, "fury": fury, "judgment": judgment}
    raised = {f"{k}_raised": v - 3 for k, v in magic.items() if v > 3}
    character = {"name": cid.title(), **{k: min(v, 3) for k, v in magic.items()}, **raised,
                 "xp": sum(raised.values()), "tenacity": tenacity, **sheet}
    return {"id": cid, "side": "girls", "kind": "girl", "character": character}


def monster(cid: str, **fields) -> dict:
    return {"id": cid, "side": "monsters", "kind": "monster", "name": cid.title(), **fields}


def human(cid: str, tenacity: int = 3, side: str = "girls") -> dict:
    return {"id": cid, "side": side, "kind": "human", "name": cid.title(),
            "tenacity": tenacity}


def minion(cid: str, **fields) -> dict:
    return {"id": cid, "side": "monsters", "kind": "minion", "name": cid.title(), **fields}


def rolls(st: dict, label: str, since: int = 0) -> list[list[int]]:
    """The faces of every roll the log shows under ``label`` (from event ``since`` on)."""
    return [d["faces"] for line in st["log"] if line["event"] >= since
            for d in line["dice"] if d["label"] == label]


def faces(st: dict, label: str, since: int = 0) -> list[int]:
    """Every face rolled under ``label`` (an exploding roll's extra dice included)."""
    return [f for batch in rolls(st, label, since) for f in batch]


def lines(st: dict, since: int = 0) -> list[str]:
    return [line["text"] for line in st["log"] if line["event"] >= since]


def gm_set(cid: str, field: str, value: int, seed: int = 1) -> dict:
    return {"type": "gm-set", "combatant": cid, "field": field, "value": value, "seed": seed}


def gm_status(cid: str, status: str, change: str = "add") -> dict:
    return {"type": "gm-status", "combatant": cid, "status": status, "change": change}
