"""A combatant from her character's share link, for every ``*-battle`` calculator.

The character builder's "Copy a link" gives the page's address with the widget's inputs in
its query, as the site script writes them (``docs/assets/js/calc/url-state.js``):
``?<widget-id>.<input>=value`` for each input that differs from the page's own, the page's own
being the builder's defaults. This module reads such an address back into the builder's
inputs (a character file), so a battle reads her as it reads her saved file, and declares
the fields through which the battle file and the tracker's form take a link.
"""

from __future__ import annotations

from typing import Any

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import MAX_JSON_TEXT, TEXT, Param, When

LINK = "link"
#: Longest widget id an error message repeats from a foreign link.
MAX_SHOWN = 40


def link_field(widget: str) -> Param:
    """The combatant entry's ``link`` (read when its ``kind`` is ``link``), for the builder
    whose widget id is ``widget``."""
    return Param("link", "Share link", kind=TEXT, applies=When("kind", (LINK,)), required=True,
                 maximum=MAX_JSON_TEXT,
                 help="The address the character builder's \"Copy a link\" gives: her inputs "
                      f"as ?{widget}.<input>=value, on top of the builder page's own.")


#: The tracker form's input taking a share link to add.
NEW_LINK = Param("new_link", "Add a character from her share link", kind=TEXT, default="",
                 maximum=MAX_JSON_TEXT,
                 help="Paste the link the character builder's \"Copy a link\" gives.")


def link_entries(p: dict) -> list[tuple[str, dict]]:
    """The combatant the form's ``new_link`` describes, as :func:`.answer.adding` takes it."""
    link = p["new_link"].strip()
    return [("new_link", {"kind": LINK, "link": link})] if link else []


def form_decode(text: str) -> str:
    """A query string's key or value as a browser's ``URLSearchParams`` reads it: ``+`` is a
    space and ``%XX`` a byte of UTF-8 (malformed escapes are kept as written). Written here
    because importing ``urllib.parse`` costs the browser's first answer 30-45 ms."""
    raw = text.replace("+", " ").encode("utf-8", errors="replace")
    out = bytearray()
    index = 0
    while index < len(raw):
        escape = raw[index + 1:index + 3]
        if raw[index] == 0x25 and len(escape) == 2 and all(c in b"0123456789abcdefABCDEF"
                                                           for c in escape):
            out.append(int(escape, 16))
            index += 3
        else:
            out.append(raw[index])
            index += 1
    return out.decode("utf-8", errors="replace")


def _query(link: str) -> dict[str, dict[str, str]]:
    """The link's query as widget id → input → value (keys without a widget dropped)."""
    widgets: dict[str, dict[str, str]] = {}
    for pair in link.partition("?")[2].partition("#")[0].split("&"):
        key, _, value = pair.partition("=")
        widget, _, name = form_decode(key).partition(".")
        if widget and name:
            widgets.setdefault(widget, {})[name] = form_decode(value)
    return widgets


def link_inputs(link: Any, builder: Calculator, field: str = LINK) -> dict:
    """A share link's character file: the builder page's own inputs (``builder``'s
    defaults), then those the link carries for the builder's widget (its name).

    Raises:
        CalculatorError: on ``field`` when the link carries no input of the builder: a link
            of another calculator (named) or not a share link at all. Its inputs are checked
            by the builder where the battle reads her, not here.
    """
    widgets = _query(link) if isinstance(link, str) else {}
    carried = widgets.get(builder.name)
    if carried:
        return {**builder.defaults(), **carried}
    if widgets:
        other = min(widgets)
        shown = other if len(other) <= MAX_SHOWN else other[:MAX_SHOWN] + "…"
        raise CalculatorError.single(field, f"This link holds the inputs of “{shown}”, another "
                                     f"calculator: paste the share link of a "
                                     f"{builder.saved_as} ({builder.name}).")
    raise CalculatorError.single(field, "The link carries no character: a share link's "
                                 f"address holds ?{builder.name}.name=… and her other "
                                 "inputs (change anything in the builder first, then Copy a "
                                 "link).")
