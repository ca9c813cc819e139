"""A post-magic-maid character from the player's choices: the rules checked, the sheet derived.

Seed ``003_1585970b7e222c64.txt``: “Character Creation” (dice, the three +1s, two ability
bonuses), the bonus sections and their “Note” (caps), “Advancement” and the sections it points
to (level-ups, attribute specialization, die advancement, die advancement points), “Blitz
Points” and “Wounds”. Readings: note ``smallest-die-first``, note ``one-point-per-ability``,
note ``truncated-swordfighting-example``, note ``wound-overflow``, and the builder's own:
note ``creation-double-is-one-bonus`` and note ``double-counts-for-both-abilities``.

The choices arrive as flat values (one per control of the builder, see
:mod:`calculators.post_magic_maid.character`); :func:`derive_sheet` gathers every broken rule as
a :class:`FieldError` on the control concerned, naming the rule and its section, and raises
them together, or returns the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Problems
from ..ui import rule_refs
from .resolution import DIFFICULTIES
from .rules import (ATTRIBUTES, BONUSES, DIE_TRACK, HEALING, STARTING_DICE, WOUNDS, WoundTier,
                    die_by_id, rule)

__all__ = ["ABILITY_SLOTS", "ATTRIBUTE_IDS", "ATTRIBUTE_NAMES", "BONUSES_PER_POINT", "CREATION_PLUSES", "MAX_BLITZ",
           "MAX_LEVEL_UPS", "MAX_PASSIVE", "RESTED", "START_DICE", "TREATED", "WOUND_FIELDS",
           "add_wound", "derive_sheet", "doubles_needed", "heal_wound"]

ATTRIBUTE_IDS: tuple[str, ...] = tuple(a.id for a in ATTRIBUTES)
ATTRIBUTE_NAMES: dict[str, str] = {a.id: a.name for a in ATTRIBUTES}
#: How many attributes a new character rolls with each die: {"d6": 2, "d8": 2, …}.
START_DICE: dict[str, int] = {s.die: s.attributes for s in STARTING_DICE}
#: The controls of the three +1s at creation, in the order the rules give them.
CREATION_PLUSES = ("plus_1", "plus_2", "plus_3")
#: Ability rows the builder offers (a form limit, not a rule: no rule caps abilities).
ABILITY_SLOTS = 10
#: Largest count the form takes for passive bonuses after creation on one ability (no rule
#: caps them; see ``one-point-per-ability``), for level-ups received and for Blitz Points held
#: (``one-blitz-point-a-round``: no cap). Form limits that keep the numbers sane.
MAX_PASSIVE = 12
MAX_LEVEL_UPS = 200
MAX_BLITZ = 99
#: Wound tiers of each track, lowest first, with the control holding each count.
WOUND_FIELDS: dict[str, tuple[tuple[str, WoundTier], ...]] = {
    track: tuple((w.id.replace("-", "_"), w) for w in sorted(
        (w for w in WOUNDS if w.track == track), key=lambda w: w.tier))
    for track in ("blunt", "rending")}
#: Healing (seed “Healing”), by wound count: the tier a treatment roll must reach to remove
#: one wound of it (note ``healing-at-or-above-tier``), and the wounds an hour of rest heals.
TREATED: dict[str, int] = {w.replace("-", "_"): heal.tier for heal in HEALING
                           if heal.method == "treatment" for w in heal.removes}
RESTED: tuple[str, ...] = tuple(w.replace("-", "_") for heal in HEALING
                                if heal.method == "rest" for w in heal.removes)

SINGLE = BONUSES["single-ability-bonus"]
DOUBLE = BONUSES["double-ability-bonus"]
CREATION_PLUS = BONUSES["creation-attribute-bonus"].increments[0]
NOT_ON_SIDES = rule("creation-third-bonus-not-on-sides")
BONUSES_PER_POINT = rule("bonuses-per-die-advancement-point")
CREATION_ABILITY_BONUSES = rule("creation-ability-bonuses")

# Rule-book sections as a player finds them (the seed's headings), for the messages; each
# message links its section to the page presenting it.
RULE_PAGES = rule_refs({
    "Character creation": "post-magic-maid/checks.md#character-creation",
    "Single-ability bonus": "post-magic-maid/checks.md#single-ability-bonus",
    "Double-ability bonus": "post-magic-maid/checks.md#double-ability-bonus",
    "Passive ability bonus": "post-magic-maid/checks.md#passive-ability-bonus",
    "Advancement": "post-magic-maid/advancement.md#level-ups",
    "Advancement — Die advancement": "post-magic-maid/advancement.md#die-advancement",
    "Advancement — Acquiring die advancement points":
        "post-magic-maid/advancement.md#die-advancement-points",
})
CREATION = "Character creation"
ADVANCEMENT = "Advancement"
DIE_ADVANCEMENT = "Advancement — Die advancement"
DIE_POINTS = "Advancement — Acquiring die advancement points"


def doubles_needed(halves: list[int]) -> int:
    """Fewest double-ability bonuses that give these +2s, ``halves[i]`` on ability *i*.

    Each double-ability bonus puts +2 on two different abilities, so one ability's +2s come
    from as many different doubles; any half not matched on another ability is still to be
    placed (``2 × result − sum(halves)`` of them).
    """
    total = sum(halves)
    return max((total + 1) // 2, max(halves, default=0))


def add_wound(counts: Mapping[str, int], track: str, tier: int) -> dict[str, int] | None:
    """The wound counts after one wound of ``tier`` (1–4) on ``track``, or ``None`` if it
    finds no room.

    A wound landing on a full tier moves up one tier at a time until one has room (seed
    “Wounds”; note ``wound-overflow``); past the top tier the rules say nothing, so ``None``.
    """
    new = dict(counts)
    for field, wound in WOUND_FIELDS[track]:
        if wound.tier >= tier and new[field] < wound.capacity:
            new[field] += 1
            return new
    return None


def heal_wound(counts: Mapping[str, int], field: str) -> dict[str, int] | None:
    """The wound counts after one wound of the tier ``field`` (``rending_heavy``) heals, or
    ``None`` when that tier holds none. Healing removes the wound named, nothing moves down
    (seed “Healing”: each way removes one wound of a named tier)."""
    if not counts[field]:
        return None
    return {**counts, field: counts[field] - 1}


def _dice(inputs: Mapping[str, Any], problems: Problems) -> dict[str, str]:
    """The creation die of each attribute; more attributes on a die than the rules give is
    reported on the first attribute past the count."""
    start = {a: inputs[f"die_{a}"] for a in ATTRIBUTE_IDS}
    given = ", ".join(f"{n}× {d}" for d, n in START_DICE.items())
    for die, allowed in START_DICE.items():
        holders = [a for a in ATTRIBUTE_IDS if start[a] == die]
        if len(holders) > allowed:
            names = ", ".join(ATTRIBUTE_NAMES[a] for a in holders)
            problems.broken(f"die_{holders[allowed]}",
                            f"{len(holders)} attributes roll a {die} ({names}); a new character "
                            f"has {allowed} (the six dice are {given})", CREATION)
    return start


def _creation_pluses(inputs: Mapping[str, Any], start: dict[str, str],
                     problems: Problems) -> dict[str, int]:
    """The +1s chosen at creation, per attribute: the first two on different attributes, the
    third on one not rolled with a d6."""
    first, second, third = (inputs[f] for f in CREATION_PLUSES)
    if first and second and first == second:
        problems.broken("plus_2", f"The first two +1s go to two different attributes; both are "
                        f"on {ATTRIBUTE_NAMES[first]}", CREATION)
    if third and die_by_id(start[third]).sides == NOT_ON_SIDES:
        problems.broken("plus_3", f"The third +1 may not go to an attribute rolled with a "
                        f"d{NOT_ON_SIDES}; {ATTRIBUTE_NAMES[third]} rolls a {start[third]}",
                        CREATION)
    return {a: CREATION_PLUS * sum(1 for p in (first, second, third) if p == a)
            for a in ATTRIBUTE_IDS}


def _advance_dice(start: dict[str, str], steps: dict[str, int],
                  problems: Problems) -> dict[str, str]:
    """Each attribute's die after its advances, checking the track's end and that every
    advance was of an attribute on the smallest die (note ``smallest-die-first``)."""
    track = [d.id for d in DIE_TRACK]
    current = {a: die_by_id(start[a]).step for a in ATTRIBUTE_IDS}
    fits = True
    for a in ATTRIBUTE_IDS:
        room = len(track) - current[a]
        if steps[a] > room:
            fits = False
            problems.broken(f"adv_{a}", f"{ATTRIBUTE_NAMES[a]} starts on a {start[a]} and can "
                            f"advance {room} step{'s' if room != 1 else ''} at most: the track "
                            f"ends at {track[-1]}", DIE_ADVANCEMENT)
    if fits:
        remaining = dict(steps)
        while any(remaining.values()):
            smallest = min(current.values())
            movers = [a for a in ATTRIBUTE_IDS if current[a] == smallest and remaining[a]]
            if not movers:
                late = next(a for a in ATTRIBUTE_IDS if remaining[a])
                stuck = [ATTRIBUTE_NAMES[a] for a in ATTRIBUTE_IDS if current[a] == smallest]
                problems.broken(f"adv_{late}", f"{ATTRIBUTE_NAMES[late]} cannot advance to a "
                                f"{track[current[late]]} while {' and '.join(stuck)} still "
                                f"roll{'s' if len(stuck) == 1 else ''} a {track[smallest - 1]}: "
                                "only the smallest die may advance", DIE_ADVANCEMENT)
                break
            current[movers[0]] += 1
            remaining[movers[0]] -= 1
    return {a: track[current[a] - 1] for a in ATTRIBUTE_IDS}


def _ability(n: int, inputs: Mapping[str, Any], problems: Problems) -> dict | None:
    """Ability row ``n``: its bonuses at creation and since, checked against the caps."""
    kind = inputs[f"ab{n}_kind"]
    if not kind:
        return None
    name = inputs[f"ab{n}_name"] or f"Ability {n}"
    start = inputs[f"ab{n}_start"]
    if kind == "rolled" and start == "passive":
        problems.broken(f"ab{n}_start", f"{name} adds to rolls, so it cannot take a passive "
                        "ability bonus; make it a passive ability instead",
                        "Passive ability bonus")
    if kind == "passive" and start in ("single", "double"):
        problems.broken(f"ab{n}_start", f"{name} is a passive ability: it takes only passive "
                        "ability bonuses, never single- or double-ability bonuses",
                        "Passive ability bonus")
    singles_after = inputs[f"ab{n}_single"] if kind == "rolled" else 0
    halves_after = inputs[f"ab{n}_double"] if kind == "rolled" else 0
    passives_after = inputs[f"ab{n}_passive"] if kind == "passive" else 0
    singles = (start == "single") + singles_after
    halves = (start == "double") + halves_after
    for count, kind_rule, field, what in (
            (singles, SINGLE, f"ab{n}_single", "single-ability bonuses"),
            (halves, DOUBLE, f"ab{n}_double", "+2s from double-ability bonuses")):
        if count > kind_rule.max_applications:
            at_start = count - (singles_after if kind_rule is SINGLE else halves_after)
            problems.broken(field, f"{name} has {count} {what} ({at_start} at creation); one "
                            f"ability takes at most {kind_rule.max_applications}, for a total of "
                            f"at most +{rule('max-ability-bonus')}", kind_rule.name)
    bonus = (sum(SINGLE.increments[:min(singles, SINGLE.max_applications)])
             + DOUBLE.increments[0] * min(halves, DOUBLE.max_applications))
    after = singles_after + halves_after + passives_after
    return {
        "slot": f"ab{n}", "name": name, "kind": kind, "start": start,
        "singles": singles, "halves": halves,
        "passives": (start == "passive") + passives_after if kind == "passive" else 0,
        "singles_after": singles_after, "halves_after": halves_after,
        "passives_after": passives_after,
        "bonus": bonus if kind == "rolled" else 0,
        "after": after, "earns_point": after >= BONUSES_PER_POINT,
        "has_bonus": start != "none" or after > 0,
    }


def _abilities(inputs: Mapping[str, Any], problems: Problems) -> tuple[list[dict], dict]:
    """Every ability row, and the creation ability bonuses they use (at most two, a double
    counting once for its two abilities)."""
    abilities = [a for n in range(1, ABILITY_SLOTS + 1) if (a := _ability(n, inputs, problems))]
    creation_halves = [1 if a["start"] == "double" else 0 for a in abilities]
    used = 0
    for i, ability in enumerate(abilities):
        before = used
        used = (sum(a["start"] in ("single", "passive") for a in abilities[:i + 1])
                + doubles_needed(creation_halves[:i + 1]))
        if used > CREATION_ABILITY_BONUSES >= before and ability["start"] != "none":
            problems.broken(f"{ability['slot']}_start",
                            f"Over budget: this makes {used} ability bonuses at creation; a new "
                            f"character chooses {CREATION_ABILITY_BONUSES} (a double-ability bonus "
                            "counts once for its two abilities)", CREATION)
    doubles = doubles_needed(creation_halves)
    creation = {"singles": sum(a["start"] == "single" for a in abilities),
                "passives": sum(a["start"] == "passive" for a in abilities),
                "doubles": doubles, "used": used,
                "unplaced_halves": 2 * doubles - sum(creation_halves)}
    return abilities, creation


def derive_sheet(inputs: Mapping[str, Any]) -> dict:
    """Check the builder's choices against the rules and derive the sheet.

    Returns:
        ``attributes`` (per attribute: its creation die and die now, the +1s from creation,
        specializations, total bonus), ``abilities`` (bonuses at creation and since, roll
        bonus, progress towards a die advancement point), ``creation`` (what creation choices
        are used and left), ``level_ups`` (received, spent by kind, left), ``die_points``
        (earned from what, spent, left, which die the next point advances), ``blitz``,
        ``wounds`` (both tracks, each tier's count and capacity and where the next wound of
        each tier would land), and ``left`` (choices still to make).

    Raises:
        CalculatorError: one :class:`FieldError` per broken rule, on the control concerned.
    """
    problems = Problems(rule_pages=RULE_PAGES)
    start = _dice(inputs, problems)
    creation_bonus = _creation_pluses(inputs, start, problems)
    specs = {a: inputs[f"spec_{a}"] for a in ATTRIBUTE_IDS}
    steps = {a: inputs[f"adv_{a}"] for a in ATTRIBUTE_IDS}
    dice_valid = not problems.errors
    now = _advance_dice(start, steps, problems) if dice_valid else dict(start)
    abilities, creation = _abilities(inputs, problems)

    after_halves = [a["halves_after"] for a in abilities]
    ability_level_ups = (sum(a["singles_after"] + a["passives_after"] for a in abilities)
                         + doubles_needed(after_halves))
    spent = {"abilities": ability_level_ups, "specializations": sum(specs.values()),
             "dice": sum(steps.values())}
    received = inputs["level_ups"]
    if sum(spent.values()) > received:
        problems.broken("level_ups", f"Over budget: {sum(spent.values())} level-ups are spent "
                        f"({spent['abilities']} on abilities, {spent['specializations']} on "
                        f"specializations, {spent['dice']} on dice) but {received} received; each "
                        "level-up buys one advance", ADVANCEMENT)

    earned_from = ([a["name"] for a in abilities if a["earns_point"]]
                   + [f"{ATTRIBUTE_NAMES[a]} specialization" for a in ATTRIBUTE_IDS
                      if specs[a] >= BONUSES_PER_POINT])
    if spent["dice"] > len(earned_from):
        last = [a for a in ATTRIBUTE_IDS if steps[a]][-1]
        needs = ("1 die advance needs a die advancement point" if spent["dice"] == 1 else
                 f"{spent['dice']} die advances need as many die advancement points")
        problems.broken(f"adv_{last}", f"Over budget: {needs}, and {len(earned_from)} "
                        f"{'is' if len(earned_from) == 1 else 'are'} earned (one per ability with "
                        f"{BONUSES_PER_POINT} bonuses since creation, one per specialization "
                        f"advanced {BONUSES_PER_POINT} times)", DIE_POINTS)
    problems.raise_if_any()

    attributes = [{
        "id": a, "name": ATTRIBUTE_NAMES[a], "start": start[a], "die": now[a],
        "sides": die_by_id(now[a]).sides, "advanced": steps[a],
        "creation": creation_bonus[a], "specialization": specs[a],
        "bonus": creation_bonus[a] + specs[a],
        "spec_progress": min(specs[a], BONUSES_PER_POINT),
    } for a in ATTRIBUTE_IDS]
    smallest = min(die_by_id(now[a]).step for a in ATTRIBUTE_IDS)
    track = [d.id for d in DIE_TRACK]
    next_die = {"die": track[smallest - 1],
                "to": track[smallest] if smallest < len(track) else None,
                "attributes": [ATTRIBUTE_NAMES[a] for a in ATTRIBUTE_IDS
                               if die_by_id(now[a]).step == smallest]}
    pluses_left = sum(1 for f in CREATION_PLUSES if not inputs[f])
    level_ups_left = received - sum(spent.values())
    ability_bonuses_left = CREATION_ABILITY_BONUSES - creation["used"]
    creation["ability_bonuses_left"] = ability_bonuses_left
    creation["pluses_left"] = pluses_left
    unplaced_after = 2 * doubles_needed(after_halves) - sum(after_halves)
    return {
        "attributes": attributes,
        "abilities": abilities,
        "creation": creation,
        "level_ups": {"received": received, "spent": spent, "left": level_ups_left,
                      "unplaced_halves": unplaced_after},
        "die_points": {"earned": len(earned_from), "from": earned_from,
                       "spent": spent["dice"], "left": len(earned_from) - spent["dice"],
                       "next": next_die},
        "blitz": inputs["blitz"],
        "wounds": _wounds(inputs),
        "left": {"total": pluses_left + ability_bonuses_left + level_ups_left,
                 "pluses": pluses_left, "ability_bonuses": ability_bonuses_left,
                 "level_ups": level_ups_left,
                 "halves": creation["unplaced_halves"] + unplaced_after},
    }


def _wounds(inputs: Mapping[str, Any]) -> dict:
    """Both tracks: each tier's wounds and capacity, the counts after one more wound of that
    tier (``None`` where it finds no room) and after one of its wounds heals (``None`` when it
    holds none)."""
    counts = {field: inputs[field] for fields in WOUND_FIELDS.values() for field, _ in fields}
    out = {}
    for track, fields in WOUND_FIELDS.items():
        tiers = []
        for field, wound in fields:
            after = add_wound(counts, track, wound.tier)
            lands = None if after is None else next(
                w.name for f, w in fields if after[f] != counts[f])
            tiers.append({"field": field, "tier": wound.tier, "name": wound.name,
                          "difficulty": DIFFICULTIES[wound.tier - 1],
                          "count": counts[field], "capacity": wound.capacity,
                          "effect": wound.effect, "deadline_minutes": wound.deadline_minutes,
                          "take": after, "lands": lands,
                          "heal": heal_wound(counts, field)})
        out[track] = tiers
    return out
