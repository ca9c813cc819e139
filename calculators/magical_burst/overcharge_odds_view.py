"""HTML for an ``mb-overcharge`` result: burst odds, the counter after N checks, the run table."""

from __future__ import annotations

from ..ui import Bar, Html, data_table, distribution_chart, h, percent
from .view_common import figure, figures, number, table

#: Bar colour class of each stage: one colour per stage (calculators.css), red for the burst.
STAGE_KINDS = {"none": "stage-none", "minor-flair": "stage-minor-flair",
               "major-flair": "stage-major-flair", "temporary-change": "stage-temporary-change",
               "permanent-change": "stage-permanent-change", "burst": "critical-failure"}


def render_overcharge(result: dict) -> Html:
    n, burst_at = result["checks"], result["burst_at"]
    names = {s["id"]: s["name"] for s in result["stages"]}
    head = figures(
        figure(f"Burst within {n} check{'s' if n != 1 else ''}", percent(result["p_burst"]),
               "main"),
        figure("Expected checks to a burst", number(result["expected_checks_to_burst"])),
        figure("Overcharge per check (mean)", number(result["mean_overcharge_per_check"], 3)),
        figure("Points released at the burst (mean)",
               number(result["expected_released_at_burst"])),
    )
    boosts = result["boosts"]
    summary = h("p", f"Counter at {result['start']} ({result['start_stage']}); each check rolls "
                f"{result['dice']}d6! and adds a point per six"
                + (f", plus {boosts} for the boost{'s' if boosts != 1 else ''}" if boosts else "")
                + f". A burst comes the moment the counter reaches {burst_at}. No overcharge "
                "effect is played in between, so the counter only grows.",
                class_="calc-summary")
    counter = result["counter"]
    chart = distribution_chart(
        [Bar(r["counter"], r["p"], STAGE_KINDS.get(r["stage"], "")) for r in counter],
        result["counter_at_least"], f"counter after {n} checks ({burst_at} = burst)",
        {kind: names[sid] for sid, kind in STAGE_KINDS.items() if sid in names},
        "chance the counter has reached at least this value")
    stage_table = data_table(
        f"After {n} checks",
        ("Stage", "Counter", "Chance the counter is here", "Chance it has reached it"),
        [(s["name"],
          f"{s['first']}+" if s["last"] is None else
          (f"{s['first']}" if s["first"] == s["last"] else f"{s['first']}–{s['last']}"),
          percent(result["p_stage"][s["id"]]), percent(result["p_reached"][s["id"]]))
         for s in result["stages"]])
    rows = result["table"]
    timeline = distribution_chart([Bar(r["checks"], r["p_burst_on"], "critical-failure")
                                   for r in rows], [r["p_burst"] for r in rows], "checks",
                                  {"critical-failure": "burst on exactly this check"},
                                  "burst within this many checks")
    ids = [s["id"] for s in result["stages"]]
    run_table = table("Stage of the counter after each number of checks",
                      ("Checks", *(names[i] for i in ids)),
                      [(r["checks"], *(percent(r["p_stage"][i]) for i in ids)) for r in rows],
                      "Table for 1 to 20 checks")
    return h("div", head, summary, stage_table, chart, timeline,
             run_table, class_="calc-result")
