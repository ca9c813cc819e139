"""A long Magical Burst battle for measuring and checking the battle engine:
``sample_battle(200)`` plays that many legal events (attacks, moves, ailments shaken off,
rising again, bursts, turns, a few game master overrides), chosen from each state's own
``legal`` list with a seeded generator, so the same call gives the same battle file. The
Pyodide tests replay it there and in CPython."""

from __future__ import annotations

import random

from calculators.magical_burst.battle import EXAMPLE_GIRL, RULES
from calculators.magical_burst.battle_view import view

from build_scripts.sample_play import play


def combatants() -> list[dict]:
    """Three girls against a spread-3 main monster and two minions."""
    def girl(cid: str, name: str, **sheet) -> dict:
        return {"id": cid, "side": "girls", "kind": "girl",
                "character": {**EXAMPLE_GIRL, "name": name, **sheet}}
    return [girl("akane", "Akane"), girl("mei", "Mei", overcharge_judgment=9),
            girl("yui", "Yui", overcharge_fury=10),
            {"id": "mother", "side": "monsters", "kind": "monster", "name": "Mother",
             "spread": 3, "level": "row-16", "attack": 5, "defence": 4, "support": 3,
             "boss_abilities": ["extra-action", "lost-shake-off"],
             "talents": ["binding-attack", "lost-barrier", "disruptive-strikes"]},
            {"id": "imp", "side": "monsters", "kind": "minion", "template": "maintenance-imps"},
            {"id": "nanny", "side": "monsters", "kind": "minion", "template": "spider-nanny"}]


def _choose(legal: list[dict], rng: random.Random) -> dict:
    """An event from the legal list: the burst when owed, else mostly attacks, ending the
    turn when nothing else is picked."""
    kinds = {e["type"]: e for e in legal}
    seed = rng.randrange(2**31)
    if "start" in kinds:
        return {"type": "start", "seed": seed}
    if "burst" in kinds:
        return {"type": "burst", "nearby": [], "seed": seed}
    if "rise" in kinds:
        return {"type": "rise", "seed": seed}
    roll = rng.random()
    targets = kinds.get("attack", {}).get("targets", [])
    if targets and roll < 0.6:
        return {"type": "attack", "target": rng.choice(targets),
                "range": rng.choice(["melee", "ranged"]), "seed": seed}
    if "remove-ailments" in kinds and roll < 0.7:
        return {"type": "remove-ailments", "action": "minor", "seed": seed}
    if "reckless" in kinds and roll < 0.75:
        return {"type": "reckless", "seed": seed}
    return {"type": "end-turn", "seed": seed}


def sample_battle(events: int = 200, seed: int = 27) -> dict:
    """A battle file of ``events`` legal events, Akane bleeding anew every 40th (fewer if the
    fight ends first)."""
    return play(RULES, view, combatants(), events, seed, _choose,
                interlude=lambda index: {"type": "gm-status", "combatant": "akane",
                                         "status": "bleed", "change": "add"})
