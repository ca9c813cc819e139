"""The action bookkeeping of a Magical Burst battle (seed 002, "Space and time"): a Major and
a Minor action a turn (a Minor one may be taken from the Major, reading
``stun-single-action``), whose turn it is, the checks every event of the one whose turn it is
makes (the fight under way, no burst owed, an action left, a talent or ability held, a target
she may take), the fields those events share, and the roll of a move of "Help and
hindrance". The events themselves are their families': :mod:`.turns` (start, end of turn, end
of battle), :mod:`.attacks`, :mod:`.statuses`, :mod:`.damage` (rising again),
:mod:`.abilities`, :mod:`.bursts`, :mod:`.positions` and the talents' modules."""

from __future__ import annotations

from ...battle.events import refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...battle.turns import Gate
from ...errors import FieldError
from ...params import CHOICE, TEXT, Param
from ..adversaries import MONSTER_TALENTS_BY_ID
from ..monsters import BOSS_BY_ID
from ..overcharge import STAT_NAMES
from ..rules import MOVES
from ..talents import TALENTS_BY_ID
from .belkan import spend_bank
from .combatants import her, herself
from .conditions import OUT
from .hexes import DIRECTIONS
from .rolls import roll

ACTOR = "the combatant whose turn it is, with the action it takes left"
MAJOR, MINOR, FREE = "major", "minor", "free"
TARGET = Param("target", "Target", kind=TEXT, required=True, maximum=40)
DIRECTION = Param("direction", "Direction of the line (on the grid)", kind=CHOICE, default="",
                  choices=(("", "—"), *((name, name) for name, _, _ in DIRECTIONS)),
                  help="On the grid: the line runs from the user's hex this way, out to its "
                       "attack's farthest reach.")


def has_ability(c: dict, ability: str) -> bool:
    """Whether ``c`` holds ``ability``: one of her talents or its boss abilities."""
    return ability in c["talents"] or ability in c["boss_abilities"]



def has_action(c: dict, kind: str) -> bool:
    """Whether she still has a ``kind`` action (a Minor may be taken as a Major)."""
    if kind == FREE:
        return True
    return c[kind] > 0 or (kind == MINOR and c[MAJOR] > 0)


def spend(c: dict, kind: str) -> None:
    """Spend a ``kind`` action (a Minor from her Major when the Minor is gone); stunned, her
    one action is all she has."""
    if kind == FREE:
        return
    if kind == MINOR and c[MINOR] < 1:
        kind = MAJOR
    c[kind] -= 1
    if c["single"]:
        c[MAJOR] = c[MINOR] = 0


def acting(state: State, kind: str) -> dict:
    """The combatant whose turn it is, her ``kind`` action spent (see :func:`spend`)."""
    c = state.by_id(state.current)
    spend(c, kind)
    return c


#: The engine's gate: the one decision a Magical Burst fight waits on is a burst.
GATE = Gate(owed=lambda state, owed: f"{state.by_id(owed['combatant'])['name']}'s "
                                     f"{STAT_NAMES[owed['burst']]} Burst must happen first "
                                     "(event burst).")


def check_turn(state: State) -> list[FieldError]:
    """During the fight, no burst owed."""
    return GATE.turn(state)


def check_talent_action(state: State, kind: str, talent: str) -> list[FieldError]:
    """A monster's own talent played as its event: a ``kind`` action left, and the talent."""
    errors = check_action(state, kind)
    if errors:
        return errors
    c = state.by_id(state.current)
    if talent not in c["talents"] or c["kind"] != "monster":
        return refusal("", f"{c['name']} does not have {MONSTER_TALENTS_BY_ID[talent].name}.")
    return []


def check_held(state: State, kind: str, ability: str) -> list[FieldError]:
    """The one whose turn it is has a ``kind`` action left and holds ``ability`` (a girl's
    talent, a monster's talent or boss ability)."""
    errors = check_action(state, kind)
    if errors:
        return errors
    c = state.by_id(state.current)
    if ability_of(c, ability) is not None and has_ability(c, ability):
        return []
    held = ", ".join(c["talents"] + c["boss_abilities"]) or "none"
    return refusal("ability", f"{c['name']} does not have “{ability}”; "
                              f"{'hers' if her(c) == 'her' else 'its'}: {held}.")


def check_action(state: State, kind: str) -> list[FieldError]:
    """During the fight, no burst owed, the one whose turn it is still in it, with a ``kind``
    action left."""
    def unable(c: dict) -> str:
        if c["condition"] in OUT:
            return f"{c['name']} is {c['condition']}; end {her(c)} turn."
        if not has_action(c, kind):
            return f"{c['name']} has no {kind} action left this turn; end {her(c)} turn."
        return ""
    return GATE.acting(state, unable)


def check_ids(state: State, raw: object, field: str, shape: str) -> list[FieldError]:
    """A JSON list of combatant ids on ``field`` (blank for none): each known and once, else
    ``shape`` says what it must be."""
    ids = raw or []
    if not isinstance(ids, list) or len(set(map(str, ids))) != len(ids):
        return refusal(field, shape)
    for cid in ids:
        errors = check_combatant(state, str(cid), field)
        if errors:
            return errors
    return []


def check_target(state: State, cid: str, field: str, actor: dict) -> list[FieldError]:
    """``cid`` on ``field`` is someone ``actor`` may target: known, not herself, still in the
    fight."""
    errors = check_combatant(state, cid, field)
    if errors:
        return errors
    t = state.by_id(cid)
    if t["id"] == actor["id"]:
        return refusal(field, f"Not {herself(t)}.")
    if t["condition"] in OUT:
        return refusal(field, f"{t['name']} is {t['condition']}.")
    return []


def move_roll(state: State, move: str, what: str, ev: dict | None = None
              ) -> tuple[dict, object, object]:
    """The roll of a move of "Help and hindrance" (``remove-ailments``, ``reckless-movement``)
    by the one whose turn it is, with her Belkan bank when ``ev`` declares it: she, the roll and
    its band."""
    c = state.by_id(state.current)
    bank, words = spend_bank(state, c, ev or {})
    rolled = roll(state, c, MOVES[move].stat, what, bank, extra_words=words)
    return c, rolled, MOVES[move].band_of(rolled.total)



def ability_of(c: dict, ability: str):
    """The record of ``ability`` as ``c`` would hold it: a girl's talent, a monster's boss
    ability or talent (``None`` when there is none by that id)."""
    if c["kind"] == "girl":
        return TALENTS_BY_ID.get(ability)
    return BOSS_BY_ID.get(ability) or MONSTER_TALENTS_BY_ID.get(ability)


__all__ = ["ACTOR", "DIRECTION", "FREE", "MAJOR", "MINOR", "TARGET", "ability_of", "acting",
           "check_action", "check_held", "check_ids", "check_talent_action", "check_target",
           "check_turn", "has_ability", "has_action", "move_roll", "spend"]
