"""Damage, healing and falling (seed 000, "Mortal Wounds", "Spell Power", "Spell-meter",
"Protection Skills"): damage taken (halved while a Shield card lasts on her) and healing move
her along the wound track (:mod:`.conditions`): below ¼ of max HP she is mortally wounded and
checks her will, unconscious on a failure; below 0 HP dead; at −100 destroyed. Falling
unconscious or dead drops all her spell power, which others collect by distance on their next
turn (how far is :mod:`.positions`)."""

from __future__ import annotations

import math

from ...battle.state import State
from ..combat import POWER_PICKUP
from .citations import cite
from .conditions import DEAD, DESTROYED, DOWN, FINE, GONE, OUT, WOUNDED
from .meter import gain_meter
from .numbers import number
from .positions import MAX_PICKUP
from .rolls import roll

WOUNDS = cite("Mortal Wounds")
LOWEST_HP = number("utter-destruction-hp")


def mortally_wounded(c: dict) -> bool:
    """Below a quarter of her max HP (exactly a quarter is not below it)."""
    return c["hp"] * number("mortal-wound-divisor") < c["max_hp"]


def shielded(state: State, c: dict) -> bool:
    """A Shield card cast on her is still lasting."""
    return any(c["id"] in e.get("shield", ()) for e in state.data.get("effects", []))


def take_damage(state: State, c: dict, amount: int, what: str, from_attack: bool = True) -> None:
    """She takes ``amount`` (already reduced; halved, rounded up, while a Shield card lasts on
    her); her meter gains for the hit; she may fall."""
    if from_attack and amount > 0 and shielded(state, c):
        halved = math.ceil(amount / number("shield-damage-divisor"))
        state.write(f"{c['name']} is shielded: {amount} damage halved, rounded up, to {halved}.",
                    *cite("Protection Skills"))
        amount = halved
    before = c["hp"]
    c["hp"] = max(LOWEST_HP, c["hp"] - amount)
    state.write(f"{c['name']} takes {amount} damage ({what}): HP {before} → {c['hp']}.",
                *cite("Damage Rolls"), note="hp-stops-at-destruction" if c["hp"] == LOWEST_HP
                and before - amount < LOWEST_HP else "")
    if from_attack and c["condition"] not in GONE:
        gain_meter(state, c, "taking-damage" if amount > 0 else "hit-without-damage")
    update_condition(state, c)


def heal(state: State, c: dict, amount: int, what: str) -> None:
    """She is healed ``amount`` HP, never past her max; the dead are not healed (only
    resurrected), and healed above a quarter of her max she is no longer mortally wounded."""
    if c["condition"] in GONE:
        state.write(f"{c['name']} is {c['condition']}: she cannot be healed ({what}).", *WOUNDS)
        return
    before = c["hp"]
    c["hp"] = min(c["max_hp"], before + max(amount, 0))
    state.write(f"{c['name']} is healed {c['hp'] - before} HP ({what}): HP {before} → {c['hp']}"
                + (f", at her max of {c['max_hp']}." if before + amount > c["max_hp"] else "."),
                *WOUNDS)
    update_condition(state, c)


def will_check(state: State, c: dict, why: str) -> bool:
    """Her will check against a mortal wound; a failure knocks her out."""
    rolled = roll(state, c["will"], c["will_modifier"], number("wound-check-target"),
                  f"{c['name']}'s will")
    ok = rolled.succeeded
    state.write(f"{c['name']} checks her will ({why}) against "
                f"{number('wound-check-target')}: {rolled.words}: "
                + ("she keeps going." if ok else "she falls unconscious."), *WOUNDS,
                note="wound-and-status-check-targets")
    if not ok:
        fall(state, c, OUT)
    return ok


def update_condition(state: State, c: dict) -> None:
    """Move her along the wound track after her HP changed in play."""
    hp, was = c["hp"], c["condition"]
    if was == DESTROYED or (was == DEAD and hp > LOWEST_HP):
        return
    if hp <= LOWEST_HP:
        fall(state, c, DESTROYED)
    elif hp < number("death-hp"):
        fall(state, c, DEAD)
    elif mortally_wounded(c):
        if was == FINE:
            c["condition"] = WOUNDED
            state.write(f"{c['name']} is mortally wounded: HP {hp} is below a quarter of "
                        f"{c['max_hp']}.", *WOUNDS, note="mortal-wound-check-when-wounded")
            will_check(state, c, "she has just been mortally wounded")
    elif was in (WOUNDED, OUT):
        c["condition"] = FINE
        c["out_turns"] = 0
        state.write(f"{c['name']} is healed above a quarter of her max HP"
                    + (" and wakes at once." if was == OUT else "."), *WOUNDS)


def set_condition_from_hp(state: State, c: dict) -> None:
    """After the game master set her HP: her condition follows it as written (a dead or
    destroyed character with HP set back at or above 0 is brought back: the game master's
    resurrection), then the ordinary track."""
    if c["condition"] in GONE and c["hp"] >= number("death-hp"):
        c["condition"] = OUT if mortally_wounded(c) else FINE
        state.write(f"{c['name']} is back among the living.", *WOUNDS)
        return
    update_condition(state, c)


def fall(state: State, c: dict, condition: str) -> None:
    """She falls unconscious, dies or is destroyed, and drops her spell power."""
    was = c["condition"]
    c["condition"] = condition
    c["actions"] = 0
    words = {OUT: "falls unconscious", DEAD: "dies (HP below 0)",
             DESTROYED: f"is utterly destroyed (HP {LOWEST_HP})"}[condition]
    state.write(f"{c['name']} {words}.", *WOUNDS)
    if condition == OUT:
        c["out_turns"] = 0
    if was not in DOWN:
        drop_spell_power(state, c)


def drop_spell_power(state: State, c: dict) -> None:
    """All her spell power falls where she lies, to be collected on the others' next turns."""
    amount, c["spell_power"] = c["spell_power"], 0
    if not amount:
        return
    waiting = [o["id"] for o in state.combatants if o["id"] != c["id"] and o["condition"]
               not in DOWN]
    state.data.setdefault("dropped", []).append(
        {"from": c["id"], "amount": amount, "x": c["x"], "y": c["y"], "waiting": waiting,
         "open": []})
    state.write(f"{c['name']} drops all her {amount} spell power; anyone within "
                f"{MAX_PICKUP} spaces may collect it as an action on her next turn.",
                *cite("Spell Power"), note="spell-power-collected-within-three-spaces")


def pickup_share(spaces: int) -> tuple[int, int] | None:
    """The share of dropped power collected from ``spaces`` away, or ``None`` beyond reach."""
    for p in POWER_PICKUP.values():
        if p.distance == spaces:
            return p.share[0], p.share[1]
    return None


def collected(amount: int, spaces: int) -> int:
    """Spell power collected from ``amount`` dropped ``spaces`` away: a divided result, so
    rounded up as every one is (seed 000, "Basic rolls"; reading
    spell-power-collected-rounds-up): ¾ of 50 is 38."""
    share = pickup_share(spaces)
    return 0 if share is None else math.ceil(amount * share[0] / share[1])
