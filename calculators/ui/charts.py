"""Bar charts of distributions, drawn in Python so the build and the browser agree.

The bars and the "at least" line are an SVG stretched to the chart's box; every word and number
around them (axis labels, the legend, the tail note) is HTML text, so it keeps the page's type
size at any screen width (never below 11 CSS px on a phone) and is never cut off by the
drawing's edge. The SVG is an image whose name says what the chart shows and where its
numbers are; tapping or hovering a bar shows its value (``data-values``, read by the site
script's chart module). Every chart is paired with a table carrying the same numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .markup import Html, h, join, percent

#: Tail left off the right of the axis when it is long and thin: the chart ends where this
#: share of the probability has been drawn (long exploding-dice tails otherwise squeeze the
#: visible mass into the left sixth of the chart).
VISIBLE_MASS = 0.999
#: Most x-axis labels on a wide screen; a phone shows every other one (calculators.css).
MAX_TICKS = 12


@dataclass(frozen=True)
class Bar:
    """One outcome: its label on the x axis, its probability, and its series (a CSS class for
    its colour, and the key of its legend entry)."""

    label: int
    p: float
    kind: str = ""


def distribution_chart(bars: Sequence[Bar], at_least: Sequence[float], x_title: str,
                       legend: Mapping[str, str], at_least_label: str) -> Html:
    """Bars for P(outcome) scaled to the likeliest, and a line for P(at least outcome) on a
    0–100 % scale, with a legend entry for every series drawn.

    Args:
        bars: outcomes in ascending order.
        at_least: P(result >= bar.label) for each bar.
        x_title: what the x axis counts ("total", "damage"…).
        legend: series kind → what it means; every kind among ``bars`` needs an entry.
        at_least_label: what the line means ("chance of at least this total").

    Raises:
        ValueError: a bar's series has no legend entry (a build error, not a reader's).
    """
    missing = sorted({b.kind for b in bars} - set(legend))
    if missing:
        raise ValueError(f"chart series without a legend entry: {missing}")
    shown, tail = _visible(bars)
    n = max(len(shown), 1)
    top = max((b.p for b in shown), default=1) or 1
    rects = [h("rect", x=f"{i + 0.1:.2f}", y=f"{100 * (1 - b.p / top):.3f}", width="0.8",
               height=f"{100 * b.p / top:.3f}", class_=f"bar {b.kind}".strip())
             for i, b in enumerate(shown)]
    points = " ".join(f"{i + 0.5:.2f},{100 * (1 - p):.3f}"
                      for i, p in enumerate(at_least[:len(shown)]))
    values = "|".join(f"{b.label}:{percent(b.p)}:{percent(p)}"
                      for b, p in zip(shown, at_least, strict=False))
    svg = h("svg", join(rects), h("polyline", points=points, class_="at-least"),
            viewBox=f"0 0 {n} 100", preserveAspectRatio="none", class_="calc-chart-plot",
            role="img", aria_label=_description(shown, tail, x_title, top))
    every = max(1, -(-len(shown) // MAX_TICKS))
    ticks = [h("span", b.label, class_="tick" + ("" if (i // every) % 2 == 0 else " minor"),
               style=f"left:{100 * (i + 0.5) / n:.2f}%")
             for i, b in enumerate(shown) if i % every == 0]
    used = [kind for kind in legend if any(b.kind == kind for b in bars)]
    keys = h("ul", [h("li", legend[kind], class_=f"legend {kind}".strip()) for kind in used],
             h("li", at_least_label, class_="legend at-least"), class_="calc-legend")
    tail_note = None
    if tail:
        tail_note = h("p", f"Off the chart: {x_title} above {shown[-1].label} "
                      f"(up to {tail[-1].label}), {percent(sum(b.p for b in tail))} together; "
                      "the table lists them.", class_="calc-chart-tail")
    return h("figure",
             h("div", h("span", f"{percent(top)}", class_="calc-chart-y left"),
               h("span", "100%", class_="calc-chart-y right top"),
               h("span", "0", class_="calc-chart-y right bottom"),
               svg, h("div", ticks, class_="calc-chart-x", aria_hidden="true"),
               class_="calc-chart-area", data_values=values, data_unit=x_title),
             h("p", x_title, class_="calc-chart-title", aria_hidden="true"),
             h("p", "Tap or point at a bar for its value.", class_="calc-chart-readout",
               aria_hidden="true"),
             keys, tail_note, class_="calc-chart")


def _visible(bars: Sequence[Bar]) -> tuple[Sequence[Bar], Sequence[Bar]]:
    """Split off a long, thin right tail: the bars after the first ``VISIBLE_MASS`` of the
    probability, when they are at least a quarter of the axis and at least eight bars (a
    short tail, such as the overcharge counter's burst, stays in view)."""
    total = sum(b.p for b in bars)
    seen = 0.0
    for i, bar in enumerate(bars):
        seen += bar.p
        if seen >= VISIBLE_MASS * total:
            rest = len(bars) - i - 1
            if rest >= max(8, len(bars) // 4):
                return bars[:i + 1], bars[i + 1:]
            break
    return bars, ()


def _description(shown: Sequence[Bar], tail: Sequence[Bar], x_title: str, top: float) -> str:
    """The chart's text alternative: what it shows, its likeliest value, where the numbers are."""
    if not shown:
        return f"Bar chart of {x_title}: nothing to draw."
    likeliest = max(shown, key=lambda b: b.p)
    last = tail[-1].label if tail else shown[-1].label
    return (f"Bar chart of the chance of each {x_title} from {shown[0].label} to {last}; "
            f"the likeliest is {likeliest.label} at {percent(top)}. "
            "The table below lists every value.")
