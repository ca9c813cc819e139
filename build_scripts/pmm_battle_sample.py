"""A long post-magic-maid battle for measuring and checking the battle engine:
``sample_battle(300)`` plays that many legal events (initiative cards and a joker's choice,
Blitz draws and given aces, several actions, assists and contests on each side's own pair,
attacks on both tracks, treatments, turns, a game master's wound every 40th), chosen from each
state's own ``legal`` list with a seeded generator, so the same call gives the same battle
file. ``make bench`` replays it in the browser's worker; the Pyodide tests replay it there
and in CPython."""

from __future__ import annotations

import random

from calculators.post_magic_maid.fight.calculator import RULES
from calculators.post_magic_maid.fight.view import view
from calculators.post_magic_maid.character import CHECKS, EXAMPLE

from build_scripts.sample_play import play

#: A saved character, three quick entries (one with more Blitz Points).
TABLE = [{"id": "aoi", "side": "heroes", "kind": "character", "character": EXAMPLE},
         {"id": "mei", "side": "heroes", "die_int": "d20", "bonus_int": 2},
         {"id": "thug", "side": "foes", "die_str": "d12", "bonus_str": 1},
         {"id": "boss", "side": "foes", "die_cha": "d20", "blitz": 5}]
PAIRS = [c for c, _ in CHECKS]


def _choose(legal: list[dict], rng: random.Random) -> dict:
    """A legal event with its options drawn from ``rng``: mostly playing (a treatment now and
    then), ending the turn (or making the joker's choice owed) otherwise."""
    treating = rng.random() < 0.3
    playing = [e for e in legal if e["type"] not in ("end-battle", "end-turn")
               and (treating or e["type"] != "treat")]
    pick = rng.choice(playing) if playing and rng.random() < 0.7 else \
        next(e for e in legal if e["type"] in ("end-turn", "joker-order", "start"))
    seed = rng.randrange(2**31)
    kind = pick["type"]
    if kind == "start":
        return {"type": kind, "acts": rng.choice(pick["acts"]), "seed": seed}
    if kind == "joker-order":
        first, last = rng.sample(pick["choices"], 2)
        return {"type": kind, "first": first, "last": last}
    if kind == "plan":
        return {"type": kind, "actions": rng.randint(1, 3)}
    if kind == "give-ace":
        return {"type": kind, "target": rng.choice(pick["targets"])}
    if kind == "treat":
        wound = rng.choice(pick["wounds"])
        return {"type": kind, "target": wound["target"], "wound": wound["wound"], "seed": seed}
    if kind == "act":
        event = {"type": kind, "check": rng.choice(PAIRS), "seed": seed,
                 "d8s": 0 if pick["automatic"] else pick["d8s"]}
        if rng.random() < 0.5:
            event.update(target=rng.choice(pick["targets"]),
                         track=rng.choice(["blunt", "rending"]))
        if pick["against"] and rng.random() < 0.2:
            event.update(against=rng.choice(pick["against"]), against_check=rng.choice(PAIRS))
        helpers = [h for h in pick["helpers"] if h not in (event.get("target"),
                                                           event.get("against"))]
        if helpers and rng.random() < 0.2:
            event.update(helper=rng.choice(helpers), helper_check=rng.choice(PAIRS))
        return event
    return {"type": kind, "seed": seed} if RULES.events[kind].rolls else {"type": kind}


def sample_battle(events: int = 300, seed: int = 27, table: list[dict] | None = None) -> dict:
    """A battle file of ``events`` legal events, every 40th a heavy rending wound the game
    master sets on someone, for a treatment to heal; among :data:`TABLE`, or ``table`` (of
    four) when given."""
    table = table or TABLE
    ids = [c["id"] for c in table]
    return play(RULES, view, table, events, seed, _choose,
                interlude=lambda index: {"type": "gm-set", "combatant": ids[index // 40 % 4],
                                         "field": "rending_heavy", "value": 1, "seed": index})
