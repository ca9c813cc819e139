"""The events of the monster talents :mod:`.talents` plays (seed 002, "Talents:"):
ending an ambush turn (going first in round 1 or not), Mind Leech on a girl's bond, possessing
a human or leaving it, and the game master lifting a false belief once it is confirmed or
disproved. Each checks its legality against the state before anything changes; ``legal``
lists those open to the combatant whose turn it is."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from ...params import BOOL, TEXT, Param
from ..attack import hits
from .actions import (ACTOR, MAJOR, MINOR, acting, check_talent_action, check_turn, has_action,
                      spend)
from .conditions import OUT
from .hexes import free_next_to, hex_of, placed
from .overcharge import settle
from .rolls import roll
from .talents import (LEECH, POSSESSION, RULE, ambushing, beliefs, choose_first, host_of,
                      named_bonds)
from .turns import next_turn

MAX_BELIEF = 200
BONDS = 4


def _girl_with_bonds(state: State, cid: str, field: str) -> list[FieldError]:
    errors = check_combatant(state, cid, field)
    if errors:
        return errors
    t = state.by_id(cid)
    if t["kind"] != "girl" or not named_bonds(t):
        return refusal(field, f"{t['name']} has no bonds: Mind Leech works on a magical girl's "
                              "bond.")
    return []


# --- Ambush Tactics ------------------------------------------------------------------------

def check_end_ambush(state: State, ev: dict) -> list[FieldError]:
    errors = check_turn(state)
    if errors:
        return errors
    if not ambushing(state, state.by_id(state.current)):
        return refusal("", "Only a monster with Ambush Tactics, on its extra turn before the "
                           "first round, ends an ambush.")
    return []


def apply_end_ambush(state: State, ev: dict) -> None:
    if ev["first"]:
        choose_first(state, state.by_id(state.current))
    next_turn(state)


# --- Mind Leech ----------------------------------------------------------------------------

def check_leech(state: State, ev: dict) -> list[FieldError]:
    errors = check_talent_action(state, MAJOR, LEECH) or _girl_with_bonds(state, ev["target"],
                                                                          "target")
    if errors:
        return errors
    t = state.by_id(ev["target"])
    if t["condition"] in OUT:
        return refusal("target", f"{t['name']} is {t['condition']}.")
    if all(b["slot"] != ev["bond"] for b in named_bonds(t)):
        return refusal("bond", f"{t['name']} has no bond in slot {ev['bond']}; hers: " + ", ".join(
            f"{b['slot']} ({b['name']})" for b in named_bonds(t)) + ".")
    return []


def apply_leech(state: State, ev: dict) -> None:
    """Support against Support (reading ``contest-ties``: a tie to more sixes, then the
    higher stat, else the challenger fails); a win leaves the belief on her."""
    c, t = state.by_id(state.current), state.by_id(ev["target"])
    spend(c, MAJOR)
    bond = next(b for b in named_bonds(t) if b["slot"] == ev["bond"])
    state.write(f"{c['name']} attacks {t['name']}'s mind (Mind Leech, its Major action), at her "
                f"bond “{bond['name']}”.", *RULE, note="mind-leech-belief")
    mine = roll(state, c, "support", "Support (Mind Leech)")
    theirs = roll(state, t, "support", "Support against Mind Leech")
    wins = hits(mine.total, mine.sixes, mine.stat, theirs.total, theirs.sixes, theirs.stat)
    state.write(f"{c['name']}'s Support: {mine.words}; {t['name']}'s: {theirs.words}: "
                + ("it wins." if wins else "she resists."), *RULE, note="contest-ties")
    settle(state, c, mine)
    settle(state, t, theirs)
    if wins:
        belief = ev["belief"] or "named by the game master with her player"
        beliefs(t).append({"bond": bond["slot"], "about": bond["name"], "belief": belief})
        state.write(f"{t['name']} now holds a false belief about “{bond['name']}”: {belief}. It "
                    "lasts until it is confirmed or disproved.", *RULE, note="mind-leech-belief")


def check_lift(state: State, ev: dict) -> list[FieldError]:
    errors = check_combatant(state, ev["combatant"])
    if errors:
        return errors
    c = state.by_id(ev["combatant"])
    held = len(c.get("beliefs", []))
    if not held:
        return refusal("combatant", f"{c['name']} holds no false belief.")
    if ev["belief"] > held:
        return refusal("belief", f"{c['name']} holds {held} false belief{'s' * (held > 1)}.")
    return []


def apply_lift(state: State, ev: dict) -> None:
    c = state.by_id(ev["combatant"])
    gone = beliefs(c).pop(ev["belief"] - 1)
    state.write(f"{c['name']}'s false belief about “{gone['about']}” is confirmed or disproved: "
                "it is gone.", *RULE, note="mind-leech-belief")


# --- possession ----------------------------------------------------------------------------

def hosts(state: State, c: dict) -> list[str]:
    """The humans ``c`` may possess: alive and no one else's host."""
    taken = {host_of(o) for o in state.combatants}
    return [o["id"] for o in state.combatants if o["kind"] == "human"
            and o["condition"] not in OUT and o["id"] not in taken]


