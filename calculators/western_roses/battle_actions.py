"""The Western Roses battle events a table sends (seed 000, "Turn Order", "Actions",
"Attacking and Dodging", "Grazing", "Spell-meter", "Spell Power"): start, the six actions
(Move, Attack, Concentrate, Use a spellcard, Use an ability, Do nothing) plus collecting
dropped spell power, the graze decision, end of turn and end of battle. Each declares its
fields and checks its legality against the state before anything changes."""

from __future__ import annotations

import dataclasses

from ..battle.events import SEED, EventType, check_end_battle, check_start, refusal
from ..battle.overrides import check_combatant
from ..battle.state import ENDED, FIGHTING, SETUP, State
from ..errors import FieldError
from ..params import BOOL, CHOICE, JSON, TEXT, Param
from .battle_abilities import check_use, use
from .battle_attacks import card_attack, danmaku, graze, physical, reach
from .battle_card_effects import act, affected, plays, protections
from .battle_data import cite
from .battle_falling import DEAD, DESTROYED, DOWN, MAX_PICKUP, collected, distance
from .battle_meter import empty_meters, gain_meter, gain_spell_power
from .battle_turns import next_turn, start_battle
from .combat import ACTIONS
from .damage import DANMAKU, PHYSICAL

ACTOR = "the combatant whose turn it is, while she has an action left"
ACTIONS_RULE = cite("Actions")
MAX_SPACES = 1000


def _no_decision_owed(state: State) -> list[FieldError]:
    if state.pending:
        d = state.by_id(state.pending[0]["defender"])
        return refusal("", f"{d['name']} must first decide whether to graze (event graze).")
    return []


def check_action(state: State, ev: dict) -> list[FieldError]:
    """An action: during the fight, with no decision owed, by someone with an action left."""
    if state.phase != FIGHTING:
        return refusal("", "Actions are taken during the fight: start the battle first."
                       if state.phase == SETUP else "The battle has ended.")
    errors = _no_decision_owed(state)
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["condition"] in DOWN:
        return refusal("", f"{c['name']} is {c['condition']} and cannot act; end her turn.")
    if c["actions"] < 1:
        return refusal("", f"{c['name']} has no action left this turn; end her turn.")
    return []


def _spend(state: State) -> dict:
    """The combatant whose turn it is, one action spent."""
    c = state.by_id(state.current)
    c["actions"] -= 1
    return c


# --- start, end of turn, end of battle -------------------------------------------------------

def check_end_turn(state: State, ev: dict) -> list[FieldError]:
    if state.phase != FIGHTING:
        return refusal("", "There is no turn to end outside the fight.")
    return _no_decision_owed(state)


def apply_end_turn(state: State, ev: dict) -> None:
    next_turn(state)


def apply_end_battle(state: State, ev: dict) -> None:
    state.phase = ENDED
    state.pending.clear()
    state.write("The battle ends" + (f": {ev['winner']} win." if ev["winner"] else "."),
                *cite("Spell-meter"))
    empty_meters(state)
    for c in state.combatants:
        if ev["winner"] and c["side"] == ev["winner"] and c["discard"]:
            c["deck"] += c["discard"]
            c["discard"] = []
            state.dice.shuffle(c["deck"], f"{c['name']}'s spelldeck")
            state.write(f"{c['name']} was on the winning side: her used cards are shuffled back "
                        f"into her spelldeck ({len(c['deck'])} cards).", *cite("Spell-meter"))


# --- the actions ---------------------------------------------------------------------------

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
    c = _spend(state)
    spaces = distance(c, ev)
    c["x"], c["y"] = ev["x"], ev["y"]
    state.write(f"{c['name']} moves {spaces} space{'' if spaces == 1 else 's'} to "
                f"({ev['x']}, {ev['y']}).", *ACTIONS_RULE, note="arena-distance")


def _check_target(state: State, ev: dict, field: str = "target") -> list[FieldError]:
    errors = check_combatant(state, ev[field], field)
    if errors:
        return errors
    c, t = state.by_id(state.current), state.by_id(ev[field])
    if t["id"] == c["id"]:
        return refusal(field, "She cannot attack herself.")
    if t["condition"] in (DEAD, DESTROYED):
        return refusal(field, f"{t['name']} is {t['condition']}.")
    return []


