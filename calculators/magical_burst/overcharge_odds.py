"""``mb-overcharge``: how fast a stat's overcharge counter climbs to a burst.

Seed ``002_f32d69e9731a3667.txt``, “Overcharge”: every six on a magical check adds a point to
the stat's counter, and the counter bursts the moment it reaches 13 (stages from
``overcharge_stages.json``, owned by :mod:`.overcharge`). “Basic Magical Talents”: each boost
adds 1 overcharge and one more exploding die. The counter is followed with no overcharge effect
played between checks (interpretation ``overcharge-odds-without-resets``).

The overcharge of one check is ``X = boosts + S`` where ``S``, the sixes of ``2 + boosts``
exploding dice, is negative binomial: P(S = s) = C(n + s - 1, s) 5^n / 6^(n + s). Only
P(X = j) for j < 13 is needed (any larger step bursts from every state), so the chain over
counter values 0..12 plus “burst” is exact, with nothing truncated.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

from ..calculator import Calculator
from ..params import Param
from .checks import BOOST_OVERCHARGE, CHECK_DICE, MAX_BOOSTS, MEAN_SIXES_PER_DIE
from .exploding import sixes_law
from .overcharge import BURST_AT, STAGES, stage_of
from .overcharge_odds_view import render_overcharge

__all__ = ["MAX_CHECKS", "MB_OVERCHARGE", "check_step", "expected_checks", "run_chain"]

#: Longest run of checks tabulated.
MAX_CHECKS = 20


def check_step(boosts: int) -> tuple[list[Fraction], Fraction]:
    """P(one check adds exactly j overcharge) for j = 0..BURST_AT-1, and its exact mean."""
    dice = CHECK_DICE + boosts
    extra = boosts * BOOST_OVERCHARGE
    sixes = sixes_law(dice, BURST_AT)
    step = [sixes[j - extra] if j >= extra else Fraction(0) for j in range(BURST_AT)]
    return step, extra + MEAN_SIXES_PER_DIE * dice


def run_chain(start: int, boosts: int, checks: int) -> list[tuple[list[Fraction], Fraction]]:
    """After each of 1..``checks`` checks: P(counter = c) for c < BURST_AT, and P(burst).

    Worked in integers: the step law over its common denominator ``den``, and the state after
    k checks over ``den**k``; each row is turned into exact fractions at the end.
    """
    step, _ = check_step(boosts)
    den = 1
    for p in step:
        den = den * p.denominator // gcd(den, p.denominator)
    weights = [p.numerator * (den // p.denominator) for p in step]
    state = [0] * BURST_AT
    state[start] = 1
    burst = 0
    scale = 1
    history = []
    for _ in range(checks):
        nxt = [0] * BURST_AT
        burst *= den  # rescale the burst mass to the new denominator
        for c, w in enumerate(state):
            if not w:
                continue
            stays = 0
            for j in range(BURST_AT - c):
                nxt[c + j] += w * weights[j]
                stays += weights[j]
            burst += w * (den - stays)
        state = nxt
        scale *= den
        history.append(([Fraction(w, scale) for w in state], Fraction(burst, scale)))
    return history


def expected_checks(boosts: int) -> tuple[list[Fraction], list[Fraction]]:
    """Exact expected checks until a burst, and expected counter value at the burst, from every
    counter value 0..BURST_AT-1 (first-step analysis, solved from the top down).

    E_k = (1 + sum_{j>=1} p_j E_{k+j}) / (1 - p_0), and the released points
    R_k = (sum_{j>=1} p_j R_{k+j} + E[(k + X); k + X >= BURST_AT]) / (1 - p_0).
    """
    step, mean = check_step(boosts)
    times = [Fraction(0)] * BURST_AT
    released = [Fraction(0)] * BURST_AT
    for k in range(BURST_AT - 1, -1, -1):
        room = BURST_AT - k  # steps below this keep the counter under BURST_AT
        reach = 1 - sum(step[:room])
        tail_mean = mean - sum(j * step[j] for j in range(room))  # E[X; X >= room]
        inner_t = sum((step[j] * times[k + j] for j in range(1, room)), Fraction(0))
        inner_r = sum((step[j] * released[k + j] for j in range(1, room)), Fraction(0))
        times[k] = (1 + inner_t) / (1 - step[0])
        released[k] = (inner_r + k * reach + tail_mean) / (1 - step[0])
    return times, released


def mb_overcharge(start: int, checks: int, boosts: int) -> dict:
    """Stage odds after 1..MAX_CHECKS checks, burst odds, expected checks to a burst."""
    history = run_chain(start, boosts, MAX_CHECKS)
    times, released = expected_checks(boosts)
    _, mean_step = check_step(boosts)
    stage_ids = [s.id for s in STAGES]
    table = []
    previous_burst = Fraction(0)
    for n, (state, burst) in enumerate(history, start=1):
        by_stage = {sid: Fraction(0) for sid in stage_ids}
        for c, p in enumerate(state):
            by_stage[stage_of(c).id] += p
        by_stage[stage_of(BURST_AT).id] += burst
        table.append({"checks": n, "p_stage": {k: float(v) for k, v in by_stage.items()},
                      "p_burst": float(burst), "p_burst_on": float(burst - previous_burst)})
        previous_burst = burst
    state, burst = history[checks - 1]
    counter = [{"counter": c, "p": float(p), "stage": stage_of(c).id}
               for c, p in enumerate(state)]
    counter.append({"counter": BURST_AT, "p": float(burst), "stage": stage_of(BURST_AT).id})
    at_least, running = [], Fraction(1)
    for c, p in enumerate(state):
        at_least.append(float(running))
        running -= p
    at_least.append(float(burst))
    chosen = table[checks - 1]
    return {
        "start": start, "checks": checks, "boosts": boosts, "burst_at": BURST_AT,
        "dice": CHECK_DICE + boosts, "start_stage": stage_of(start).name,
        "stages": [{"id": s.id, "name": s.name, "first": s.first, "last": s.last}
                   for s in STAGES],
        "p_stage": chosen["p_stage"],
        "p_reached": {s.id: float(burst + sum(state[s.first:], Fraction(0)))
                      for s in STAGES},
        "p_burst": chosen["p_burst"],
        "exact_p_burst": str(burst),
        "mean_overcharge_per_check": float(mean_step),
        "expected_checks_to_burst": float(times[start]),
        "exact_expected_checks_to_burst": str(times[start]),
        "expected_released_at_burst": float(released[start]),
        "counter": counter,
        "counter_at_least": at_least,
        "table": table,
        "truncated": 0.0,
    }


MB_OVERCHARGE = Calculator(
    name="mb-overcharge",
    title="Overcharge odds",
    summary="Chance that a stat's overcharge counter reaches each stage, and bursts, over a run "
            "of magical checks.",
    params=(
        Param("start", "Counter now", default=0, minimum=0, maximum=BURST_AT - 1,
              help=f"The stat's overcharge counter before the checks (a burst comes at "
                   f"{BURST_AT})."),
        Param("checks", "Checks", default=5, minimum=1, maximum=MAX_CHECKS,
              help="How many magical checks on that stat."),
        Param("boosts", "Boosts per check", default=0, minimum=0, maximum=MAX_BOOSTS,
              help="Boosts on every check: +1 overcharge and one more exploding die each."),
    ),
    compute=mb_overcharge,
    render=render_overcharge,
    rules=(("Overcharge odds", "magical-burst/overcharge-odds.md#overcharge-odds"),),
)
