"""``mb-tracker``: a magical girl's three overcharge counters, what each stage calls for, and
the counters after a step of play (overcharge gained on one stat, an effect applied).

Seed ``002_f32d69e9731a3667.txt``: “Overcharge” (counters, stages, resets, bursts), “Basic
Magical Talents” (Boost), “Sorcery” (strain), “Medium Magical Talents” (Dampen Overcharge),
“Affinities & Talents” (Power Dampening). The order of a step and what Dampen Overcharge
halves are readings (``tracker-add-then-apply``, ``tracker-one-action``); a counter below 13
only *calls for* its effect, a Burst happens at once (``stage-calls-for-an-effect``).

The widget keeps every input in the URL, so a bookmarked link holds a player's counters.
"""

from __future__ import annotations

from ..calculator import Calculator
from ..params import BOOL, CHOICE, Param
from . import dice_rules
from .overcharge import (BURST_AT, OVERCHARGE_RULES, STAT_NAMES, STATS, apply_effect,
                         calls_for)
from .tracker_view import render_tracker

#: Highest counter accepted as input: a Burst comes at 13, so 30 leaves room for a big roll
#: on top of a counter that has not been resolved yet.
MAX_COUNTER = 30
#: Most sixes entered for one check (and most "other" points): far beyond a real roll.
MAX_SIXES = 20
MAX_TALENT = 10

BOOSTS_PER_SCENE = OVERCHARGE_RULES["gain-boost"].limit
STRAIN_POINTS = OVERCHARGE_RULES["gain-sorcery-strain"].limit
POWER_DAMPENING_PER_SCENE = OVERCHARGE_RULES["reduce-power-dampening"].limit

STAT_CHOICES = tuple((s, STAT_NAMES[s]) for s in STATS)


def mb_tracker(heart: int, fury: int, judgment: int, add_to: str, sixes: int, boosts: int,
               talent: int, strain: bool, other: int, dampen: bool, power_dampening: int,
               apply: str) -> dict:
    """One step of play on the three counters.

    1. Overcharge gained: ``sixes + boosts + talent + strain + other`` on ``add_to``; halved,
       rounding down, if an ally uses Dampen Overcharge; then ``power_dampening`` points
       removed from the same counter (never below 0).
    2. ``apply`` (a stat, or ``none``): that counter's stage effect comes into play and the
       counter resets as the rules say (to 0 for every stage; see
       :func:`~calculators.magical_burst.overcharge.apply_effect`).

    Returns:
        ``stats``: per stat, ``before``, ``after_gain``, ``after`` (the new counter),
        ``calls_for`` (stage and table for ``after_gain``), ``applied``, ``bursts_now``; and
        ``gain`` (the arithmetic of step 1), ``applied`` (what was applied or ``None``),
        ``bursts`` (stats whose Burst happens now and was not applied), ``judgment_burst``
        (damage and avoidance difficulty if a Judgment Burst was applied).
    """
    before = {"heart": heart, "fury": fury, "judgment": judgment}
    raw = sixes + boosts + talent + (STRAIN_POINTS if strain else 0) + other
    gained = raw // 2 if dampen else raw
    after_gain = dict(before)
    after_gain[add_to] += gained
    removed = min(power_dampening, after_gain[add_to])
    after_gain[add_to] -= removed

    after = dict(after_gain)
    applied = None
    judgment_burst = None
    if apply != "none":
        effect = calls_for(apply, after_gain[apply])
        after[apply] = apply_effect(after_gain[apply])
        applied = {"stat": apply, "counter": after_gain[apply], **effect}
        if effect["stage"] == "burst" and apply == "judgment":
            released = after_gain[apply]
            judgment_burst = {
                "released": released,
                "damage": released * dice_rules.value("judgment-burst-damage-per-point"),
                "difficulty": released * dice_rules.value("judgment-burst-difficulty-per-point"),
            }

    stats = []
    for stat in STATS:
        stats.append({
            "stat": stat,
            "name": STAT_NAMES[stat],
            "before": before[stat],
            "after_gain": after_gain[stat],
            "after": after[stat],
            "calls_for": calls_for(stat, after_gain[stat]),
            "applied": apply == stat,
            "bursts_now": after_gain[stat] >= BURST_AT,
        })
    return {
        "stats": stats,
        "gain": {"stat": add_to, "sixes": sixes, "boosts": boosts, "talent": talent,
                 "strain": STRAIN_POINTS if strain else 0, "other": other, "raw": raw,
                 "dampened": dampen, "gained": gained, "removed": removed},
        "applied": applied,
        "bursts": [s["stat"] for s in stats if s["bursts_now"] and not s["applied"]],
        "judgment_burst": judgment_burst,
        "burst_at": BURST_AT,
    }


MB_TRACKER = Calculator(
    name="mb-tracker",
    title="Overcharge tracker",
    summary="Heart, Fury and Judgment overcharge counters: their stages, what each calls for, "
            "and the counters after gaining overcharge or applying an effect.",
    params=(
        Param("heart", "Heart counter", default=0, minimum=0, maximum=MAX_COUNTER,
              help="Heart overcharge now."),
        Param("fury", "Fury counter", default=0, minimum=0, maximum=MAX_COUNTER,
              help="Fury overcharge now."),
        Param("judgment", "Judgment counter", default=0, minimum=0, maximum=MAX_COUNTER,
              help="Judgment overcharge now."),
        Param("add_to", "Gain on", kind=CHOICE, default="heart", choices=STAT_CHOICES,
              help="The stat the overcharge below goes to."),
        Param("sixes", "Sixes rolled", default=0, minimum=0, maximum=MAX_SIXES,
              help="Every 6 on the check, extra dice included: 1 each."),
        Param("boosts", "Boosts", default=0, minimum=0, maximum=BOOSTS_PER_SCENE,
              help=f"1 each; up to {BOOSTS_PER_SCENE} a scene."),
        Param("talent", "Talent cost", default=0, minimum=0, maximum=MAX_TALENT,
              help="Overcharge a talent costs on this stat."),
        Param("strain", "Sorcery strain", kind=BOOL, default=False,
              help=f"The sorcery side effect: {STRAIN_POINTS} more on the stat used."),
        Param("other", "Other", default=0, minimum=0, maximum=MAX_SIXES,
              help="Any other overcharge taken on this stat."),
        Param("dampen", "Dampen Overcharge", kind=BOOL, default=False,
              help="An ally halves the gain (round down)."),
        Param("power_dampening", "Power Dampening", default=0, minimum=0,
              maximum=POWER_DAMPENING_PER_SCENE,
              help=f"Points removed from this stat; up to {POWER_DAMPENING_PER_SCENE} a scene."),
        Param("apply", "Apply effect of", kind=CHOICE, default="none",
              choices=(("none", "Nothing"), *STAT_CHOICES),
              help="That counter's effect comes into play; the counter resets."),
    ),
    compute=mb_tracker,
    render=render_tracker,
    example={"heart": 3, "fury": 6, "judgment": 9},
    rules=(("Overcharge stages", "magical-burst/overcharge.md#stages"),
           ("Gaining and shedding overcharge", "magical-burst/overcharge.md#gaining-overcharge"),
           ("Bursts", "magical-burst/overcharge.md#bursts")),
)
