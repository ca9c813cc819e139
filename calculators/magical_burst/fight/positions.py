"""Moving on the hex grid in a Magical Burst battle (seed 002, "Space and time", "Help and
hindrance", "Talents"): a move, reckless movement, the mines a move sets off, and the game
master's placing of anyone and of the battle's rough terrain.

A move takes her one hex, to a free hex next to hers: a Minor action; a Major one to leave a
hex next to an enemy (disengaging) or while bound; her Minor and Major both to leave rough
terrain (reading ``rough-terrain-two-moves``). Reckless movement leaves rough terrain or an
enemy's side for a Minor action (Major while bound), on a roll. A bound girl leaves either
only recklessly. Off the grid (theatre of the mind: she has no hex) a move names no hex, and
the table says whether she disengages, as before positions existed.
"""

from __future__ import annotations

import dataclasses

from ...battle.events import SEED, EventType, refusal
from ...battle.overrides import BY_GM, GM, check_combatant, combatant_field
from ...battle.state import State
from ...errors import FieldError
from ...params import BOOL, CHOICE, Param
from .actions import ACTOR, FREE, MAJOR, MINOR, check_action, has_action, move_roll, spend
from .citations import cite
from .conditions import OUT
from .damage import take_damage
from .hexes import (GRID, MELEE, distance, foes_next_to, hex_of, neighbours, occupant, on_grid,
                    placed, put, rough)
from .numbers import number
from .overcharge import settle
from .strikes import strike_all

MOVE_RULE = cite("Space and time")
ROUGH_MOVES = number("rough-terrain-moves")


def bound(c: dict) -> bool:
    return any(s["id"] == "bound" for s in c["statuses"])


def leaving(state: State, c: dict) -> str:
    """What holds her in her hex ("" when nothing): rough terrain (its cause) or an enemy's
    side."""
    if not placed(c):
        return ""
    why = rough(state, c, hex_of(c))
    if why:
        return why
    foes = foes_next_to(state, c, hex_of(c))
    return f"{foes[0]['name']}'s side" if foes else ""


def move_cost(state: State, c: dict, disengage: bool = False) -> tuple[str, ...]:
    """The actions a plain move takes her now: one Minor; one Major to disengage (an enemy
    next to her, or the table's word off the grid) or while bound; her Minor and her Major to
    leave rough terrain; none (``()``) when she may leave only recklessly (bound and held)."""
    held = leaving(state, c)
    if held and bound(c):
        return ()
    if held and rough(state, c, hex_of(c)):
        return (MINOR, MAJOR)
    return (MAJOR,) if held or disengage or bound(c) else (MINOR,)


def reckless_action(c: dict) -> str:
    return MAJOR if bound(c) else MINOR


def _has_all(c: dict, kinds: tuple[str, ...]) -> bool:
    """Whether she has every action of ``kinds`` (a Minor and a Major are two actions)."""
    if len(kinds) == 1:
        return has_action(c, kinds[0])
    return not c["single"] and c[MAJOR] >= 1 and c[MINOR] + c[MAJOR] >= len(kinds)


def _check_step(state: State, c: dict, ev: dict) -> list[FieldError]:
    """The hex a move names: one next to hers, free, on the grid (or none, off the grid)."""
    if not placed(c):
        if ev["q"] is not None or ev["r"] is not None:
            return refusal("q", f"{c['name']} fights off the grid (no hex); the game master "
                                "places her first (gm-place).")
        return []
    if ev["q"] is None or ev["r"] is None:
        return refusal("q" if ev["q"] is None else "r",
                       f"Name the hex {c['name']} moves to (q and r).")
    to = (ev["q"], ev["r"])
    if distance(hex_of(c), to) != number("move-hexes"):
        return refusal("q", f"A move is to a hex next to hers, ({c['q']}, {c['r']}); "
                            f"({to[0]}, {to[1]}) is {distance(hex_of(c), to)} away.")
    taken = occupant(state, to)
    if taken is not None:
        return refusal("q", f"({to[0]}, {to[1]}) is {taken['name']}'s hex: one person a hex.")
    return []


def in_a_mind(state: State, c: dict, field: str = "") -> list[FieldError]:
    """A monster possessing someone stands on its host's hex and moves only with it."""
    if c.get("possessing"):
        return refusal(field, f"{c['name']} is in {state.by_id(c['possessing'])['name']}'s mind "
                              "and moves with its host; it leaves first (event possess).")
    return []