def check_attack(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev) or _check_target(state, ev)
    if errors:
        return errors
    c, t = state.by_id(state.current), state.by_id(ev["target"])
    far, most = distance(c, t), reach(c, ev["attack"])
    if far > most:
        how = "her weapon reaches" if ev["attack"] == PHYSICAL else \
            "less than her range stat plus her spell power's option bonus"
        return refusal("target", f"{t['name']} is {far} spaces away; {c['name']}'s "
                                 f"{ev['attack']} attack reaches {most} ({how}).")
    return []


def apply_attack(state: State, ev: dict) -> None:
    c = _spend(state)
    t = state.by_id(ev["target"])
    (physical if ev["attack"] == PHYSICAL else danmaku)(state, c, t)


def check_graze(state: State, ev: dict) -> list[FieldError]:
    if not state.pending:
        return refusal("", "No dodge is waiting for a graze decision.")
    return []


def check_concentrate(state: State, ev: dict) -> list[FieldError]:
    return check_action(state, ev)


def apply_concentrate(state: State, ev: dict) -> None:
    c = _spend(state)
    state.write(f"{c['name']} concentrates.", *ACTIONS_RULE)
    gain_spell_power(state, c, c["gained"], "concentrating: what she gained at the start of "
                     "her turn again", note="concentrate-repeats-the-turns-gain")
    gain_meter(state, c, "concentrating")


