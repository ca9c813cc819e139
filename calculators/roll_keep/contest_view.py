"""HTML for an ``rk-contest`` result: who wins, then the spread of A's margin over B."""

from __future__ import annotations

from ..ui import Bar, Html, data_table, details_table, distribution_chart, figure, h, percent

#: Margins whose own chance is below this are left out of the chart and table (summed as tails).
SHOWN_FLOOR = 1e-4


def _describe(who: str, side: dict) -> str:
    rolled = side["given"] if side["given"] == side["pool"] else (
        f"{side['given']}, rolled as {side['pool']}")
    extras = []
    if side["emphasis"]:
        extras.append("emphasis")
    if side["unskilled"]:
        extras.append("unskilled, tens do not explode")
    if side["raises"]:
        plural = "s" if side["raises"] != 1 else ""
        extras.append(f"{side['raises']} raise{plural}, −{side['malus']}")
    detail = f" ({'; '.join(extras)})" if extras else ""
    return f"{who} rolls {rolled}{detail}, averaging {side['mean']:.2f}."


def render_contest(result: dict) -> Html:
    """Headline: A wins, tie, B wins; then both pools, the margin chart and its table."""
    rerolled = result["rerolled"]
    headline = h("div", figure("A wins", percent(rerolled["p_a"]), "main"),
                 figure("B wins", percent(rerolled["p_b"])),
                 figure("Tie on one roll", percent(result["p_tie"])),
                 figure("Average margin (A − B)", f"{result['mean_margin']:+.2f}"),
                 class_="calc-figures")
    parts = [_describe("A", result["a"]), _describe("B", result["b"]),
             "The higher result wins. A tie is rolled again (the site's reading; the rules do "
             "not say), so the headline odds count only the roll that settles it."]
    if result["truncated"]:
        parts.append(f"Explosion chains beyond the results listed are left out: their chance "
                     f"is {result['truncated']:.1e}.")
    summary = h("p", " ".join(parts), class_="calc-summary")

    rows = result["margins"]
    shown = [r for r in rows if r["p"] >= SHOWN_FLOOR] or rows[:1]
    below = sum(r["p"] for r in rows if r["margin"] < shown[0]["margin"])
    above = sum(r["p"] for r in rows if r["margin"] > shown[-1]["margin"])
    kind = lambda m: "success" if m > 0 else "failure" if m < 0 else "tie"  # noqa: E731
    one_roll = data_table("Odds of a single roll, ties not yet rolled again",
                          ("Outcome", "One roll", "Ties rolled again"),
                          [("A wins", percent(result["p_a"]), percent(rerolled["p_a"])),
                           ("B wins", percent(result["p_b"]), percent(rerolled["p_b"])),
                           ("Tie", percent(result["p_tie"]), "—")])
    chart = distribution_chart([Bar(r["margin"], r["p"], kind(r["margin"])) for r in shown],
                               [r["p_at_least"] for r in shown], "A's result minus B's result",
                               {"success": "A wins", "tie": "tie", "failure": "B wins"},
                               "chance A is ahead by at least this much")
    table_rows = [(r["margin"], percent(r["p"]), percent(r["p_at_least"])) for r in shown]
    if below:
        table_rows.insert(0, (f"below {shown[0]['margin']}", percent(below), ""))
    if above:
        table_rows.append((f"above {shown[-1]['margin']}", percent(above), ""))
    table = details_table("A's result minus B's result", ("Margin", "Chance", "At least"),
                          table_rows, "Table of margins")
    return h("div", headline, summary, one_roll, chart, table, class_="calc-result")
