"""A girl's overcharge counters in the fight (seed 002, "Overcharge", "Monsters"): each gain
moves the counter of one magical stat and says its stage (a roll's sixes through :func:`settle`,
which takes a monster's from its pool); a stage below 13 calls for its flair or change, which
comes into play when the table asks for it (event ``overcharge-effect``, the row rolled from
that event's seed, the counter back to 0, reading ``stage-calls-for-an-effect``); at 13 the
burst is owed at once (event ``burst``), and changes her combatant as the burst's rules say: a
Fury Burst's frenzy (two turns a round, 1d6 Resolve at the start of each, no overcharge gained,
+1d6 damage for 2 Fury; the frenzy's end takes her second turn out of the order), a Judgment
Burst's blast (whose damage the burst event deals, :mod:`.bursts`), a Heart Burst's bond lost
(its creature joins the fight by :mod:`.newcomers`)."""

from __future__ import annotations

from ...battle.state import State
from ..overcharge import (BURST_AT, BURSTS, STAT_NAMES, STATS, TABLES, Change, apply_effect,
                          calls_for, entry)
from ..tracker import MAX_COUNTER
from .citations import cite
from .conditions import TRANSFORMED
from .numbers import number
from .rolls import Roll, roll

OVERCHARGE = cite("Overcharge")
#: Where a girl keeps each counter: under the key her character sheet gives it, so the battle
#: hands them back as they are.
COUNTERS = {stat: f"overcharge_{stat}" for stat in STATS}
BURST_DAMAGE = number("judgment-burst-damage-per-point")
BURST_DIFFICULTY = number("judgment-burst-difficulty-per-point")


def gain(state: State, c: dict, stat: str, points: int, why: str) -> None:
    """``points`` of overcharge on her ``stat`` (none during a Fury Burst), its stage said,
    and a burst owed at 13."""
    if c["frenzy"]:
        state.write(f"{c['name']} is in a Fury Burst and gains no overcharge ({why}).",
                    *OVERCHARGE)
        return
    before = c[COUNTERS[stat]]
    after = min(before + points, MAX_COUNTER)
    c[COUNTERS[stat]] = after
    stage = calls_for(stat, after)
    call = f": {stage['table_title']}" if stage["table"] else ""
    state.write(f"{c['name']}: {STAT_NAMES[stat]} overcharge {before} → {after} ({why}); "
                f"{stage['stage_name'].lower()}{call}.", *OVERCHARGE,
                note="stage-calls-for-an-effect")
    owe_burst(state, c, stat)


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


def owe_burst(state: State, c: dict, stat: str) -> None:
    """At 13 or more on ``stat``, her burst is owed before play goes on (once); a girl who
    became her Heart Burst's creature has no burst left to owe."""
    owed = any(p["burst"] == stat and p["combatant"] == c["id"] for p in state.pending)
    if c[COUNTERS[stat]] >= BURST_AT and not owed and not (stat == "fury" and c["frenzy"]) \
            and c["condition"] != TRANSFORMED:
        state.pending.append({"combatant": c["id"], "burst": stat})
        state.write(f"{c['name']}'s {BURSTS[stat].name} happens now.", *OVERCHARGE)


def apply_table_effect(state: State, c: dict, stat: str) -> None:
    """Roll the row of the flair or change her ``stat``'s counter calls for; the counter
    resets."""
    counter = c[COUNTERS[stat]]
    stage = calls_for(stat, counter)
    table = TABLES[stage["table"]]
    tens = state.dice.roll(1, table.tens_die, f"{table.title}, tens")[0]
    units = state.dice.roll(1, table.units_die, f"{table.title}, units")[0]
    row = entry(table.id, 10 * tens + units)
    text = (row.name or "") + (": " if row.name and row.effect else "") + (row.effect or "") \
        if isinstance(row, Change) else row.text
    c[COUNTERS[stat]] = apply_effect(counter)
    state.write(f"{c['name']}'s {stage['stage_name'].lower()} ({table.title}, {row.roll}): "
                f"{(text or 'the row is lost; choose a change or roll again').rstrip('.')}. "
                f"{STAT_NAMES[stat]} overcharge {counter} → 0.", *OVERCHARGE,
                note="overcharge-table-dice")


