"""Where a Western Roses battle's log lines point: the page and section presenting each rule a
line cites (:data:`RULE_PAGES`), and the interpretation notes' page (:data:`NOTES_PAGE`), read
by the engine's :class:`calculators.battle.citing.Citations`."""

from __future__ import annotations

from ...battle.citing import Citations

#: Every rule-book section a log line cites → where the site presents it.
RULE_PAGES = {
    "Turn Order": "western-roses/combat.md#turn-order",
    "Actions": "western-roses/combat.md#actions",
    "Attacking and Dodging": "western-roses/combat.md#attacking-and-dodging",
    "Grazing": "western-roses/combat.md#grazing",
    "Damage Rolls": "western-roses/combat.md#damage-rolls",
    "Mortal Wounds": "western-roses/combat.md#wounds",
    "Spell-meter": "western-roses/combat.md#spell-meter",
    "Spell Power": "western-roses/combat.md#spell-power",
    "Status Effects": "western-roses/status-effects.md#status-effects",
    "Spellcards": "western-roses/spellcards.md#card-types",
    "To-Hit": "western-roses/spellcards.md#to-hit",
    "Duration": "western-roses/spellcards.md#duration",
    "Targets": "western-roses/spellcards.md#targets",
    "Protection Skills": "western-roses/spellcards.md#special-skills",
    "Impulse Skills": "western-roses/spellcards.md#special-skills",
    "Divine Skills": "western-roses/spellcards.md#special-skills",
    "Basic rolls": "western-roses/basic-rolls.md#target-numbers",
    "Abilities": "western-roses/character-creation.md#abilities",
    "Manipulation abilities": "western-roses/character-creation.md#manipulation-abilities",
    "Professions": "western-roses/character-creation.md#professions",
}
NOTES_PAGE = "western-roses/interpretation-notes.md"

_CITATIONS = Citations("western-roses", RULE_PAGES, NOTES_PAGE)
#: A log line's rule and the page presenting it; an interpretation note's address.
cite, note_url = _CITATIONS.cite, _CITATIONS.note_url


__all__ = ["NOTES_PAGE", "RULE_PAGES", "cite", "note_url"]
