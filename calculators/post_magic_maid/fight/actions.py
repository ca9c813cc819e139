"""The action bookkeeping of a post-magic-maid battle and its simple events (seed
``003_1585970b7e222c64.txt``, “Initiative / Actions”, “Multiple actions”): whose turn it is
and what she may still do on it (an action left of those planned, at its place's penalty; a
helper able to assist), the fields the events share, and the events that only move the
battle along: start (the initiative draw), the joker holder's choice, planning the turn's
actions, end of turn and end of battle. Each event declares its fields and checks its legality
against the state before anything changes."""

from __future__ import annotations

from ...battle.events import EventType, check_start, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...battle.turns import Gate, end_battle_event, end_turn_event
from ...errors import FieldError
from ...params import CHOICE, TEXT, Param
from ..character import CHECKS
from ..checks import MAX_ACTIONS, MAX_BONUS
from ..resolution import action_penalty
from .cards import AUTOMATIC_RESULT, BONUS_DIE, has_automatic
from .citations import cite
from .conditions import OUT
from .numbers import number
from .turns import JOKER, choose_order, next_turn, start_battle

ACTOR = "the combatant whose turn it is"
ACTIONS = cite("Multiple actions")
CHECK_IDS = tuple(c for c, _ in CHECKS)
PER_PLACE = number("multiple-action-penalty")
MAX_D8S = 60


#: The engine's gate: the one decision a post-magic-maid fight waits on is the joker's.
GATE = Gate(owed=lambda state, owed: f"{state.by_id(owed['by'])['name']} must first decide "
                                     "who goes first and who goes last (event joker-order).")


def check_turn(state: State, ev: dict) -> list[FieldError]:
    """Something she does on her turn: during the fight, no decision owed, able to act."""
    return GATE.acting(state, lambda c: f"{c['name']} is unconscious and cannot act; end her "
                                        "turn." if c["condition"] == OUT else "")


def before_rolling(state: State, what: str) -> list[FieldError]:
    c = state.by_id(state.current)
    if c["taken"]:
        return refusal("", f"{what} comes before her first roll of the turn; {c['name']} has "
                           f"already taken {c['taken']} action{'s' if c['taken'] > 1 else ''}.")
    return []


def _check_roll_of(state: State, cid: str, ability: str, field: str) -> list:
    c = state.by_id(cid)
    if ability and not any(a["id"] == ability for a in c["abilities"]):
        names = ", ".join(f"{a['id']} ({a['name']})" for a in c["abilities"]) or "none"
        return refusal(f"{field}ability", f"{c['name']} has no ability {ability} that adds to "
                                          f"rolls; hers: {names}.")
    return []