def check_move(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, FREE)  # her turn, and she is still in the fight
    if errors:
        return errors
    c = state.by_id(state.current)
    if in_a_mind(state, c):
        return in_a_mind(state, c)
    cost = move_cost(state, c, ev["disengage"] and not placed(c))
    if not cost:
        return refusal("", f"{c['name']} is bound: she leaves {leaving(state, c)} only by "
                           "reckless movement (event reckless).")
    errors = check_action(state, cost[-1]) or _check_step(state, c, ev)
    if errors:
        return errors
    if not _has_all(c, cost):
        return refusal("", f"Leaving {rough(state, c, hex_of(c))} takes {c['name']}'s Minor "
                           "and Major actions; she has not both left (reckless movement "
                           "takes a Minor).")
    if placed(c) and ev["seed"] is None and set_off(state, c, hex_of(c), (ev["q"], ev["r"])):
        return refusal("seed", "This move sets off a mine, which rolls: give the move a seed.")
    return []


def apply_move(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    cost = move_cost(state, c, ev["disengage"] and not placed(c))
    held = leaving(state, c)
    for kind in cost:
        spend(c, kind)
    how = " and ".join(cost) + (" actions" if len(cost) > 1 else " action")
    why = ("" if not held else f", leaving {held}" if len(cost) > 1
           else f", disengaging from {held}")
    if not placed(c):
        state.write(f"{c['name']} {'disengages' if ev['disengage'] else 'moves'} ({how}"
                    + (", bound" if bound(c) else "") + ").", *MOVE_RULE)
        return
    old = hex_of(c)
    put(state, c, (ev["q"], ev["r"]))
    state.write(f"{c['name']} moves to ({c['q']}, {c['r']}) ({how}{why}"
                + (", bound" if bound(c) and not held else "") + ").", *MOVE_RULE,
                note="rough-terrain-two-moves" if len(cost) > 1 else "")
    arrive(state, c, old)


def check_reckless(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, FREE)  # her turn, and she is still in the fight
    if errors:
        return errors
    c = state.by_id(state.current)
    errors = in_a_mind(state, c) or check_action(state, reckless_action(c)) or _check_step(
        state, c, ev)
    if errors:
        return errors
    if placed(c) and not leaving(state, c):
        return refusal("", f"Nothing holds {c['name']} in her hex (no rough terrain, no enemy "
                           "next to her): a plain move will do.")
    return []


def apply_reckless(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    spend(c, reckless_action(c))
    c, rolled, band = move_roll(state, "reckless-movement", "reckless movement")
    state.write(f"{c['name']} moves recklessly: {rolled.words}: {band.outcome}", *MOVE_RULE)
    settle(state, c, rolled)
    if band.id != "high":
        take_damage(state, c, number("reckless-movement-damage"), "reckless movement")
    if placed(c) and band.id != "low" and c["condition"] not in OUT:
        old = hex_of(c)
        put(state, c, (ev["q"], ev["r"]))
        state.write(f"{c['name']} is now at ({c['q']}, {c['r']}).", *MOVE_RULE)
        arrive(state, c, old)


# --- mines ------------------------------------------------------------------------------------

def set_off(state: State, c: dict, old: tuple[int, int], new: tuple[int, int]) -> list[dict]:
    """The mines ``c`` sets off going from hex ``old`` to ``new`` (reading ``mines-range``):
    anyone but its monster entering its range (its hex and the six next to it), or stepping
    out of the range of one laid with someone already in it."""
    out = []
    for mine in state.data.get("mines", []):
        at = (mine["q"], mine["r"])
        now, before = distance(new, at), distance(old, at)
        if c["id"] != mine["owner"] and (now <= MELEE or (mine["primed"]
                                                           and before <= MELEE < now)):
            out.append(mine)
    return out


def arrive(state: State, c: dict, old: tuple[int, int]) -> None:
    """She has just come from hex ``old`` to hers: every mine she set off goes off."""
    for mine in set_off(state, c, old, hex_of(c)):
        if mine in state.data["mines"]:
            detonate(state, mine, c)


def detonate(state: State, mine: dict, by: dict) -> None:
    """A mine goes off: its monster's basic melee attack on everyone in its range, +4 damage
    on a hit to whoever stands on it; the mine is gone."""
    state.data["mines"].remove(mine)
    owner = state.by_id(mine["owner"])
    at = (mine["q"], mine["r"])
    rule = cite("Talents")
    targets = [o for o in state.combatants if placed(o) and o["id"] != owner["id"]
               and o["condition"] not in OUT and distance(hex_of(o), at) <= MELEE]
    state.write(f"{by['name']} sets off {owner['name']}'s mine at ({at[0]}, {at[1]}): "
                + (", ".join(t["name"] for t in targets) or "no one") + " in its range.",
                *rule, note="mines-range")
    strike_all(state, owner, [(t, "melee", number("mine-hex-damage")
                               if hex_of(t) == at else 0) for t in targets], "the mine")


# --- the game master's placing ------------------------------------------------------------------

HEX = (Param("q", "Hex column (q)", minimum=-GRID, maximum=GRID),
       Param("r", "Hex row (r)", minimum=-GRID, maximum=GRID))


def check_place(state: State, ev: dict) -> list[FieldError]:
    errors = check_combatant(state, ev["combatant"]) or in_a_mind(
        state, state.by_id(ev["combatant"]), "combatant")
    if errors:
        return errors
    if (ev["q"] is None) != (ev["r"] is None):
        return refusal("q" if ev["q"] is None else "r", "Both q and r (or neither, to take "
                                                         "her off the grid).")
    if ev["q"] is not None:
        taken = occupant(state, (ev["q"], ev["r"]))
        if taken is not None and taken["id"] != ev["combatant"]:
            return refusal("q", f"({ev['q']}, {ev['r']}) is {taken['name']}'s hex: one person a "
                                "hex.")
    return []


def apply_place(state: State, ev: dict) -> None:
    c = state.by_id(ev["combatant"])
    put(state, c, (ev["q"], ev["r"]))
    state.write(f"{c['name']} is placed at ({c['q']}, {c['r']})." if placed(c) else
                f"{c['name']} fights off the grid (theatre of the mind).", GM)


def check_terrain(state: State, ev: dict) -> list[FieldError]:
    if not on_grid((ev["q"], ev["r"])):
        return refusal("q", f"A hex of the grid: q and r from {-GRID} to {GRID}.")
    return []


def apply_terrain(state: State, ev: dict) -> None:
    at = [ev["q"], ev["r"]]
    state.data["rough"] = [h for h in state.data.get("rough", []) if h != at]
    state.data["mines"] = [m for m in state.data.get("mines", []) if [m["q"], m["r"]] != at]
    if ev["feature"] == "rough":
        state.data["rough"].append(at)
    state.write(f"({at[0]}, {at[1]}) is " + ("rough terrain." if ev["feature"] == "rough"
                                             else "open ground (no rough terrain, no mine)."),
                GM)


def legal_moves(state: State, c: dict) -> list[dict]:
    """Her moves now: ``move`` (each free hex next to hers, with the actions it takes) and
    ``reckless`` (where she is held, or off the grid)."""
    if c.get("possessing"):
        return []
    out = []
    cost = move_cost(state, c)
    hexes = [{"direction": name, "q": at[0], "r": at[1]} for name, at in neighbours(hex_of(c))
             if on_grid(at) and occupant(state, at) is None] if placed(c) else []
    if cost and _has_all(c, cost) and (hexes or not placed(c)):
        out.append({"type": "move", "by": c["id"], "actions": list(cost), "hexes": hexes,
                    "held": leaving(state, c)})
    if has_action(c, reckless_action(c)) and (not placed(c) or (leaving(state, c) and hexes)):
        out.append({"type": "reckless", "by": c["id"], "hexes": hexes,
                    "action": reckless_action(c), "held": leaving(state, c)})
    return out


STEP = (Param("disengage", "Disengage", kind=BOOL, default=False,
              help="Off the grid only: leaving a hex next to an enemy (on the grid, the "
                   "tracker sees it)."), *HEX,
        dataclasses.replace(SEED, required=False, help="Needed only when the move sets off a "
                            "mine (its attack rolls); the tracker's buttons always give one."))

EVENTS = (
    EventType("move", "Move", "Moves a hex, to a free hex next to hers (a Minor action; a "
              "Major one to disengage from an enemy next to her or while bound; her Minor and "
              "Major to leave rough terrain); entering a mine's range sets it off.",
              STEP, ACTOR, check_move, apply_move),
    EventType("reckless", "Reckless movement", "Leaves rough terrain or an enemy's side as a "
              "Minor action (Major while bound): 2d6! + Support, 2 damage on 13 or less, no "
              "move on 10 or less.", HEX, ACTOR, check_reckless, apply_reckless, rolls=True),
)
OVERRIDES = (
    EventType("gm-place", "Place a combatant", "Puts a combatant on a hex (or off the grid, "
              "with no hex): the game master's own move, which sets off no mine.",
              (combatant_field(), *HEX), BY_GM, check_place, apply_place),
    EventType("gm-terrain", "Set a hex's terrain", "Makes a hex rough terrain, or open ground "
              "(clearing its rough terrain and any mine on it); before the start too.",
              (*(Param(p.name, p.label, minimum=-GRID, maximum=GRID, required=True)
                 for p in HEX),
               Param("feature", "Terrain", kind=CHOICE, default="rough",
                     choices=(("rough", "Rough terrain"), ("open", "Open ground")))),
              "the game master, before the start or at any time", check_terrain,
              apply_terrain),
)


__all__ = ["EVENTS", "OVERRIDES", "arrive", "bound", "leaving", "legal_moves",
           "move_cost"]