def check_possess(state: State, ev: dict) -> list[FieldError]:
    errors = check_talent_action(state, MINOR, POSSESSION)
    if errors:
        return errors
    c = state.by_id(state.current)
    if not ev["host"]:
        return [] if host_of(c) else refusal("host", f"{c['name']} possesses no one.")
    if host_of(c):
        return refusal("host", f"{c['name']} already possesses "
                               f"{state.by_id(host_of(c))['name']}; it leaves first.")
    errors = check_combatant(state, ev["host"], "host")
    if errors:
        return errors
    if ev["host"] not in hosts(state, c):
        return refusal("host", f"{state.by_id(ev['host'])['name']} is not a living human free to "
                               "possess.")
    return []


def apply_possess(state: State, ev: dict) -> None:
    c = acting(state, MINOR)
    if ev["host"]:
        c["possessing"] = ev["host"]
        host = state.by_id(ev["host"])
        if placed(host):
            c["q"], c["r"] = hex_of(host)
        state.write(f"{c['name']} takes an insubstantial form in "
                    f"{state.by_id(ev['host'])['name']}'s mind (its Minor action): −3 on its "
                    "rolls and its damage, +1d6 on every hit it takes, and its host takes the "
                    "magical damage it takes.", *RULE, note="possession-in-the-fight")
    else:
        host = state.by_id(c["possessing"])
        c["possessing"] = None
        at = free_next_to(state, hex_of(host)) if placed(host) else None
        if placed(c):
            c["q"], c["r"] = at or (None, None)
        state.write(f"{c['name']} leaves {host['name']}'s mind (its Minor action)"
                    + (f" and stands at ({at[0]}, {at[1]})" if at and placed(c) else "") + ".",
                    *RULE, note="possession-in-the-fight")


def legal(state: State, c: dict) -> list[dict]:
    """These events open to ``c``, whose turn it is."""
    out: list[dict] = []
    if ambushing(state, c):
        out.append({"type": "end-ambush", "by": c["id"]})
    if c["kind"] != "monster":
        return out
    girls = [o for o in state.combatants if o["side"] != c["side"] and o["kind"] == "girl"
             and o["condition"] not in OUT and named_bonds(o)]
    if LEECH in c["talents"] and girls and has_action(c, MAJOR):
        out.append({"type": "mind-leech", "by": c["id"], "targets": [
            {"id": g["id"], "bonds": [[b["slot"], b["name"]] for b in named_bonds(g)]}
            for g in girls]})
    if POSSESSION in c["talents"] and has_action(c, MINOR) and (host_of(c) or hosts(state, c)):
        out.append({"type": "possess", "by": c["id"], "possessing": host_of(c),
                    "hosts": [] if host_of(c) else hosts(state, c)})
    return out


EVENTS = (
    EventType("end-ambush", "End the ambush turn", "Ends a monster's Ambush Tactics turn before "
              "the first round; it may choose to go first when the first round begins (it takes "
              "the top of the turn order).",
              (Param("first", "Go first in round 1", kind=BOOL, default=False),),
              "the monster whose ambush turn it is", check_end_ambush, apply_end_ambush,
              rolls=True),
    EventType("mind-leech", "Mind Leech", "A monster's Major action: 2d6! + its Support "
              "against 2d6! + the girl's Support; if it wins she holds a false belief about the "
              "bond named, until the game master lifts it.",
              (Param("target", "Girl", kind=TEXT, required=True, maximum=40),
               Param("bond", "Her bond (slot 1-4)", required=True, minimum=1, maximum=BONDS),
               Param("belief", "The false belief", kind=TEXT, default="", maximum=MAX_BELIEF,
                     help="What she comes to believe; blank: the game master and her player "
                          "name it at the table.")),
              ACTOR, check_leech, apply_leech, rolls=True),
    EventType("lift-belief", "Lift a false belief", "A girl's false belief from Mind Leech is "
              "confirmed or disproved, and ends.",
              (Param("combatant", "Girl", kind=TEXT, required=True, maximum=40),
               Param("belief", "Which (1 the oldest)", default=1, minimum=1, maximum=20)),
              "the game master, at any time", check_lift, apply_lift),
    EventType("possess", "Possess a human, or leave", "A monster with the possession talent "
              "takes an insubstantial form in a human's mind, or leaves it (its Minor action).",
              (Param("host", "Human", kind=TEXT, default="", maximum=40,
                     help="The human's id; blank: leave the one it possesses."),),
              ACTOR, check_possess, apply_possess),
)


__all__ = ["EVENTS", "legal"]
