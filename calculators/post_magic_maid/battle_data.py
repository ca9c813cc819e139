"""Where the post-magic-maid battle tracker's log lines point: the rule-book section each
applies, the page of the site presenting it, and the interpretation notes page. Every number
the tracker uses comes from the rule data the other calculators load (:mod:`.rules`)."""

from __future__ import annotations

from ..ruledata import cite_rules
from ..ui.links import page_url

#: Every rule-book section a log line cites → where the site presents it.
RULE_PAGES = {
    "Initiative / Actions": "post-magic-maid/blitz-and-initiative.md#initiative",
    "Multiple actions": "post-magic-maid/blitz-and-initiative.md#multiple-actions",
    "Assists": "post-magic-maid/blitz-and-initiative.md#assists",
    "Blitz Points": "post-magic-maid/blitz-and-initiative.md#blitz-points",
    "Basic check system": "post-magic-maid/checks.md#checks",
    "Contested actions": "post-magic-maid/checks.md#contested-actions",
    "Wounds": "post-magic-maid/wounds.md#taking-wounds",
}
#: The seed's own heading for the sections the site splits (multiple actions and assists sit
#: under "Initiative / Actions").
SEED_SECTION = {"Multiple actions": "Initiative / Actions", "Assists": "Initiative / Actions"}
NOTES_PAGE = "post-magic-maid/interpretation-notes.md"


def cite(section: str) -> tuple[str, str]:
    """A log line's rule: the rule book and ``section``, and the URL (from the site's root)
    of the page presenting it."""
    page, _, anchor = RULE_PAGES[section].partition("#")
    return (cite_rules("post-magic-maid", SEED_SECTION.get(section, section)),
            page_url(page) + (f"#{anchor}" if anchor else ""))


def note_url(note: str) -> str:
    """Where the interpretation note with the id ``note`` is shown, from the site's root."""
    return f"{page_url(NOTES_PAGE)}#{note}"


__all__ = ["cite", "note_url"]
