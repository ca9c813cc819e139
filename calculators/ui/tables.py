"""Tables of an answer: every number behind a chart, in a form a screen reader can read."""

from __future__ import annotations

from collections.abc import Sequence

from .markup import Html, h


def data_table(caption: str, head: Sequence[str], rows: Sequence[Sequence[object] | Html]
               ) -> Html:
    """A captioned table; a cell that is already :class:`Html` (a ``<td>`` with a class, say)
    is used as it is, any other value becomes a plain ``<td>``; a row that is already
    :class:`Html` (a :func:`row_below`) is used as it is.

    The table sits in a ``calc-scroll`` box that scrolls sideways when the table is wider than
    the screen; the site script makes such a box a focusable, named region for keyboards."""
    return h("div", h("table", h("caption", caption),
                      h("thead", h("tr", [h("th", c, scope="col") for c in head])),
                      h("tbody", [row if isinstance(row, Html) else
                                  h("tr", [cell if isinstance(cell, Html) else h("td", cell)
                                           for cell in row]) for row in rows])),
             class_="calc-scroll")


def row_below(content: object, columns: int) -> Html:
    """A row spanning a table's ``columns``, to put right under the row it answers: the roll
    just made on a sheet's check sits under the Roll button she tapped, so nothing above it
    moves and it is on screen where she is looking (the table is long on a phone)."""
    return h("tr", h("td", content, colspan=columns), class_="calc-roll-row")


def details(summary: str, *content: Html) -> Html:
    """Tables folded under a summary line, below the chart they back."""
    return h("details", h("summary", summary), *content, class_="calc-table")


def details_table(caption: str, head: Sequence[str], rows: Sequence[Sequence[object]],
                  summary: str) -> Html:
    """One :func:`data_table` folded under ``summary``."""
    return details(summary, data_table(caption, head, rows))
