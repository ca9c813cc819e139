"""Blitz Points burned and aces given in a post-magic-maid battle (seed
``003_1585970b7e222c64.txt``, “Blitz Points”): burning a Blitz Point draws cards from the
whole deck (:mod:`.cards`), an ace making her next roll this round an automatic 25 (spare aces
to give away), a joker giving it to everyone after her this round, each face card a bonus d8;
giving a spare ace away. Each event declares its fields and checks its legality against the
state before anything changes."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from .actions import ACTOR, before_rolling, check_turn, id_field
from .cards import (AUTOMATIC_RESULT, BLITZ, BLITZ_DRAW, BONUS_DIE, draw, give_automatic, kinds,
                    shown)


def check_burn(state: State, ev: dict) -> list[FieldError]:
    errors = check_turn(state, ev) or before_rolling(state, "Burning a Blitz Point")
    if errors:
        return errors
    c = state.by_id(state.current)
    if c["burned"]:
        return refusal("", f"{c['name']} has already burned a Blitz Point this turn.")
    if c["blitz"] < 1:
        return refusal("", f"{c['name']} has no Blitz Point left.")
    return []


def apply_burn(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    c["blitz"] -= 1
    c["burned"] = True
    cards = draw(state, BLITZ_DRAW, f"{c['name']}'s Blitz draw")
    count = kinds(cards)
    state.write(f"{c['name']} burns a Blitz Point ({c['blitz'] + 1} → {c['blitz']}) and draws "
                f"{BLITZ_DRAW}: {shown(cards)}.", *BLITZ, note="blitz-draw-from-a-full-deck")
    if count["ace"]:
        give_automatic(state, c, "her ace")
        c["spare_aces"] = count["ace"] - 1
        if c["spare_aces"]:
            state.write(f"{c['spare_aces']} more ace{'s' if c['spare_aces'] > 1 else ''} she "
                        "may give away this round.", *BLITZ, note="given-away-ace")
    if count["joker"]:
        after = state.order[state.turn + 1:]
        state.write("A joker: everyone after her this round gets an automatic "
                    f"{AUTOMATIC_RESULT} on their first roll.", *BLITZ,
                    note="blitz-declared-before-rolling")
        for cid in after:
            give_automatic(state, state.by_id(cid), "the joker")
    if count["face"]:
        c["d8s"] += count["face"]
        state.write(f"{count['face']} face card{'s' if count['face'] > 1 else ''}: "
                    f"{count['face']} bonus d{BONUS_DIE} to use this round "
                    f"({c['d8s']} held).", *BLITZ, note="bonus-d8-use")
    state.write("The cards go back and the deck is shuffled.", *BLITZ)


def check_give(state: State, ev: dict) -> list[FieldError]:
    errors = check_turn(state, ev) or check_combatant(state, ev["target"], "target")
    if errors:
        return errors
    c = state.by_id(state.current)
    if not c["spare_aces"]:
        return refusal("", f"{c['name']} holds no spare ace this round.")
    if ev["target"] == c["id"]:
        return refusal("target", f"She already has her own ace's automatic {AUTOMATIC_RESULT}.")
    return []


def apply_give(state: State, ev: dict) -> None:
    c = state.by_id(state.current)
    c["spare_aces"] -= 1
    state.write(f"{c['name']} gives an ace to {state.by_id(ev['target'])['name']}.", *BLITZ,
                note="given-away-ace")
    give_automatic(state, state.by_id(ev["target"]), f"{c['name']}'s ace")


BURN = EventType("burn", "Burn a Blitz Point", f"Spends a Blitz Point and draws {BLITZ_DRAW} "
                 f"cards: an ace makes her next roll this round an automatic {AUTOMATIC_RESULT} "
                 "(other aces can be given away), a joker gives everyone after her this round an "
                 f"automatic {AUTOMATIC_RESULT} on their first roll, each face card is a bonus "
                 f"d{BONUS_DIE} this round.", (),
                 ACTOR + ", once a turn, before her first roll", check_burn, apply_burn, rolls=True)
GIVE_ACE = EventType("give-ace", "Give an ace away", "Gives a spare ace from her Blitz draw: the "
                     f"receiver's first roll this round becomes an automatic {AUTOMATIC_RESULT}.",
                     (id_field("target", "To", "The receiver's id.", required=True),),
                     ACTOR, check_give, apply_give)


__all__ = ["BURN", "GIVE_ACE"]
