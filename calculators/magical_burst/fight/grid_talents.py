"""The monster talents that act on where everyone stands (seed 002, "Talents"), played as
events of their own: Gravity Wave (pull everyone at range 1-3 a hex closer, then one basic
attack on them all, reading ``gravity-wave-same-position``), Curse Shift (move statuses to a
target at range 1-2) and Mines (a mine in the monster's hex, reading ``mines-range``). Fear
Aura and Lashing Ground act by themselves (:mod:`.hexes`). Off the grid a range is the
table's to judge: Gravity Wave then takes the targets it names, and a mine needs a hex."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from ...params import JSON, TEXT, Param
from ..adversaries import MONSTER_TALENTS_BY_ID
from .actions import (ACTOR, MAJOR, MINOR, TARGET, check_talent_action, check_target,
                      has_action, spend)
from .citations import cite
from .conditions import OUT
from .hexes import (MELEE, apart, distance, foes, foes_placed, hex_of, neighbours, occupant,
                    placed, put)
from .numbers import number
from .positions import arrive
from .statuses import AILMENT_NAMES
from .strikes import strike_all

GRAVITY, CURSE, MINES = "gravity-wave", "curse-shift", "mines"
RULE = cite("Talents")


def cost(talent: str, extra: int = 0) -> int:
    """A talent's overcharge (its data's "1+" is 1), and 1 more per ``extra`` effect."""
    return int(MONSTER_TALENTS_BY_ID[talent].overcharge.rstrip("+")) + extra


def _check_talent(state: State, talent: str, action: str, extra: int = 0) -> list[FieldError]:
    errors = check_talent_action(state, action, talent)
    if errors:
        return errors
    c = state.by_id(state.current)
    name = MONSTER_TALENTS_BY_ID[talent].name
    if c["pool"] < cost(talent, extra):
        return refusal("", f"{name} costs {cost(talent, extra)} overcharge; {c['name']} has "
                           f"{c['pool']}.")
    return []


def _pay(state: State, c: dict, talent: str, action: str, extra: int = 0) -> None:
    spend(c, action)
    before = c["pool"]
    c["pool"] -= cost(talent, extra)
    state.write(f"{c['name']} uses {MONSTER_TALENTS_BY_ID[talent].name} ({action} action, "
                f"{cost(talent, extra)} overcharge: {before} → {c['pool']}).", *RULE)


# --- Gravity Wave ---------------------------------------------------------------------------

def in_wave(state: State, c: dict) -> list[dict]:
    """Her enemies on the grid within the wave's range, nearest first."""
    most = number("gravity-wave-range")
    found = [o for o in foes_placed(state, c) if 1 <= (apart(o, c) or 0) <= most
             and not o.get("possessing")]  # it moves only with its host
    return sorted(found, key=lambda o: apart(o, c))


