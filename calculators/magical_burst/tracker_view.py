"""HTML for an ``mb-tracker`` result: the new counters first, then each stat's stage and what
it calls for, linked to its table on the overcharge page."""

from __future__ import annotations

from ..ui import Html, h

#: Where the tables are, relative to a Magical Burst page (``magical-burst/<page>/``). The
#: rendered answer is the same string in the static page and in the browser, so it cannot ask
#: the build for a page-relative URL; every Magical Burst page sits one level below the section.
OVERCHARGE_PAGE = "../overcharge/"


def table_link(anchor: str, label: str) -> Html:
    """A link to a table, row or burst on the overcharge page."""
    return h("a", label, href=f"{OVERCHARGE_PAGE}#{anchor}")


def _figure(label: str, value: object, note: str, kind: str = "") -> Html:
    return h("div", h("span", label, class_="label"), h("span", value, class_="value"),
             h("span", note, class_="note"), class_=f"calc-figure {kind}".strip())


def _calls_for(effect: dict) -> Html | str:
    if effect["table"] is None:
        return "nothing"
    if effect["stage"] == "burst":
        return h("span", table_link(effect["table"], effect["table_title"]), " (happens now)")
    label = effect["table_title"]
    if effect["permanent"] is not None:
        label += " (permanent)" if effect["permanent"] else " (temporary)"
    return table_link(effect["table"], label)


def _gain_text(gain: dict) -> str:
    parts = [f"{gain[key]} {label}" for key, label in
             (("sixes", "from sixes"), ("boosts", "from Boost"), ("talent", "from a talent"),
              ("strain", "from strain"), ("other", "other")) if gain[key]]
    if not parts:
        text = "No overcharge gained"
    else:
        text = f"Gained on {gain['stat'].capitalize()}: {' + '.join(parts)}"
        if len(parts) > 1:
            text += f" = {gain['raw']}"
        if gain["dampened"]:
            text += f", halved by Dampen Overcharge to {gain['gained']}"
    if gain["removed"]:
        text += f"; Power Dampening removed {gain['removed']}"
    return text + "."


def render_tracker(result: dict) -> Html:
    """The counters a player writes down, the warnings she must act on, then the detail."""
    stats = result["stats"]
    figures = h("div", [
        _figure(s["name"], s["after"], s["calls_for"]["stage_name"] if not s["applied"]
                else "applied, reset", "main" if s["bursts_now"] and not s["applied"] else "")
        for s in stats], class_="calc-figures")
    notes = [h("p", _gain_text(result["gain"]), class_="calc-summary")]
    by_stat = {s["stat"]: s for s in stats}
    for stat in result["bursts"]:
        s = by_stat[stat]
        notes.append(h("p", h("strong", f"{s['name']} bursts now"),
                       f": the counter is {s['after_gain']}, and a Burst happens the moment it "
                       f"reaches {result['burst_at']}. See ", table_link(s["calls_for"]["table"],
                                                       s["calls_for"]["table_title"]),
                       "; apply it to reset the counter.", class_="calc-warning", role="alert"))
    applied = result["applied"]
    if applied is not None:
        name = applied["stat"].capitalize()
        if applied["table"] is None:
            notes.append(h("p", f"{name} had no overcharge: nothing to apply.",
                           class_="calc-summary"))
        else:
            notes.append(h("p", f"Applied {name} at {applied['counter']} "
                           f"({applied['stage_name']}, {applied['band']}): "
                           "see " if applied["stage"] == "burst" else "choose or roll on ",
                           table_link(applied["table"], applied["table_title"]),
                           f". The {name} counter resets to 0.",
                           class_="calc-summary"))
    burst = result["judgment_burst"]
    if burst is not None:
        notes.append(h("p", f"Judgment Burst: {burst['released']} overcharge released. "
                       f"Everyone nearby takes {burst['damage']} damage; a Support check "
                       f"against {burst['difficulty']} avoids it.", class_="calc-summary"))
    table = h(
        "table",
        h("caption", "Each counter, its stage and what it calls for"),
        h("thead", h("tr", [h("th", c, scope="col") for c in
                            ("Stat", "Counter", "After gain", "Stage", "Calls for",
                             "New counter")])),
        h("tbody", [h("tr", h("th", s["name"], scope="row"), h("td", s["before"]),
                      h("td", s["after_gain"]),
                      h("td", f"{s['calls_for']['stage_name']} ({s['calls_for']['band']})"),
                      h("td", _calls_for(s["calls_for"])), h("td", s["after"]))
                    for s in stats]),
    )
    return h("div", figures, notes, h("div", table, class_="calc-table"),
             h("p", "Copy the new counters into the counter fields for the next step; the "
               "page address keeps every field, so a bookmark keeps your counters.",
               class_="calc-legend"),
             class_="calc-result")
