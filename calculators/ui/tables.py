"""Tables of an answer: every number behind a chart, in a form a screen reader can read."""

from __future__ import annotations

from collections.abc import Sequence

from .markup import Html, h


def data_table(caption: str, head: Sequence[str], rows: Sequence[Sequence[object]]) -> Html:
    """A captioned table; a cell that is already :class:`Html` (a ``<td>`` with a class, say)
    is used as it is, any other value becomes a plain ``<td>``.

    The table sits in a ``calc-scroll`` box that scrolls sideways when the table is wider than
    the screen; the site script makes such a box a focusable, named region for keyboards."""
    return h("div", h("table", h("caption", caption),
                      h("thead", h("tr", [h("th", c, scope="col") for c in head])),
                      h("tbody", [h("tr", [cell if isinstance(cell, Html) else h("td", cell)
                                           for cell in row]) for row in rows])),
             class_="calc-scroll")


def details(summary: str, *content: Html) -> Html:
    """Tables folded under a summary line, below the chart they back."""
    return h("details", h("summary", summary), *content, class_="calc-table")


def details_table(caption: str, head: Sequence[str], rows: Sequence[Sequence[object]],
                  summary: str) -> Html:
    """One :func:`data_table` folded under ``summary``."""
    return details(summary, data_table(caption, head, rows))
