"""HTML for a ``wr-versus`` result: who wins, then the spread of the two totals."""

from __future__ import annotations

from ..ui import Bar, Html, data_table, details_table, distribution_chart, figure, h, percent

ALL_FAIL_TEXT = {"no-winner": "if both fail, nobody wins",
                 "lowest-margin": "if both fail, the smaller margin of failure wins"}


def _roll(side: dict) -> str:
    mod = side["modifier"]
    if side["dice"] == 0:
        stat = f"stat {side['stat']}, " if side["stat"] is not None else ""
        return f"no dice ({stat}a total of {mod})"
    text = f"{side['dice']}d{mod:+d}" if mod else f"{side['dice']}d"
    return f"{text} (stat {side['stat']})" if side["stat"] is not None else text


def render_versus(result: dict) -> Html:
    """Headline: A's chance once ties are rolled again; then one roll's odds and the chart."""
    a, b, target = result["a"], result["b"], result["target"]
    rerolled = result["rerolled"]
    figures = [figure("A wins", percent(rerolled["p_a"]), "main"),
               figure("B wins", percent(rerolled["p_b"]))]
    if target is not None and result["all_fail"] == "no-winner":
        figures.append(figure("Nobody wins", percent(rerolled["p_none"])))
    figures.append(figure("Tie on one roll", percent(result["p_tie"])))
    if target is None:
        rule = "The higher total wins; criticals do not change the winner without a target."
    else:
        rule = (f"Against {target}: A succeeds {percent(a['p_success'])} of the time, "
                f"B {percent(b['p_success'])}; a lone success wins, two successes go to the "
                f"greater margin, and {ALL_FAIL_TEXT[result['all_fail']]}.")
    if result["never_settled"]:
        ties = ("Neither side rolls a die, so every roll ties and rolling again never settles "
                "it; the DM decides, and the headline counts each side as even (a reading).")
    else:
        ties = "Ties are rolled again; the headline odds count only the roll that settles it."
    no_dice = (" A stat below 3 rolls no dice (speed 2 in a turn-order roll): its total is its "
               "modifier." if 0 in (a["dice"], b["dice"]) else "")
    summary = h("p", f"A rolls {_roll(a)}, B rolls {_roll(b)}. {rule}{no_dice} {ties}",
                class_="calc-summary")
    one_roll = data_table("Odds of a single roll, ties not yet re-rolled",
                          ("Outcome", "One roll", "Ties re-rolled"),
                          [("A wins", percent(result["p_a"]), percent(rerolled["p_a"])),
                           ("B wins", percent(result["p_b"]), percent(rerolled["p_b"])),
                           ("Nobody wins", percent(result["p_none"]), percent(rerolled["p_none"])),
                           ("Tie", percent(result["p_tie"]), "—")])
    rows = result["difference"]
    decides = target is None
    kind = (lambda d: "success" if d > 0 else "failure" if d < 0 else "tie") if decides else \
        (lambda d: "")
    series = ({"success": "A wins", "failure": "B wins", "tie": "tie"} if decides else
              {"": "chance of exactly this difference"})
    chart = distribution_chart([Bar(r["difference"], r["p"], kind(r["difference"])) for r in rows],
                               [r["p_at_least"] for r in rows], "A's total minus B's total",
                               series, "chance A is ahead by at least this much")
    table = details_table(
        "A's total minus B's total", ("Difference", "Chance", "At least"),
        [(r["difference"], percent(r["p"]), percent(r["p_at_least"])) for r in rows],
        "Table of every difference")
    return h("div", h("div", figures, class_="calc-figures"), summary, one_roll, chart,
             table, class_="calc-result")
