"""The basic attacks along a straight line (seed 002, "Boss abilities", "Affinities &
Talents"): a monster's Burst Attack and a Striker's Blast Strike, one attack roll that each
target on the line defends against (:func:`.strikes.strike_all`). On the grid the
targets are the foes on the line from her hex in one of the six hex directions, out to the
attack's farthest reach; a melee Blast Strike hits every hex next to her (reading
``line-attack-hexes``). Off the grid the table names the targets. Blood Rain's line is the
challenge event's (:mod:`.abilities`)."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.state import State
from ...errors import FieldError
from ...params import CHOICE, JSON, Param
from .actions import (ACTOR, DIRECTION, MAJOR, ability_of, check_held, check_ids, check_target,
                      has_ability, has_action, spend)
from .belkan import SPEND, bank_hit, check_spend, refuse_ranged, spend_bank
from .citations import cite
from .hexes import DIRECTIONS, foes, foes_next_to, foes_on_line, hex_of, placed
from .overcharge import gain
from .strikes import strike_all

BURST_ATTACK, BLAST_STRIKE = "burst-attack", "blast-strike"
LINE_ATTACKS = (BURST_ATTACK, BLAST_STRIKE)


def on_line(state: State, c: dict, ability: str, rng: str, direction: str) -> list[dict]:
    """The foes a line attack of ``c``'s hits on the grid: in melee a Blast Strike's every
    hex next to her, else the line towards ``direction``."""
    if rng == "melee" and ability == BLAST_STRIKE:
        return foes_next_to(state, c, hex_of(c))
    return foes_on_line(state, c, direction, rng) if direction else []


def check_line(state: State, ev: dict) -> list[FieldError]:
    errors = check_held(state, MAJOR, ev["ability"])
    if errors:
        return errors
    c = state.by_id(state.current)
    a = ability_of(c, ev["ability"])
    errors = refuse_ranged(c, ev["range"]) or check_spend(c, ev)
    if errors:
        return errors
    if not placed(c):
        if ev["direction"]:
            return refusal("direction", "A direction is for a line on the grid; off it, name "
                                        "the targets.")
        errors = check_ids(state, ev["targets"], "targets", "A list of the ids of everyone "
                                                            "on the line, each once.")
        if errors or not ev["targets"]:
            return errors or refusal("targets", "Name everyone on the line.")
        for cid in ev["targets"]:
            errors = check_target(state, str(cid), "targets", c)
            if errors:
                return errors
        return []
    if ev["targets"] is not None:
        return refusal("targets", f"On the grid {a.name} takes every foe on its line: name a "
                                  "direction, no targets.")
    if not ev["direction"] and not (ev["range"] == "melee" and ev["ability"] == BLAST_STRIKE):
        return refusal("direction", f"Name the direction of {a.name}'s line.")
    if not on_line(state, c, ev["ability"], ev["range"], ev["direction"]):
        return refusal("direction", f"No foe of {c['name']}'s stands on that line.")
    return []


def apply_line(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    a = ability_of(c, ev["ability"])
    spend(c, MAJOR)
    rule = cite("Affinities & Talents" if c["kind"] == "girl" else "Boss abilities")
    state.write(f"{c['name']} uses {a.name} ({ev['range']}"
                + (f", towards the {ev['direction']}" if ev["direction"] else "") + ").", *rule,
                note="line-attack-hexes" if placed(c) else "")
    if c["kind"] == "girl" and a.overcharge:  # Burst Attack costs nothing (Boss abilities)
        gain(state, c, c["roles"][a.overcharge_stat], a.overcharge, a.name)
    targets = (on_line(state, c, ev["ability"], ev["range"], ev["direction"]) if placed(c)
               else [state.by_id(str(cid)) for cid in ev["targets"]])
    struck = strike_all(state, c, [(t, ev["range"], 0) for t in targets], a.name,
                        spend_bank(state, c, ev))
    for _, rng in struck:
        bank_hit(state, c, rng)


def line_legal(state: State, c: dict) -> list[dict]:
    """Her line attacks now: on the grid each range's directions with foes on the line (and
    their ids); off it, the foes the table may name."""
    have = [k for k in LINE_ATTACKS if has_ability(c, k)]
    ranges = ("melee",) if refuse_ranged(c, "ranged") else ("melee", "ranged")
    if not have or not has_action(c, MAJOR):
        return []
    others = [o["id"] for o in foes(state, c)]
    out = []
    for k in have:
        ways = [(rng, way) for rng in ranges
                for way in ([""] if rng == "melee" and k == BLAST_STRIKE
                            else [name for name, _, _ in DIRECTIONS])] if placed(c) else []
        lines = [{"range": rng, "direction": way,
                  "foes": [o["id"] for o in on_line(state, c, k, rng, way)]} for rng, way in ways]
        entry = {"type": "line-attack", "by": c["id"], "ability": k, "on_grid": placed(c),
                 "lines": [x for x in lines if x["foes"]], "foes": others}
        if entry["lines"] or (others and not placed(c)):  # someone to name, or a line to hit
            out.append(entry)
    return out


EVENTS = (
    EventType("line-attack", "Burst Attack or Blast Strike", "A basic attack along a straight "
              "line (its Major action; Blast Strike takes 1 Attack overcharge): one attack "
              "roll, each target on the line defends; on the grid the line runs from her hex "
              "one of six ways out to her attack's reach, a melee Blast Strike hits every hex "
              "next to her.",
              (Param("ability", "Ability", kind=CHOICE, default=BLAST_STRIKE,
                     choices=((BLAST_STRIKE, "Blast Strike"), (BURST_ATTACK, "Burst Attack"))),
               Param("range", "Melee or ranged", kind=CHOICE, default="ranged",
                     choices=(("melee", "Melee (1d6 + 2)"), ("ranged", "Ranged (1d6)"))),
               DIRECTION,
               Param("targets", "Targets (off the grid)", kind=JSON,
                     help="Off the grid only: the ids of everyone on the line."),
               SPEND),
              ACTOR, check_line, apply_line, rolls=True),
)


__all__ = ["EVENTS", "LINE_ATTACKS", "line_legal", "on_line"]
