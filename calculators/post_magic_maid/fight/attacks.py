"""The action of a post-magic-maid battle (seed ``003_1585970b7e222c64.txt``,
“Initiative / Actions”, “Multiple actions”, “Assists”, “Contested actions”, “Wounds”): her
check at her place's penalty, maybe assisted (:func:`.rolls.assisted`), maybe against a
contesting roll (the difference of tiers, note ``contest-tie-is-tier-0``), and as an attack
that wounds its target in the tier it reaches (:func:`.damage.wound_from_attack`). The event
declares its fields and checks its legality against the state before anything changes."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from ...params import CHOICE, TEXT, Param
from ..resolution import contest_difference
from .actions import (ACTIONS, ACTOR, bonus_field, check_action, check_field, check_helper,
                      helper_fields, id_field, roll_fields, take_action)
from .citations import cite
from .conditions import OUT, TRACKS
from .damage import wound_from_attack
from .rolls import assisted, roll, tier_words, write_roll

CONTESTS = cite("Contested actions")


def check_act(state: State, ev: dict) -> list[FieldError]:
    errors = check_action(state, ev)
    if errors:
        return errors
    c = state.by_id(state.current)
    for field in ("target", "against"):
        if ev[field]:
            errors += check_combatant(state, ev[field], field)
            if not errors and ev[field] == c["id"]:
                errors += refusal(field, f"{c['name']} cannot be her own {field}.")
    if not errors:
        errors += check_helper(state, ev, (ev["against"], ev["target"]))
    if not errors and ev["against"] and state.by_id(ev["against"])["condition"] == OUT:
        errors += refusal("against", "An unconscious combatant cannot contest.")
    return errors


def apply_act(state: State, ev: dict) -> None:
    """Her check, at her place's penalty; the assist raises its tier, a contest compares
    tiers, and an attack wounds its target in the tier it reaches."""
    c, penalty = take_action(state)
    what = ev["action"] or ("an attack on " + state.by_id(ev["target"])["name"]
                            if ev["target"] else "")
    rolled = roll(state, c, ev["check"], ev["bonus"], penalty, ev["ability"], ev["d8s"])
    write_roll(state, c, rolled, f"{c['name']}, action {c['taken']} of {c['planned']}"
               + (f" ({what})" if what else ""), *ACTIONS,
               note="multiple-action-penalty-per-place")
    tier = assisted(state, c, rolled.tier, ev)
    if ev["against"]:
        other = state.by_id(ev["against"])
        theirs = roll(state, other, ev["against_check"], ev["against_bonus"])
        write_roll(state, other, theirs, f"{other['name']} contests", *CONTESTS)
        difference = contest_difference(tier, theirs.tier)
        winner = c if difference > 0 else other
        state.write(f"Tiers {tier} against {theirs.tier}: " + (
            f"{winner['name']} prevails with {tier_words(abs(difference))}." if difference
            else "neither prevails (a tier-0 result)."), *CONTESTS,
            note="contest-tie-is-tier-0")
        tier = max(difference, 0)
    if ev["target"]:
        wound_from_attack(state, state.by_id(ev["target"]), ev["track"], tier,
                          bool(ev["against"]))


ACT = EventType("act", "Take an action", "One action: her check at her place's penalty, with an "
                "assist, against a contesting roll, and as an attack that wounds its target in "
                "the tier it reaches.",
                (check_field("check", "Check"),
                 *roll_fields(),
                 Param("action", "What she does", kind=TEXT, maximum=60, default="",
                       help="Words for the log: \"sword strike\", \"pick the lock\"."),
                 id_field("target", "Attack target", "The id of the one she attacks; the "
                           "attack's tier is the wound's."),
                 Param("track", "Wound track", kind=CHOICE, default="blunt",
                       choices=tuple((t, t.capitalize()) for t in TRACKS),
                       help="Blunt for bludgeoning, rending for cutting and piercing."),
                 *helper_fields(),
                 id_field("against", "Contested by", "The id of the one rolling against her."),
                 check_field("against_check", "Contesting check"),
                 bonus_field("against_bonus", "Contesting bonus")),
                ACTOR + ", within the actions she planned", check_act, apply_act, rolls=True)


__all__ = ["ACT"]
