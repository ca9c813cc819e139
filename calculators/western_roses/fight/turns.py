"""The battle's course (seed 000, "Turn Order", "Actions", "Spell Power", "Mortal Wounds",
"Status Effects", "Spell-meter"): the events ``start``, ``end-turn`` and ``end-battle``, the
turn order, the start of a turn, the end of a turn and the next one, rounds.

The battle starts with the turn order by speed, highest first, equal speeds settled by a
versus roll on speed re-rolled while tied, then every spelldeck shuffled and an opening draw
for an empty hand. At the start of her turn she gains spell power (insight plus modifiers,
within her cap), checks her will if mortally wounded, her statuses are checked, and her lasting
spellcard effects act; then she has two actions. Ending her turn passes her chance at
dropped spell power and starts the next living combatant's (a new round when the order comes
back to its top). The battle ends with every spell-meter emptied and the winners' used cards
shuffled back into their decks."""

from __future__ import annotations

from ...battle.events import EventType, check_start
from ...battle.state import FIGHTING, State
from ...battle.turns import end_battle_event, end_turn_event
from .actions import GATE
from .casting import lasting_effects
from .citations import cite
from .conditions import DOWN, GONE, OUT, WOUNDED
from .damage import will_check
from .meter import empty_meters, gain_spell_power, opening_draw
from .numbers import number
from .rolls import roll, versus
from .statuses import check_statuses

ORDER = cite("Turn Order")
ACTIONS_PER_TURN = number("actions-per-turn")
UNCONSCIOUS_ROUNDS = number("unconscious-rounds")


def _tie_break(state: State, tied: list[dict]) -> list[dict]:
    """Order combatants of equal speed by versus rolls on speed, ties rolled again: two roll
    once against each other; three or more are placed one by one, each rolling against
    those already placed until she wins (reading speed-versus-roll)."""
    ordered: list[dict] = []
    for c in tied:
        at = len(ordered)
        for index, other in enumerate(ordered):
            first, shown = versus(state, (c["speed"], 0, f"{c['name']}'s speed"),
                                  (other["speed"], 0, f"{other['name']}'s speed"))
            winner = c if first else other
            state.write(f"Equal speed {c['speed']}: " + "; ".join(shown) + f": "
                        f"{winner['name']} goes first.", *ORDER, note="speed-versus-roll")
            if first:
                at = index
                break
        ordered.insert(at, c)
    return ordered


def start_battle(state: State, ev: dict) -> None:
    """The turn order, the opening draws, and the first turn."""
    state.phase = FIGHTING
    state.round = 1
    speeds = sorted({c["speed"] for c in state.combatants}, reverse=True)
    order: list[dict] = []
    for speed in speeds:
        order += _tie_break(state, [c for c in state.combatants if c["speed"] == speed])
    state.order = [c["id"] for c in order]
    state.write("Turn order by speed: " + ", ".join(f"{c['name']} ({c['speed']})"
                                                    for c in order) + ".", *ORDER)
    for c in state.combatants:
        opening_draw(state, c)
    state.turn = 0
    state.write("Round 1.", *ORDER, note="round-is-the-turn-order-once-through")
    start_turn(state, state.by_id(state.current))


def start_turn(state: State, c: dict) -> None:
    """What happens at the start of her turn, in the order the issue lists it."""
    c["actions"] = ACTIONS_PER_TURN
    c["gained"] = 0
    state.write(f"{c['name']}'s turn.", *cite("Actions"))
    woke = False
    if c["condition"] == OUT:
        c["out_turns"] += 1
        c["actions"] = 0
        if c["out_turns"] <= UNCONSCIOUS_ROUNDS:
            state.write(f"{c['name']} is unconscious ({c['out_turns']} of "
                        f"{UNCONSCIOUS_ROUNDS} full rounds) and cannot act.",
                        *cite("Mortal Wounds"), note="unconscious-turns")
            return
        rolled = roll(state, c["cha"], 0, number("wound-check-target"),
                      f"{c['name']}'s charisma")
        if not rolled.succeeded:
            state.write(f"{c['name']} tries to wake: charisma against "
                        f"{number('wound-check-target')}: {rolled.words}: she stays "
                        "unconscious.", *cite("Mortal Wounds"), note="unconscious-turns")
            return
        c["condition"] = WOUNDED
        c["actions"] = ACTIONS_PER_TURN
        woke = True
        state.write(f"{c['name']} wakes: charisma against {number('wound-check-target')}: "
                    f"{rolled.words}; she acts this turn.", *cite("Mortal Wounds"),
                    note="unconscious-turns")
    c["gained"] = c["ins"] + c["spell_power_per_turn"]
    extra = f" + {c['spell_power_per_turn']} from her abilities" if c["spell_power_per_turn"] \
        else ""
    gain_spell_power(state, c, c["gained"], f"start of her turn: insight {c['ins']}{extra}")
    if c["condition"] == WOUNDED and not woke and not will_check(
            state, c, "mortally wounded at the start of her turn"):
        return  # the turn she wakes, her charisma roll stands for it (reading unconscious-turns)
    check_statuses(state, c)
    if c["condition"] in DOWN:
        return
    lasting_effects(state, c)


def next_turn(state: State) -> None:
    """End the turn: her chance at dropped spell power passes; the next living combatant's
    turn starts (a new round when the order comes back to its top)."""
    ender = state.current
    for pool in state.data.get("dropped", []):
        if ender in pool["open"]:
            pool["open"].remove(ender)
    state.data["dropped"] = [p for p in state.data.get("dropped", []) if p["open"] or p["waiting"]]
    for step in range(1, len(state.order) + 1):
        index = (state.turn + step) % len(state.order)
        passed = state.by_id(state.order[index])
        if passed["condition"] not in GONE or step == len(state.order):
            break
        lasting_effects(state, passed, acting=False)  # her turn passes: her cards count down
    if index <= state.turn:
        state.round += 1
        state.write(f"Round {state.round}.", *ORDER, note="round-is-the-turn-order-once-through")
    state.turn = index
    current = state.by_id(state.current)
    for pool in state.data.get("dropped", []):
        if current["id"] in pool["waiting"]:
            pool["waiting"].remove(current["id"])
            pool["open"].append(current["id"])
    start_turn(state, current)


# --- the events that start, pass and end the fight ------------------------------------------

def after_the_battle(state: State, ev: dict) -> None:
    """Every spell-meter empties; the winners' used cards go back into their decks."""
    empty_meters(state)
    for c in state.combatants:
        if ev["winner"] and c["side"] == ev["winner"] and c["discard"]:
            c["deck"] += c["discard"]
            c["discard"] = []
            state.dice.shuffle(c["deck"], f"{c['name']}'s spelldeck")
            state.write(f"{c['name']} was on the winning side: her used cards are shuffled back "
                        f"into her spelldeck ({len(c['deck'])} cards).", *cite("Spell-meter"))


START = EventType("start", "Start the battle", "Rolls the turn order (equal speeds settled by "
                  "versus rolls), shuffles every spelldeck, draws a card for every empty hand "
                  "and starts the first turn.", (), "anyone, once", check_start, start_battle,
                  rolls=True)
END_TURN = end_turn_event("Ends her turn, whatever actions are left, and starts the next "
                          "combatant's (the dead are passed over).",
                          "the table, once no decision is owed", GATE.end_turn, next_turn,
                          rolls=True)
END_BATTLE = end_battle_event("Ends the battle: every spell-meter empties, drawn cards stay in "
                              "hand, and the winners' used cards go back into their decks.",
                              cite("Spell-meter"), then=after_the_battle, rolls=True)
