"""A long Magical Burst battle for measuring and checking the battle engine:
``sample_battle(200)`` plays that many legal events (attacks, moves, ailments shaken off,
rising again, bursts, turns, a few game master overrides), chosen from each state's own
``legal`` list with a seeded generator, so the same call gives the same battle file. The
Pyodide tests replay it there and in CPython. ``sample_battle(300, grid=True)`` is the same
fight on the hex grid: everyone on a hex, attacks at the foes in each range's reach, and
moves, so the benchmark times the grid's distances and reaches too."""

from __future__ import annotations

import random

from calculators.magical_burst.fight.calculator import EXAMPLE_GIRL, RULES
from calculators.magical_burst.fight.view import view

from build_scripts.sample_play import play


#: Where each of :func:`combatants` stands on the grid (axial ``q``, ``r``): the girls
#: together, the monster three hexes off, its minions between.
HEXES = [(0, 0), (1, 0), (0, 1), (3, -1), (2, 0), (2, 1)]


def combatants(grid: bool = False) -> list[dict]:
    """Three girls against a spread-3 main monster and two minions, on :data:`HEXES` if
    ``grid``."""
    def girl(cid: str, name: str, **sheet) -> dict:
        return {"id": cid, "side": "girls", "kind": "girl",
                "character": {**EXAMPLE_GIRL, "name": name, **sheet}}
    out = [girl("akane", "Akane"), girl("mei", "Mei", overcharge_judgment=9),
           girl("yui", "Yui", overcharge_fury=10),
           {"id": "mother", "side": "monsters", "kind": "monster", "name": "Mother",
            "spread": 3, "level": "row-16", "attack": 5, "defence": 4, "support": 3,
            "boss_abilities": ["extra-action", "lost-shake-off"],
            "talents": ["binding-attack", "lost-barrier", "disruptive-strikes"]},
           {"id": "imp", "side": "monsters", "kind": "minion", "template": "maintenance-imps"},
           {"id": "nanny", "side": "monsters", "kind": "minion", "template": "spider-nanny"}]
    return [{**c, "q": q, "r": r} for c, (q, r) in zip(out, HEXES)] if grid else out


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


def _choose_on_grid(legal: list[dict], rng: random.Random) -> dict:
    """As :func:`_choose`, but an attack goes at a foe in the reach of the range it is made
    with, and a fifth of the choices are a step (a move, or reckless movement where she is
    held) to a hex next to hers."""
    kinds = {e["type"]: e for e in legal}
    attack = kinds.get("attack", {})
    reach = [(r, t) for r in ("melee", "ranged") for t in attack.get(r, [])]
    if "start" not in kinds and "burst" not in kinds and "rise" not in kinds:
        roll = rng.random()
        if reach and roll < 0.6:
            range_, target = rng.choice(reach)
            return {"type": "attack", "target": target, "range": range_,
                    "seed": rng.randrange(2**31)}
        for kind in ("move", "reckless"):
            step = kinds.get(kind)
            if step and step["hexes"] and roll < 0.8:
                to = rng.choice(step["hexes"])
                return {"type": kind, "q": to["q"], "r": to["r"], "seed": rng.randrange(2**31)}
    return _choose([e for e in legal if e["type"] not in ("attack", "reckless")], rng)


def sample_battle(events: int = 200, seed: int = 27, grid: bool = False,
                  table: list[dict] | None = None) -> dict:
    """A battle file of ``events`` legal events, Akane bleeding anew every 40th (fewer if the
    fight ends first); on the hex grid if ``grid``; among ``table`` when given (Akane in it)."""
    return play(RULES, view, table or combatants(grid), events, seed,
                _choose_on_grid if grid else _choose,
                interlude=lambda index: {"type": "gm-status", "combatant": "akane",
                                         "status": "bleed", "change": "add"})
