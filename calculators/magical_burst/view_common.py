"""HTML pieces the Magical Burst dice views share: headline figures, tables, the truncation note."""

from __future__ import annotations

from collections.abc import Sequence

from ..ui import Bar, Html, distribution_chart, figure, figures, h, number
from ..ui import details_table as table

__all__ = ["figure", "figures", "number", "table", "totals_chart", "truncation_note"]


def totals_chart(rows: Sequence[dict], labels: dict[str, str], x_title: str = "total") -> Html:
    """Bars of P(total) coloured by outcome (``labels``: outcome class → legend text), with the
    at-least curve."""
    return distribution_chart([Bar(r["total"], r["p"], r["outcome"]) for r in rows],
                              [r["p_at_least"] for r in rows], x_title, labels,
                              "chance of at least this total")


def truncation_note(truncated: float) -> Html | None:
    """States how much probability the exploding tables leave out (runs of sixes too long to
    list); the headline chances count it where the rules put it. None when nothing is left out."""
    if not truncated:
        return None
    return h("p", f"Sixes can chain without end; outcomes with more sixes than the tables list "
             f"have a combined chance of {truncated:.1e} (under one in a trillion) and are "
             f"left out of the tables.", class_="calc-summary calc-truncated")


