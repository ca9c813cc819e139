"""Post-magic-maid data for page templates: the rule records and the tables built from them,
computed by the same functions the calculators use."""

from __future__ import annotations

import itertools

from calculators.post_magic_maid import advancement, rules
from calculators.post_magic_maid.blitz import blitz_odds
from calculators.post_magic_maid.checks import (MAX_ACTIONS, MAX_BONUS, check_distribution,
                                                tier_distribution)
from calculators.post_magic_maid.resolution import (action_penalty, assisted_tier,
                                                    contest_difference, tier_of)
from calculators.ui import percent


def tier_name(number: int) -> str:
    """``"below 10"`` for tier 0, ``"15 tier"`` for tier 2."""
    label = rules.tier_by_number(number).label
    return label if number == 0 else f"{label} tier"


def tier_rows() -> list[dict]:
    """One row per tier: the totals that reach it, and the wound and treatment tied to it."""
    rows = []
    tiers = rules.TIERS
    for i, tier in enumerate(tiers):
        low = tier.difficulty
        high = tiers[i + 1].difficulty - 1 if i + 1 < len(tiers) else None
        if low is None:
            totals = f"{tiers[1].difficulty - 1} or less"
        elif high is None:
            totals = f"{low} or more"
        else:
            totals = f"{low}–{high}"
        wounds = {w.track: w.name for w in rules.WOUNDS if w.tier == tier.number}
        treat = [h for h in rules.HEALING if h.tier == tier.number]
        rows.append({"id": tier.id, "number": tier.number, "label": tier.label,
                     "name": tier_name(tier.number), "totals": totals, "meaning": tier.meaning,
                     "blunt": wounds.get("blunt", "—"), "rending": wounds.get("rending", "—"),
                     "treats": ", ".join(_wound_label(w) for h in treat for w in h.removes) or "—"})
    return rows


def _wound_label(wound_id: str) -> str:
    wound = next(w for w in rules.WOUNDS if w.id == wound_id)
    return f"{wound.name} {wound.track}"


def pair_rows() -> list[dict]:
    """Every pair of dice on the track: chance of each tier or better with no bonus, the chance
    of a Blitz Point, and the average total."""
    rows = []
    for a, b in itertools.combinations_with_replacement(rules.DIE_TRACK, 2):
        law = check_distribution(a.sides, b.sides, 0)
        probs = tier_distribution(law)
        at_least = [sum(probs[t:]) for t in range(len(probs))]
        rows.append({"id": f"{a.id}-{b.id}", "dice": f"{a.id} + {b.id}",
                     "range": f"{law.min}–{law.max}",
                     "at_least": [percent(float(p)) for p in at_least[1:]],
                     "blitz": f"1 in {a.sides * b.sides}",
                     "mean": f"{float(law.mean()):g}"})
    return rows


def action_rows(most: int = 4) -> list[dict]:
    """For 1 … ``most`` actions in a turn, the penalty on each of them."""
    return [{"actions": n,
             "penalties": [f"−{action_penalty(k, n)}" if action_penalty(k, n) else "none"
                           for k in range(1, n + 1)]}
            for n in range(1, most + 1)]


def assist_rows() -> list[dict]:
    """Tier of an action (rows) after an assist reaching each tier (columns)."""
    numbers = [t.number for t in rules.TIERS]
    return [{"id": f"assist-{rules.tier_by_number(a).id}", "action": tier_name(a),
             "results": [tier_name(assisted_tier(a, b)) + (" ↑" if assisted_tier(a, b) > a else "")
                         for b in numbers]}
            for a in numbers]


def contest_rows() -> list[dict]:
    """The outcome of a contest for each pair of tiers reached."""
    numbers = [t.number for t in rules.TIERS]
    out = []
    for a in numbers:
        cells = []
        for b in numbers:
            d = contest_difference(a, b)
            if d == 0:
                cells.append("tie (tier-0)")
            else:
                who = "A" if d > 0 else "B"
                cells.append(f"{who}: {tier_name(abs(d))}")
        out.append({"tier": tier_name(a), "cells": cells})
    return out


def assist_example(action_total: int, assist_total: int) -> str:
    """The tier an action of ``action_total`` counts as with an assist of ``assist_total``
    (``assist_example(10, 20)`` is ``"15"``), for the source's worked examples."""
    return rules.tier_by_number(assisted_tier(tier_of(action_total), tier_of(assist_total))).label


def contest_example(total_a: int, total_b: int) -> str:
    """The tier of side A's success in a contest (``contest_example(20, 10)`` is ``"15"``)."""
    return rules.tier_by_number(contest_difference(tier_of(total_a), tier_of(total_b))).label


