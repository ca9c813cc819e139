"""Magical Burst dice data for page templates (checks, combat, overcharge odds).

Every figure a page shows is computed here by the same functions the calculators use.
"""

from __future__ import annotations

from calculators.magical_burst import rules
from calculators.magical_burst.checks import check_law
from calculators.magical_burst.overcharge import BURST_AT, STAGES
from calculators.magical_burst.overcharge_odds import MAX_CHECKS, check_step, expected_checks
from calculators.magical_burst.burst import burst_damage, burst_difficulty
from calculators.magical_burst.sorcery import window_bands
from calculators.ui import percent

STATS = range(-1, 9)


def band_label(band) -> str:
    """``10 or less``, ``11–13``, ``14+`` for a move band (anything with first/last)."""
    if band.first is None:
        return f"{band.last} or less"
    if band.last is None:
        return f"{band.first}+"
    return f"{band.first}–{band.last}"


def check_odds_rows(stats: range = STATS) -> list[dict]:
    """Per stat: P(9+) and P(13+) for a mundane and a magical check, and a magical check's
    mean overcharge (the same for every stat)."""
    success, major = rules.check_value("success-at"), rules.check_value("major-success-at")
    rows = []
    for stat in stats:
        mundane, magical = check_law(False, stat), check_law(True, stat)
        rows.append({"stat": stat,
                     "mundane_success": percent(float(mundane.at_least(success))),
                     "mundane_major": percent(float(mundane.at_least(major))),
                     "magical_success": percent(float(magical.at_least(success))),
                     "magical_major": percent(float(magical.at_least(major)))})
    return rows


def sorcery_odds_rows(stats: range = range(0, 11)) -> list[dict]:
    """Per stat: the chance each window's sorcery works (any band but failure), out of battle,
    no boost, no ritual."""
    rows = []
    for stat in stats:
        law = check_law(True, stat)
        rows.append({"stat": stat, "windows": [
            percent(float(1 - window_bands(law, w)["failure"])) for w in rules.WINDOWS]})
    return rows


def move_odds_rows(stats: range = STATS) -> list[dict]:
    """Per stat: the chance of each row of the 10-or-less / 11–13 / 14+ table."""
    bands = next(iter(rules.MOVES.values())).bands
    rows = []
    for stat in stats:
        law = check_law(True, stat)
        rows.append({"stat": stat,
                     "bands": [percent(float(law.between(b.first, b.last))) for b in bands]})
    return rows


def move_band_labels() -> list[str]:
    return [band_label(b) for b in next(iter(rules.MOVES.values())).bands]


def overcharge_pace_rows() -> list[dict]:
    """Per boosts used on every check: mean overcharge per check, expected checks from an empty
    counter to a burst, and the points the burst releases on average."""
    rows = []
    for boosts in range(rules.check_value("boosts-per-scene") + 1):
        _, mean = check_step(boosts)
        times, released = expected_checks(boosts)
        rows.append({"boosts": boosts, "mean": f"{float(mean):.2f}",
                     "checks": f"{float(times[0]):.1f}", "released": f"{float(released[0]):.1f}"})
    return rows


def judgment_rows(points: range = range(BURST_AT, BURST_AT + 6)) -> list[dict]:
    return [{"points": p, "damage": burst_damage(p), "difficulty": burst_difficulty(p)}
            for p in points]


NAMESPACE = "mb.dice"
GLOBALS = {
    "value": rules.check_value,
    "rules": rules.CHECK_RULES,
    "windows": rules.WINDOWS,
    "bands": rules.BANDS,
    "actions": rules.ACTIONS,
    "rituals": rules.RITUALS,
    "moves": rules.MOVES,
    "wounds": rules.WOUNDS,
    "band_label": band_label,
    "check_odds_rows": check_odds_rows,
    "sorcery_odds_rows": sorcery_odds_rows,
    "move_odds_rows": move_odds_rows,
    "move_band_labels": move_band_labels,
    "overcharge_pace_rows": overcharge_pace_rows,
    "judgment_rows": judgment_rows,
    "stages": STAGES,
    "max_checks": MAX_CHECKS,
}
