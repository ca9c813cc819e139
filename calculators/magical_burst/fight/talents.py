"""Four monster talents the battle plays itself (seed 002, "Talents:"), as steps the attack,
the turn order and the end of the battle take; their events are in
:mod:`.talent_events`.

- Ambush Tactics: the monster's extra turn before round 1, an attack on it +3 to the result
  and +1d6 damage, and its choice to go first once round 1 begins (reading
  ``ambush-turn``).
- Mind Leech: Support against Support; the girl who loses holds a false belief about one of
  her bonds until the game master lifts it (reading ``mind-leech-belief``).
- Overcharge Radiation: when the battle ends, 1d6 overcharge for each magical girl near the
  monster, on the stat behind her role that is the monster's highest attribute (reading
  ``radiation-at-the-end``).
- The possession whose name is lost (``lost-possession``): −3 on its rolls and its damage,
  +1d6 on every hit it takes, and its host takes the magical damage it takes (reading
  ``possession-in-the-fight``).
"""

from __future__ import annotations

from ...battle.state import FIGHTING, State
from .citations import cite
from .conditions import DEAD, OUT, TRANSFORMED
from .damage import take_damage
from .numbers import number
from .overcharge import gain
from .rolls import ROLE_NAMES, SIDES

AMBUSH, LEECH, RADIATION, POSSESSION = ("ambush-tactics", "mind-leech", "overcharge-radiation",
                                        "lost-possession")
RULE = cite("Talents")
AMBUSH_BONUS = number("ambush-attack-bonus")
POSSESSION_PENALTY = number("possession-penalty")
#: ``state.data`` key of the ambush under way: the ambushers still to play, those going first.
_AMBUSH = "ambush"


# --- Ambush Tactics ------------------------------------------------------------------------

def begin_ambush(state: State) -> dict | None:
    """After the initiative: the first monster with Ambush Tactics (in turn order) takes its
    extra turn now, before round 1; ``None`` when no one lies in ambush."""
    waiting = list(dict.fromkeys(
        cid for cid in state.order if AMBUSH in state.by_id(cid)["talents"]
        and state.by_id(cid)["kind"] == "monster"))
    if not waiting:
        return None
    state.data[_AMBUSH] = {"waiting": waiting, "first": []}
    return _ambush_turn(state, waiting[0])


def _ambush_turn(state: State, cid: str) -> dict:
    c = state.by_id(cid)
    state.turn = state.order.index(cid)
    state.write(f"{c['name']} strikes from ambush: an extra turn before the first round; an "
                f"attack this turn gets +{AMBUSH_BONUS} to the result and +1d6 damage.", *RULE,
                note="ambush-turn")
    return c


def ambushing(state: State, c: dict) -> bool:
    """Whether ``c`` is taking its ambush turn now."""
    ambush = state.data.get(_AMBUSH)
    return bool(ambush) and state.phase == FIGHTING and state.round == 0 \
        and ambush["waiting"][:1] == [c["id"]] and state.current == c["id"]


def choose_first(state: State, c: dict) -> None:
    """The ambusher's choice to take the top of the order when round 1 begins."""
    state.data[_AMBUSH]["first"].append(c["id"])
    state.write(f"{c['name']} chooses to go first when the first round begins.", *RULE,
                note="ambush-turn")


def after_ambush_turn(state: State) -> dict | None:
    """An ambush turn ended: the next ambusher's turn (returned, to start), or, the ambush
    over, those that chose to go first moved to the top of the order and the turn set so the
    next step begins round 1 (``None``)."""
    ambush = state.data[_AMBUSH]
    ambush["waiting"].pop(0)
    ambush["waiting"] = [cid for cid in ambush["waiting"]
                         if state.by_id(cid)["condition"] not in OUT]
    if ambush["waiting"]:
        return _ambush_turn(state, ambush["waiting"][0])
    for cid in reversed(ambush["first"]):
        state.order.remove(cid)  # its first (highest) turn of the round
        state.order.insert(0, cid)
    if ambush["first"]:
        state.write("Turn order from the first round: " + ", ".join(
            state.by_id(cid)["name"] for cid in state.order) + ".", *RULE, note="ambush-turn")
    del state.data[_AMBUSH]
    state.turn = len(state.order) - 1
    return None


