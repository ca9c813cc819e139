"""HTML for an ``mb-roll-table`` result: the dice, then the row in full."""

from __future__ import annotations

from ..ui import Html, h
from .tracker_view import button, table_link


def render_table_roll(result: dict) -> Html:
    """The row a reader came for, with how it was reached and where it sits in the table."""
    if result["dice"] is not None:
        tens, units = result["dice"]
        how = f"Rolled {tens} and {units} on the {result['die']}: row {result['roll']}."
    else:
        how = f"Row {result['roll']} of the {result['die']}."
    row = h("div", h("span", "Row", class_="label"), h("span", result["roll"], class_="value"),
            class_="calc-figure main")
    dice = None
    if result["dice"] is not None:
        dice = h("div", h("span", f"Dice ({result['die']}: tens, units)", class_="label"),
                 h("span", " and ".join(str(d) for d in result["dice"]), class_="value"),
                 class_="calc-figure")
    figures = h("div", row, dice, class_="calc-figures")
    if result["lost"]:
        body = h("p", "This row is blank in the source text: choose a change or roll again.",
                 class_="calc-warning")
    elif result["name"] is not None:
        body = h("p", h("strong", result["name"]), ": ", result["text"], class_="calc-entry")
    else:
        untitled = " (untitled in the source)" if result["kind"] == "change" else ""
        body = h("p", result["text"], untitled, class_="calc-entry")
    stages = f" Used at: {', '.join(result['stages'])}." if result["stages"] else ""
    where = h("p", how, " ", table_link(result["id"], f"See it in {result['title']}"),
              f" ({result['source']}).", stages, class_="calc-summary")
    again = h("p", button(result["roll_again"]), class_="calc-summary")
    return h("div", figures, body, where, again, class_="calc-result")
