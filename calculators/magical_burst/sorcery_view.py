"""HTML for an ``mb-sorcery`` result: one row per difficulty window, one column per outcome."""

from __future__ import annotations

from ..ui import Html, h, percent
from .view_common import figure, figures, number, table, totals_chart, truncation_note

#: The site's outcome colours, reused: failure grey, side effect plain, clean and
#: drawback-with-benefit green.
BAND_KINDS = {"failure": "failure", "side-effect": "side-effect", "clean": "success",
              "drawback-benefit": "critical-success"}


def render_sorcery(result: dict) -> Html:
    windows = result["windows"]
    bands = result["bands"]
    head = figures(*[figure(f"Works at {w['low']} / {w['middle']} / {w['high']}+",
                            percent(w["p_success"]), "main" if i == 0 else "")
                     for i, w in enumerate(windows)],
                   figure("Average overcharge", number(result["mean_overcharge"], 3)))
    bonus = result["stat"] + result["modifier"] + result["penalty"]
    dice = f"{result['rolled']}d6!"
    if result["replaced"]:
        dice += f" + {result['replaced']}×{result['ritual_face']}"
    roll = f"{dice}{bonus:+d}" if bonus else dice
    notes = [f"Roll {roll}"]
    if result["penalty"]:
        notes.append(f"{result['action_name']}: {result['penalty']:+d}")
    if result["replaced"]:
        notes.append(f"the ritual makes {result['replaced']} of {result['dice']} dice 3s, "
                     "which neither explode nor add overcharge")
    summary = h("p", "; ".join(notes) + ". A total on the low number works with a side effect.",
                class_="calc-summary")
    grid = h("table",
             h("caption", "Chance of each outcome by window (low / middle / high+)"),
             h("thead", h("tr", h("th", "Window", scope="col"),
                          [h("th", bands[k], scope="col") for k in BAND_KINDS])),
             h("tbody", [h("tr", h("th", f"{w['name']}: {w['low']} / {w['middle']} / "
                                         f"{w['high']}+", scope="row"),
                           [h("td", percent(w["p"][k]), class_=BAND_KINDS[k])
                            for k in BAND_KINDS])
                         for w in windows]))
    rows = [{**r, "outcome": BAND_KINDS[r["outcome"]]} for r in result["distribution"]]
    first = windows[0]
    return h("div", head, summary, grid,
             totals_chart(rows, {BAND_KINDS[k]: f"{bands[k]} ({first['low']}/{first['middle']}/"
                                 f"{first['high']}+ window)" for k in BAND_KINDS}),
             table(f"Every total of {roll}", ("Total", "Chance", "At least"),
                   [(r["total"], percent(r["p"]), percent(r["p_at_least"]))
                    for r in result["distribution"]], "Table of every total"),
             table(f"Overcharge added by the roll (mean {number(result['mean_overcharge'], 3)})",
                   ("Overcharge", "Chance"),
                   [(r["overcharge"], percent(r["p"])) for r in result["overcharge"]],
                   "Table of the overcharge gained"),
             truncation_note(result["truncated"]), class_="calc-result")
