"""HTML for a ``pmm-check`` result: headline odds, the tiers per action, a chart, the contest."""

from __future__ import annotations

from ..ui import Bar, Html, data_table, details, distribution_chart, figure, h, number, percent
from .rules import TIERS, magic_adding_faces, rule

#: Bar colours of the shared chart style, by tier number.
TIER_KIND = {0: "critical-failure", 1: "success", 2: "success", 3: "success", 4: "critical-success"}


def render_check(result: dict) -> Html:
    """What a player asks first (will it reach 10? 25?), then the tiers per action and the
    contest, then every total in a table."""
    first = result["per_action"][0]
    tiers = first["tiers"]
    figures = [
        figure("10 or better" + (" (action 1)" if result["actions"] > 1 else ""),
                percent(first["p_success"]), "main"),
        figure("25 tier", percent(tiers[-1]["p"])),
        figure("Blitz Point", percent(result["p_blitz_point"])),
        figure("Average total", number(result["mean"])),
    ]
    contest = result["contest"]
    if contest:
        duel = contest["per_action"][0]
        figures += [figure("You prevail", percent(duel["p_win"])),
                    figure("Tie (tier-0)", percent(duel["p_tie"])),
                    figure("Opponent prevails", percent(duel["p_lose"]))]
    roll = _roll(result["die_a"], result["die_b"], result["bonus"], result["magic"])
    parts = [h("div", figures, class_="calc-figures"), _summary(result, roll),
             h("div", _tier_table(result, roll))]
    rows = result["distribution"]
    parts.append(distribution_chart([Bar(r["total"], r["p"], TIER_KIND[r["tier"]]) for r in rows],
                                    [r["p_at_least"] for r in rows], "total",
                                    {"critical-failure": "below 10",
                                     "success": "10, 15 or 20 tier",
                                     "critical-success": "25 tier"},
                                    "chance of at least this total"))
    if contest:
        parts.append(_contest(result, contest))
    parts.append(details("Table of every total", _totals_table(rows, roll)))
    return h("div", parts, class_="calc-result")


def _roll(die_a: str, die_b: str, bonus: int, magic: bool = False) -> str:
    text = f"{die_a}+{die_b}{bonus:+d}" if bonus else f"{die_a}+{die_b}"
    return text + " with the magic d6" if magic else text


def _summary(result: dict, roll: str) -> Html:
    text = (f"{roll}: totals from {result['lowest']} to {result['highest']}"
            f"{' on the first action' if result['actions'] > 1 else ''}. Only the highest tier "
            f"reached counts. Both dice on their highest face earns a Blitz Point "
            f"({percent(result['p_blitz_point'])} a check, whatever the bonus).")
    if result["magic"]:
        text += (f" The magic d6 adds its face on {magic_adding_faces()}; on a 1 ({percent(result['p_magic_wound'])}"
                 f") it gives ±1 wound instead.")
    if result["actions"] > 1:
        text += (f" With {result['actions']} actions every action takes "
                 f"−{rule('multiple-action-penalty')} per its place, "
                 f"so the last is at −{result['per_action'][-1]['penalty']}; at least one Blitz "
                 f"Point over the turn: {percent(result['p_blitz_any'])}.")
    return h("p", text, class_="calc-summary")


def _tier_table(result: dict, roll: str) -> Html:
    actions = result["per_action"]
    if len(actions) == 1:
        head = [h("th", "Tier", scope="col"), h("th", "Chance", scope="col"),
                h("th", "This tier or higher", scope="col")]
        body = [h("tr", h("th", _tier_name(row["tier"]), scope="row"), h("td", percent(row["p"])),
                      h("td", percent(row["p_at_least"])))
                for row in actions[0]["tiers"]]
    else:
        head = [h("th", "Tier", scope="col")] + [
            h("th", f"Action {a['action']} (−{a['penalty']})", scope="col") for a in actions]
        body = [h("tr", h("th", _tier_name(t), scope="row"),
                      [h("td", percent(a["tiers"][t]["p"])) for a in actions])
                for t in range(len(TIERS))]
        body.append(h("tr", h("th", "10 or better", scope="row"),
                      [h("td", percent(a["p_success"])) for a in actions]))
    return h("table", h("caption", f"Success tiers of {roll}"),
             h("thead", h("tr", head)), h("tbody", body))


def _tier_name(number: int) -> str:
    label = TIERS[number].label
    return label if number == 0 else f"{label} tier"


def _contest(result: dict, contest: dict) -> Html:
    opp = _roll(contest["die_a"], contest["die_b"], contest["bonus"], contest["magic"])
    duel = contest["per_action"][0]
    intro = h("p", f"Contest: your "
              f"{_roll(result['die_a'], result['die_b'], result['bonus'], result['magic'])}"
              f"{' (first action)' if result['actions'] > 1 else ''} against the opponent's "
              f"{opp}. The side with more tiers prevails, with a success of as many tiers as the "
              f"difference; equal tiers are a tier-0 result for both.", class_="calc-summary")
    rows = []
    for entry in sorted(duel["difference"], key=lambda e: -e["difference"]):
        d = entry["difference"]
        rows.append(h("tr", h("th", _difference_name(d), scope="row"), h("td", percent(entry["p"]))))
    table = h("table", h("caption", "Difference in tiers (you minus opponent)"),
              h("thead", h("tr", h("th", "Outcome", scope="col"), h("th", "Chance", scope="col"))),
              h("tbody", rows))
    parts = [intro, h("div", table)]
    if result["actions"] > 1:
        parts.append(h("div", h("table", h("caption", "Contest for each of your actions"),
                       h("thead", h("tr", h("th", "Action", scope="col"),
                                    h("th", "You prevail", scope="col"),
                                    h("th", "Tie", scope="col"),
                                    h("th", "Opponent prevails", scope="col"))),
                       h("tbody", [h("tr", h("th", a["action"], scope="row"),
                                     h("td", percent(a["p_win"])), h("td", percent(a["p_tie"])),
                                     h("td", percent(a["p_lose"])))
                                   for a in contest["per_action"]]))))
    return h("div", parts, class_="calc-contest")


def _difference_name(d: int) -> str:
    if d == 0:
        return "Tie: tier-0 for both"
    who = "You" if d > 0 else "Opponent"
    n = abs(d)
    return f"{who} by {n} tier{'s' if n > 1 else ''} (a {TIERS[n].label}-tier success)"


def _totals_table(rows: list[dict], roll: str) -> Html:
    return data_table(f"Every total of {roll} (first action)",
                      ("Total", "Chance", "At least", "Tier"),
                      [(r["total"], percent(r["p"]), percent(r["p_at_least"]),
                        TIERS[r["tier"]].label) for r in rows])
