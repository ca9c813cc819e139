"""Where a system's battle log points: each line's rule (the rule book and its section, and
the page of the site presenting it) and each interpretation note's place on the system's
notes page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..ruledata import cite_rules
from ..ui.links import page_url


@dataclass(frozen=True)
class Citations:
    """A system's references for its log lines.

    Attributes:
        system: the system's id, as :func:`calculators.ruledata.cite_rules` names its book.
        pages: every section a log line cites → the site's page presenting it (``page#anchor``).
        notes_page: the page showing the system's interpretation notes.
        headings: the book's own heading for a section the site splits or names otherwise.
    """

    system: str
    pages: Mapping[str, str]
    notes_page: str
    headings: Mapping[str, str] = field(default_factory=dict)

    def cite(self, section: str) -> tuple[str, str]:
        """A log line's rule: the rule book and its section, and the URL (from the site's
        root) of the page presenting it."""
        page, _, anchor = self.pages[section].partition("#")
        return (cite_rules(self.system, self.headings.get(section, section)),
                page_url(page) + (f"#{anchor}" if anchor else ""))

    def note_url(self, note: str) -> str:
        """Where the interpretation note ``note`` is shown, from the site's root."""
        return f"{page_url(self.notes_page)}#{note}"


__all__ = ["Citations"]
