"""What a reader (and the views built on the engine) sees of a Magical Burst battle state:
JSON with each combatant's numbers, the order, whose turn, the burst owed, the legal events,
the log, and for each girl what goes back to her character sheet."""

from __future__ import annotations

from ...battle.state import State
from ...battle.turns import Gate
from ...battle.view import state_view
from ..overcharge import calls_for
from .abilities import (AREA_CHALLENGES, CREATION, HELLO_RANGE, MINION_TALENTS,
                        SCREAM_RADIUS)
from .actions import MAJOR, MINOR, has_action
from .attacks import EXPLOSION
from .belkan import refuse_ranged
from .citations import note_url
from .conditions import DEFEATED, DOWN, OUT, wound_level
from .grid_talents import grid_talents
from .hexes import DIRECTIONS, foes_on_line, foes_within, out_of_range, placed, within
from .lines import line_legal
from .newcomers import REBIRTH, REBIRTH_COST, living_minions
from .overcharge import COUNTERS
from .positions import legal_moves
from .statuses import AILMENT_NAMES
from .talent_events import legal as talent_legal

SHOWN = ("id", "name", "side", "kind", "condition", "magical", "attack", "defence", "support",
         "tenacity", "resolve", "max_resolve", "base_resolve", "damage", "wound_dice", "pool",
         "major", "minor", "single", "frenzy", "talents", "boss_abilities", "uses",
         "boosts_used", "belkan", "blazing", "initiative", "q", "r", *COUNTERS.values())


def sheet(c: dict) -> dict:
    """A girl's numbers as her character sheet's inputs, to hand back after the battle."""
    out = {**{k: c[k] for k in COUNTERS.values()}, "resolve": c["resolve"],
           "damage": c["damage"], "wound_dice": c["wound_dice"] or None,
           **{f"ailment_{a}": any(s["id"] == a for s in c["statuses"])
              for a in AILMENT_NAMES}}
    out.update({f"bond_{b['slot']}_now": b["now"] for b in c.get("bonds", [])})
    return out


def combatant_view(c: dict) -> dict:
    """One combatant's numbers, statuses by name, stage of each counter, wound level."""
    level = wound_level(c["damage"])
    out = {k: c.get(k) for k in SHOWN}
    out.update(statuses=[{"id": s["id"], "name": AILMENT_NAMES[s["id"]]} for s in c["statuses"]],
               wound=level.level if level else 0,
               hp=c.get("hp"), max_hp=c.get("max_hp"),
               passive_defence=c.get("passive_defence"))
    out.update(beliefs=list(c.get("beliefs", [])), possessing=c.get("possessing"))
    if c["kind"] == "girl":
        out["roles"] = dict(c["roles"])
        out["stages"] = {stat: calls_for(stat, c[key])["stage"] for stat, key in COUNTERS.items()}
        out["sheet"] = sheet(c)
    return out


def legal(state: State) -> list[dict]:
    """The events the table may send now (the game master's overrides aside)."""
    return Gate.menu(state, lambda state: [{"type": "start", "by": None}], _burst_owed, _turn)


def _burst_owed(state: State, owed: dict) -> list[dict]:
    """While a burst is owed, only that."""
    return [{"type": "burst", "by": owed["combatant"], "stat": owed["burst"]}]


def _turn(state: State, c: dict) -> list[dict]:
    """What may happen on the turn of ``c``: her actions, and a defeated monster's rebirth."""
    others = [o["id"] for o in state.combatants if o["id"] != c["id"]
              and o["condition"] not in OUT]
    out: list[dict] = [
        {"type": "reincarnate", "by": None, "monster": m["id"],
         "minions": [n["id"] for n in living_minions(state, m)]}
        for m in state.combatants if m["kind"] == "monster" and m["condition"] == DEFEATED
        and REBIRTH in m["boss_abilities"] and m["pool"] >= REBIRTH_COST
        and living_minions(state, m)]
    if c["condition"] in OUT:
        return [*out, {"type": "end-turn", "by": c["id"]}, {"type": "end-battle", "by": None}]
    area = [k for k in AREA_CHALLENGES if k in c["boss_abilities"]]
    if area and (c["pool"] or 0) >= 1 and has_action(c, MAJOR):
        out.append({"type": "challenge", "by": c["id"], "abilities": area,
                    "foes": [o for o in others if state.by_id(o)["side"] != c["side"]],
                    "on_grid": placed(c), "lines": lines_from(state, c),
                    "circle": [o["id"] for o in foes_within(state, c, SCREAM_RADIUS)]
                    if placed(c) else []})
    talents = [k for k in MINION_TALENTS if c["uses"].get(k, 0) > 0]
    if talents and has_action(c, MAJOR):
        out.append({"type": "minion-talent", "by": c["id"], "talents": talents,
                    "monsters": [o for o in others if state.by_id(o)["kind"] == "monster"
                                 and state.by_id(o)["side"] == c["side"]],
                    "foes": [o for o in others if state.by_id(o)["side"] != c["side"]
                             and within(c, state.by_id(o), HELLO_RANGE)]})
    most = min(c["pool"] or 0, c.get("spread", 0) - c["minions_made"])
    if CREATION in c["boss_abilities"] and most > 0 and has_action(c, MINOR):
        out.append({"type": "create-minions", "by": c["id"], "most": most})
    if has_action(c, MAJOR) and not (c["condition"] == DOWN and c["rising"] is not None):
        reached = {rng: [o for o in others if not out_of_range(c, state.by_id(o), rng)
                         and not refuse_ranged(c, rng)] for rng in ("melee", "ranged")}
        blasts = {m["id"]: [o for o in others if o != m["id"]
                            and not out_of_range(c, state.by_id(o), "melee", m)]
                  for m in living_minions(state, c)} \
            if EXPLOSION in c["boss_abilities"] and (c["pool"] or 0) >= 1 else {}
        out.append({"type": "attack", "by": c["id"], "targets": others, **reached,
                    "explosions": [m for m, foes in blasts.items() if foes],
                    "blasts": blasts})
    out += legal_moves(state, c) + grid_talents(state, c) + line_legal(state, c)
    if c["statuses"] and has_action(c, MINOR):  # her Major, or her Minor once it is spent
        out.append({"type": "remove-ailments", "by": c["id"],
                    "action": MAJOR if has_action(c, MAJOR) else MINOR})
    if c["kind"] == "girl" and c["condition"] == DOWN and c["rising"] is None and \
            has_action(c, MAJOR):
        out.append({"type": "rise", "by": c["id"]})
    out += talent_legal(state, c)
    out += [{"type": "end-turn", "by": c["id"]}, {"type": "end-battle", "by": None}]
    return out


def lines_from(state: State, c: dict) -> dict[str, list[str]]:
    """On the grid, each direction with foes on her line that way, and their ids; off it,
    none."""
    if not placed(c):
        return {}
    found = {name: [o["id"] for o in foes_on_line(state, c, name)] for name, _, _ in DIRECTIONS}
    return {name: ids for name, ids in found.items() if ids}


def view(state: State) -> dict:
    """The JSON of a state, with the place in the order whose turn it is (an id may stand
    there twice), the battle's rough hexes and its mines."""
    return state_view(state, "magical-burst", combatant_view, legal, note_url,
                      turn_index=state.turn, rough=[list(h) for h in state.data.get("rough", [])],
                      mines=[dict(m) for m in state.data.get("mines", [])])
