"""Damage, Resolve and wounds in a Magical Burst battle (seed 002, "Life and death",
"Monsters", "Minions"), and rising again (event ``rise``).

A girl's Resolve takes damage first; what goes beyond it is ignored, and at 0 she has no magic
(condition ``down``) until she rises again. Damage taken after that adds up into her wound
level (reading ``wound-level-by-total-damage``), each new level rolling 1d6 off her maximum
Resolve, less her Tenacity once (reading ``wound-resolve-penalty``); 6 in all and she is dead.
A human takes wounds at once. A monster at 0 Resolve is defeated (reading
``monster-out-of-resolve``); a minion at 0 hit points is destroyed. A girl with no Resolve
rolls to rise again (her Major action, reading ``rising-again-takes-her-turn``); her Resolve
comes back at the start of her next turn (:func:`.turns.start_turn`)."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.state import State
from ...errors import FieldError
from ..rules import MOVES
from .actions import ACTOR, MAJOR, acting, check_action
from .citations import cite
from .conditions import DEAD, DEATH_AT, DEFEATED, DESTROYED, DOWN, FIGHTING, OUT, wound_level
from .numbers import number
from .overcharge import end_frenzy, gain, settle
from .rolls import roll

WOUND_DIE = number("wound-resolve-die-sides")


def max_resolve_after_wounds(c: dict) -> int:
    """Her base Resolve less the wound dice beyond her Tenacity (never more than the base)."""
    return c["base_resolve"] - max(0, c["wound_dice"] - c["tenacity"])


def _wounded(state: State, c: dict, amount: int, why: str) -> None:
    before = wound_level(c["damage"])
    c["damage"] += amount
    after = wound_level(c["damage"])
    state.write(f"{c['name']} takes {amount} damage ({why}): {c['damage']} in all, "
                + (f"a level-{after.level} wound." if after else "no wound."),
                *cite("Wounds"), note="wound-level-by-total-damage")
    if c["damage"] >= DEATH_AT:
        c["condition"] = DEAD
        state.write(f"{c['name']} is dead.", *cite("Wounds"))
        return
    new = (after.level if after else 0) - (before.level if before else 0)
    if c["kind"] == "girl" and new > 0:
        c["wound_dice"] += sum(state.dice.roll(new, WOUND_DIE, f"{c['name']}'s wound dice"))
        old = c["max_resolve"]
        c["max_resolve"] = max_resolve_after_wounds(c)
        state.write(f"{c['name']}'s maximum Resolve: wound dice {c['wound_dice']} − Tenacity "
                    f"{c['tenacity']}: {old} → {c['max_resolve']}.", *cite("Wounds"),
                    note="wound-resolve-penalty")


def take_damage(state: State, c: dict, amount: int, why: str) -> None:
    """``amount`` damage to ``c``, through Resolve, hit points or wounds."""
    if amount <= 0 or c["condition"] in OUT:
        if amount <= 0:
            state.write(f"{c['name']} takes no damage ({why}).", *cite("Life and death"))
        return
    if c["kind"] == "minion":
        before = c["hp"]
        c["hp"] = max(0, before - amount)
        state.write(f"{c['name']} takes {amount} damage ({why}): {before} → {c['hp']} hit "
                    "points.", *cite("Minions"))
        if c["hp"] == 0:
            c["condition"] = DESTROYED
            state.write(f"{c['name']} is destroyed.", *cite("Minions"))
        return
    if c["kind"] == "human" or c["condition"] == DOWN:
        _wounded(state, c, amount, why)
        return
    before = c["resolve"]
    c["resolve"] = max(0, before - amount)
    ignored = max(0, amount - before)
    state.write(f"{c['name']} takes {amount} damage ({why}): Resolve {before} → {c['resolve']}"
                + (f"; the {ignored} beyond her Resolve is ignored" if ignored
                   and c["kind"] == "girl" else "") + ".", *cite("Resolve"))
    if c["kind"] == "monster":
        if "memory-blaze" in c["talents"] and not c["blazing"] and \
                2 * c["resolve"] <= c["base_resolve"]:
            c["blazing"] = True
            state.write(f"{c['name']} is down to half its Resolve: Memory Blaze, +"
                        f"{number('half-resolve-damage')} damage for the rest of the "
                        "scene.", *cite("Talents"))
        if c["resolve"] == 0:
            c["condition"] = DEFEATED
            state.write(f"{c['name']} is defeated.", *cite("Monsters"),
                        note="monster-out-of-resolve")
        return
    if c["resolve"] == 0:
        c["condition"] = DOWN
        state.write(f"{c['name']} has no Resolve left: no magic until she rises again.",
                    *cite("Resolve"), note="girl-without-resolve-acts-as-human")
        if c["frenzy"]:
            end_frenzy(state, c, "her Resolve is gone")


def heal(state: State, c: dict, amount: int, why: str) -> None:
    """``amount`` Resolve back (a girl or monster), never above her maximum."""
    before = c["resolve"]
    c["resolve"] = min(c["max_resolve"], before + amount)
    state.write(f"{c['name']} regains {amount} Resolve ({why}): {before} → {c['resolve']}.",
                *cite("Resolve"))


# --- rising again ---------------------------------------------------------------------------

def check_rise(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, MAJOR)
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["kind"] != "girl" or c["condition"] != DOWN:
        return refusal("", f"Only a magical girl with no Resolve left rises again; {c['name']} "
                           "is not one.")
    if c["rising"] is not None:
        return refusal("", f"{c['name']} has already rolled; her Resolve comes back at the start "
                           "of her next turn.")
    return []


def apply_rise(state: State, ev: dict) -> None:
    c = acting(state, MAJOR)
    c["condition"] = FIGHTING  # the one magical roll she still makes
    rolled = roll(state, c, "support", "roll to rise again")
    c["condition"] = DOWN
    band = MOVES["rise-again"].band_of(rolled.total)
    c["rising"] = number(f"rise-resolve-{band.id}")
    state.write(f"{c['name']} gathers her strength: {rolled.words}: {band.outcome}",
                *cite("Resolve"), note="rising-again-takes-her-turn")
    settle(state, c, rolled)
    gain(state, c, c["roles"]["support"], band.overcharge, "rising again")


EVENTS = (
    EventType("rise", "Rise again", "A girl with no Resolve: 2d6! + Support, its table's "
              "overcharge now and its Resolve at the start of her next turn.", (), ACTOR,
              check_rise, apply_rise, rolls=True),
)


__all__ = ["EVENTS", "WOUND_DIE", "heal", "max_resolve_after_wounds", "take_damage"]