def check_action(state: State, ev: dict) -> list[FieldError]:
    """One more action of hers this turn (an act or a treatment): her turn, an action left of
    those planned, the bonus d8s she holds, her ability."""
    errors = check_turn(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    planned = c["planned"] or 1
    if c["taken"] >= planned:
        return refusal("", f"{c['name']} planned {planned} action{'s' if planned > 1 else ''} "
                           "this turn and has taken them; end her turn (the game master may "
                           "set another number).")
    if ev["d8s"] > c["d8s"]:
        return refusal("d8s", f"{c['name']} holds {c['d8s']} bonus d{BONUS_DIE}s this round.")
    if ev["d8s"] and has_automatic(c):
        return refusal("d8s", f"This roll is her automatic {AUTOMATIC_RESULT}: keep the bonus "
                              f"d{BONUS_DIE}s for another.")
    return _check_roll_of(state, c["id"], ev["ability"], "")


def take_action(state: State) -> tuple[dict, int]:
    """She takes her next action: who she is and its place's penalty."""
    c = state.by_id(state.current)
    c["planned"] = c["planned"] or 1
    c["taken"] += 1
    return c, action_penalty(c["taken"], c["planned"])


def check_helper(state: State, ev: dict, opposed: tuple[str, ...] = ()) -> list[FieldError]:
    """The helper of an action (an act or a treatment), if any: a combatant, not the actor,
    none of those she acts against (``opposed``), and conscious."""
    if not ev["helper"]:
        return []
    c = state.by_id(state.current)
    errors = check_combatant(state, ev["helper"], "helper")
    if errors:
        return errors
    if ev["helper"] == c["id"]:
        return refusal("helper", f"{c['name']} cannot be her own helper.")
    if ev["helper"] in opposed:
        return refusal("helper", "The helper cannot be the one she acts against.")
    if state.by_id(ev["helper"])["condition"] == OUT:
        return refusal("helper", "An unconscious combatant cannot assist.")
    return []


# --- start and the joker's choice ------------------------------------------------------------

def check_first(state: State, ev: dict) -> list[FieldError]:
    """Starting: a battle not started yet, and the one who acts first (if named) in it."""
    return check_start(state, ev) or (check_combatant(state, ev["acts"], "acts") if ev["acts"]
                                      else [])


def check_joker(state: State, ev: dict) -> list[FieldError]:
    if not state.pending or state.pending[0]["kind"] != JOKER:
        return refusal("", "No joker's holder is choosing the order now.")
    errors = check_combatant(state, ev["first"], "first") + \
        check_combatant(state, ev["last"], "last")
    if errors:
        return errors
    if ev["first"] == ev["last"] and len(state.combatants) > 1:
        return refusal("last", "The first and the last must be two different combatants.")
    return []


# --- planning --------------------------------------------------------------------------------

def check_plan(state: State, ev: dict) -> list[FieldError]:
    return check_turn(state, ev) or before_rolling(state, "Planning her actions")


def apply_plan(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    c["planned"] = ev["actions"]
    at = ", ".join(f"−{action_penalty(n, ev['actions'])}" for n in range(1, ev["actions"] + 1))
    state.write(f"{c['name']} takes {ev['actions']} action{'s' if ev['actions'] > 1 else ''} "
                "this turn" + (f": at {at}." if ev["actions"] > 1 else ", without penalty."),
                *ACTIONS, note="actions-planned-before-the-first-roll")


# --- the fields the events share -------------------------------------------------------------

def id_field(name: str, label: str, help: str, required: bool = False) -> Param:
    if required:
        return Param(name, label, kind=TEXT, maximum=40, required=True, help=help)
    return Param(name, label, kind=TEXT, maximum=40, default="", help=help)


def check_field(name: str, label: str, default: str = "str-dex") -> Param:
    return Param(name, label, kind=CHOICE, default=default, choices=CHECKS,
                 help="The two attributes rolled, as the GM names them.")


def bonus_field(name: str, label: str) -> Param:
    return Param(name, label, default=0, minimum=-MAX_BONUS, maximum=MAX_BONUS,
                 help="Any bonus or penalty the table adds (her attribute bonuses are added "
                      "already).")


def roll_fields() -> tuple[Param, ...]:
    """What adds to the roll of one of her actions: her ability, a bonus, bonus d8s."""
    return (Param("ability", "Ability", kind=TEXT, maximum=10, default="",
                  help="Her ability's slot (ab1…) whose bonus adds to the roll."),
            bonus_field("bonus", "Bonus"),
            Param("d8s", "Bonus d8s spent", default=0, minimum=0, maximum=MAX_D8S))


def helper_fields(check: str = "str-dex") -> tuple[Param, ...]:
    """Who assists an action, the pair she rolls (``check`` when left out) and her bonus."""
    return (id_field("helper", "Assisted by", "The id of the one assisting."),
            check_field("helper_check", "Helper's check", check),
            bonus_field("helper_bonus", "Helper's bonus"))


START = EventType("start", "Start the battle", "Draws initiative: one card each from the shuffled "
                  "deck, the one who acts first, then everyone else; highest first, aces high. A "
                  "joker's holder then chooses who goes first and last.",
                  (id_field("acts", "Who acts", "The id of the one whose action starts the "
                             "encounter; she draws first. The first combatant when left out."),),
                  "anyone, once", check_first, start_battle, rolls=True)
JOKER_ORDER = EventType(JOKER, "Choose first and last", "The joker's holder (the last joker "
                        "drawn) names who goes first and who goes last; the others keep their "
                        "cards' order.",
                        (id_field("first", "Goes first", "A combatant's id.", required=True),
                         id_field("last", "Goes last", "Another combatant's id.", required=True)),
                        "the joker's holder (a decision owed)", check_joker, choose_order)
PLAN = EventType("plan", "Plan the actions", "How many actions she takes this turn, said "
                 "before her first roll: one is without penalty; with more, the first is at "
                 f"−{PER_PLACE}, the second at −{2 * PER_PLACE}, the third at −{3 * PER_PLACE} "
                 "and so on.",
                 (Param("actions", "Actions this turn", default=1, minimum=1,
                        maximum=MAX_ACTIONS),),
                 ACTOR + ", before her first roll", check_plan, apply_plan)
END_TURN = end_turn_event("Ends her turn and starts the next in the order; a new round when it "
                          "comes back to the top.", "the table, once no decision is owed",
                          GATE.end_turn, next_turn)
END_BATTLE = end_battle_event("Ends the battle; each saved character's Blitz Points and wounds "
                              "are ready to go back to her sheet.", cite("Initiative / Actions"),
                              also=" Each saved character's Blitz Points and wounds go back to "
                                   "her sheet.")


__all__ = ["ACTIONS", "ACTOR", "CHECK_IDS", "END_BATTLE", "END_TURN", "JOKER_ORDER", "MAX_D8S",
           "GATE", "PLAN", "START", "before_rolling", "bonus_field", "check_action", "check_field",
           "check_helper", "check_turn", "helper_fields", "id_field", "roll_fields",
           "take_action"]
