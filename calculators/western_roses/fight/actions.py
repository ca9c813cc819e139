"""The actions of a Western Roses battle (seed 000, "Actions", "Spell Power", "Spell-meter"):
what every action needs (the fight on, no graze decision owed, the combatant whose turn it is
with an action left) and what it costs (one of her two actions), and the simple action events:
Move, Concentrate, Do nothing and collecting dropped spell power. The other actions are events
of their own families: Attack (:mod:`.attacks`), Use a spellcard (:mod:`.casting`), Use an
ability (:mod:`.abilities`). Each event declares its fields and checks its legality against
the state before anything changes."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.state import State
from ...battle.turns import Gate
from ...errors import FieldError
from ...params import TEXT, Param
from ..combat import ACTIONS, SPELL_METER
from .citations import cite
from .conditions import DOWN
from .damage import collected
from .meter import gain_meter, gain_spell_power
from .positions import ARENA, MAX_PICKUP, distance

#: Who sends an action.
ACTOR = "the combatant whose turn it is, while she has an action left"
ACTIONS_RULE = cite("Actions")


def action_text(action_id: str) -> str:
    """What the rules say an action (``actions.json``) does: the event's help."""
    return ACTIONS[action_id].text


#: The engine's gate: the one decision a Western Roses fight waits on is a defender's graze.
GATE = Gate(owed=lambda state, owed: f"{state.by_id(owed['defender'])['name']} must first "
                                     "decide whether to graze (event graze).")


def _unable(c: dict) -> str:
    """Why ``c`` cannot take an action now, if she cannot."""
    if c["condition"] in DOWN:
        return f"{c['name']} is {c['condition']} and cannot act; end her turn."
    if c["actions"] < 1:
        return f"{c['name']} has no action left this turn; end her turn."
    return ""


def check_action(state: State, ev: dict) -> list[FieldError]:
    """An action: during the fight, with no decision owed, by someone with an action left."""
    return GATE.acting(state, _unable)


def spend(state: State) -> dict:
    """The combatant whose turn it is, one action spent."""
    c = state.by_id(state.current)
    c["actions"] -= 1
    return c


# --- the simple actions --------------------------------------------------------------------

def check_move(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    spaces = distance(c, ev)
    if spaces > c["speed"]:
        return refusal("x", f"{c['name']} moves at most {c['speed']} spaces (her speed); "
                            f"({ev['x']}, {ev['y']}) is {spaces} away.")
    return []


def apply_move(state: State, ev: dict) -> None:
    c = spend(state)
    spaces = distance(c, ev)
    c["x"], c["y"] = ev["x"], ev["y"]
    state.write(f"{c['name']} moves {spaces} space{'' if spaces == 1 else 's'} to "
                f"({ev['x']}, {ev['y']}).", *ACTIONS_RULE, note="arena-distance")


def check_concentrate(state: State, ev: dict) -> list[FieldError]:
    return check_action(state, ev)


def apply_concentrate(state: State, ev: dict) -> None:
    c = spend(state)
    state.write(f"{c['name']} concentrates.", *ACTIONS_RULE)
    gain_spell_power(state, c, c["gained"], "concentrating: what she gained at the start of "
                     "her turn again", note="concentrate-repeats-the-turns-gain")
    gain_meter(state, c, "concentrating")


def apply_nothing(state: State, ev: dict) -> None:
    c = spend(state)
    state.write(f"{c['name']} does nothing.", *ACTIONS_RULE)


def check_collect(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    pools = [p for p in state.data.get("dropped", []) if p["from"] == ev["from"]]
    if not pools or c["id"] not in pools[0]["open"]:
        return refusal("from", "No spell power dropped by that combatant is hers to collect this "
                               "turn (it is collected on the turn after it falls, once).")
    far = _pickup_spaces(c, pools[0], ev)
    if far > MAX_PICKUP:
        return refusal("from", f"The dropped spell power is {far} spaces away; it is collected "
                               f"from at most {MAX_PICKUP}.")
    return []


def _pickup_spaces(c: dict, pool: dict, ev: dict) -> int:
    """How far she is from the dropped power: as the table measured it, or from the
    positions the battle keeps."""
    return distance(c, pool) if ev["spaces"] is None else ev["spaces"]


def apply_collect(state: State, ev: dict) -> None:
    c = spend(state)
    pool = next(p for p in state.data["dropped"] if p["from"] == ev["from"])
    state.data["dropped"].remove(pool)
    far = _pickup_spaces(c, pool, ev)
    gain_spell_power(state, c, collected(pool["amount"], far), f"collecting "
                     f"{state.by_id(pool['from'])['name']}'s dropped {pool['amount']} from "
                     f"{far} spaces away", note="spell-power-collected-rounds-up")


MOVE = EventType("move", "Move", action_text("move"),
                 (Param("x", "Column", required=True, minimum=-ARENA, maximum=ARENA),
                  Param("y", "Row", required=True, minimum=-ARENA, maximum=ARENA)),
                 ACTOR, check_move, apply_move)
CONCENTRATE = EventType("concentrate", "Concentrate", action_text("concentrate")
                        + f" The spell-meter gains {SPELL_METER['concentrating'].points}.", (),
                        ACTOR, check_concentrate, apply_concentrate)
COLLECT = EventType("collect", "Collect spell power", "Collects spell power a fallen combatant "
                    "dropped: all of it on her space, ¾ from 1 space, ½ from 2, ¼ from 3.",
                    (Param("from", "Who dropped it", kind=TEXT, required=True, maximum=40,
                           help="The fallen combatant's id."),
                     Param("spaces", "Spaces away", minimum=0, maximum=ARENA,
                           help="How far she is from where it fell, as the table measures it "
                                "on its own map; left out, from the positions the battle "
                                "keeps.")),
                    ACTOR, check_collect, apply_collect)
NOTHING = EventType("nothing", "Do nothing", action_text("do-nothing"), (), ACTOR, check_action,
                    apply_nothing)
