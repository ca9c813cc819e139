"""Who joins or comes back during a Magical Burst fight (seed 002, "Overcharge", "Monsters",
"Boss abilities", "Minions"): a Heart Burst's creature, the minions of Minion Creation, and a
monster reborn in one of its minions. Each is a combatant entry read by the same code as the
battle file's (:func:`.combatants.read_combatant`), placed in the turn order by its own
initiative (:func:`.turns.join_fight`)."""

from __future__ import annotations

from typing import Any

from ...battle.state import State
from ...errors import CalculatorError, FieldError
from ..monsters import MAX_STAT, MONSTER
from .citations import cite
from .combatants import MINION, read_combatant
from .conditions import FIGHTING, OUT, TRANSFORMED
from .hexes import free_next_to, hex_of, placed
from .turns import join_fight

#: How many combatants a fight holds, those who joined it included.
MOST_IN_FIGHT = 40
#: The fields a Heart Burst's creature or a made minion may be given (the rest are the
#: engine's: its id and kind).
CREATURE_FIELDS = ("name", "side", "spread", "level", "n", "main", "attack", "defence",
                   "support", "damage_bonus", "boss_abilities", "talents", "pool", "resolve")
MINION_FIELDS = ("name", "template", "hp", "passive_defence", "attack_support",
                 "minion_talents")


def beside(state: State, newcomer: dict, maker: dict) -> None:
    """A newcomer stands on the first free hex next to its maker when the maker is on the grid
    (the game master moves it with gm-place); off the grid, or with no hex free, it has none."""
    at = free_next_to(state, hex_of(maker)) if placed(maker) else None
    if at is None:
        return
    newcomer["q"], newcomer["r"] = at
    state.write(f"{newcomer['name']} stands at ({at[0]}, {at[1]}), next to {maker['name']}.",
                *cite("Space and time"))


def _fresh_id(state: State, stem: str, numbered: bool = False) -> tuple[str, int]:
    """An id no one in the fight has: ``stem``, else ``stem-2``… (``stem-1``… when
    ``numbered``), and its number."""
    stem = stem[:32]
    ids = {c["id"] for c in state.combatants}
    return next((cid, n) for n in range(1, MOST_IN_FIGHT + 2)
                if (cid := stem if n == 1 and not numbered else f"{stem}-{n}") not in ids)


def _entry(raw: Any, field: str, allowed: tuple[str, ...], base: dict) -> dict:
    """``base`` with what ``raw`` (a JSON object of ``allowed`` fields, or nothing) gives."""
    if raw is None:
        return dict(base)
    if not isinstance(raw, dict):
        raise CalculatorError.single(field, "A JSON object of its fields: "
                                     + ", ".join(allowed) + ".")
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise CalculatorError.single(field, f"Unknown field {unknown[0]}; its fields are "
                                     + ", ".join(allowed) + ".")
    return {**base, **raw}


def room(state: State, more: int, field: str) -> list[FieldError]:
    """Whether ``more`` combatants still fit in the fight."""
    if len(state.combatants) + more > MOST_IN_FIGHT:
        return [FieldError(field, f"A fight holds at most {MOST_IN_FIGHT} combatants; it has "
                                  f"{len(state.combatants)}.")]
    return []


# --- a Heart Burst's creature ---------------------------------------------------------------

def strongest_bond(girl: dict) -> str | None:
    """The name of her strongest bond (the first of equals), what her creature wants."""
    bonds = [b for b in girl.get("bonds", []) if b["now"] > 0]
    return max(bonds, key=lambda b: b["now"])["name"] if bonds else None


def creature(state: State, girl: dict, raw: Any) -> dict:
    """The creature of ``girl``'s Heart Burst as a monster combatant (reading
    ``heart-burst-creature``): by default spread 1 on the first full row, her Attack, Defence
    and Support, a side of its own; ``raw`` gives other picks.

    Raises:
        CalculatorError: on ``creature`` (``creature.spread``…), what the Monsters rules
        refuse.
    """
    cid = _fresh_id(state, f"{girl['id']}-creature")[0]
    base = {"name": f"{girl['name']}'s creature", "side": cid, "spread": 1, "main": True,
            **{k: min(girl[k], MAX_STAT) for k in ("attack", "defence", "support")}}
    entry = _entry(raw, "creature", CREATURE_FIELDS, base)
    return read_combatant({**entry, "id": cid, "kind": MONSTER}, "creature")


