"""Inline SVG charts of distributions, drawn in Python so the build and the browser agree.

A chart is decoration for sighted readers; every chart is paired with a table carrying the same
numbers, and the SVG is marked ``aria-hidden``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .markup import Html, h, join

WIDTH, HEIGHT = 640, 220
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 34, 34, 10, 26


@dataclass(frozen=True)
class Bar:
    """One outcome: its label on the x axis, its probability, and a CSS class for its colour."""

    label: int
    p: float
    kind: str = ""


def distribution_chart(bars: Sequence[Bar], at_least: Sequence[float], x_title: str) -> Html:
    """Bars for P(outcome) on the left axis and a line for P(at least outcome) on the right.

    Args:
        bars: outcomes in ascending order.
        at_least: P(result >= bar.label) for each bar, drawn as a polyline on a 0–100% scale.
        x_title: what the x axis counts ("total", "damage"…).
    """
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    n = max(len(bars), 1)
    step = plot_w / n
    top = max((b.p for b in bars), default=1) or 1
    rects = []
    for i, bar in enumerate(bars):
        height = plot_h * bar.p / top
        rects.append(h("rect", x=f"{PAD_LEFT + i * step + step * 0.1:.2f}",
                       y=f"{PAD_TOP + plot_h - height:.2f}", width=f"{step * 0.8:.2f}",
                       height=f"{height:.2f}", class_=f"bar {bar.kind}".strip()))
    points = " ".join(f"{PAD_LEFT + (i + 0.5) * step:.2f},{PAD_TOP + plot_h * (1 - p):.2f}"
                      for i, p in enumerate(at_least))
    ticks = _tick_labels(bars, step, plot_h)
    axes = [
        h("line", x1=PAD_LEFT, y1=PAD_TOP + plot_h, x2=WIDTH - PAD_RIGHT, y2=PAD_TOP + plot_h,
          class_="axis"),
        h("text", f"{top * 100:.3g}%", x=PAD_LEFT - 4, y=PAD_TOP + 8, class_="tick",
          text_anchor="end"),
        h("text", "100%", x=WIDTH - PAD_RIGHT + 4, y=PAD_TOP + 8, class_="tick at-least-tick"),
        h("text", "0", x=WIDTH - PAD_RIGHT + 4, y=PAD_TOP + plot_h, class_="tick at-least-tick"),
        h("text", x_title, x=WIDTH / 2, y=HEIGHT - 2, class_="axis-title", text_anchor="middle"),
    ]
    return h("svg", join(rects), h("polyline", points=points, class_="at-least"), join(ticks),
             join(axes), viewBox=f"0 0 {WIDTH} {HEIGHT}", class_="calc-chart",
             aria_hidden="true", focusable="false")


def _tick_labels(bars: Sequence[Bar], step: float, plot_h: float) -> list[Html]:
    every = max(1, round(len(bars) / 12))
    return [h("text", bar.label, x=f"{PAD_LEFT + (i + 0.5) * step:.2f}",
              y=PAD_TOP + plot_h + 14, class_="tick", text_anchor="middle")
            for i, bar in enumerate(bars) if i % every == 0]
