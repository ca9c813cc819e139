"""Where the post-magic-maid battle tracker's log lines point: the rule-book section each
applies (seed ``003_1585970b7e222c64.txt``), the page of the site presenting it, and the
interpretation notes page. The numbers the tracker uses come through :mod:`.numbers`."""

from __future__ import annotations

from ...battle.citing import Citations

#: Every rule-book section a log line cites → where the site presents it.
RULE_PAGES = {
    "Initiative / Actions": "post-magic-maid/blitz-and-initiative.md#initiative",
    "Multiple actions": "post-magic-maid/blitz-and-initiative.md#multiple-actions",
    "Assists": "post-magic-maid/blitz-and-initiative.md#assists",
    "Blitz Points": "post-magic-maid/blitz-and-initiative.md#blitz-points",
    "Basic check system": "post-magic-maid/checks.md#checks",
    "Contested actions": "post-magic-maid/checks.md#contested-actions",
    "Wounds": "post-magic-maid/wounds.md#taking-wounds",
    "Healing": "post-magic-maid/wounds.md#treatment",
}
#: The seed's own heading for the sections the site splits (multiple actions and assists sit
#: under "Initiative / Actions").
SEED_SECTION = {"Multiple actions": "Initiative / Actions", "Assists": "Initiative / Actions"}
NOTES_PAGE = "post-magic-maid/interpretation-notes.md"


_CITATIONS = Citations("post-magic-maid", RULE_PAGES, NOTES_PAGE, SEED_SECTION)
#: A log line's rule and the page presenting it; an interpretation note's address.
cite, note_url = _CITATIONS.cite, _CITATIONS.note_url


__all__ = ["NOTES_PAGE", "RULE_PAGES", "SEED_SECTION", "cite", "note_url"]
