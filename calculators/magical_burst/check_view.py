"""HTML for ``mb-check`` and ``mb-move`` results."""

from __future__ import annotations

from ..interpretations import note_refs
from ..ui import Html, h, linked_text, percent
from .view_common import (figure, figures, number, table, totals_chart,
                          truncation_note)

#: The page the checks sit on: the interpretation note an answer cites is linked from it.
PAGE = "magical-burst/checks.md"
OUTCOME_LABELS = {"failure": "failure", "success": "success",
                  "critical-success": "major success"}
#: Colours for a move's three rows, reusing the site's outcome classes.
BAND_KINDS = {"low": "failure", "middle": "success", "high": "critical-success"}


def _roll_text(result: dict) -> str:
    dice = result.get("dice", 2 + result["boosts"])
    bang = "" if result.get("kind") == "mundane" else "!"
    bonus = result["stat"] + result["modifier"]
    return f"{dice}d6{bang}{bonus:+d}" if bonus else f"{dice}d6{bang}"


def _overcharge_table(rows: list[dict], mean: float) -> Html:
    return table(f"Overcharge added by the roll (mean {number(mean, 3)})",
                 ("Overcharge", "Chance"),
                 [(r["overcharge"], percent(r["p"])) for r in rows],
                 "Table of the overcharge gained")


def render_check(result: dict) -> Html:
    """Chance of success first, then the overcharge, the chart and the tables."""
    magical = result["kind"] == "magical"
    roll = _roll_text(result)
    head = figures(
        figure(f"Success ({result['success_at']}+)", percent(result["p_success"]), "main"),
        figure(f"Major success ({result['major_at']}+)", percent(result["p_major"])),
        figure("Average total", number(result["mean_total"])),
        figure("Average overcharge", number(result["mean_overcharge"], 3)) if magical else None,
    )
    if magical:
        note = (f"{roll}: each 6 adds another die and a point of overcharge to the stat's "
                f"counter" + (f"; the {result['boosts']} boost(s) add 1 overcharge each."
                              if result["boosts"] else ".") + " ")
        note = linked_text(note + result["reading"], note_refs("calculators.magical_burst").values(),
                           PAGE)
    else:
        note = f"{roll}: a mundane check never explodes and adds no overcharge."
    rows = result["distribution"]
    parts = [head, h("p", note, class_="calc-summary"), totals_chart(rows, OUTCOME_LABELS),
             table(f"Every total of {roll}", ("Total", "Chance", "At least", "Outcome"),
                   [(r["total"], percent(r["p"]), percent(r["p_at_least"]),
                     h("td", OUTCOME_LABELS[r["outcome"]], class_=r["outcome"])) for r in rows],
                   "Table of every total")]
    if magical:
        parts.append(table(
            "Chance of each total with 0, 1, 2 or 3+ sixes (the overcharge the dice add)",
            ("Total", "0 sixes", "1 six", "2 sixes", "3+ sixes"),
            [(r["total"], *(percent(p) for p in r["p_by_sixes"])) for r in result["joint"]],
            "Table of totals by number of sixes"))
        parts.append(_overcharge_table(result["overcharge"], result["mean_overcharge"]))
        parts.append(truncation_note(result["truncated"]))
    return h("div", parts, class_="calc-result")


def _band_range(band: dict) -> str:
    if band["first"] is None:
        return f"{band['last']} or less"
    if band["last"] is None:
        return f"{band['first']}+"
    return f"{band['first']}–{band['last']}"


def render_move(result: dict) -> Html:
    """The three rows of the move's table with their chances."""
    roll = _roll_text(result)
    bands = result["bands"]
    head = figures(*[figure(_band_range(b), percent(b["p"]), "main" if b["id"] == "high" else "")
                     for b in bands],
                   figure("Average overcharge", number(result["mean_overcharge"], 3)))
    stat = "Defence" if result["stat_name"] == "defence" else "Support"
    summary = h("p", f"{result['name']} ({result['source']}): {roll} with {stat} "
                f"{result['stat']}. {result['when']}", class_="calc-summary")
    band_table = h("table", h("caption", f"{result['name']}: results"),
                   h("thead", h("tr", h("th", "Total", scope="col"),
                                h("th", "Result", scope="col"), h("th", "Chance", scope="col"))),
                   h("tbody", [h("tr", h("td", _band_range(b)), h("td", b["outcome"]),
                                 h("td", percent(b["p"]), class_=BAND_KINDS.get(b["id"])))
                               for b in bands]))
    rows = [{**r, "outcome": BAND_KINDS.get(r["outcome"], "")} for r in result["distribution"]]
    labels = {BAND_KINDS[b["id"]]: _band_range(b) for b in bands if b["id"] in BAND_KINDS}
    return h("div", head, summary, band_table, totals_chart(rows, labels),
             table(f"Every total of {roll}", ("Total", "Chance", "At least"),
                   [(r["total"], percent(r["p"]), percent(r["p_at_least"]))
                    for r in result["distribution"]], "Table of every total"),
             _overcharge_table(result["overcharge"], result["mean_overcharge"]),
             truncation_note(result["truncated"]), class_="calc-result")
