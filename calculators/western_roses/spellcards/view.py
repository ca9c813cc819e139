"""HTML for spellcard results: a card's cost with its breakdown, and a deck's verdict."""

from __future__ import annotations

from ...interpretations import note_refs
from ...ui import Html, amount, figure, h, linked_text
from .rules import CARD_TYPES

#: The page the spellcard calculators sit on (the builder, the cost and deck checkers).
PAGE = "western-roses/spellcards.md"


def said(text: str) -> Html:
    """A note or reason of an answer, the interpretation notes it cites linked by their title."""
    return linked_text(text, note_refs("calculators.western_roses").values(), PAGE)


def notes_list(notes: list[str]) -> Html | str:
    """An answer's notes, as a list under it (nothing when it has none)."""
    return h("ul", [h("li", said(note)) for note in notes], class_="calc-summary") if notes else ""


def castable_text(result: dict) -> str:
    """Who can cast a card, in a few words: shared by the card, deck and builder views."""
    if result["castable"]:
        return "with her familiar" if result["needs_familiar"] else "yes"
    return "only a Librarian with her familiar" if result["who"] == "familiar" else \
        "no one (over 600)"


def kind_text(card: dict) -> str:
    """A priced card's type as the rules name it: "Attack-type, bomb"."""
    return CARD_TYPES[card["type"]].name + (", bomb" if card["bomb"] else "")


def targets_text(card: dict) -> str:
    """A priced card's targets and area: "Self", "2 targets, AOE 1"."""
    targets = card["targets"]
    text = {"self": "Self", "charge": "The Guardian's charge"}.get(
        targets, f"{targets} target{'s' * (targets != 1)}" if isinstance(targets, int) else "")
    return text + (f", AOE {card['aoe']}" if card["aoe"] else "")


def duration_text(card: dict) -> str:
    """A priced card's duration: "Instantaneous", "3 rounds, homing"."""
    duration = card["duration"]
    if duration["rounds"] == 1:
        return "Instantaneous"
    return f"{duration['rounds']} rounds" + (", homing" if duration["homing"] else "")


def render_card(result: dict) -> Html:
    """The cost in large type, then every line that makes it up and the notes."""
    card = result["card"]
    kind = card["type"] + (" bomb" if card["bomb"] else "")
    headline = h(
        "div",
        figure("Spell power to activate", result["cost"], "main"),
        figure("Card", kind),
        figure("Castable", castable_text(result)),
        class_="calc-figures")
    table = h(
        "table",
        h("caption", f"How {card['name'] or 'this card'} costs {result['cost']}"),
        h("thead", h("tr", h("th", "Skill or rule", scope="col"), h("th", "Cost", scope="col"),
                     h("th", "Source", scope="col"))),
        h("tbody", [h("tr", h("td", line["item"]), h("td", amount(line["cost"])),
                      h("td", h("a", line["source"], href=f"#{line['anchor']}")))
                    for line in result["breakdown"]]),
        h("tfoot", h("tr", h("th", "Total", scope="row"), h("td", h("strong", result["cost"])),
                     h("td", ""))),
    )
    notes = notes_list(result["notes"])
    return h("div", headline, h("div", table, class_="calc-table"), notes, _builder_link(result),
             class_="calc-result")


def _builder_link(result: dict) -> Html:
    """A link that opens the card in the builder (on the same page), or why it cannot."""
    note = result.get("builder_note", "")
    if result.get("builder") is None:
        return h("p", "This card does not fit the builder's controls. " + note,
                 class_="calc-summary") if note else ""
    return h("p", h("a", "Open this card in the builder", href=result["builder"] + "#spellcard-builder",
                    class_="wr-open-builder calc-control-link"),
             " " + note if note else "", class_="calc-summary")


def _verdict(ok: bool | None) -> str:
    return "—" if ok is None else ("✓ within" if ok else "✗ over")


def render_deck(result: dict) -> Html:
    """Legal or not, every deck check against its limit, each problem, then the card list
    with totals and the cards this caster could never cast."""
    headline = h(
        "div",
        figure("Deck", "legal" if result["legal"] else "not legal", "main"),
        figure("Cards", f"{result['total_cards']} / {result['max_cards']}"),
        figure("Different cards", f"{result['kinds']} / {result['max_kinds']}"),
        figure("Total cost", result["total_cost"]),
        class_="calc-figures")
    problems = h("ul", [h("li", p["message"]) for p in result["problems"]],
                 class_="calc-summary") if result["problems"] else \
        h("p", "Within every deck limit.", class_="calc-summary")
    checks = h(
        "table",
        h("caption", "Every deck check"),
        h("thead", h("tr", h("th", "Check", scope="col"), h("th", "Limit", scope="col"),
                     h("th", "This deck", scope="col"), h("th", "Result", scope="col"),
                     h("th", "Source", scope="col"))),
        h("tbody", [h("tr", h("td", c["check"]), h("td", "" if c["limit"] is None else c["limit"]),
                      h("td", c["actual"]), h("td", _verdict(c["ok"])), h("td", c["source"]),
                      data_check=c["rule"])
                    for c in result["checks"]]),
    )
    table = h(
        "table",
        h("caption", "Cards in the deck"),
        h("thead", h("tr", h("th", "Card", scope="col"), h("th", "Cost", scope="col"),
                     h("th", "Copies", scope="col"), h("th", "Subtotal", scope="col"),
                     h("th", "Castable", scope="col"))),
        h("tbody", [h("tr", h("td", row["name"] + (f" (same card as entry {row['same_as'] + 1})"
                                                   if row["same_as"] is not None else "")),
                      h("td", row["cost"]), h("td", row["copies"]), h("td", row["subtotal"]),
                      h("td", castable_text(row) if row["castable"] else
                        h("strong", castable_text(row))))
                    for row in result["cards"]]),
        h("tfoot", h("tr", h("th", "Total", scope="row"), h("td", ""),
                     h("td", result["total_cards"]), h("td", h("strong", result["total_cost"])),
                     h("td", f"{len(result['uncastable'])} not castable by this caster"
                             if result["uncastable"] else "all"))),
    )
    notes = notes_list(result["notes"])
    return h("div", headline, problems, h("div", checks, class_="calc-table"),
             h("div", table, class_="calc-table"), notes, class_="calc-result")