def check_cast(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    if ev["card"] not in c["hand"]:
        held = ", ".join(f"{e} ({c['cards'][e]['name']})" for e in sorted(set(c["hand"])))
        return refusal("card", f"{c['name']} holds no card of entry {ev['card']}; in her hand: "
                               + (held or "nothing") + ".")
    card = c["cards"][ev["card"]]
    if card["cost"] > c["spell_power"]:
        return refusal("card", f"{card['name']} costs {card['cost']} spell power; {c['name']} "
                               f"holds {c['spell_power']}.")
    if card["bomb"]:
        return refusal("card", f"{card['name']} is a bomb: it is cast only as she is hit, which "
                               "the game master rules (Set a number, Note a ruling).")
    if card["type"] == "attack" and not ev["target"]:
        return refusal("target", f"{card['name']} is an attack card: name its target.")
    also = ev["also"] if ev["also"] is not None else []
    if also and not ev["target"]:
        return refusal("also", "Name the card's first target before its further ones.")
    if not isinstance(also, list) or len(also) > max(card["targets"] - 1, 0) or \
            len(set(map(str, [ev["target"], *also]))) != len(also) + 1:
        return refusal("also", f"{card['name']} takes {max(card['targets'] - 1, 0)} further "
                               "target(s) at most, each a combatant's id named once.")
    for index, cid in enumerate([ev["target"], *also] if ev["target"] else []):
        field = "target" if index == 0 else f"also[{index - 1}]"
        check = _check_target if card["type"] == "attack" else \
            (lambda st, e, f: check_combatant(st, e[f], f))
        errors = check(state, {field: str(cid)}, field)
        if errors:
            return errors
    return []


def apply_cast(state: State, ev: dict) -> None:
    c = _spend(state)
    card = c["cards"][ev["card"]]
    before = c["spell_power"]
    c["spell_power"] -= card["cost"]
    c["hand"].remove(ev["card"])
    c["discard"].append(ev["card"])
    state.write(f"{c['name']} casts {card['name']}: {card['cost']} spell power, {before} → "
                f"{c['spell_power']}; the card is discarded.", *cite("Spellcards"))
    named = cast_targets(ev)
    targets: list[dict] = []
    if card["type"] == "attack":
        for cid in named:
            card_attack(state, c, state.by_id(cid), card)
    elif plays(card):
        for cid in named or [None]:
            targets += [t for t in affected(state, c, card, cid) if t not in targets]
        act(state, c, card, targets, first=True)
    else:
        state.write(f"{card['name']} is a {card['type']} card: the table applies its effect "
                    "(the game master's events set what it changes).", *cite("Spellcards"),
                    note="non-attack-cards-by-the-table")
    guards = protections(card, targets)
    if card["rounds"] > 1 or guards:
        state.data.setdefault("effects", []).append(
            {"caster": c["id"], "entry": ev["card"], "target": ev["target"] or None,
             "also": named[1:], "rounds_left": card["rounds"] - 1,
             "on": [t["id"] for t in targets], **guards})


def cast_targets(ev: dict) -> list[str]:
    """The targets a cast names: its target, then the further ones of a card of several."""
    return [str(cid) for cid in [ev["target"], *(ev["also"] or [])] if cid]


def check_ability(state: State, ev: dict) -> list[FieldError]:
    return check_action(state, ev) or check_use(state, state.by_id(state.current), ev)


def apply_ability(state: State, ev: dict) -> None:
    use(state, _spend(state), ev)


def apply_nothing(state: State, ev: dict) -> None:
    c = _spend(state)
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
    c = _spend(state)
    pool = next(p for p in state.data["dropped"] if p["from"] == ev["from"])
    state.data["dropped"].remove(pool)
    far = _pickup_spaces(c, pool, ev)
    gain_spell_power(state, c, collected(pool["amount"], far), f"collecting "
                     f"{state.by_id(pool['from'])['name']}'s dropped {pool['amount']} from "
                     f"{far} spaces away", note="spell-power-collected-rounds-down")


def _action(action_id: str) -> str:
    return ACTIONS[action_id].text


TARGET = Param("target", "Target", kind=TEXT, maximum=40, default="",
               help="The target's id; an attack card needs one.")

EVENTS = (
    EventType("start", "Start the battle", "Rolls the turn order (equal speeds settled by "
              "versus rolls), shuffles every spelldeck, draws a card for every empty hand and "
              "starts the first turn.", (), "anyone, once", check_start, start_battle,
              rolls=True),
    EventType("move", "Move", _action("move"),
              (Param("x", "Column", required=True, minimum=-MAX_SPACES, maximum=MAX_SPACES),
               Param("y", "Row", required=True, minimum=-MAX_SPACES, maximum=MAX_SPACES)),
              ACTOR, check_move, apply_move),
    EventType("attack", "Attack", _action("attack"),
              (Param("target", "Target", kind=TEXT, required=True, maximum=40),
               Param("attack", "Attack", kind=CHOICE, default=DANMAKU,
                     choices=((PHYSICAL, "Physical"), (DANMAKU, "Danmaku")))),
              ACTOR, check_attack, apply_attack, rolls=True),
    EventType("graze", "Graze or not", "After a dodge: whether she tries to graze.",
              (Param("attempt", "Try to graze", kind=BOOL, default=True),),
              "the combatant who dodged (first decision owed)", check_graze, graze, rolls=True),
    EventType("concentrate", "Concentrate", _action("concentrate") + " The spell-meter gains "
              "2.", (), ACTOR, check_concentrate, apply_concentrate),
    EventType("cast", "Use a spellcard", _action("use-a-spell-card"),
              (Param("card", "Card", required=True, minimum=0, maximum=1000,
                     help="The card's deck entry number (0 for the first)."),
               TARGET,
               Param("also", "Further targets", kind=JSON,
                     help="For a card of 2 to 4 targets: the other targets' ids, each once "
                          "(an area acts around each).")),
              ACTOR, check_cast, apply_cast, rolls=True),
    EventType("ability", "Use an ability", _action("use-an-ability"),
              (Param("ability", "Ability", kind=TEXT, required=True, maximum=80,
                     help="One of hers by id (ley-lines, manipulation:electricity, "
                          "profession:shrine-maiden), or in words for a quick foe's."),
               Param("target", "Target", kind=TEXT, maximum=40, default="",
                     help="The target's id, for an ability that acts on one."),
               dataclasses.replace(SEED, required=False, help="Needed by an ability that "
                                   "rolls (the tracker's buttons always send one).")),
              ACTOR, check_ability, apply_ability),
    EventType("collect", "Collect spell power", "Collects spell power a fallen combatant "
              "dropped: all of it on her space, ¾ from 1 space, ½ from 2, ¼ from 3.",
              (Param("from", "Who dropped it", kind=TEXT, required=True, maximum=40,
                     help="The fallen combatant's id."),
               Param("spaces", "Spaces away", minimum=0, maximum=MAX_SPACES,
                     help="How far she is from where it fell, as the table measures it on "
                          "its own map; left out, from the positions the battle keeps.")),
              ACTOR, check_collect, apply_collect),
    EventType("nothing", "Do nothing", _action("do-nothing"), (), ACTOR, check_action,
              apply_nothing),
    EventType("end-turn", "End the turn", "Ends her turn, whatever actions are left, and "
              "starts the next combatant's (the dead are passed over).", (),
              "the table, once no decision is owed", check_end_turn, apply_end_turn,
              rolls=True),
    EventType("end-battle", "End the battle", "Ends the battle: every spell-meter empties, "
              "drawn cards stay in hand, and the winners' used cards go back into their decks.",
              (Param("winner", "Winning side", kind=TEXT, maximum=40, default="",
                     help="Leave out when no side won."),),
              "the table", check_end_battle, apply_end_battle, rolls=True),
)
