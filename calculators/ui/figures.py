"""The headline numbers of an answer: what a player reads first, in large type."""

from __future__ import annotations

from .markup import Html, h


def figure(label: str, value: object, kind: str = "") -> Html:
    """One headline number under its label; ``kind="main"`` draws the largest one."""
    return h("div", h("span", label, class_="label"), h("span", value, class_="value"),
             class_=f"calc-figure {kind}".strip())


def figures(*items: Html) -> Html:
    """A row of :func:`figure` blocks."""
    return h("div", *items, class_="calc-figures")


def number(x: float, digits: int = 2) -> str:
    """A mean or other real number for people: up to ``digits`` decimals, no trailing zeros."""
    text = f"{x:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def signed(n: int) -> str:
    """A bonus or penalty as a reader writes it: ``+2``, ``+0``, ``−3`` (a true minus sign).
    The one way the site writes a signed number, on pages and in answers alike."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def amount(n: int) -> str:
    """An amount that may fall below zero, such as a cost a choice lowers: ``5``, ``0``, ``−5``
    (a true minus sign; no plus, since it is not a change of something else)."""
    return f"−{-n}" if n < 0 else str(n)
