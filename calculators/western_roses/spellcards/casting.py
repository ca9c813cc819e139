"""Who can cast a card of a given cost (seed 000, "Spellcards", "Spell Power"; Summon Familiar
under "Magic Theory Skills").

A card's cost has no upper limit; what is limited is the spell power a character holds (400).
A Librarian's familiar holds up to 200 more, which she may spend with her own when casting, so
a Librarian with her familiar summoned can pay up to 600. No one else can pay more than 400,
and no one more than 600. A dear card is therefore not illegal: it is a note saying who can
cast it.
"""

from __future__ import annotations

from ..rules import PROFESSIONS
from .rules import SPECIAL_SKILLS, group_profession, rule

FAMILIAR = SPECIAL_SKILLS["summon-familiar"]
#: The profession whose familiar adds spell power (the one that may use Summon Familiar).
FAMILIAR_PROFESSION = group_profession(FAMILIAR.group)


def casting(cost: int, profession: str) -> dict:
    """Who can pay ``cost``, for a caster of ``profession``.

    Returns:
        ``castable``: this caster can pay it (with her familiar, if she has one to summon);
        ``needs_familiar``: only with the familiar's spell power; ``who``: ``anyone``,
        ``familiar`` or ``no-one``; ``note``: a sentence for readers, or ``None`` when anyone
        can cast it.
    """
    cap, extra = rule("spell-power-cap"), rule("familiar-spell-power-cap")
    librarian = PROFESSIONS[FAMILIAR_PROFESSION].name
    if cost <= cap:
        return {"castable": True, "needs_familiar": False, "who": "anyone", "note": None}
    if cost <= cap + extra:
        if profession == FAMILIAR_PROFESSION:
            note = (f"Costs {cost}, more than the {cap} spell power one character holds: she can "
                    f"cast it only with her familiar summoned ({FAMILIAR.name}), whose up to "
                    f"{extra} spell power adds to her own, {cap + extra} in all "
                    f"({FAMILIAR.source.section}).")
            return {"castable": True, "needs_familiar": True, "who": "familiar", "note": note}
        note = (f"Costs {cost}, more than the {cap} spell power a character holds. Only a "
                f"{librarian} with her familiar summoned can pay that (up to {extra} more, "
                f"{cap + extra} in all); this caster, a {PROFESSIONS[profession].name}, cannot "
                "cast it. A card's cost has no upper limit, so it is still a legal card "
                "(Spellcards).")
        return {"castable": False, "needs_familiar": False, "who": "familiar", "note": note}
    note = (f"Costs {cost}: no one can cast it. A character holds at most {cap} spell power, and "
            f"a {librarian}'s familiar adds at most {extra} ({cap + extra} in all). A card's cost "
            "has no upper limit, so it is still a legal card (Spellcards).")
    return {"castable": False, "needs_familiar": False, "who": "no-one", "note": note}