def deck_rows() -> list[dict]:
    """Each kind of card: how many, which ranks, and what it does for blitz and initiative."""
    rows = []
    counts = rules.deck_counts()
    for kind in ("ace", "face", "joker", "number"):
        ranks = [c.label for c in rules.CARDS if c.kind == kind]
        effects = {r.use: r.effect for r in rules.CARD_RULES if r.kind == kind}
        rows.append({"kind": kind, "count": counts[kind], "ranks": ", ".join(ranks),
                     "blitz": effects.get("blitz", "—"),
                     "initiative": effects.get("initiative", "—")})
    return rows


def blitz_figures(cards: int | None = None) -> dict:
    """Headline odds of a Blitz Point draw, as percentages for prose."""
    result = blitz_odds(cards or rules.rule("blitz-draw"))
    return {"ace": percent(result["p_ace"]), "joker": percent(result["p_joker"]),
            "spare_ace": percent(result["p_spare_ace"]),
            "no_face": percent(result["faces"][0]["p"]),
            "nothing": percent(result["p_nothing"]),
            "mean_faces": f"{result['mean_faces']:.2f}"}


def wound_rows(track: str) -> list[dict]:
    """The tiers of one wound track, lowest first."""
    rows = []
    for wound in sorted((w for w in rules.WOUNDS if w.track == track), key=lambda w: w.tier):
        rows.append({"id": wound.id, "name": wound.name,
                     "tier": rules.tier_by_number(wound.tier).label,
                     "capacity": wound.capacity, "effect": wound.effect or "—",
                     "deadline": deadline_text(wound.deadline_minutes)})
    return rows


def deadline_text(minutes: int | None) -> str:
    """``480`` -> ``about 8 hours``; ``1`` -> ``about 1 minute``; ``None`` -> ``—``."""
    if minutes is None:
        return "—"
    if minutes % 60 == 0:
        hours = minutes // 60
        return f"about {hours} hour{'s' if hours != 1 else ''}"
    return f"about {minutes} minute{'s' if minutes != 1 else ''}"


def healing_rows() -> list[dict]:
    """Each way to heal, with the wounds it can remove."""
    return [{"id": h.id, "method": h.method,
             "needs": (f"{rules.rule('rest-heal-hours')} hour of rest" if h.tier is None
                       else f"treatment roll in the {tier_name(h.tier)} or higher"),
             "removes": ", ".join(_wound_label(w) for w in h.removes), "summary": h.summary}
            for h in rules.HEALING]


def bonus_rows() -> list[dict]:
    """The bonus kinds with their steps and caps."""
    rows = []
    for bonus in rules.BONUSES.values():
        steps = advancement.bonus_steps(bonus.id)
        rows.append({"id": bonus.id, "name": bonus.name, "applies_to": bonus.applies_to,
                     "steps": ", ".join(f"+{s['adds']} (total +{s['total']})" for s in steps)
                     or "no bonus to rolls",
                     "max": (f"{bonus.max_applications}" if bonus.max_applications is not None
                             else "no limit given"),
                     "cap": f"+{bonus.maximum}" if steps else "—",
                     "summary": bonus.summary, "source": bonus.source})
    return rows


def progression_rows() -> list[dict]:
    """Dice after each die advancement point spent (see ``advancement.die_progression``)."""
    rows = []
    for row in advancement.die_progression():
        dice = ", ".join(f"{n}× {die}" for die, n in row["dice"].items() if n)
        nxt = f"a {row['advances']} to a {row['to']}" if row["to"] else "— (end of the track)"
        rows.append({"points": row["points"], "dice": dice, "next": nxt})
    return rows


NAMESPACE = "pmm"
GLOBALS = {
    "rules": rules.RULES,
    "attributes": rules.ATTRIBUTES,
    "starting_dice": rules.STARTING_DICE,
    "die_track": rules.DIE_TRACK,
    "tiers": rules.TIERS,
    "bonuses": rules.BONUSES,
    "magic": rules.MAGIC,
    "level_ups": rules.LEVEL_UPS,
    "healing": rules.HEALING,
    "tier_name": tier_name,
    "tier_rows": tier_rows,
    "pair_rows": pair_rows,
    "action_rows": action_rows,
    "assist_rows": assist_rows,
    "contest_rows": contest_rows,
    "assist_example": assist_example,
    "contest_example": contest_example,
    "deck_rows": deck_rows,
    "blitz_figures": blitz_figures,
    "wound_rows": wound_rows,
    "healing_rows": healing_rows,
    "bonus_rows": bonus_rows,
    "progression_rows": progression_rows,
    "max_bonus": MAX_BONUS,
    "max_actions": MAX_ACTIONS,
}
