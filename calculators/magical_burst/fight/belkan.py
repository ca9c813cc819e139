"""Belkan System in a Magical Burst battle (seed 002, "Affinities & Talents", the common
magical talents): a girl with it makes no ranged attack; each melee hit she lands banks +2, at
most +6, for the scene; she declares before a magical roll that she uses the bank, which adds
it all to that roll and empties it (reading ``belkan-bank``)."""

from __future__ import annotations

from ...battle.events import refusal
from ...battle.state import State
from ...errors import FieldError
from ...params import BOOL, Param
from ..talents import TALENTS_BY_ID
from .citations import cite
from .numbers import number
from .rolls import magical_now

BELKAN = "belkan-system"
NAME = TALENTS_BY_ID[BELKAN].name
PER_HIT, MOST = number("belkan-hit-bonus"), number("belkan-most")
RULE = cite("Affinities & Talents")

#: The field of a roll-making event that declares the bank's use before the roll.
SPEND = Param("belkan", f"Use the {NAME} bonus", kind=BOOL, default=False,
              help=f"{NAME}: add the bonus her melee hits banked (+{PER_HIT} each, at most "
                   f"+{MOST}) to this roll; the bank empties.")


def has_belkan(c: dict) -> bool:
    return c["kind"] == "girl" and BELKAN in c["talents"]


def refuse_ranged(c: dict, rng: str) -> list[FieldError]:
    """A ranged attack (or ranged line attack) by a girl with the talent is refused."""
    if rng == "ranged" and has_belkan(c):
        return refusal("range", f"{c['name']} has {NAME}: she can no longer make ranged "
                                "attacks.")
    return []


def check_spend(c: dict, ev: dict) -> list[FieldError]:
    """Using the bank needs the talent, a bank, and a magical roll."""
    if not ev.get("belkan"):
        return []
    if not has_belkan(c):
        return refusal("belkan", f"{c['name']} does not have {NAME}.")
    if not c["belkan"]:
        return refusal("belkan", f"{c['name']} has no {NAME} bonus banked: each melee hit "
                                 f"banks +{PER_HIT}.")
    if not magical_now(c):
        return refusal("belkan", f"The {NAME} bonus is for a magical roll; {c['name']}'s is "
                                 "not one now.")
    return []


def spend_bank(state: State, c: dict, ev: dict) -> tuple[int, str]:
    """The bonus the event declared (all of the bank, which empties) and its words."""
    if not ev.get("belkan"):
        return 0, ""
    bank, c["belkan"] = c["belkan"], 0
    state.write(f"{c['name']} uses her {NAME} bonus: +{bank} on this roll; the bank is "
                "empty.", *RULE, note="belkan-bank")
    return bank, f" {NAME}"


def bank_hit(state: State, c: dict, rng: str) -> None:
    """A melee hit of hers banks +2, up to +6."""
    if rng != "melee" or not has_belkan(c):
        return
    before = c["belkan"]
    c["belkan"] = min(MOST, before + PER_HIT)
    state.write(f"{c['name']}'s melee hit: her {NAME} bonus +{before} → +{c['belkan']}"
                + (f" (at most +{MOST})." if before + PER_HIT > MOST else "."), *RULE,
                note="belkan-bank")


__all__ = ["BELKAN", "SPEND", "bank_hit", "check_spend", "has_belkan", "refuse_ranged",
           "spend_bank"]
