"""Charts: every series drawn has a legend entry, a long thin tail is stated rather than
squeezing the axis, and the chart's text alternative names what it shows."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest

from calculators.ui import Bar, distribution_chart


def two_d6() -> tuple[list[Bar], list[float]]:
    """2d6 by brute force over the 36 rolls."""
    counts: dict[int, int] = {}
    for a, b in product(range(1, 7), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1
    bars = [Bar(t, counts[t] / 36, "success" if t >= 8 else "failure") for t in sorted(counts)]
    at_least = [sum(counts[u] for u in counts if u >= t) / 36 for t in sorted(counts)]
    return bars, at_least


def exploding_d6(limit: int = 60) -> tuple[list[Bar], list[float]]:
    """One d6 that rerolls and adds on a 6, totals up to ``limit``, by exact enumeration."""
    p: dict[int, Fraction] = {}
    for sixes in range(limit // 6 + 1):
        for last in range(1, 6):
            total = 6 * sixes + last
            if total <= limit:
                p[total] = Fraction(1, 6) ** (sixes + 1)
    totals = sorted(p)
    at_least = [float(sum(p[u] for u in totals if u >= t)) for t in totals]
    return [Bar(t, float(p[t])) for t in totals], at_least


def test_a_series_without_a_legend_entry_is_refused():
    bars, at_least = two_d6()
    with pytest.raises(ValueError, match="failure"):
        distribution_chart(bars, at_least, "total", {"success": "8 or more"}, "at least")


def test_every_series_has_one_legend_entry_and_the_line_has_its_own():
    bars, at_least = two_d6()
    html = distribution_chart(bars, at_least, "total",
                              {"success": "8 or more", "failure": "7 or less"},
                              "chance of at least this total")
    legend = re.findall(r'<li class="legend ([\w-]+)">([^<]*)</li>', html)
    assert legend == [("success", "8 or more"), ("failure", "7 or less"),
                      ("at-least", "chance of at least this total")]
    assert html.count("<rect") == 11
    assert "calc-chart-tail" not in html


def test_a_short_distribution_keeps_every_outcome_on_the_axis():
    bars, at_least = two_d6()
    html = distribution_chart(bars, at_least, "total", {"success": "s", "failure": "f"}, "a")
    assert re.search(r'viewBox="0 0 11 100"', html)
    assert "from 2 to 12" in html and "the likeliest is 7" in html


def test_a_long_exploding_tail_is_left_off_the_axis_and_stated():
    bars, at_least = exploding_d6()
    html = distribution_chart(bars, at_least, "total", {"": "chance of this total"}, "a")
    drawn = int(re.search(r'viewBox="0 0 (\d+) 100"', html).group(1))
    last_drawn = bars[drawn - 1].label
    # Independent of the chart: what is left off is under 0.1 %, and a bar fewer would not be.
    left_off = sum(b.p for b in bars[drawn:])
    assert left_off <= 0.001 < left_off + bars[drawn - 1].p
    assert f"above {last_drawn} (up to {bars[-1].label})" in html
    assert drawn < len(bars) * 3 // 4
