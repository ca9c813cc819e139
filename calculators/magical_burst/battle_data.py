"""The numbers and references the Magical Burst battle tracker uses besides those the other
calculators already load: ``data/battle_rules.json`` (actions a turn, the rising-again Resolve,
the monster budgets the lost table leaves to readings, the boss abilities' and talents'
numbers), and where the site presents each rule a log line cites."""

from __future__ import annotations

from ..battle.citing import Citations
from ..ruledata import RuleValue, load_records

BATTLE_RULES: dict[str, RuleValue] = {
    r.id: r for r in load_records(__package__, "battle_rules.json", RuleValue)}

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


def battle_rule(rule_id: str) -> int:
    """A battle number by id: ``battle_rule("monster-pool")``."""
    return BATTLE_RULES[rule_id].value


_CITATIONS = Citations("magical-burst", RULE_PAGES, NOTES_PAGE, BOOK_SECTION)
#: A log line's rule and the page presenting it; an interpretation note's address.
cite, note_url = _CITATIONS.cite, _CITATIONS.note_url


__all__ = ["BATTLE_RULES", "battle_rule", "cite", "note_url"]