def creature_joins(state: State, girl: dict, raw: Any, wants: str | None) -> None:
    """The creature takes shape, wanting ``wants`` (her strongest bond before the burst), and
    fights; a girl left with no bond becomes it, and it takes her turns (reading
    ``heart-burst-creature``)."""
    c = creature(state, girl, raw)
    state.write(f"{c['name']} takes shape (a spread-{c['spread']} monster, Resolve "
                f"{c['resolve']}): it wants "
                + (f"“{wants}”, her strongest bond, for itself alone"
                   if wants else "whatever she holds dearest, for itself alone")
                + ".", *cite("Overcharge"), note="heart-burst-creature")
    if any(b["now"] > 0 for b in girl.get("bonds", [])):
        beside(state, c, girl)
        join_fight(state, c)
        return
    c["q"], c["r"] = girl.get("q"), girl.get("r")  # it stands where she stood
    girl["q"] = girl["r"] = None
    girl["condition"] = TRANSFORMED
    girl["frenzy"] = False
    state.pending = [p for p in state.pending if p["combatant"] != girl["id"]]
    state.combatants.append(c)
    c["initiative"] = list(girl["initiative"])
    state.order = [c["id"] if cid == girl["id"] else cid for cid in state.order]
    state.write(f"No bond is left to {girl['name']}: she sheds her human body and is "
                f"{c['name']} now, which takes her turns.", *cite("Overcharge"),
                note="heart-burst-creature")


# --- Minion Creation ----------------------------------------------------------------------

def made_minion(state: State, monster: dict, raw: Any) -> dict:
    """One minion ``monster`` makes (reading ``minion-creation-minions``): by default the
    Minions section's plain minion (4 hit points, passive defence 4, Attack & Support 2, no
    talent), on the monster's side; ``raw`` gives other numbers or an example minion.

    Raises:
        CalculatorError: on ``minion`` (``minion.hp``…), what the Minions rules refuse.
    """
    cid, number = _fresh_id(state, f"{monster['id']}-minion", numbered=True)
    entry = _entry(raw, "minion", MINION_FIELDS, {})
    made = read_combatant({**entry, "id": cid, "side": monster["side"], "kind": MINION},
                          "minion")
    if not entry.get("name"):  # each made minion told apart by its number
        kind = made["name"] if entry.get("template") else f"{monster['name']}'s minion"
        made["name"] = f"{kind} {number}"
    return made


def make_minions(state: State, monster: dict, count: int, raw: Any) -> None:
    """``count`` minions made by Minion Creation, each joining the fight by its initiative."""
    monster["minions_made"] += count
    for _ in range(count):
        made = made_minion(state, monster, raw)
        state.write(f"{monster['name']} makes {made['name']} ({made['hp']} hit points, passive "
                    f"defence {made['passive_defence']}, Attack & Support {made['attack']}).",
                    *cite("Minions"), note="minion-creation-minions")
        beside(state, made, monster)
        join_fight(state, made)


# --- the rebirth in a minion ----------------------------------------------------------------

REBIRTH = "lost-reincarnation"
REBIRTH_COST = 2


def minions_at_start(state: State) -> dict[str, int]:
    """How many minions each side had when the battle started (kept at the start)."""
    return state.data.setdefault("minions_at_start", {})


def rebirth_resolve(state: State, monster: dict) -> int:
    """Its Resolve on its next rebirth: its original Resolve divided by the minions its side
    had at the start (rounded down, at least 1; none at the start counts as 1), halved for each
    rebirth before (reading ``rebirth-in-a-minion``)."""
    start = max(1, minions_at_start(state).get(monster["side"], 0))
    return max(1, monster["base_resolve"] // start // 2 ** monster["rebirths"])


def living_minions(state: State, monster: dict) -> list[dict]:
    """The minions of its side still in the fight, one of which it may be reborn in."""
    return [c for c in state.combatants if c["kind"] == MINION and c["side"] == monster["side"]
            and c["condition"] not in OUT]


def reborn(state: State, monster: dict, minion: dict) -> None:
    """The defeated ``monster`` comes back in ``minion``: 2 overcharge, its Resolve by
    :func:`rebirth_resolve`, the rest of its pool kept; the minion is gone, the monster keeps
    its own turns."""
    resolve = rebirth_resolve(state, monster)
    start = max(1, minions_at_start(state).get(monster["side"], 0))
    before = monster["pool"]
    monster["pool"] -= REBIRTH_COST
    monster["rebirths"] += 1
    monster["resolve"] = resolve
    monster["condition"] = FIGHTING
    minion["condition"] = TRANSFORMED
    halved = f", halved {monster['rebirths'] - 1} time(s)" if monster["rebirths"] > 1 else ""
    state.write(f"{monster['name']} is reborn in {minion['name']}: Resolve "
                f"{monster['base_resolve']} ÷ {start} minion(s) at the start{halved} = "
                f"{resolve}; overcharge {before} → {monster['pool']}.",
                *cite("Boss abilities"), note="rebirth-in-a-minion")


__all__ = ["CREATURE_FIELDS", "MINION_FIELDS", "MOST_IN_FIGHT", "REBIRTH", "REBIRTH_COST",
           "creature", "creature_joins", "living_minions", "made_minion", "make_minions",
           "minions_at_start", "rebirth_resolve", "reborn", "room", "strongest_bond"]