def check_gravity(state: State, ev: dict) -> list[FieldError]:
    errors = _check_talent(state, GRAVITY, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if placed(c):
        if ev["targets"] is not None:
            return refusal("targets", "On the grid the wave takes everyone at range 1–3 "
                                      "itself; name no targets.")
        if not in_wave(state, c):
            return refusal("", f"No enemy of {c['name']}'s is within range 1–"
                               f"{number('gravity-wave-range')}.")
        return []
    targets = ev["targets"]
    if not isinstance(targets, list) or not targets or len(set(map(str, targets))) != len(
            targets):
        return refusal("targets", "Off the grid, name everyone at range 1–3: a list of ids, "
                                  "each once.")
    for cid in targets:
        errors = check_target(state, str(cid), "targets", c)
        if errors:
            return errors
    return []


def pull(state: State, c: dict, t: dict) -> None:
    """``t`` one hex closer to ``c``: to the first free hex next to hers that is; none free (or
    next to ``c`` already), she stays."""
    near = apart(t, c)
    to = next((at for _, at in neighbours(hex_of(t)) if distance(at, hex_of(c)) == near - 1
               and near > MELEE and occupant(state, at) is None), None)
    if to is None:
        state.write(f"{t['name']} is not pulled (" + ("already next to it)." if near <= MELEE
                                                       else "no free hex closer)."), *RULE)
        return
    old = hex_of(t)
    put(state, t, to)
    state.write(f"{t['name']} is pulled to ({to[0]}, {to[1]}), {near - 1} from {c['name']}.",
                *RULE)
    arrive(state, t, old)


def apply_gravity(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    _pay(state, c, GRAVITY, MAJOR)
    if placed(c):
        targets = in_wave(state, c)
        for t in targets:
            pull(state, c, t)
    else:
        targets = [state.by_id(str(cid)) for cid in ev["targets"]]
    state.write("The wave's attack affects everyone it pulled.", *RULE,
                note="gravity-wave-same-position")
    strike_all(state, c, [(t, "melee" if apart(t, c) == MELEE else "ranged", 0)
                          for t in targets], "Gravity Wave")


# --- Curse Shift ----------------------------------------------------------------------------

def _shifted(ev: dict) -> list:
    return ev["statuses"] if isinstance(ev["statuses"], list) else []


def check_curse(state: State, ev: dict) -> list[FieldError]:
    statuses = _shifted(ev)
    errors = _check_talent(state, CURSE, MAJOR, max(len(statuses) - 1, 0))
    if errors:
        return errors
    c = state.by_id(state.current)
    source = ev["from"] or c["id"]
    errors = check_combatant(state, source, "from") or check_target(state, ev["target"],
                                                                   "target", c)
    if errors:
        return errors
    s, t = state.by_id(source), state.by_id(ev["target"])
    if t["id"] == s["id"]:
        return refusal("target", "The effects move to another target.")
    far, most = apart(c, t), number("curse-shift-range")
    if far is not None and far > most:
        return refusal("target", f"{t['name']} is {far} hexes from {c['name']}; Curse Shift "
                                 f"reaches 1–{most}.")
    held = [x["id"] for x in s["statuses"]]
    if not statuses or len(set(map(str, statuses))) != len(statuses) or any(
            x not in held for x in statuses):
        return refusal("statuses", f"A list of {s['name']}'s statuses to move, each once; "
                                   f"{'hers' if s['kind'] in ('girl', 'human') else 'its'}: "
                       + (", ".join(held) or "none") + ".")
    return []


def apply_curse(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    statuses = _shifted(ev)
    _pay(state, c, CURSE, MAJOR, len(statuses) - 1)
    s, t = state.by_id(ev["from"] or c["id"]), state.by_id(ev["target"])
    s["statuses"] = [x for x in s["statuses"] if x["id"] not in statuses]
    for sid in statuses:
        if all(x["id"] != sid for x in t["statuses"]):
            t["statuses"].append({"id": sid})
    state.write(f"{', '.join(AILMENT_NAMES[x] for x in statuses)} moves from {s['name']} to "
                f"{t['name']}.", *RULE)


# --- Mines ----------------------------------------------------------------------------------

def check_mine(state: State, ev: dict) -> list[FieldError]:
    errors = _check_talent(state, MINES, MINOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if not placed(c):
        return refusal("", f"{c['name']} fights off the grid: a mine needs a hex (the table "
                           "keeps it with Note a ruling).")
    if any((m["q"], m["r"]) == hex_of(c) for m in state.data.get("mines", [])):
        return refusal("", f"A mine lies in {c['name']}'s hex already.")
    return []


def apply_mine(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    _pay(state, c, MINES, MINOR)
    near = [o for o in state.combatants if o["id"] != c["id"] and o["condition"] not in OUT
            and apart(o, c) is not None and apart(o, c) <= MELEE]
    state.data.setdefault("mines", []).append({"owner": c["id"], "q": c["q"], "r": c["r"],
                                               "primed": bool(near)})
    state.write(f"{c['name']} leaves a strange object at ({c['q']}, {c['r']})"
                + (f"; {', '.join(o['name'] for o in near)} already in its range, it goes off "
                   "when anyone steps into or out of it." if near else "."), *RULE,
                note="mines-range")


def grid_talents(state: State, c: dict) -> list[dict]:
    """Her talents of this module she may use now, each with its choices: the wave's targets,
    Curse Shift's sources (with their statuses) and targets in range, a mine's hex."""
    if c["kind"] != "monster":
        return []
    out = []
    others = [o["id"] for o in foes(state, c)]
    if GRAVITY in c["talents"] and c["pool"] >= cost(GRAVITY) and has_action(c, MAJOR):
        targets = [o["id"] for o in in_wave(state, c)] if placed(c) else others
        if targets:
            out.append({"type": GRAVITY, "by": c["id"], "targets": targets,
                        "on_grid": placed(c)})
    if CURSE in c["talents"] and c["pool"] >= cost(CURSE) and has_action(c, MAJOR):
        most = number("curse-shift-range")
        sources = [{"id": o["id"], "statuses": [x["id"] for x in o["statuses"]]}
                   for o in state.combatants if o["statuses"] and o["condition"] not in OUT]
        targets = [o["id"] for o in state.combatants if o["id"] != c["id"]
                   and o["condition"] not in OUT and (apart(o, c) or 0) <= most]
        if sources and targets:
            out.append({"type": CURSE, "by": c["id"], "sources": sources, "targets": targets})
    if MINES in c["talents"] and c["pool"] >= cost(MINES) and has_action(c, MINOR) and \
            placed(c) and all((m["q"], m["r"]) != hex_of(c) for m in state.data.get("mines", [])):
        out.append({"type": "lay-mine", "by": c["id"]})
    return out


EVENTS = (
    EventType(GRAVITY, "Gravity Wave", "A monster's Major action for 2 overcharge: every enemy "
              "at range 1–3 is pulled a hex closer, then one basic attack roll against each "
              "of them (melee damage next to it, ranged farther).",
              (Param("targets", "Targets (off the grid)", kind=JSON,
                     help="Off the grid only: the ids of everyone at range 1–3."),),
              ACTOR, check_gravity, apply_gravity, rolls=True),
    EventType(CURSE, "Curse Shift", "A monster's Major action for 1 overcharge and 1 more per "
              "further status: moves statuses from one combatant (itself by default) to "
              "another at range 1–2 of it.",
              (Param("from", "From", kind=TEXT, default="", maximum=40,
                     help="Whose statuses move; the monster's own when left out."),
               TARGET,
               Param("statuses", "Statuses", kind=JSON, required=True,
                     help="The status ids to move, e.g. [\"bound\"].")),
              ACTOR, check_curse, apply_curse),
    EventType("lay-mine", "Lay a mine", "A monster's Minor action for 1 overcharge: a mine in "
              "its hex, which goes off when anyone else enters its range (it and the hexes "
              "next to it): its basic melee attack on everyone there, 4 more damage to whoever "
              "stands on it; it outlasts the monster.", (), ACTOR, check_mine, apply_mine),
)


__all__ = ["EVENTS", "grid_talents", "in_wave", "pull"]
