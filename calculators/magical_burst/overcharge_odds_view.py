"""HTML for an ``mb-overcharge`` result: burst odds, the counter after N checks, the run table."""

from __future__ import annotations

from ..ui import Bar, Html, distribution_chart, h, percent
from .view_common import figure, figures, number, table

#: Bar colours by stage, reusing the site's outcome classes (greens are safe, red is a burst).
STAGE_KINDS = {"none": "critical-success", "minor-flair": "success", "major-flair": "",
               "temporary-change": "failure", "permanent-change": "failure",
               "burst": "critical-failure"}


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
        result["counter_at_least"], f"counter after {n} checks ({burst_at} = burst)")
    legend = h("p", [h("span", names[sid], class_=f"legend {kind}".strip())
                     for sid, kind in STAGE_KINDS.items() if sid in names],
               h("span", "chance the counter has reached at least this value",
                 class_="legend at-least"), class_="calc-legend")
    stage_table = h("table", h("caption", f"After {n} checks"),
                    h("thead", h("tr", h("th", "Stage", scope="col"),
                                 h("th", "Counter", scope="col"),
                                 h("th", "Chance the counter is here", scope="col"),
                                 h("th", "Chance it has reached it", scope="col"))),
                    h("tbody", [h("tr", h("td", s["name"]),
                                  h("td", f"{s['first']}+" if s["last"] is None else
                                     (f"{s['first']}" if s["first"] == s["last"] else
                                      f"{s['first']}–{s['last']}")),
                                  h("td", percent(result["p_stage"][s["id"]])),
                                  h("td", percent(result["p_reached"][s["id"]])))
                                for s in result["stages"]]))
    rows = result["table"]
    timeline = distribution_chart([Bar(r["checks"], r["p_burst_on"], "critical-failure")
                                   for r in rows], [r["p_burst"] for r in rows], "checks")
    timeline_legend = h("p", h("span", "burst on exactly this check", class_="legend critical-failure"),
                        h("span", "burst within this many checks", class_="legend at-least"),
                        class_="calc-legend")
    ids = [s["id"] for s in result["stages"]]
    run_table = table("Stage of the counter after each number of checks",
                      ("Checks", *(names[i] for i in ids)),
                      [(r["checks"], *(percent(r["p_stage"][i]) for i in ids)) for r in rows],
                      "Table for 1 to 20 checks")
    return h("div", head, summary, stage_table, chart, legend, timeline, timeline_legend,
             run_table, class_="calc-result")
