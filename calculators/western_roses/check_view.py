"""HTML for a ``wr-check`` result: the headline odds, a chart, and the full table."""

from __future__ import annotations

from ..interpretations import note_ref, reading
from ..ui import (Bar, Html, details_table, distribution_chart, figure, h, linked_text, number,
                  percent)

#: The page the check calculator sits on; the note its answer cites is linked from it.
PAGE = "western-roses/basic-rolls.md"
SMALL_POOLS = note_ref("calculators.western_roses", "small-pool-can-beat-a-larger-one")

OUTCOME_LABELS = {
    "critical-failure": "critical failure",
    "failure": "failure",
    "success": "success",
    "critical-success": "critical success",
}


def render_check(result: dict) -> Html:
    """The answer a player wants first (chance to succeed), then the detail behind it."""
    dice, modifier, target = result["dice"], result["modifier"], result["target"]
    roll = f"{dice}d{modifier:+d}" if modifier else f"{dice}d"
    crit_fail = result["critical_failure_totals"]
    crit_success = result["critical_success_totals"]
    headline = h(
        "div",
        figure("Chance to succeed", percent(result["p_success"]), "main"),
        figure("Critical success", percent(result["p_critical_success"])),
        figure("Critical failure", percent(result["p_critical_failure"])),
        figure("Average total", number(result["mean"])),
        class_="calc-figures",
    )
    stat_note = f" (stat {result['stat']})" if result["stat"] is not None else ""
    summary = h(
        "p", f"{roll}{stat_note} against {target}: totals run from {result['lowest']} to "
        f"{result['highest']}. Success needs more than {target}; a critical success "
        f"({crit_success[0]}–{crit_success[1]}) counts unless it is 10 or more below the target; "
        f"a critical failure ({crit_fail[0]}–{crit_fail[1]}) always fails.",
        class_="calc-summary")
    by_critical = result["p_success_by_critical"]
    crit_note = h(
        "p", linked_text(
            f"{percent(by_critical)} of all rolls succeed only through the critical rule (a "
            f"top-three total at or below {target}). With few dice that share is large, so a "
            f"smaller pool can beat a larger one ({reading(SMALL_POOLS)}).", [SMALL_POOLS], PAGE),
        class_="calc-summary") if by_critical else ""
    rows = result["distribution"]
    chart = distribution_chart([Bar(r["total"], r["p"], r["outcome"]) for r in rows],
                               [r["p_at_least"] for r in rows], "total", OUTCOME_LABELS,
                               "chance of at least this total")
    table = details_table(
        f"Every total of {roll}", ("Total", "Chance", "At least", "Outcome"),
        [(r["total"], percent(r["p"]), percent(r["p_at_least"]),
          h("td", OUTCOME_LABELS[r["outcome"]], class_=r["outcome"])) for r in rows],
        "Table of every total")
    return h("div", headline, summary, crit_note, chart, table, class_="calc-result")
