"""A girl's overcharge counters in the fight (seed 002, "Overcharge"): each gain moves the
counter of one magical stat and says its stage; a stage below 13 calls for its flair or change,
which comes into play when the table asks for it (event ``overcharge-effect``, the row rolled
from that event's seed, the counter back to 0, reading ``stage-calls-for-an-effect``); at 13
the burst is owed at once (event ``burst``), and changes her combatant as the burst's rules
say: a Fury Burst's frenzy (two turns a round, 1d6 Resolve at the start of each, no overcharge
gained, +1d6 damage for 2 Fury), a Judgment Burst's blast, a Heart Burst's bond lost (its
creature joins the fight by :mod:`.newcomers`)."""

from __future__ import annotations

from ...battle.state import State
from .citations import cite
from .numbers import battle_rule
from ..burst import DAMAGE_PER_POINT as BURST_DAMAGE, DIFFICULTY_PER_POINT as BURST_DIFFICULTY
from ..overcharge import (BURST_AT, BURSTS, STAT_NAMES, STATS, TABLES, Change, apply_effect,
                         calls_for, entry)
from ..tracker import MAX_COUNTER

OVERCHARGE = cite("Overcharge")
#: Where a girl keeps each counter: under the key her character sheet gives it, so the battle
#: hands them back as they are.
COUNTERS = {stat: f"overcharge_{stat}" for stat in STATS}


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


def owe_burst(state: State, c: dict, stat: str) -> None:
    """At 13 or more on ``stat``, her burst is owed before play goes on (once); a girl who
    became her Heart Burst's creature has no burst left to owe."""
    from .damage import TRANSFORMED  # battle_falling needs this module first

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


def _lose_bond(state: State, c: dict, strongest: bool) -> None:
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
    if len(slots) > battle_rule("fury-burst-turns") - 1:
        drop = next(i for i in reversed(slots) if i != state.turn)
        del state.order[drop]
        if drop < state.turn:
            state.turn -= 1
    state.write(f"{c['name']}'s Fury Burst ends: {why}.", *OVERCHARGE)


def burst(state: State, c: dict, stat: str, nearby: list[dict], take_damage) -> None:
    """The burst of ``stat`` (the pending one), as its rules say."""
    from .rolls import roll, settle

    b = BURSTS[stat]
    counter = c[COUNTERS[stat]]
    state.write(f"{c['name']}'s {b.name}: {b.summary}", *OVERCHARGE)
    if stat == "fury":
        c["frenzy"] = True
        _frenzy_slot(state, c)
        state.write(f"{c['name']} takes {battle_rule('fury-burst-turns')} turns a round, "
                    f"regains 1d6 Resolve at the start of each, and spends her {counter} Fury "
                    "overcharge; the frenzy ends when it is spent or her Resolve is gone.",
                    *OVERCHARGE, note="extra-turns-in-the-order")
        _lose_bond(state, c, strongest=True)
        return
    c[COUNTERS[stat]] = 0
    if stat == "judgment":
        damage = counter * BURST_DAMAGE
        difficulty = counter * BURST_DIFFICULTY
        state.write(f"{c['name']} releases {counter} overcharge: {damage} damage to everyone "
                    f"nearby, avoided by Support against {difficulty}.", *OVERCHARGE)
        for other in nearby:
            rolled = roll(state, other, "support", "Support against the blast")
            caught = rolled.total < difficulty
            state.write(f"{other['name']} {'is caught' if caught else 'avoids the blast'}: "
                        f"{rolled.words}.", *OVERCHARGE)
            settle(state, other, rolled)
            if caught:
                take_damage(state, other, damage, f"{c['name']}'s Judgment Burst")
        _lose_bond(state, c, strongest=False)
    else:
        _lose_bond(state, c, strongest=True)


__all__ = ["COUNTERS", "apply_table_effect", "burst", "end_frenzy", "gain", "owe_burst"]