def ambush_under_way(state: State) -> bool:
    return bool(state.data.get(_AMBUSH)) and state.round == 0


def attack_bonus(state: State, c: dict) -> tuple[int, str]:
    """What an attack's result gains and its words: +3 on the ambush turn."""
    return (AMBUSH_BONUS, " ambush") if ambushing(state, c) else (0, "")


# --- the possession whose name is lost -----------------------------------------------------

def host_of(c: dict) -> str | None:
    """The id of the human ``c`` possesses, or ``None``."""
    return c.get("possessing")


def damage_changes(state: State, attacker: dict, target: dict) -> list[tuple[int, str]]:
    """What the talents add to a hit's damage: the ambush's 1d6, a possessing attacker's −3,
    a possessing target's 1d6."""
    out = []
    if ambushing(state, attacker):
        faces = state.dice.roll(number("ambush-damage-dice"), SIDES, "ambush damage")
        out.append((sum(faces), f"1d6 {faces} ambush"))
    if host_of(attacker):
        out.append((-POSSESSION_PENALTY, "possessing"))
    if host_of(target):
        faces = state.dice.roll(number("possession-damage-dice"), SIDES, "possessed damage")
        out.append((sum(faces), f"1d6 {faces} while possessing"))
    return out


def share_with_host(state: State, c: dict, amount: int, magical: bool) -> None:
    """The host of a possessing monster takes the magical damage it took."""
    if host_of(c) and magical and amount > 0:
        host = state.by_id(host_of(c))
        take_damage(state, host, amount, f"the magical damage {c['name']} took in its mind")


# --- Overcharge Radiation ------------------------------------------------------------------

def radiating(state: State) -> list[dict]:
    """The monsters with Overcharge Radiation (defeated ones too: the scene was near them)."""
    return [c for c in state.combatants if c["kind"] == "monster" and RADIATION in c["talents"]]


def near_by_default(state: State) -> list[dict]:
    """Every magical girl of the battle, but the dead and those who became a creature."""
    return [c for c in state.combatants if c["kind"] == "girl"
            and c["condition"] not in (DEAD, TRANSFORMED)]


def highest_attribute(m: dict) -> str:
    """Its highest of Attack, Defence and Support (a tie to the first in that order)."""
    return max(ROLE_NAMES, key=lambda role: m[role])


def radiate(state: State, near: list[dict]) -> None:
    """1d6 overcharge for each girl in ``near`` from each radiating monster, on the stat
    behind her role that is its highest attribute."""
    for m in radiating(state):
        role = highest_attribute(m)
        for g in near:
            faces = state.dice.roll(number("radiation-dice"), SIDES,
                                    f"{m['name']}'s radiation on {g['name']}")
            gain(state, g, g["roles"][role], sum(faces),
                 f"{m['name']}'s Overcharge Radiation, 1d6 {faces} on its highest attribute, "
                 f"{ROLE_NAMES[role]} {m[role]}")


# --- Mind Leech ----------------------------------------------------------------------------

def beliefs(c: dict) -> list[dict]:
    """Her false beliefs (each ``{"bond", "about", "belief"}``), oldest first."""
    return c.setdefault("beliefs", [])


def named_bonds(c: dict) -> list[dict]:
    """Her bonds that have a name (those a belief can be about)."""
    return [b for b in c.get("bonds", []) if b["name"]]


__all__ = ["AMBUSH", "AMBUSH_BONUS", "LEECH", "POSSESSION", "POSSESSION_PENALTY", "RADIATION",
           "after_ambush_turn", "ambush_under_way", "ambushing", "attack_bonus",
           "begin_ambush", "beliefs", "choose_first", "damage_changes", "highest_attribute",
           "host_of", "named_bonds", "near_by_default", "radiate", "radiating",
           "share_with_host"]
