"""A combatant from her character's share link, for every ``*-battle`` calculator.

The character builder's "Copy a link" gives the page's address with the widget's inputs in
its query, as the site script writes them (``docs/assets/js/calc/url-state.js``):
``?<widget-id>.<input>=value`` for each input that differs from the page's own, the page's own
being the builder's defaults. The link of the builder's example, nothing changed, is
therefore the page's bare address, which is read as that example. This module reads such an
address back into the builder's inputs (a character file), so a battle reads her as it reads
her saved file, and declares the fields through which the battle file and the tracker's form
take a link. Its refusals are sentences a player reads under the pasted link.
"""

from __future__ import annotations

from typing import Any

from ..calculator import Calculator
from ..errors import CalculatorError
from ..params import CHOICE, JSON, MAX_JSON_TEXT, TEXT, Param, When
from ..registry import LOCATIONS, get
from ..ui.links import page_url

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


#: The kinds of a combatant entry in the systems whose characters have share links: her saved
#: character file, her share link, or a quick entry typed at the table.
CHARACTER, QUICK = "character", "quick"
ON_QUICK = When("kind", (QUICK,))
ON_CHARACTER = When("kind", (CHARACTER,))


def entry_fields(widget: str, quick: str, character_help: str) -> tuple[Param, ...]:
    """The first fields of a combatant entry after her id and side: its ``kind`` (``quick``
    naming the quick entry in the choice), her ``character`` file (``character_help`` saying
    what the builder checks), her ``link`` to the character builder whose widget id is
    ``widget``, and a quick entry's ``name``."""
    return (Param("kind", "Entry", kind=CHOICE, default=QUICK,
                  choices=((CHARACTER, "A saved character"), (LINK, "A character's share link"),
                           (QUICK, quick))),
            Param("character", "Character file", kind=JSON, applies=ON_CHARACTER,
                  required=True, help=character_help),
            link_field(widget),
            Param("name", "Name", kind=TEXT, maximum=60, default="", applies=ON_QUICK,
                  help="Shown in the log; the id when left out."))


#: The tracker form's input taking a share link to add.
NEW_LINK = Param("new_link", "Add a character from her share link", kind=TEXT, default="",
                 maximum=MAX_JSON_TEXT,
                 help="Paste the link the character builder's \"Copy a link\" gives.")


def link_entries(p: dict) -> list[tuple[str, dict]]:
    """The combatant the form's ``new_link`` describes, as :func:`.answer.adding` takes it."""
    link = p["new_link"].strip()
    return [("new_link", {"kind": LINK, "link": link})] if link else []


def resolver(builder: Calculator, page: str):
    """How the battle keeps a combatant added from her share link: as her character file, the
    inputs the link gave on top of the builder's own (``builder``, its page ``page``) when she
    was added. A later change of the builder's example then changes no one in the battle. An
    entry of another kind is kept as it is; a ``link`` entry in a file saved before still
    reads (from today's builder)."""
    def keep(entry: dict) -> dict:
        if entry.get("kind") != LINK:
            return entry
        rest = {k: v for k, v in entry.items() if k not in ("kind", LINK)}
        return {**rest, "kind": CHARACTER,
                "character": link_inputs(entry[LINK], builder, page, "new_link")}
    return keep


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


def _is_page(link: str, page: str) -> bool:
    """Whether ``link`` is an address (``scheme://host/…``) of the page whose source path is
    ``page``, wherever the site is hosted (its path ends with the page's directory URL)."""
    scheme, found, rest = link.strip().partition("://")
    if not found or not scheme or "/" not in rest:
        return False
    path = "/" + rest.partition("/")[2].partition("#")[0].partition("?")[0]
    path = path.removesuffix("index.html").rstrip("/") + "/"
    return path.endswith("/" + page_url(page))


def _shown(widget: str) -> str:
    return widget if len(widget) <= MAX_SHOWN else widget[:MAX_SHOWN] + "…"


def _from_elsewhere(widget: str, builder: Calculator) -> str:
    """Why a link holding another widget's inputs (``widget``) carries no character."""
    mine = f"the {builder.saved_as} builder"
    if widget not in LOCATIONS:
        return (f"That link holds the inputs of “{_shown(widget)}”, which is not a calculator "
                f"of this site: paste the link “Copy a link” gives on {mine}.")
    other = get(widget)
    theirs = f"the {other.saved_as} builder" if other.saved_as else \
        f"the “{other.title}” calculator ({other.name})"
    return f"That link is from {theirs}, not {mine}."


def link_inputs(link: Any, builder: Calculator, page: str, field: str = LINK) -> dict:
    """A share link's character file: the builder page's own inputs (``builder``'s
    defaults), then those the link carries for the builder's widget (its name). The builder
    page's address (source path ``page``) with no input of any widget is its example.

    Raises:
        CalculatorError: on ``field`` when the link carries no character of the builder: a
            link of another calculator (named), an input the builder does not have, another
            page's address or not a link at all. Her inputs are checked by the builder where
            the battle reads her, not here.
    """
    widgets = _query(link) if isinstance(link, str) else {}
    carried = widgets.get(builder.name)
    mine = f"the {builder.saved_as} builder"
    if carried:
        unknown = sorted(set(carried) - {p.name for p in builder.params})
        if unknown:
            raise CalculatorError.single(field, f"That link carries “{_shown(unknown[0])}”, "
                                         f"which {mine} has no input for: copy her link again "
                                         "from the builder.")
        return {**builder.defaults(), **carried}
    if widgets:
        raise CalculatorError.single(field, _from_elsewhere(min(widgets), builder))
    if isinstance(link, str) and _is_page(link, page):
        return builder.defaults()
    raise CalculatorError.single(field, f"That is not a link to {mine}: paste the address "
                                 "its “Copy a link” gives.")