def lose_bond(state: State, c: dict, strongest: bool) -> None:
    """A burst costs her a point of her strongest bond (``strongest``) or of her weakest
    (a Judgment Burst)."""
    bonds = [b for b in c.get("bonds", []) if b["now"] > 0]
    if not bonds:
        state.write(f"{c['name']} has no bond left to lose.", *OVERCHARGE,
                    note="girl-with-no-bonds")
        return
    bond = (max if strongest else min)(bonds, key=lambda b: b["now"])
    bond["now"] -= 1
    state.write(f"{c['name']} loses a point of her bond “{bond['name']}”: "
                f"{bond['now'] + 1} → {bond['now']}.", *OVERCHARGE)


def _frenzy_slot(state: State, c: dict) -> None:
    """Her second turn a round, right after her own (reading extra-turns-in-the-order)."""
    at = state.order.index(c["id"])
    state.order.insert(at + 1, c["id"])
    if at + 1 <= state.turn and state.order[state.turn] != c["id"]:
        state.turn += 1


def end_frenzy(state: State, c: dict, why: str) -> None:
    """The frenzy ends: her second slot in the order goes."""
    c["frenzy"] = False
    slots = [i for i, cid in enumerate(state.order) if cid == c["id"]]
    if len(slots) > number("fury-burst-turns") - 1:
        drop = next(i for i in reversed(slots) if i != state.turn)
        del state.order[drop]
        if drop < state.turn:
            state.turn -= 1
    state.write(f"{c['name']}'s Fury Burst ends: {why}.", *OVERCHARGE)


def burst(state: State, c: dict, stat: str) -> int:
    """The burst of ``stat`` (the pending one) begins, as its rules say: a Fury Burst's
    frenzy, or the counter released back to 0. Returns the overcharge released (0 for the
    frenzy, which spends it over her turns). The burst event (:mod:`.bursts`) then deals a
    Judgment Burst's blast (:func:`judgment_blast`, :func:`caught_in_blast`) and takes the
    bond point (:func:`lose_bond`)."""
    b = BURSTS[stat]
    counter = c[COUNTERS[stat]]
    state.write(f"{c['name']}'s {b.name}: {b.summary}", *OVERCHARGE)
    if stat == "fury":
        c["frenzy"] = True
        _frenzy_slot(state, c)
        state.write(f"{c['name']} takes {number('fury-burst-turns')} turns a round, "
                    f"regains 1d6 Resolve at the start of each, and spends her {counter} Fury "
                    "overcharge; the frenzy ends when it is spent or her Resolve is gone.",
                    *OVERCHARGE, note="extra-turns-in-the-order")
        return 0
    c[COUNTERS[stat]] = 0
    return counter


def judgment_blast(state: State, c: dict, counter: int) -> tuple[int, int]:
    """Her Judgment Burst releases ``counter`` overcharge: the damage to everyone nearby and
    the Support difficulty that avoids it."""
    damage = counter * BURST_DAMAGE
    difficulty = counter * BURST_DIFFICULTY
    state.write(f"{c['name']} releases {counter} overcharge: {damage} damage to everyone "
                f"nearby, avoided by Support against {difficulty}.", *OVERCHARGE)
    return damage, difficulty


def caught_in_blast(state: State, other: dict, difficulty: int) -> bool:
    """Whether ``other``'s Support roll fails to avoid the blast (its overcharge settled)."""
    rolled = roll(state, other, "support", "Support against the blast")
    caught = rolled.total < difficulty
    state.write(f"{other['name']} {'is caught' if caught else 'avoids the blast'}: "
                f"{rolled.words}.", *OVERCHARGE)
    settle(state, other, rolled)
    return caught


__all__ = ["BURST_DAMAGE", "BURST_DIFFICULTY", "COUNTERS", "apply_table_effect", "burst",
           "caught_in_blast", "end_frenzy", "gain", "judgment_blast", "lose_bond", "owe_burst",
           "settle"]
