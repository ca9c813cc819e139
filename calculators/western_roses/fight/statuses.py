"""Status effects checked at the start of her turn (seed 000, "Status Effects"): fear's will
check (fleeing, paralysed, fainting after two failures in a row), stun, knockdown's return to
the sky (spell power still gained), freeze and thawing, insanity's insight roll; a status
given for a number of turns wears off when they run out."""

from __future__ import annotations

from ...battle.state import State
from ..combat import STATUS_EFFECTS
from .citations import cite
from .conditions import DOWN, OUT
from .damage import fall, take_damage
from .numbers import DIE_SIDES, number
from .rolls import roll

STATUS = cite("Status Effects")
TARGET = "status-check-target"
NOTE = "wound-and-status-check-targets"


def _check(state: State, c: dict, stat: int, modifier: int, what: str):
    rolled = roll(state, stat, modifier, number(TARGET), f"{c['name']}'s {what}")
    return rolled, f"{what} against {number(TARGET)}: {rolled.words}"


def _remove(c: dict, status_id: str) -> None:
    c["statuses"] = [s for s in c["statuses"] if s["id"] != status_id]


def _fear(state: State, c: dict, s: dict) -> None:
    rolled, words = _check(state, c, c["will"], c["will_modifier"], "will")
    if rolled.succeeded:
        _remove(c, "fear")
        c["fear_failures"] = 0
        state.write(f"{c['name']} is afraid: {words}: she regains control.", *STATUS, note=NOTE)
        return
    c["fear_failures"] += 1
    c["actions"] = 0
    if c["fear_failures"] >= number("fear-faint-failures"):
        state.write(f"{c['name']} is afraid: {words}: a second failure in a row, she faints.",
                    *STATUS, note=NOTE)
        _remove(c, "fear")
        c["fear_failures"] = 0
        fall(state, c, OUT)
    elif rolled.critical_failure:
        state.write(f"{c['name']} is afraid: {words}: paralysed, she does nothing this turn.",
                    *STATUS, note=NOTE)
    else:
        state.write(f"{c['name']} is afraid: {words}: she flees as far as she can from what "
                    "she fears and does nothing else (move her with the game master's "
                    "Set a number).", *STATUS, note=NOTE)


def _stun(state: State, c: dict, s: dict) -> None:
    c["actions"] = 0
    state.write(f"{c['name']} is stunned and takes no actions this turn.", *STATUS)


def _knockdown(state: State, c: dict, s: dict) -> None:
    rolled, words = _check(state, c, c["cha"], c["status_resistance"], "charisma save")
    _remove(c, "knockdown")
    if rolled.succeeded:
        state.write(f"{c['name']} was knocked down: {words}: she catches herself in the air.",
                    *STATUS, note=NOTE)
        return
    c["actions"] = 0
    faces = state.dice.roll(number("knockdown-damage-dice"), DIE_SIDES,
                            f"{c['name']} hits the ground")
    state.write(f"{c['name']} was knocked down: {words}: she hits the ground and spends the "
                "turn climbing back into the sky (her spell power was still gained).",
                *STATUS, note=NOTE)
    take_damage(state, c, sum(faces), f"hitting the ground, {len(faces)}d{DIE_SIDES} → "
                f"{', '.join(map(str, faces))}", from_attack=False)


def _freeze(state: State, c: dict, s: dict) -> None:
    c["actions"] = 0
    if s.get("thawing"):
        s["thawing"] -= 1
        state.write(f"{c['name']} is thawing and loses this turn"
                    + (" (the last)." if not s["thawing"] else f" ({s['thawing']} more)."),
                    *STATUS)
        if not s["thawing"]:
            _remove(c, "freeze")
        return
    rolled, words = _check(state, c, c["pwr"], c["status_resistance"], "power")
    if rolled.succeeded:
        s["thawing"] = number("freeze-thawing-turns")
        state.write(f"{c['name']} is frozen: {words}: she begins to thaw, losing her next "
                    f"{s['thawing']} turns.", *STATUS, note=NOTE)
    else:
        state.write(f"{c['name']} is frozen: {words}: she stays frozen.", *STATUS, note=NOTE)


def _insanity(state: State, c: dict, s: dict) -> None:
    rolled, words = _check(state, c, c["ins"], 0, "insight")
    if rolled.succeeded:
        _remove(c, "insanity")
    state.write(f"{c['name']} is insane: {words}: "
                + ("she returns to reality." if rolled.succeeded else "she stays insane."),
                *STATUS, note=NOTE)


#: The start-of-turn step of each status that has one.
AT_TURN_START = {"fear": _fear, "stun": _stun, "knockdown": _knockdown, "freeze": _freeze,
                 "insanity": _insanity}


def check_statuses(state: State, c: dict) -> None:
    """Each of her statuses at the start of her turn, then one turn off those that last a
    number of turns (gone when none is left)."""
    for s in list(c["statuses"]):
        if s not in c["statuses"]:
            continue
        step = AT_TURN_START.get(s["id"])
        if step:
            step(state, c, s)
        if s in c["statuses"] and s["rounds"]:
            s["rounds"] -= 1
            if not s["rounds"]:
                _remove(c, s["id"])
                state.write(f"{c['name']}'s {STATUS_EFFECTS[s['id']].name.lower()} wears off.",
                            *STATUS, note="status-turns")
        if c["condition"] in DOWN:
            return
