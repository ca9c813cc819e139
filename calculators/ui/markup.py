"""A tiny HTML builder that escapes by construction.

Calculators render their results to HTML in Python, so the pre-rendered answer in the static
page and the live answer from the browser worker are the same string. :class:`Html` marks text
that is already safe; every other string passed to :func:`h` is escaped, so a value that came
from a URL can never become markup.
"""

from __future__ import annotations

from collections.abc import Iterable


class Html(str):
    """A string of trusted, already-escaped HTML."""


Child = "Html | str | int | float | Iterable | None"


def text(value: object) -> Html:
    """Escape any value for use as HTML text or attribute content: what
    ``html.escape(quote=True)`` replaces, without importing the ``html`` package, whose entity
    table costs about 70 ms of the browser's first answer under Pyodide. Chained
    ``str.replace`` (as ``html.escape`` does it) is about ten times quicker than one
    ``str.translate`` with a table of replacements, and an answer escapes hundreds of strings
    (a battle's game-master view about 300)."""
    return Html(str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace('"', "&quot;").replace("'", "&#x27;"))


def h(tag: str, *children: object, **attrs: object) -> Html:
    """``<tag attrs>children</tag>``; attribute names use ``_`` for ``-`` and ``class_`` for
    ``class``; ``True`` writes a bare attribute, ``None``/``False`` leaves it out."""
    opening = "<" + tag
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        written = _ATTRIBUTES.get(name)
        if written is None:
            written = _ATTRIBUTES[name] = name.rstrip("_").replace("_", "-")
        opening += " " + written if value is True else f' {written}="{text(value)}"'
    if tag in _VOID:
        return Html(opening + ">")
    return Html(f"{opening}>{join(children)}</{tag}>")


def join(children: Iterable[object]) -> Html:
    """Concatenate children, escaping plain strings and flattening nested iterables."""
    out: list[str] = []
    for child in children:
        if child is None or child is False:
            continue
        kind = type(child)  # the common kinds first, by type: isinstance is slower
        if kind is Html:
            out.append(child)
        elif kind is str:
            out.append(text(child))
        elif isinstance(child, Html):
            out.append(child)
        elif isinstance(child, (str, int, float)):
            out.append(text(child))
        else:
            out.append(join(child))
    return Html("".join(out))


def percent(p: float) -> str:
    """A probability as a percentage a player can read: never "0%" or "100%" for a
    possible-but-rare event, so a tiny chance is not mistaken for an impossible one."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    value = p * 100
    if value < 0.01:
        return "<0.01%"
    if value > 99.99:
        return ">99.99%"
    if value < 1 or value > 99:
        return f"{value:.2f}%"
    return f"{value:.1f}%"


_VOID = {"br", "hr", "img", "input", "meta", "link"}
#: Each keyword argument of :func:`h` as the attribute it writes (``class_`` → ``class``,
#: ``data_calc_set`` → ``data-calc-set``), worked out once a name: an answer writes thousands.
_ATTRIBUTES: dict[str, str] = {}
