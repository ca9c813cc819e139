"""What the conformance suite runs over: every system's battle (from the ``battle`` of each
system in :data:`calculators.systems.SYSTEMS`) and the test-only toy system, declared here in
one line; and a table's taps, read from the answer's own HTML as a player's browser reads them.

A tap is what the site script does with a button: a ``data-calc-set`` button sets inputs (a
seat, an open tool, the next action's choices), a ``data-calc-append`` button also appends its
event to the ``events`` input, a ``@random`` seed drawn fresh. Following the buttons that only
set inputs reaches every control a seat can open.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from html import unescape
from typing import Any

from build_scripts import battle_sample, mb_battle_sample, pmm_battle_sample
from calculators.battle import Rules
from calculators.battle.rules import rules_of
from calculators.calculator import Calculator
from calculators.registry import get
from calculators.systems import SYSTEMS
from calculators.ui import RANDOM

from toy_fight import TOY_BATTLE


@dataclass(frozen=True)
class Fight:
    """One system's battle as the suite sees it: its calculator and the rules beside it, and
    the line-ups its battles start from (its page's example first)."""

    calculator: Calculator
    lineups: tuple[list, ...] = ()

    @property
    def rules(self) -> Rules:
        return rules_of(self.calculator)

    @property
    def name(self) -> str:
        return self.calculator.name

    @property
    def starts(self) -> list[list]:
        return [self.calculator.example["combatants"], *self.lineups]


#: More line-ups than the pages' examples: the sample battles' (decks, saved characters,
#: monsters and minions, the hex grid).
LINEUPS = {"wr-battle": (battle_sample.combatants(),),
           "mb-battle": (mb_battle_sample.combatants(), mb_battle_sample.combatants(grid=True)),
           "pmm-battle": (pmm_battle_sample.TABLE,)}

FIGHTS = [*(Fight(get(s.battle), LINEUPS.get(s.battle, ())) for s in SYSTEMS if s.battle),
          Fight(TOY_BATTLE)]

#: The event types no tap reaches from a system's line-ups, at any volume of play (a full
#: walk of every view from the played states offers none of them): ``gm-note``'s button
#: needs a note typed first, and the rest belong to combatants the line-ups do not hold (an
#: ability the tracker plays, a monster's area abilities, minions, the grid talents, a
#: reincarnation) or to a panel the toy does not give its game master. The conformance
#: suite checks every other type's buttons; a line-up that offers one of these takes it off.
UNOFFERED = {
    "wr-battle": {"ability", "gm-note"},
    "mb-battle": {"ability", "challenge", "create-minions", "curse-shift", "end-ambush",
                  "gm-note", "gravity-wave", "lay-mine", "lift-belief", "mind-leech",
                  "overcharge-effect", "possess", "reincarnate", "rise"},
    "pmm-battle": {"gm-note"},
    "toy-battle": {"gm-note", "gm-order", "gm-set", "gm-skip-turn", "gm-status"},
}


@dataclass(frozen=True)
class Tap:
    """A button: its label, the inputs it sets, and the event it appends (or ``None``)."""

    label: str
    sets: dict
    event: dict | None


#: A button the answer's HTML holds (attributes as :func:`calculators.ui.set_button` writes
#: them, in that order) and its label.
_BUTTON = re.compile(r'<button [^>]*?data-calc-set="([^"]*)"(?: data-calc-append="([^"]*)")?'
                     r'[^>]*>(.*?)</button>', re.S)
_TAG = re.compile(r"<[^>]+>")


def taps(html: str) -> list[Tap]:
    """Every button of an answer that sets inputs, in page order."""
    out = []
    for sets, added, label in _BUTTON.findall(html):
        events = json.loads(unescape(added)).get("events") if added else None
        out.append(Tap(unescape(_TAG.sub("", label)).strip(), json.loads(unescape(sets)),
                       json.loads(events) if events else None))
    return out


def seeded(value: Any, rng: random.Random) -> Any:
    """``value`` with each :data:`RANDOM` marker replaced by a seed, as the site script does."""
    if value == RANDOM:
        return rng.randrange(1, 2**31)
    if isinstance(value, dict):
        return {k: seeded(v, rng) for k, v in value.items()}
    if isinstance(value, list):
        return [seeded(v, rng) for v in value]
    return value


#: Inputs a navigation tap may set and the suite follows (a seat, a tool, the next action's
#: choices); a tap setting anything else (the combatants before the start) is not followed.
FOLLOWED = ("seat", "tool", "event")


def offered(fight: Fight, battle: dict, seats: list[str] | None = None, most: int = 24,
            rng: random.Random | None = None) -> list[tuple[dict, Tap]]:
    """The event buttons reachable from ``seats`` of ``battle`` (every seat when ``None``;
    ``""`` is the game master's), by following the taps that only set a seat, a tool or a
    hidden choice, at most ``most`` views (with ``rng``, the taps to follow drawn at random):
    ``(inputs when tapped, tap)``."""
    calc = fight.calculator
    hidden = {p.name for p in calc.params if p.hidden and p.name not in ("event", "events",
                                                                          "combatants")}
    if seats is None:
        seats = [""] + [c["id"] for c in calc.run(battle)["state"]["combatants"]]
    queue = [{**battle, "seat": seat} for seat in seats]
    seen: set[str] = set()
    found: list[tuple[dict, Tap]] = []
    while queue and len(seen) < most:
        inputs = queue.pop(0 if rng is None or len(seen) < len(seats)
                           else rng.randrange(len(queue)))
        key = json.dumps(inputs, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        html = calc.render(calc.run(inputs))
        for tap in taps(html):
            if tap.event is not None:
                found.append((inputs, tap))
            elif set(tap.sets) <= set(FOLLOWED) | hidden:
                queue.append({**inputs, **{k: v for k, v in tap.sets.items() if k != "event"}})
    return found


def tapped(inputs: dict, tap: Tap, rng: random.Random) -> tuple[dict, dict]:
    """The inputs after ``tap`` (its event appended, its seed drawn) and that event."""
    event = seeded(tap.event, rng)
    sets = {k: v for k, v in tap.sets.items() if k != "event"}
    return {**inputs, **sets, "events": [*inputs["events"], event]}, event


def battle_only(inputs: dict) -> dict:
    return {"combatants": inputs["combatants"], "events": inputs["events"]}
