"""Rolls and their overcharge in a Magical Burst battle (seed 002, "Overcharge", "Life and
death", "Help and hindrance", "Monsters", "Minions").

A magical roll is 2d6! + stat: every 6 rolls another die, and every six is a point of
overcharge, which a girl adds to the counter of the magical stat behind the role, a monster
subtracts from its pool (never below 0, reading ``monster-overcharge-pool``) and a minion does
not have. Those without magic now (a human; a girl at 0 Resolve, reading
``girl-without-resolve-acts-as-human``) roll 2d6 + Tenacity without explosion and take their
wound level's penalty. Bound is −2 on every roll, and so is standing next to an enemy monster
with Fear Aura (:func:`.hexes.aura_penalties`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...battle.state import State
from .citations import cite
from .numbers import battle_rule
from .overcharge import gain
from ..rules import AILMENTS, check_value as value

SIDES = value("die-sides")
EXPLODES_ON = value("explodes-on")
CHECK_DICE = value("check-dice")
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
    return c["magical"] and not (c["kind"] == "girl" and c["condition"] != "fighting")


def wound_level(damage: int):
    """The wound level of ``damage`` taken since Resolve ran out (``None`` for none)."""
    from ..rules import WOUNDS

    for w in WOUNDS:
        if damage >= w.first_damage and (w.last_damage is None or damage <= w.last_damage):
            return w
    return None


def penalties(c: dict) -> list[tuple[str, int]]:
    """Every penalty on her rolls now, named: Bound, a possessing monster's −3, and a wound
    for those without magic."""
    out = [(s["id"], AILMENT_PENALTY[s["id"]]) for s in c["statuses"]
           if s["id"] in AILMENT_PENALTY]
    if c.get("possessing"):  # all its attributes are 3 lower (the possession, Talents)
        out.append(("possessing", -battle_rule("possession-penalty")))
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
    and ``boosts`` extra dice; :func:`settle` then moves the overcharge of its sixes."""
    from .hexes import aura_penalties  # it reads conditions from a module importing this

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


def settle(state: State, c: dict, rolled: Roll) -> None:
    """The overcharge a roll's sixes move, written after the line that shows the roll: a
    girl's counter of the role's stat takes the sixes and boosts, a monster's pool loses the
    sixes."""
    sixes, boosts, what = rolled.sixes, rolled.boosts, rolled.what
    if not rolled.magical:
        return
    if c["kind"] == "girl" and (sixes or boosts):
        gain(state, c, c["roles"][rolled.role], sixes + boosts,
             f"{sixes} six{'es' if sixes != 1 else ''} on her {what}"
             + (f" and {boosts} boost{'s' if boosts > 1 else ''}" if boosts else ""))
    elif c["kind"] == "monster" and sixes:
        before = c["pool"]
        c["pool"] = max(0, before - sixes)
        state.write(f"{c['name']} rolled {sixes} six{'es' if sixes != 1 else ''}: its "
                    f"overcharge pool {before} → {c['pool']}.", *cite("Monsters"),
                    note="monster-overcharge-pool")


__all__ = ["Roll", "exploding", "magical_now", "penalties", "roll", "settle", "wound_level"]
