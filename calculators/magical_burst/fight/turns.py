"""Initiative, rounds, the start and the end of a turn, and the start and the end of a Magical
Burst battle (seed 002, "Space and
time", "Help and hindrance", "Life and death", "Boss abilities", "Overcharge").

Initiative is 2d6 + Support, no explosion and no overcharge (Tenacity for those without
magical stats; a minion's one Attack & Support number), ties to the higher stat added (reading
``initiative-ties``); each Extra Action of a monster rolls a turn of its own (reading
``extra-turns-in-the-order``). At the start of every round bleeding costs 2 damage and a
monster that shakes off statuses removes its oldest (reading ``round-start-order``). On her
turn she has a Major and a Minor action (one of either when stunned, reading
``stun-single-action``); a girl who rolled to rise regains her Resolve now, and a girl in a
Fury Burst regains 1d6. A monster with Ambush Tactics takes its extra turn before round 1
(:mod:`.talents`). Ending the battle rolls a monster's Overcharge Radiation (reading
``radiation-at-the-end``); every girl's counters, Resolve and wounds go back to her sheet."""

from __future__ import annotations

import dataclasses
from collections import Counter

from ...battle.events import SEED, EventType, check_end_battle, check_start, refusal
from ...battle.state import ENDED, State
from ...battle.turns import end_turn_event
from ...battle.state import FIGHTING as IN_FIGHT
from ...errors import FieldError
from ...params import JSON, Param
from ..rules import AILMENTS
from .actions import GATE, check_ids
from .citations import cite
from .conditions import DOWN, FIGHTING, OUT
from .damage import heal, take_damage
from .numbers import number
from .overcharge import COUNTERS, owe_burst
from .hexes import aura_penalties
from .rolls import CHECK_DICE, SIDES, penalties
from .talents import (after_ambush_turn, ambush_under_way, begin_ambush, near_by_default,
                      radiate, radiating)

INITIATIVE = cite("Initiative")
BLEED = next(a for a in AILMENTS if a.damage_per_round)
SHAKE_OFF = "lost-shake-off"
EXTRA_TURN = "extra-action"


def initiative_stat(c: dict) -> tuple[int, str]:
    """The stat added to her initiative roll, and its name."""
    if c["magical"]:
        return c["support"], "Support"
    return c["tenacity"], "Tenacity"


def roll_initiative(state: State, c: dict) -> list[int]:
    """Her initiative totals (one a turn she takes each round), written and kept on her."""
    stat, name = initiative_stat(c)
    mods = penalties(c) + aura_penalties(state, c)  # Bound's −2 is on every roll, this one too
    turns = 1 + c["boss_abilities"].count(EXTRA_TURN)
    for turn in range(turns):
        label = f"{c['name']}'s initiative" + (f" (turn {turn + 1})" if turns > 1 else "")
        faces = state.dice.roll(CHECK_DICE, SIDES, label)
        total = sum(faces) + stat + sum(p for _, p in mods)
        c["initiative"].append(total)
        state.write(f"{label}: 2d6 {faces} + {name} {stat}"
                    + "".join(f" {p:+d} {why}" for why, p in mods) + f" = {total}.",
                    *INITIATIVE, note="extra-turns-in-the-order" if turns > 1 else "")
    return c["initiative"][-turns:]


def _slot_key(state: State, index: int) -> tuple[int, int]:
    """The initiative total and stat of the turn at ``index`` in the order (an id standing
    twice holds its totals highest first; a Fury Burst's extra turn keeps her last one)."""
    c = state.by_id(state.order[index])
    totals = sorted(c["initiative"], reverse=True) or [0]
    k = state.order[:index].count(c["id"])
    return totals[min(k, len(totals) - 1)], initiative_stat(c)[0]


def join_fight(state: State, c: dict) -> None:
    """A combatant joins the fight under way: her initiative rolled, each of her turns placed
    before the first turn of a lower total (ties to the higher stat, then to those already
    there), so she first acts when the order reaches her (reading ``joining-the-fight``)."""
    state.combatants.append(c)
    stat = initiative_stat(c)[0]
    for total in roll_initiative(state, c):
        at = next((i for i in range(len(state.order))
                   if (total, stat) > _slot_key(state, i)), len(state.order))
        state.order.insert(at, c["id"])
        if at <= state.turn:
            state.turn += 1
    state.write(f"{c['name']} joins the turn order: " + ", ".join(
        state.by_id(cid)["name"] for cid in state.order) + ".", *INITIATIVE,
        note="joining-the-fight")


def start_battle(state: State, ev: dict) -> None:
    """Everyone's initiative, round 1, and the first turn."""
    state.phase = IN_FIGHT
    # what a rebirth in a minion divides by (Boss abilities)
    state.data["minions_at_start"] = dict(Counter(c["side"] for c in state.combatants
                                                  if c["kind"] == "minion"))
    rolled = []
    for index, c in enumerate(state.combatants):
        stat = initiative_stat(c)[0]
        rolled += [(total, stat, -index, c["id"]) for total in roll_initiative(state, c)]
    rolled.sort(reverse=True)
    state.order = [cid for *_, cid in rolled]
    state.write("Turn order: " + ", ".join(f"{state.by_id(cid)['name']} ({total})"
                                            for total, _, _, cid in rolled) + ".",
                *INITIATIVE, note="initiative-ties")
    state.turn = len(state.order) - 1
    state.round = 0
    ambusher = begin_ambush(state)
    if ambusher is not None:
        start_turn(state, ambusher)
    else:
        next_turn(state)
    for c in state.combatants:
        owe_bursts(state, c)


