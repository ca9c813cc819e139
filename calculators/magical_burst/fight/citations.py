"""Where a Magical Burst battle's log lines point: the rule-book section each cites and the
page of the site presenting it, and the address of an interpretation note."""

from __future__ import annotations

from ...battle.citing import Citations

#: Every rule-book section a log line cites → where the site presents it.
RULE_PAGES = {
    "Space and time": "magical-burst/combat.md#actions",
    "Initiative": "magical-burst/combat.md#initiative",
    "Life and death": "magical-burst/combat.md#attacks-and-damage",
    "Resolve": "magical-burst/combat.md#resolve",
    "Wounds": "magical-burst/combat.md#wounds",
    "Help and hindrance": "magical-burst/ailments.md#ailments",
    "Removing ailments": "magical-burst/ailments.md#removing-ailments",
    "Intercepting": "magical-burst/ailments.md#intercepting",
    "Overcharge": "magical-burst/overcharge.md#stages",
    "Monsters": "magical-burst/monsters.md#monsters",
    "Boss abilities": "magical-burst/monsters.md#boss-abilities",
    "Talents": "magical-burst/monsters.md#monster-talents",
    "Minions": "magical-burst/monsters.md#minions",
    "Affinities & Talents": "magical-burst/talents.md#affinities",
}
#: The rule book's own heading for a section the site splits or names otherwise.
BOOK_SECTION = {"Initiative": "Space and time", "Resolve": "Life and death",
                "Wounds": "Life and death", "Removing ailments": "Help and hindrance",
                "Intercepting": "Help and hindrance"}
NOTES_PAGE = "magical-burst/interpretation-notes.md"

_CITATIONS = Citations("magical-burst", RULE_PAGES, NOTES_PAGE, BOOK_SECTION)
#: A log line's rule and the page presenting it; an interpretation note's address.
cite, note_url = _CITATIONS.cite, _CITATIONS.note_url


__all__ = ["BOOK_SECTION", "NOTES_PAGE", "RULE_PAGES", "cite", "note_url"]
