"""Spell-meter and hand (seed 000, "Spell-meter", "Spell Power"): the opening draw, points
for attacking, taking damage, being hit without damage and concentrating, a card drawn each
time the meter reaches 5 with the rest carried over, and spell power kept within its cap."""

from __future__ import annotations

from ...battle.state import State
from ..combat import SPELL_METER
from .citations import cite
from .numbers import number

POINTS_PER_CARD = number("spell-meter-points-per-card")
METER = cite("Spell-meter")


def card_name(c: dict, entry: int) -> str:
    return c["cards"][entry]["name"]


def draw(state: State, c: dict, why: str, note: str = "") -> None:
    """Draw the top card of her deck (none left: nothing is drawn, and the log says so,
    reading empty-spelldeck)."""
    if not c["deck"]:
        state.write(f"{c['name']} would draw a card ({why}), but her spelldeck is empty.", *METER,
                    note="empty-spelldeck")
        return
    entry = c["deck"].pop(0)
    c["hand"].append(entry)
    state.write(f"{c['name']} draws {card_name(c, entry)} ({why}); {len(c['hand'])} in hand, "
                f"{len(c['deck'])} left in her deck.", *METER, note=note)


def opening_draw(state: State, c: dict) -> None:
    """Shuffle her spelldeck, and draw one card if her hand is empty."""
    if c["deck"]:
        state.dice.shuffle(c["deck"], f"{c['name']}'s spelldeck")
        state.write(f"{c['name']} shuffles her spelldeck ({len(c['deck'])} cards).", *METER)
    if not c["hand"]:
        draw(state, c, "an empty hand as the battle begins")


def gain_meter(state: State, c: dict, gain_id: str) -> None:
    """Add the points of ``gain_id`` (``basic-attack``, ``taking-damage``…) to her meter; each
    time it reaches 5, draw a card and keep the rest (reading spell-meter-draws-at-five)."""
    gain = SPELL_METER[gain_id]
    before = c["meter"]
    c["meter"] += gain.points
    state.write(f"{c['name']}'s spell-meter +{gain.points} ({gain.label.lower()}): "
                f"{before} → {c['meter']}.", *METER)
    while c["meter"] >= POINTS_PER_CARD:
        c["meter"] -= POINTS_PER_CARD
        draw(state, c, f"spell-meter at {c['meter'] + POINTS_PER_CARD}, {c['meter']} carried "
             "over", note="spell-meter-draws-at-five")


def gain_spell_power(state: State, c: dict, amount: int, why: str,
                     section: str = "Spell Power", note: str = "") -> int:
    """Add ``amount`` (never past her cap); returns what she actually gained."""
    before = c["spell_power"]
    c["spell_power"] = min(c["cap"], before + max(amount, 0))
    capped = f", capped at {c['cap']}" if before + amount > c["cap"] else ""
    state.write(f"{c['name']} gains {c['spell_power'] - before} spell power ({why}): "
                f"{before} → {c['spell_power']}{capped}.", *cite(section), note=note)
    return c["spell_power"] - before


def option_bonus(c: dict) -> int:
    """+1 damage and danmaku range per full 100 spell power held, at most +4 (reading
    options-follow-spell-power-held)."""
    return min(number("max-option-bonus"), c["spell_power"] // number("spell-power-per-option"))


def empty_meters(state: State) -> None:
    """The battle ends: every meter empties; drawn cards stay in hand."""
    for c in state.combatants:
        if c["meter"]:
            state.write(f"{c['name']}'s spell-meter empties ({c['meter']} points lost); her "
                        f"{len(c['hand'])} cards in hand stay.", *METER)
        c["meter"] = 0
