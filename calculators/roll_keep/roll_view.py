"""HTML for a ``roll-keep`` result: the chance to reach the target number, the pool actually
rolled, the chance for each number of raises, a chart, and the table of totals."""

from __future__ import annotations

from ..ui import Bar, Html, details_table, distribution_chart, figure, h, percent

#: Totals whose chance of "at least" falls below this are summed into one line, not drawn.
SHOWN_FLOOR = 1e-4


def render_roll(result: dict) -> Html:
    """The answer a player wants first (chance to reach the TN), then the detail behind it."""
    pool, tn = result["pool"], result["tn"]
    chance = percent(result["p_at_least"])
    if result["p_at_least_is_bound"]:
        chance = "<" + percent(max(result["p_at_least"], 1e-12)).lstrip("<")
    raise_text = str(result["raises"])
    if result["raise_limit"] is not None:
        raise_text += f" of {result['raise_limit']}"
    headline = h(
        "div",
        figure(f"Chance to reach TN {tn}", chance, "main"),
        figure("Pool rolled", pool["notation"]),
        figure("Average total", f"{result['mean']:.2f}"),
        figure("Raises called", raise_text),
        figure("Raises for maneuvers", str(result["maneuver_raises"])),
        class_="calc-figures",
    )
    rows = result["distribution"]
    shown = [r for r in rows if r["p_at_least"] >= SHOWN_FLOOR] or rows[:1]
    rest = rows[len(shown)]["p_at_least"] if len(shown) < len(rows) else 0.0
    chart = distribution_chart(
        [Bar(r["total"], r["p"], "success" if r["total"] >= tn else "failure") for r in shown],
        [r["p_at_least"] for r in shown], "total",
        {"success": f"total reaches {tn}", "failure": "falls short"},
        "chance of at least this total")
    raise_table = h(
        "table",
        h("caption", f"Chance to reach TN {tn} for each number of raises called"),
        h("thead", h("tr", h("th", "Raises called", scope="col"),
                     h("th", "Raises for maneuvers", scope="col"),
                     h("th", "Malus", scope="col"), h("th", "Chance", scope="col"))),
        h("tbody", [h("tr", h("td", r["raises"]), h("td", r["maneuver_raises"]),
                      h("td", f"−{r['malus']}" if r["malus"] else "0"),
                      h("td", ("≤ " if r["upper_bound"] else "") + percent(r["p"])),
                      class_="current" if r["raises"] == result["raises"] else None)
                    for r in result["raise_table"]]))
    rows = [(r["total"], percent(r["p"]), percent(r["p_at_least"])) for r in shown]
    if rest:
        rows.append((f"above {shown[-1]['total']}", percent(rest), ""))
    malus = f" with a malus of {result['raise_malus']}" if result["raise_malus"] else ""
    table = details_table(f"Totals of {pool['notation']}{malus}", ("Total", "Chance", "At least"),
                          rows, "Table of totals")
    return h("div", headline, _summary(result), h("div", raise_table, class_="calc-raises"),
             chart, table, class_="calc-result")


def _summary(result: dict) -> Html:
    pool, given = result["pool"], result["given"]
    parts = []
    if given["notation"] != pool["notation"]:
        changes = []
        if pool["dropped_rolled"]:
            changes.append(f"{pool['dropped_rolled']} rolled dice above 10 removed, "
                           f"+{pool['added_kept']} kept")
        if pool["dropped_kept"]:
            changes.append(f"{pool['dropped_kept']} kept dice above the rolled dice turned "
                           f"into +{pool['added_flat']}")
        parts.append(f"{given['notation']} is rolled as {pool['notation']} "
                     f"({'; '.join(changes)}).")
    else:
        parts.append(f"Rolling {pool['notation']}.")
    dice = "Emphasis re-rolls first-roll 1s once. " if result["emphasis"] else ""
    dice += ("Tens explode." if result["explodes"]
             else "Unskilled: tens do not explode.")
    parts.append(dice)
    if result["raise_malus"]:
        empty = (f" including {result['empty_raises_called']} empty"
                 if result["empty_raises_called"] else "")
        parts.append(f"Raises{empty}: −{result['raise_malus']} to the total.")
    if result["unmet_empty_raises"]:
        parts.append(f"{result['unmet_empty_raises']} empty raises exceed the limit and cannot "
                     "be called: the effects demanding them apply their consequences.")
    if result["truncated"]:
        parts.append(f"Explosion chains beyond the totals listed are left out: their chance "
                     f"is {result['truncated']:.1e}, below one in a trillion.")
    return h("p", " ".join(parts), class_="calc-summary")
