"""Ailments in a Magical Burst battle (seed 002, "Help and hindrance", "Removing ailments"):
their names, and removing them (2d6! + Support: one off on 11-13, all on 14+; removing a
Stun gives her other action back, reading ``stun-single-action``). Bleeding at the start of a
round and a monster shaking one off are the round's (:func:`.turns.start_round`)."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.state import State
from ...errors import FieldError
from ...params import CHOICE, Param
from ..rules import AILMENTS
from .actions import ACTOR, MAJOR, MINOR, check_action, move_roll, spend
from .belkan import SPEND, check_spend
from .citations import cite
from .combatants import her
from .overcharge import settle

AILMENT_NAMES = {a.id: a.name for a in AILMENTS}


def check_remove(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev["action"])
    if errors:
        return errors
    c = state.by_id(state.current)
    if not c["statuses"]:
        return refusal("", f"{c['name']} has no ailment.")
    errors = check_spend(c, ev)
    if errors:
        return errors
    if ev["ailment"] and all(s["id"] != ev["ailment"] for s in c["statuses"]):
        return refusal("ailment", f"{c['name']} is not {AILMENT_NAMES[ev['ailment']].lower()}.")
    return []


def apply_remove(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    was_single = c["single"]
    used = ev["action"] if ev["action"] == MAJOR or c[MINOR] > 0 else MAJOR
    spend(c, ev["action"])
    c, rolled, band = move_roll(state, "remove-ailments", "roll to remove ailments", ev)
    state.write(f"{c['name']} tries to shake off {her(c)} ailments: {rolled.words}: "
                f"{band.outcome}",
                *cite("Removing ailments"))
    settle(state, c, rolled)
    if band.id == "middle":
        chosen = ev["ailment"] or c["statuses"][0]["id"]
        c["statuses"] = [s for s in c["statuses"] if s["id"] != chosen]
        gone = [chosen]
    elif band.id == "high":
        gone = [s["id"] for s in c["statuses"]]
        c["statuses"] = []
    else:
        gone = []
    if gone:
        state.write(f"{c['name']} is rid of: " + ", ".join(AILMENT_NAMES[g] for g in gone)
                    + ".", *cite("Removing ailments"))
    if was_single and "stun" in gone:
        c["single"] = False
        c[MINOR if used == MAJOR else MAJOR] = 1
        state.write(f"{c['name']} removed the Stun with {her(c)} action: {her(c)} other "
                    "action is back.", *cite("Help and hindrance"), note="stun-single-action")


EVENTS = (
    EventType("remove-ailments", "Remove ailments", "2d6! + Support: one ailment off on 11-13, "
              "all on 14+; removing a Stun gives her other action back.",
              (Param("action", "Action", kind=CHOICE, default=MAJOR,
                     choices=((MAJOR, "Major"), (MINOR, "Minor"))),
               Param("ailment", "Ailment (on 11-13)", kind=CHOICE, default="",
                     choices=(("", "The oldest"), *AILMENT_NAMES.items())),
               SPEND),
              ACTOR, check_remove, apply_remove, rolls=True),
)


__all__ = ["AILMENT_NAMES", "EVENTS"]
