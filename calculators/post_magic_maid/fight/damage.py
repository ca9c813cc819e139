"""Wounds and treating them in a post-magic-maid battle (seed ``003_1585970b7e222c64.txt``,
“Wounds”, “Healing”): an attack's wound on the blunt or rending track, overflowing upward as
the character sheet's own code does (:func:`..sheet.add_wound`, note ``wound-overflow``), and
the treatment that removes one (:func:`..sheet.heal_wound`, note
``healing-at-or-above-tier``), an action of hers at its place's penalty, maybe assisted. The
treat event declares its fields and checks its legality against the state before anything
changes."""

from __future__ import annotations

from ...battle.events import EventType, refusal
from ...battle.overrides import check_combatant
from ...battle.state import State
from ...errors import FieldError
from ...params import CHOICE, Param
from ..sheet import RESTED, TREATED, WOUND_FIELDS, add_wound, heal_wound
from .actions import (ACTOR, check_action, check_helper, helper_fields, id_field, roll_fields,
                      take_action)
from .citations import cite
from .conditions import WOUND_KEYS, condition
from .numbers import number
from .rolls import assisted, check_label, roll, tier_words, write_roll

WOUNDS = cite("Wounds")
HEALING_RULE = cite("Healing")
#: The check a treatment rolls (seed “Healing”: Int & Dex).
TREAT_CHECK = "int-dex"
REST_HOURS = number("rest-heal-hours")


def wound(c: dict, track: str, tier: int) -> str | None:
    """Give her one wound of ``tier`` on ``track``, overflowing upward as the character
    sheet's own code does (:func:`..sheet.add_wound`); the tier's name where it landed, or
    ``None`` when the track has no room left (note ``wound-overflow``: the GM judges)."""
    before = {k: c[k] for k in WOUND_KEYS}
    after = add_wound(before, track, tier)
    if after is None:
        return None
    landed = next(w.name for f, w in WOUND_FIELDS[track] if after[f] != before[f])
    c.update(after)
    c["condition"] = condition(c)
    return landed


def wound_from_attack(state: State, t: dict, track: str, tier: int, contested: bool) -> None:
    """The wound an attack reaching ``tier`` gives ``t`` on ``track`` (the tiers' difference
    when ``contested``), and its log line."""
    note = "contested-attack-wounds-by-the-difference" if contested else \
        "wound-from-the-attack-tier"
    if tier == 0:
        state.write(f"The attack reaches no tier: {t['name']} takes no wound.", *WOUNDS,
                    note=note)
        return
    landed = wound(t, track, tier)
    if landed is None:
        state.write(f"{t['name']}'s {track} track has no room above that tier: the game master "
                    "judges what this wound does.", *WOUNDS, note="wound-overflow")
        return
    asked = tier_words(tier).removeprefix("the ")
    moved = "" if landed == _tier_name(track, tier) else \
        f" (the {_tier_name(track, tier)} tier is full, so it moves up)"
    state.write(f"{t['name']} takes a {track} wound in {asked}: {landed}{moved}" +
                ("" if t["condition"] == "fine" else f"; she is {t['condition']}") + ".",
                *WOUNDS, note="wound-overflow" if moved else note)


def _tier_name(track: str, tier: int) -> str:
    """The name of ``track``'s wound tier ``tier``: ``heavy``."""
    return next(w.name for _, w in WOUND_FIELDS[track] if w.tier == tier)


def wound_words(field: str) -> str:
    """``rending_heavy`` as the log says it: ``heavy rending``."""
    track, w = next((t, w) for t, fields in WOUND_FIELDS.items() for f, w in fields if f == field)
    return f"{w.name} {track}"


def check_treat(state: State, ev: dict) -> list[FieldError]:
    """A treatment: one of her actions, at a wound a roll can remove (slight wounds and the
    moderate blunt one heal with rest, which no fight allows), which the wounded one has."""
    errors = check_action(state, ev) or check_combatant(state, ev["target"], "target") or \
        check_helper(state, ev)
    if errors:
        return errors
    if ev["wound"] in RESTED:
        return refusal("wound", f"A {wound_words(ev['wound'])} wound heals with rest "
                                f"({REST_HOURS} hour a wound), not with a "
                                "treatment roll, and not during the fight.")
    t = state.by_id(ev["target"])
    if not t[ev["wound"]]:
        return refusal("wound", f"{t['name']} has no {wound_words(ev['wound'])} wound.")
    return []


def apply_treat(state: State, ev: dict) -> None:
    """Her Int & Dex at her place's penalty, maybe assisted; a tier at least the wound's
    removes it."""
    c, penalty = take_action(state)
    t = state.by_id(ev["target"])
    rolled = roll(state, c, TREAT_CHECK, ev["bonus"], penalty, ev["ability"], ev["d8s"])
    words = wound_words(ev["wound"])
    write_roll(state, c, rolled, f"{c['name']}, action {c['taken']} of {c['planned']} (treats "
               f"{t['name']}'s {words} wound)", *HEALING_RULE, note="treatment-in-the-fight")
    needed, tier = TREATED[ev["wound"]], assisted(state, c, rolled.tier, ev)
    if tier < needed:
        state.write(f"Not enough: a {words} wound needs {tier_words(needed)} or better; "
                    f"{t['name']} keeps it.", *HEALING_RULE, note="healing-at-or-above-tier")
        return
    before = t[ev["wound"]]
    t.update(heal_wound({k: t[k] for k in WOUND_KEYS}, ev["wound"]))
    t["condition"] = condition(t)
    state.write(f"{t['name']}'s {words} wound is healed ({before} → {t[ev['wound']]}); she is "
                f"{t['condition']}.", *HEALING_RULE, note="healing-at-or-above-tier")


TREAT = EventType("treat", "Treat a wound", f"One action: her {check_label(TREAT_CHECK)} at her "
                  "place's penalty to heal a wounded combatant (herself too); a roll reaching the "
                  "tier the wound needs or better (an assist raises it as on any action) removes "
                  "one wound of that tier. "
                  f"{', '.join(wound_words(f) for f in RESTED).capitalize()} wounds heal only "
                  f"with rest ({REST_HOURS} hour a wound): not in the fight.",
                  (id_field("target", "Wounded", "The id of the one she treats.", required=True),
                   Param("wound", "Wound", kind=CHOICE, required=True, default=WOUND_KEYS[0],
                         choices=tuple((f, wound_words(f)) for f in WOUND_KEYS),
                         help="The tier whose wound she treats, as the combatant's numbers name "
                              "it (rending_heavy)."),
                   *roll_fields(), *helper_fields(TREAT_CHECK)),
                  ACTOR + ", within the actions she planned", check_treat, apply_treat, rolls=True)


__all__ = ["TREAT", "TREAT_CHECK", "wound", "wound_from_attack", "wound_words"]
