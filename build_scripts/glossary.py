"""Glossary terms as tooltips on the rules pages.

Every system's glossary page (``docs/<system>/glossary.md``) writes each term as a heading
``## Term {#id}`` followed by its definition, so each term is its own search entry. The same
page is the data for tooltips: the other pages of the system get Markdown abbreviations
(``*[Term]: definition``) for its terms, so a definition is written once. Material's
``content.tooltips`` shows them on hover and long-press. The generation step appends the
abbreviations (:mod:`build_scripts.generate`); the finishing step keeps each term's first
mention per section (:mod:`build_scripts.finish`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

#: A glossary term's heading.
HEADING = re.compile(r"^## (?P<term>.+?) \{#[\w-]+\}\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
#: Names shorter than this are left alone (a single letter would be marked everywhere).
MIN_LENGTH = 2
#: A marked term in rendered HTML (Python-Markdown's abbr output); group 1 is its title.
_ABBR = re.compile(r'<abbr title="([^"]*)">(.*?)</abbr>', re.DOTALL)
#: A heading of rendered HTML, whole.
_HEADING_HTML = re.compile(r"<h([1-6])\b.*?</h\1>", re.DOTALL)
#: Where a new section of a page starts: its h2.
_SECTION = re.compile(r"(?=<h2\b)")


def glossary_terms(markdown: str) -> list[tuple[str, str]]:
    """``(term, definition)`` pairs of a rendered glossary page: each term heading and the
    paragraph under it, as plain text (links reduced to their text, emphasis dropped)."""
    terms: list[tuple[str, str]] = []
    term: str | None = None
    lines: list[str] = []
    for line in markdown.splitlines() + [""]:
        heading = HEADING.match(line)
        if heading:
            term, lines = heading.group("term"), []
        elif term is not None and line.strip() and not line.startswith(("<", "#")):
            lines.append(line.strip())
        elif term is not None and lines:
            text = _LINK.sub(r"\1", " ".join(lines)).replace("**", "").replace("*", "")
            terms.append((term, text))
            term, lines = None, []
    return terms


def names_of(term: str) -> list[str]:
    """The words a term appears as in rules text: "Major stats (mane stats)" is "Major stats"
    and "mane stats"; "Element, elemental affinity" is both of those; "Spell power (power)"
    is only "Spell power"."""
    names = []
    for part in re.split(r",\s*|\s*\(|\)", term):
        part = part.strip()
        # A lower-case single word ("power" for Spell power) is too common to mark everywhere.
        distinct = part != part.lower() or " " in part
        if len(part) >= MIN_LENGTH and distinct and part not in names:
            names.append(part)
    return names


def abbreviations(terms: Iterable[tuple[str, str]]) -> str:
    """Markdown abbreviation definitions for ``terms`` (Python-Markdown's ``abbr``)."""
    lines = []
    for term, definition in terms:
        for name in names_of(term):
            lines.append(f"*[{name}]: {term}: {definition}")
    return "\n".join(lines)


def first_mentions(html: str) -> str:
    """Keep a term's tooltip on its first mention in each section (between h2 headings) and
    nowhere in headings: the abbreviation extension marks every mention, and a rules page
    with "Burst" underlined 27 times reads as noise and costs the theme a tooltip per mark."""
    def unwrap(match: re.Match) -> str:
        return match.group(2)

    def once_each(section: str) -> str:
        seen: set[str] = set()

        def keep_first(match: re.Match) -> str:
            if match.group(1) in seen:
                return match.group(2)
            seen.add(match.group(1))
            return match.group(0)
        return _ABBR.sub(keep_first, section)

    html = _HEADING_HTML.sub(lambda h: _ABBR.sub(unwrap, h.group(0)), html)
    return "".join(once_each(section) for section in _SECTION.split(html))


class Tooltips:
    """The abbreviations of each system's glossary, rendered once per build.

    ``render`` turns a glossary page's source (front matter removed) into its Markdown, the
    same way the page itself is rendered.
    """

    def __init__(self, read: Callable[[str], str | None], render: Callable[[str], str]):
        self._read = read
        self._render = render
        self._cache: dict[str, str] = {}

    def for_page(self, src_path: str) -> str:
        """What to append to page ``src_path`` ("western-roses/combat.md"): the abbreviations
        of its system's glossary, or "" for the glossary itself and pages outside a system."""
        system, _, name = src_path.replace("\\", "/").partition("/")
        if not name or name == "glossary.md":
            return ""
        if system not in self._cache:
            source = self._read(f"{system}/glossary.md")
            self._cache[system] = abbreviations(glossary_terms(self._render(source))) \
                if source is not None else ""
        return self._cache[system]
