"""HTML for spellcard results: a card's cost with its breakdown, and a deck's verdict."""

from __future__ import annotations

from ...ui import Html, h


def _figure(label: str, value: object, kind: str = "") -> Html:
    return h("div", h("span", label, class_="label"), h("span", value, class_="value"),
             class_=f"calc-figure {kind}".strip())


def _signed(cost: int) -> str:
    return f"−{-cost}" if cost < 0 else str(cost)


def render_card(result: dict) -> Html:
    """The cost in large type, then every line that makes it up and the notes."""
    card = result["card"]
    kind = card["type"] + (" bomb" if card["bomb"] else "")
    headline = h(
        "div",
        _figure("Spell power to activate", result["cost"], "main"),
        _figure("Card", kind),
        _figure("Castable", "yes" if result["castable"] else "no (over 400)"),
        class_="calc-figures")
    table = h(
        "table",
        h("caption", f"How {card['name'] or 'this card'} costs {result['cost']}"),
        h("thead", h("tr", h("th", "Skill or rule", scope="col"), h("th", "Cost", scope="col"),
                     h("th", "Source", scope="col"))),
        h("tbody", [h("tr", h("td", line["item"]), h("td", _signed(line["cost"])),
                      h("td", line["source"])) for line in result["breakdown"]]),
        h("tfoot", h("tr", h("th", "Total", scope="row"), h("td", h("strong", result["cost"])),
                     h("td", ""))),
    )
    notes = h("ul", [h("li", note) for note in result["notes"]], class_="calc-summary") \
        if result["notes"] else ""
    return h("div", headline, h("div", table, class_="calc-table"), notes, class_="calc-result")


def render_deck(result: dict) -> Html:
    """Legal or not, the counts against their limits, each problem, then the card list."""
    headline = h(
        "div",
        _figure("Deck", "legal" if result["legal"] else "not legal", "main"),
        _figure("Cards", f"{result['total_cards']} / {result['max_cards']}"),
        _figure("Different cards", f"{result['kinds']} / {result['max_kinds']}"),
        _figure("Total cost", result["total_cost"]),
        class_="calc-figures")
    problems = h("ul", [h("li", p["message"]) for p in result["problems"]],
                 class_="calc-summary") if result["problems"] else \
        h("p", "Within every deck limit.", class_="calc-summary")
    limits = h("p", "Limits: " + "; ".join(
        f"{line['item']} (+{line['cards']} cards, +{line['kinds']} kinds)"
        if i else line["item"] for i, line in enumerate(result["limits"]))
        + f"; at most {result['max_copies']} copies of a card.", class_="calc-summary")
    table = h(
        "table",
        h("caption", "Cards in the deck"),
        h("thead", h("tr", h("th", "Card", scope="col"), h("th", "Cost", scope="col"),
                     h("th", "Copies", scope="col"), h("th", "Subtotal", scope="col"),
                     h("th", "Castable", scope="col"))),
        h("tbody", [h("tr", h("td", row["name"] + (f" (same card as entry {row['same_as'] + 1})"
                                                   if row["same_as"] is not None else "")),
                      h("td", row["cost"]), h("td", row["copies"]), h("td", row["subtotal"]),
                      h("td", "yes" if row["castable"] else "no"))
                    for row in result["cards"]]),
    )
    notes = h("ul", [h("li", note) for note in result["notes"]], class_="calc-summary") \
        if result["notes"] else ""
    return h("div", headline, problems, limits, h("div", table, class_="calc-table"), notes,
             class_="calc-result")