def owe_bursts(state: State, c: dict) -> None:
    """A girl's counters at 13 owe their bursts (at the start, and again at the start of her
    turn when the game master skipped past one)."""
    if c["kind"] == "girl":
        for stat in COUNTERS:
            owe_burst(state, c, stat)


def start_round(state: State) -> None:
    """A new round: bleeding, then monsters shaking off a status."""
    state.round += 1
    state.write(f"Round {state.round}.", *cite("Space and time"))
    for c in state.combatants:
        if c["condition"] not in OUT and any(s["id"] == BLEED.id for s in c["statuses"]):
            take_damage(state, c, BLEED.damage_per_round, "bleeding at the start of the round")
    for c in state.combatants:
        if c["condition"] not in OUT and SHAKE_OFF in c["boss_abilities"] and c["statuses"]:
            gone = c["statuses"].pop(0)
            state.write(f"{c['name']} shakes off {gone['id']} at the start of the round.",
                        *cite("Boss abilities"), note="round-start-order")


def start_turn(state: State, c: dict) -> None:
    """Her actions, her rising Resolve or frenzy's Resolve."""
    stunned = any(s["id"] == "stun" for s in c["statuses"])
    c["major"], c["minor"] = number("major-actions"), number("minor-actions")
    c["single"] = stunned
    c["bursts_left"] = c["boss_abilities"].count("action-burst")
    c["minions_made"] = 0
    state.write(f"{c['name']}'s turn: a Major and a Minor action"
                + (", only one of them (stunned)" if stunned else "") + ".",
                *cite("Space and time"), note="stun-single-action" if stunned else "")
    if c["rising"] is not None and c["condition"] == DOWN:
        bonus = c["rising"]
        faces = state.dice.roll(number("rise-resolve-dice"), SIDES, f"{c['name']}'s Resolve")
        c["condition"] = FIGHTING
        c["rising"] = None
        c["resolve"] = 0
        heal(state, c, sum(faces) + bonus, f"rising again: {faces} + {bonus}")
    owe_bursts(state, c)
    if c["frenzy"]:
        faces = state.dice.roll(number("fury-burst-resolve-dice"), SIDES,
                                f"{c['name']}'s frenzy")
        heal(state, c, sum(faces), "the Fury Burst, at the start of her turn")


def next_turn(state: State) -> None:
    """End the turn; the next combatant still in the fight starts hers (a new round when the
    order comes back to its top; after an ambush turn, the next ambusher's or round 1)."""
    if ambush_under_way(state):
        ambusher = after_ambush_turn(state)
        if ambusher is not None:
            start_turn(state, ambusher)
            return
    index = state.turn
    for step in range(1, len(state.order) + 1):
        index = (state.turn + step) % len(state.order)
        if state.by_id(state.order[index])["condition"] not in OUT:
            break
    wrapped = index <= state.turn
    state.turn = index
    if wrapped:
        start_round(state)
    current = state.by_id(state.current)
    if current["condition"] in OUT:  # bleeding took her out at the round's start
        if any(c["condition"] not in OUT for c in state.combatants):
            next_turn(state)
        return
    start_turn(state, current)


# --- the events: start, end of turn, end of battle ----------------------------------------

def check_end(state: State, ev: dict) -> list[FieldError]:
    """Ending the battle; with a monster's Overcharge Radiation, a seed for its dice and only
    girls named as near it."""
    errors = check_end_battle(state, ev)
    if errors:
        return errors
    if ev["near"] is not None and not radiating(state):
        return refusal("near", "No monster here has Overcharge Radiation.")
    if not radiating(state):
        return []
    if ev["seed"] is None:
        return refusal("seed", "Overcharge Radiation rolls 1d6 for each girl near the monster: "
                               "the event needs a seed.")
    errors = check_ids(state, ev["near"], "near", "A list of the ids of the girls near it, each "
                                                 "once.")
    if errors:
        return errors
    for cid in ev["near"] or []:
        if state.by_id(str(cid)) not in near_by_default(state):
            return refusal("near", f"{state.by_id(str(cid))['name']} is not a magical girl "
                                   "still in the story.")
    return []


def apply_end_battle(state: State, ev: dict) -> None:
    """The battle ends, a monster's Overcharge Radiation rolled; no burst is owed any more."""
    state.phase = ENDED
    if radiating(state):
        radiate(state, near_by_default(state) if ev["near"] is None
                else [state.by_id(str(cid)) for cid in ev["near"]])
    state.pending.clear()
    state.write("The battle ends; each girl's overcharge counters, Resolve and wounds go back "
                "to her sheet.", *cite("Overcharge"))


EVENTS = (
    EventType("start", "Start the battle", "Rolls everyone's initiative (2d6 + Support, or "
              "Tenacity; each Extra Action a turn of its own), starts round 1 (bleeding, "
              "shaking off) and the first turn.", (), "anyone, once", check_start,
              start_battle, rolls=True),
    end_turn_event("Ends her turn, whatever actions are left; the next combatant still "
                   "fighting starts hers (a new round: bleeding, shaking off).",
                   "the table, once no burst is owed", GATE.end_turn, next_turn, rolls=True),
    EventType("end-battle", "End the battle", "Ends the battle; a monster's Overcharge "
              "Radiation gives each girl near it 1d6 overcharge on its highest attribute; each "
              "girl's counters, Resolve, wounds and bonds are ready to go back to her sheet.",
              (Param("near", "Near the radiating monster", kind=JSON,
                     help="With Overcharge Radiation: the ids of the girls near it; blank: "
                          "every magical girl of the battle."),
               dataclasses.replace(SEED, required=False,
                                   help="Needed with Overcharge Radiation, for its dice.")),
              "the table", check_end, apply_end_battle),
)


__all__ = ["EVENTS", "join_fight", "next_turn", "roll_initiative", "start_battle",
           "start_round", "start_turn"]
