"""What a reader (and the views built on the engine) sees of a battle state: JSON with each
combatant's numbers, the order, whose turn, the decisions owed, the legal events and the log
(the page's views of it are :mod:`.table`)."""

from __future__ import annotations

from ...battle.state import State
from ...battle.turns import Gate
from ...battle.view import state_view
from ..combat import STATUS_EFFECTS
from ..damage import DANMAKU, PHYSICAL
from .abilities import abilities_view
from .attacks import reach
from .citations import note_url
from .conditions import DOWN, GONE
from .meter import option_bonus
from .positions import MAX_PICKUP, distance

SHOWN = ("id", "name", "side", "kind", "hp", "max_hp", "spell_power", "cap", "meter",
         "condition", "actions", "gained", "out_turns", "pwr", "cha", "int", "ins", "will",
         "speed", "range", "x", "y", "weapon", "armour", "clothing", "race")

#: What her hand shows of each card: enough to say what casting it does.
HAND_SHOWN = ("name", "cost", "type", "bomb", "to_hit", "dice", "modifier", "rounds", "targets",
              "aoe", "skills")


def combatant_view(c: dict) -> dict:
    """One combatant's numbers, her cards by name, and how far her attacks reach."""
    cards = c["cards"]
    return {**{k: c[k] for k in SHOWN},
            "option_bonus": option_bonus(c),
            "reach": {PHYSICAL: reach(c, PHYSICAL), DANMAKU: reach(c, DANMAKU)},
            "statuses": [{**s, "name": STATUS_EFFECTS[s["id"]].name} for s in c["statuses"]],
            "abilities": abilities_view(c), "last_roll": c["last_roll"],
            "hand": [{"entry": e, **{k: cards[e][k] for k in HAND_SHOWN}} for e in c["hand"]],
            "deck_left": len(c["deck"]), "discard": [cards[e]["name"] for e in c["discard"]]}


def legal(state: State) -> list[dict]:
    """The events the table may send now (the game master's overrides aside), each with the
    choices its fields can take."""
    return Gate.menu(state, lambda state: [{"type": "start", "by": None}], _graze_owed, _turn)


def _graze_owed(state: State, owed: dict) -> list[dict]:
    """While a defender owes her graze decision, only that."""
    return [{"type": "graze", "by": owed["defender"], "damage": owed["damage"],
             "difficulty": owed["difficulty"]}]


def _turn(state: State, c: dict) -> list[dict]:
    """What the combatant ``c`` whose turn it is may do."""
    out: list[dict] = []
    if c["actions"] > 0 and c["condition"] not in DOWN:
        others = [o for o in state.combatants if o["id"] != c["id"]
                  and o["condition"] not in GONE]
        targets = [{"id": o["id"], "distance": distance(c, o),
                    PHYSICAL: distance(c, o) <= reach(c, PHYSICAL),
                    DANMAKU: distance(c, o) <= reach(c, DANMAKU)} for o in others]
        cards = [{"entry": e, "name": c["cards"][e]["name"], "cost": c["cards"][e]["cost"],
                  "castable": c["cards"][e]["cost"] <= c["spell_power"]
                  and not c["cards"][e]["bomb"]} for e in sorted(set(c["hand"]))]
        open_to_her = [p for p in state.data.get("dropped", []) if c["id"] in p["open"]]
        pools = [p["from"] for p in open_to_her if distance(c, p) <= MAX_PICKUP]
        out += [{"type": "move", "by": c["id"], "max_spaces": c["speed"]},
                {"type": "attack", "by": c["id"],
                 "targets": [t for t in targets if t[PHYSICAL] or t[DANMAKU]]},
                {"type": "concentrate", "by": c["id"]},
                {"type": "cast", "by": c["id"], "cards": cards},
                {"type": "ability", "by": c["id"], "abilities": abilities_view(c)},
                {"type": "nothing", "by": c["id"]}]
        if open_to_her:
            out.append({"type": "collect", "by": c["id"], "from": pools,
                        "pools": [{"from": p["from"], "amount": p["amount"],
                                   "distance": distance(c, p)} for p in open_to_her]})
    out += [{"type": "end-turn", "by": c["id"]}, {"type": "end-battle", "by": None}]
    return out


def view(state: State) -> dict:
    """The JSON of a state, the spell power dropped and the lasting card effects with it."""
    return state_view(state, "western-roses", combatant_view, legal, note_url,
                      dropped=[dict(p) for p in state.data.get("dropped", [])],
                      effects=[dict(e) for e in state.data.get("effects", [])])
