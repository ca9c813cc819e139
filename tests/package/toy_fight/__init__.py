"""A test-only system's battle, to show that a fourth system is one package plus one line of
declaration (``battle_conformance.FIGHTS``): two combatants with hit points, one attack event
(a d6 of damage against a d6 of defence), built only from the engine's shared pieces.

It is not a rule system of the site: it exists so the conformance suite runs over a system
the three real ones did not shape.
"""

from __future__ import annotations

from typing import Any

from calculators.battle import EventType, Rules
from calculators.battle.answer import BATTLE, opened
from calculators.battle.events import check_start, prefixed, refusal
from calculators.battle.overrides import (OverrideHooks, Settable, check_combatant, fixed,
                                          override_events)
from calculators.battle.setup import IDENTITY_FIELDS, read_combatants
from calculators.battle.state import FIGHTING, State
from calculators.battle.table import (event_button, game_master_view, group, heading,
                                      player_view, row, seat_group, setup_section, table_view,
                                      whose_turn)
from calculators.battle.turns import Gate, end_battle_event, end_turn_event
from calculators.battle.view import state_view
from calculators.calculator import Calculator
from calculators.errors import CalculatorError
from calculators.params import TEXT, Param, coerce_all
from calculators.ui.markup import h

CITE = ("Toy rules", "")
MAX_HP = 20
FIELDS = (*IDENTITY_FIELDS,
          Param("name", "Name", kind=TEXT, required=True, maximum=40),
          Param("hp", "Hit points", default=6, minimum=1, maximum=MAX_HP))


def read(raw: Any, where: str) -> dict:
    if not isinstance(raw, dict):
        raise CalculatorError.single(where, "A combatant is a JSON object.")
    try:
        c = coerce_all(FIELDS, raw)
    except CalculatorError as exc:
        raise CalculatorError(prefixed(exc.errors, where)) from None
    return {**c, "max_hp": c["hp"], "statuses": [], "acted": False}


def setup(raw: Any) -> State:
    return read_combatants(raw, read, 2)


def next_turn(state: State) -> None:
    state.turn = (state.turn + 1) % len(state.order)
    if state.turn == 0:
        state.round += 1
    state.by_id(state.current)["acted"] = False
    state.write(f"{state.by_id(state.current)['name']}'s turn.", *CITE)


def start(state: State, ev: dict) -> None:
    state.phase, state.round = FIGHTING, 1
    order = list(state.combatants)
    state.dice.shuffle(order, "who goes first")
    state.order = [c["id"] for c in order]
    state.write(f"{order[0]['name']} goes first.", *CITE)


GATE = Gate(owed=lambda state, owed: "Nothing is ever owed here.")


def check_attack(state: State, ev: dict) -> list:
    errors = GATE.turn(state) or check_combatant(state, ev["target"], "target")
    if errors:
        return errors
    if ev["target"] == state.current:
        return refusal("target", "She cannot attack herself.")
    if state.by_id(state.current)["acted"]:
        return refusal("", "She has attacked this turn; end her turn.")
    return []


def attack(state: State, ev: dict) -> None:
    c, t = state.by_id(state.current), state.by_id(ev["target"])
    hit, block = state.dice.roll(1, 6, "hit")[0], state.dice.roll(1, 6, "block")[0]
    damage = max(hit - block, 0)
    t["hp"] -= damage
    c["acted"] = True
    state.write(f"{c['name']} hits {t['name']} for {damage}.", *CITE)


EVENTS = (
    EventType("start", "Start the battle", "Shuffles who goes first.", (), "anyone, once",
              check_start, start, rolls=True),
    EventType("attack", "Attack", "A d6 against a d6; the difference is damage.",
              (Param("target", "Target", kind=TEXT, required=True, maximum=40),),
              "the combatant whose turn it is", check_attack, attack, rolls=True),
    end_turn_event("Ends her turn.", "the table", GATE.end_turn, next_turn),
    end_battle_event("Ends the battle.", CITE),
)
OVERRIDES = override_events(OverrideHooks(
    settable={"hp": Settable("HP", fixed(-MAX_HP, MAX_HP))}, statuses={"dazed": "Dazed"},
    after_set=lambda state, c, field, old: None, next_turn=next_turn))


def legal(state: State) -> list[dict]:
    def fighting(state: State, c: dict) -> list[dict]:
        others = [o["id"] for o in state.combatants if o["id"] != c["id"]]
        attacks = [] if c["acted"] else [{"type": "attack", "by": c["id"], "targets": others}]
        return [*attacks, {"type": "end-turn", "by": c["id"]}, {"type": "end-battle", "by": None}]
    return Gate.menu(state, lambda s: [{"type": "start", "by": None}], lambda s, o: None,
                     fighting)


def view(state: State) -> dict:
    return state_view(state, "toy", lambda c: dict(c), legal, lambda note: "")


RULES = Rules(system="toy", events={e.name: e for e in (*EVENTS, *OVERRIDES)}, setup=setup,
              view=view, legal=legal, combatant_fields=FIELDS)


def button(label: str, event: dict):
    return event_button(label, event, RULES.rolling)


def controls(state: dict, c: dict) -> list:
    if state["turn"] != c["id"]:
        return []
    menu = {e["type"]: e for e in state["legal"]}
    attacks = [button(f"Attack {t}", {"type": "attack", "target": t})
               for t in menu.get("attack", {}).get("targets", [])]
    return [group("Turn", *attacks, button("End turn", {"type": "end-turn"}))]


def render(result: dict) -> str:
    def setup_view(result: dict):
        return setup_section(result, (), button("Start", {"type": "start"}), "Add two.")

    def player(result: dict, c: dict, names: dict):
        state = result["state"]
        return player_view(state, c, whose_turn(state, names, state["turn"] == c["id"]),
                           [h("p", f"HP {c['hp']}"), *controls(state, c)], 6)

    def game_master(result: dict, names: dict):
        state = result["state"]
        rows = [row(c, state["turn"] == c["id"], h("p", f"HP {c['hp']}"),
                    *controls(state, c), seat_group(c)) for c in state["combatants"]]
        return game_master_view(state, None, rows, button, 20)

    return str(table_view(result, "battle toy", heading, setup_view, player, game_master))


def toy_battle(combatants: Any, events: Any, event: Any, seat: str = "", **kept: Any) -> dict:
    battle, state = opened(RULES, combatants, events, event, kept)
    return {"battle": battle.as_json(), "state": view(state), "seat": seat, "adding": []}


TOY_BATTLE = Calculator(
    name="toy-battle", title="Toy battle", summary="A test-only battle.", params=BATTLE,
    compute=toy_battle, render=render,
    example={"combatants": [{"id": "ann", "side": "heroes", "name": "Ann", "hp": 9},
                            {"id": "bob", "side": "foes", "name": "Bob", "hp": 7}],
             "events": []})
