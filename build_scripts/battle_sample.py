"""A long Western Roses battle for measuring the battle engine: ``sample_battle(300)`` plays
300 legal events (attacks, grazes, cards, concentrating, moving, turns, a few game master
overrides), chosen from each state's own ``legal`` list with a seeded generator, so the same
call gives the same battle file. ``make bench`` replays it in the browser's worker; the
Pyodide tests replay it there and in CPython."""

from __future__ import annotations

import random

from calculators.western_roses.fight import RULES
from calculators.western_roses.fight.view import view
from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK

from build_scripts.sample_play import play


def combatants() -> list[dict]:
    """Two against two, within reach of each other, two of them with the example deck."""
    def entry(cid, side, x, **numbers):
        return {"id": cid, "side": side, "name": cid.title(), "hp": 400, "range": 6, "x": x,
                **numbers}
    return [entry("reimu", "heroes", 0, ins=9, int=15, speed=6, deck=EXAMPLE_DECK),
            entry("marisa", "heroes", 1, ins=10, int=16, pwr=9, speed=8),
            entry("wolf", "foes", 2, pwr=15, cha=9, speed=7, weapon="natural-weapon"),
            entry("kappa", "foes", 3, ins=12, int=12, speed=6, deck=EXAMPLE_DECK)]


def _choose(legal: list[dict], rng: random.Random) -> dict:
    """An event from the legal list: graze when owed, else mostly attacks and cards, ending
    the turn when no action is left."""
    kinds = {e["type"]: e for e in legal}
    seed = rng.randrange(2**31)
    if "start" in kinds:
        return {"type": "start", "seed": seed}
    if "graze" in kinds:
        return {"type": "graze", "attempt": rng.random() < 0.8, "seed": seed}
    if "collect" in kinds:
        return {"type": "collect", "from": kinds["collect"]["from"][0]}
    castable = [c for c in kinds.get("cast", {}).get("cards", []) if c["castable"]]
    targets = kinds.get("attack", {}).get("targets", [])
    roll = rng.random()
    if castable and roll < 0.2:
        card = rng.choice(castable)
        target = rng.choice(targets)["id"] if targets else ""
        return {"type": "cast", "card": card["entry"], "target": target, "seed": seed}
    if targets and roll < 0.75:
        target = rng.choice(targets)
        kind = "physical" if target["physical"] and rng.random() < 0.4 else "danmaku"
        if not target[kind]:
            kind = "physical" if target["physical"] else "danmaku"
        return {"type": "attack", "target": target["id"], "attack": kind, "seed": seed}
    if "concentrate" in kinds:
        return {"type": "concentrate"}
    return {"type": "end-turn", "seed": seed}


def sample_battle(events: int = 300, seed: int = 26, table: list[dict] | None = None) -> dict:
    """A battle file of ``events`` legal events, a game master's note every 40th, the heroes
    winning as the last (fewer events once none is left to play); among :func:`combatants`, or
    ``table`` when given."""
    return play(RULES, view, table or combatants(), events, seed, _choose,
                interlude=lambda index: {"type": "gm-note",
                                         "text": f"Event {index}: the wind turns."},
                last=lambda rng: {"type": "end-battle", "winner": "heroes",
                                  "seed": rng.randrange(2**31)})
