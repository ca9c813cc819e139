"""A check a combatant rolls during the fight when the table asks for one (seed 000, "Basic
rolls", "Target Numbers"): one of her four stats or her will, with her modifiers, against a
target when one is given. It spends no action and changes no number: it is in the log, with
its dice, so the roll a player makes at the table is kept with the battle: the ``roll``
event."""

from __future__ import annotations

from ...battle.events import EventType
from ...battle.overrides import check_combatant, combatant_field
from ...battle.state import FIGHTING, State
from ...errors import FieldError
from ...params import CHOICE, Param
from ..checks import CRITICAL_FAILURE, CRITICAL_SUCCESS, SUCCESS
from .citations import cite
from .rolls import roll

#: What she may roll, by the combatant key holding the number.
CHECKS = {"pwr": "power", "cha": "charisma", "int": "intelligence", "ins": "insight",
          "will": "will"}
OUTCOME_WORDS = {SUCCESS: "success", CRITICAL_SUCCESS: "critical success",
                 CRITICAL_FAILURE: "critical failure"}
MAX_TARGET = 100


def check_modifier(c: dict, check: str) -> int:
    """Her modifier on the check: her will's (race, abilities); the stats roll bare."""
    return c["will_modifier"] if check == "will" else 0


def check_roll(state: State, ev: dict) -> list[FieldError]:
    if state.phase != FIGHTING:
        return [FieldError("", "Rolls are made during the fight.")]
    return check_combatant(state, ev["combatant"])


def apply_roll(state: State, ev: dict) -> None:
    c = state.by_id(ev["combatant"])
    word = CHECKS[ev["check"]]
    target = ev["target"]
    rolled = roll(state, c[ev["check"]], check_modifier(c, ev["check"]), target,
                  f"{c['name']}'s {word}")
    against = f" against {target}" if target is not None else ""
    result = f": {OUTCOME_WORDS.get(rolled.outcome, 'failure')}" if target is not None else ""
    text = f"{c['name']} rolls {word}{against}: {rolled.words}{result}."
    state.write(text, *cite("Basic rolls"))
    c["last_roll"] = {"text": text, "key": f"{state.events}-{ev['seed']}"}


ROLL = EventType(
    "roll", "Roll a check", "A check she rolls when the table asks for one: a stat or her "
    "will, against a target when given. It spends no action and changes nothing but the log.",
    (combatant_field(),
     Param("check", "Check", kind=CHOICE, default="ins", choices=tuple(CHECKS.items())),
     Param("target", "Number to beat", minimum=0, maximum=MAX_TARGET,
           help="Leave out for a bare total (a versus roll the table compares).")),
    "her player or the game master, at any time during the fight", check_roll, apply_roll,
    rolls=True)
