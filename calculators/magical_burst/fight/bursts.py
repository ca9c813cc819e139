"""The overcharge events of a Magical Burst battle (seed 002, "Overcharge"): a girl's counter
below 13 coming into play (its flair or change rolled, reading ``stage-calls-for-an-effect``)
and the burst owed at 13, which the table plays as soon as it is owed (``state.pending`` holds
it, and every other event waits): a Fury Burst's frenzy, a Judgment Burst's blast on those
nearby, a Heart Burst's creature (:mod:`.newcomers`); a bond point is lost."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import CalculatorError, FieldError
from ...params import CHOICE, JSON, TEXT, Param
from ..overcharge import BURST_AT, STAT_NAMES, STATS, calls_for
from .actions import check_ids, check_turn
from .conditions import OUT
from .damage import take_damage
from .newcomers import creature, creature_joins, room, strongest_bond
from .overcharge import (COUNTERS, apply_table_effect, burst, caught_in_blast, judgment_blast,
                         lose_bond)


def check_effect(state: State, ev: dict) -> list[FieldError]:
    """A girl's counter that calls for a flair or change (below 13)."""
    errors = check_turn(state) or check_combatant(state, ev["combatant"])
    if errors:
        return errors
    c = state.by_id(ev["combatant"])
    if c["kind"] != "girl":
        return refusal("combatant", "Only a magical girl has overcharge counters.")
    counter = c[COUNTERS[ev["stat"]]]
    if calls_for(ev["stat"], counter)["table"] is None or counter >= BURST_AT:
        return refusal("stat", f"Her {STAT_NAMES[ev['stat']]} counter ({counter}) calls for no "
                               "flair or change.")
    return []


def apply_effect(state: State, ev: dict) -> None:
    """Its row rolled, the counter back to 0 (:func:`.overcharge.apply_table_effect`)."""
    apply_table_effect(state, state.by_id(ev["combatant"]), ev["stat"])


def check_burst(state: State, ev: dict) -> list[FieldError]:
    """A burst owed; a Heart Burst's creature the rules allow, or a Judgment Burst's
    bystanders."""
    if not state.pending:
        return refusal("", "No burst is owed.")
    owed = state.pending[0]
    if owed["burst"] != "heart" and ev["creature"] is not None:
        return refusal("creature", "Only a Heart Burst makes a creature.")
    if owed["burst"] == "heart":
        try:
            creature(state, state.by_id(owed["combatant"]), ev["creature"])
        except CalculatorError as exc:
            return exc.errors
        return room(state, 1, "creature")
    errors = check_ids(state, ev["nearby"], "nearby", "A list of combatant ids, each once.")
    if errors:
        return errors
    for cid in ev["nearby"] or []:
        if cid == owed["combatant"]:
            return refusal("nearby", "The girl who bursts is not her own bystander.")
    return []


def apply_burst(state: State, ev: dict) -> None:
    """The burst owed first happens (:func:`.overcharge.burst`): a Judgment Burst's blast on
    the bystanders still in the fight, a bond point lost (her weakest for Judgment, else her
    strongest), a Heart Burst's creature joining, wanting her strongest bond as it was."""
    owed = state.pending.pop(0)
    c, stat = state.by_id(owed["combatant"]), owed["burst"]
    nearby = [state.by_id(str(cid)) for cid in ev["nearby"] or []]
    bystanders = [o for o in nearby if o["condition"] not in OUT]
    wants = strongest_bond(c)
    released = burst(state, c, stat)
    if stat == "judgment":
        damage, difficulty = judgment_blast(state, c, released)
        for other in bystanders:
            if caught_in_blast(state, other, difficulty):
                take_damage(state, other, damage, f"{c['name']}'s Judgment Burst")
    lose_bond(state, c, strongest=stat != "judgment")
    if stat == "heart":
        creature_joins(state, c, ev["creature"], wants)


EVENTS = (
    EventType("overcharge-effect", "Overcharge effect", "A girl's counter below 13 comes into "
              "play: its flair or change is rolled and the counter goes back to 0.",
              (Param("combatant", "Girl", kind=TEXT, required=True, maximum=40),
               Param("stat", "Stat", kind=CHOICE, default="heart",
                     choices=tuple((s, STAT_NAMES[s]) for s in STATS))),
              "the game master, during the fight", check_effect, apply_effect, rolls=True),
    EventType("burst", "Burst", "The burst owed (a counter at 13) happens: Fury's frenzy, "
              "Judgment's blast on those nearby, Heart's creature (a monster that joins the "
              "fight by its initiative on a side of its own, or takes her turns when she has "
              "no bond left); a bond point is lost.",
              (Param("nearby", "Nearby", kind=JSON,
                     help="For a Judgment Burst: the ids of everyone near her."),
               Param("creature", "Heart Burst's creature", kind=JSON,
                     help="Its monster fields (name, side, spread, level, attack, defence, "
                          "support, talents, boss_abilities…); blank: spread 1 on the first "
                          "full row, with her Attack, Defence and Support.")),
              "the table, as soon as it is owed", check_burst, apply_burst, rolls=True),
)


__all__ = ["EVENTS"]
