"""HTML for a ``wr-damage`` result: the average, the range, how it was built, every amount."""

from __future__ import annotations

from ..ui import Bar, Html, details_table, distribution_chart, figure, h, number, percent


def _signed(term: dict) -> str:
    return f"{term['value']}d" if term["dice"] else f"{term['value']:+d}"


def render_damage(result: dict) -> Html:
    """Headline average damage, then the breakdown of the roll and the distribution."""
    dice, bonus = result["dice"], result["bonus"]
    roll = (f"{dice}d{bonus:+d}" if bonus else f"{dice}d") if dice else str(bonus)
    if result["multiplier"] != 1:
        roll = f"({roll}) ×{result['multiplier']}"
    figures = h("div",
                figure("Average damage", number(result["mean"]), "main"),
                figure("Least", str(result["min"])),
                figure("Most", str(result["max"])),
                figure("Roll", roll),
                class_="calc-figures")
    reduction = result["reduction"]
    after = (f" The defender takes {reduction} less" +
             (f", but at least {result['minimum_on_hit']} from a hit that dealt that much"
              if result["minimum_on_hit"] else "") + "." if reduction else "")
    summary = h("p", f"A {result['attack']} hit rolls {roll}; damage is never below 0.{after}",
                class_="calc-summary")
    breakdown = h(
        "table",
        h("caption", "How the damage is built"),
        h("thead", h("tr", h("th", "Part", scope="col"), h("th", "Adds", scope="col"),
                     h("th", "Rule", scope="col"))),
        h("tbody",
          [h("tr", h("td", t["label"]), h("td", _signed(t)), h("td", t["source"]))
           for t in result["terms"]],
          [h("tr", h("td", f"Defender: {t['label']}"), h("td", f"−{t['value']}"),
             h("td", t["source"])) for t in result["reduction_terms"]]),
    )
    rows = result["distribution"]
    chart = distribution_chart([Bar(r["damage"], r["p"]) for r in rows],
                               [r["p_at_least"] for r in rows], "damage taken",
                               {"": "chance of exactly this much damage"},
                               "chance of at least this much damage")
    table = details_table(
        "Every amount of damage taken", ("Damage", "Chance", "At least"),
        [(r["damage"], percent(r["p"]), percent(r["p_at_least"])) for r in rows],
        "Table of every amount")
    return h("div", figures, summary, breakdown, chart, table, class_="calc-result")
