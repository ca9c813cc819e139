"""Turn order and the start of a turn (seed 000, "Turn Order", "Actions", "Spell Power",
"Mortal Wounds", "Status Effects").

The battle starts with the turn order by speed, highest first, equal speeds settled by a
versus roll on speed re-rolled while tied, then every spelldeck shuffled and an opening draw
for an empty hand. At the start of her turn she gains spell power (insight plus modifiers,
within her cap), checks her will if mortally wounded, her statuses are checked, and her lasting
spellcard effects act; then she has two actions."""

from __future__ import annotations

from ..battle.state import FIGHTING, State
from .battle_attacks import lasting_effects
from .battle_data import battle_rule, cite
from .battle_falling import DEAD, DESTROYED, DOWN, OUT, WOUNDED, will_check
from .battle_meter import gain_spell_power, opening_draw
from .battle_rolls import roll, versus
from .battle_statuses import check_statuses
from .combat import rule

ORDER = cite("Turn Order")
ACTIONS_PER_TURN = rule("actions-per-turn")
UNCONSCIOUS_ROUNDS = rule("unconscious-rounds")


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
    if c["condition"] == OUT:
        c["out_turns"] += 1
        c["actions"] = 0
        if c["out_turns"] <= UNCONSCIOUS_ROUNDS:
            state.write(f"{c['name']} is unconscious ({c['out_turns']} of "
                        f"{UNCONSCIOUS_ROUNDS} full rounds) and cannot act.",
                        *cite("Mortal Wounds"), note="unconscious-turns")
            return
        rolled = roll(state, c["cha"], 0, battle_rule("wound-check-target"),
                      f"{c['name']}'s charisma")
        if not rolled.succeeded:
            state.write(f"{c['name']} tries to wake: charisma against "
                        f"{battle_rule('wound-check-target')}: {rolled.words}: she stays "
                        "unconscious.", *cite("Mortal Wounds"), note="unconscious-turns")
            return
        c["condition"] = WOUNDED
        c["actions"] = ACTIONS_PER_TURN
        state.write(f"{c['name']} wakes: charisma against {battle_rule('wound-check-target')}: "
                    f"{rolled.words}; she acts this turn.", *cite("Mortal Wounds"),
                    note="unconscious-turns")
    c["gained"] = c["ins"] + c["spell_power_per_turn"]
    extra = f" + {c['spell_power_per_turn']} from her abilities" if c["spell_power_per_turn"] \
        else ""
    gain_spell_power(state, c, c["gained"], f"start of her turn: insight {c['ins']}{extra}")
    if c["condition"] == WOUNDED and not will_check(state, c, "mortally wounded at the start "
                                                              "of her turn"):
        return
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
        if passed["condition"] not in (DEAD, DESTROYED) or step == len(state.order):
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
