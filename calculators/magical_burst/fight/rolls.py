"""Rolls in a Magical Burst battle (seed 002, "Overcharge", "Life and
death", "Help and hindrance", "Monsters", "Minions").

A magical roll is 2d6! + stat: every 6 rolls another die, and every six is a point of
overcharge, which a girl adds to the counter of the magical stat behind the role, a monster
subtracts from its pool (never below 0, reading ``monster-overcharge-pool``) and a minion does
not have. Those without magic now (a human; a girl at 0 Resolve, reading
``girl-without-resolve-acts-as-human``) roll 2d6 + Tenacity without explosion and take their
wound level's penalty. Bound is −2 on every roll, and so is standing next to an enemy monster
with Fear Aura (:func:`.hexes.aura_penalties`). What a roll's sixes move is
:func:`.overcharge.settle`'s."""

from __future__ import annotations

from dataclasses import dataclass

from ...battle.state import State
from ..rules import AILMENTS
from .conditions import FIGHTING, wound_level
from .hexes import aura_penalties
from .numbers import number

SIDES = number("die-sides")
EXPLODES_ON = number("explodes-on")
CHECK_DICE = number("check-dice")
AILMENT_PENALTY = {a.id: a.roll_penalty for a in AILMENTS if a.roll_penalty}
ROLE_NAMES = {"attack": "Attack", "defence": "Defence", "support": "Support"}


@dataclass(frozen=True)
class Roll:
    """A roll made: its total, its sixes, the stat added (for ties) and how it reads."""

    total: int
    sixes: int
    stat: int
    magical: bool
    words: str
    role: str
    boosts: int
    what: str


def magical_now(c: dict) -> bool:
    """Whether her rolls are magical now: a monster, a minion, a girl with Resolve."""
    return c["magical"] and not (c["kind"] == "girl" and c["condition"] != FIGHTING)


def penalties(c: dict) -> list[tuple[str, int]]:
    """Every penalty on her rolls now, named: Bound, a possessing monster's −3, and a wound
    for those without magic."""
    out = [(s["id"], AILMENT_PENALTY[s["id"]]) for s in c["statuses"]
           if s["id"] in AILMENT_PENALTY]
    if c.get("possessing"):  # all its attributes are 3 lower (the possession, Talents)
        out.append(("possessing", -number("possession-penalty")))
    level = wound_level(c["damage"])
    if not magical_now(c) and level is not None and level.penalty:
        out.append((f"level-{level.level} wound", level.penalty))
    return out


def exploding(state: State, dice: int, label: str, explode: bool) -> list[int]:
    """``dice`` d6, and while ``explode``, one more die for every 6, recorded in the log."""
    faces = list(state.dice.roll(dice, SIDES, label))
    more = faces.count(EXPLODES_ON) if explode else 0
    while more:
        extra = state.dice.roll(more, SIDES, label)
        faces += extra
        more = extra.count(EXPLODES_ON)
    return faces


def roll(state: State, c: dict, role: str, what: str, bonus: int = 0, boosts: int = 0,
         extra_words: str = "") -> Roll:
    """Her 2d6! + the role's stat (or 2d6 + Tenacity without magic), with penalties, ``bonus``
    and ``boosts`` extra dice; :func:`.overcharge.settle` then moves the overcharge of its
    sixes."""
    magic = magical_now(c)
    stat = c[role] if magic else c["tenacity"]
    stat_name = ROLE_NAMES[role] if magic else "Tenacity"
    faces = exploding(state, CHECK_DICE + boosts, f"{c['name']}'s {what}", magic)
    sixes = faces.count(EXPLODES_ON) if magic else 0
    mods = penalties(c) + aura_penalties(state, c)
    total = sum(faces) + stat + bonus + sum(p for _, p in mods)
    words = (f"{'2d6!' if magic else '2d6'}{f' + {boosts} boost' if boosts else ''} "
             f"{faces} + {stat_name} {stat}" + (f" {bonus:+d}{extra_words}" if bonus else "")
             + "".join(f" {p:+d} {name}" for name, p in mods) + f" = {total}")
    return Roll(total, sixes, stat, magic, words, role, boosts, what)


__all__ = ["CHECK_DICE", "EXPLODES_ON", "ROLE_NAMES", "Roll", "SIDES", "exploding", "magical_now",
           "penalties", "roll"]
