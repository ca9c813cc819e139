"""HTML for a ``pmm-blitz`` result: the chances a player weighs before burning a point."""

from __future__ import annotations

from ..ui import Bar, Html, data_table, details, distribution_chart, figure, h, number, percent


def render_blitz(result: dict) -> Html:
    """Ace and joker odds up front, then the bonus d8s (face cards) as a chart and tables."""
    cards = result["cards"]
    headline = h(
        "div",
        figure("At least one ace", percent(result["p_ace"]), "main"),
        figure("At least one joker", percent(result["p_joker"])),
        figure("At least one bonus d8", percent(result["p_face"])),
        figure("Average bonus d8s", number(result["mean_faces"])),
        class_="calc-figures",
    )
    deck = result["deck"]
    summary = h(
        "p", f"{cards} cards from {result['deck_size']} ({deck['ace']} aces, {deck['face']} face "
        f"cards, {deck['joker']} jokers, {deck['number']} number cards). Two or more aces (some "
        f"to give away): {percent(result['p_spare_ace'])}. Both jokers: "
        f"{percent(result['p_both_jokers'])}. No ace, joker or face card at all: "
        f"{percent(result['p_nothing'])}.", class_="calc-summary")
    faces = result["faces"]
    chart = distribution_chart([Bar(r["count"], r["p"], "success") for r in faces],
                               [r["p_at_least"] for r in faces], "face cards (bonus d8s)",
                               {"success": "chance of exactly this many"},
                               "chance of at least this many")
    return h("div", headline, summary, chart,
             details("Tables of face cards and aces",
                     _table(f"Face cards (bonus d8s) in {cards} cards", "Face cards", faces),
                     _table(f"Aces in {cards} cards", "Aces", result["aces"])),
             class_="calc-result")


def _table(caption: str, what: str, rows: list[dict]) -> Html:
    return data_table(caption, (what, "Chance", "At least"),
                      [(r["count"], percent(r["p"]), percent(r["p_at_least"])) for r in rows])
