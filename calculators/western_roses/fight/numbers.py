"""The one accessor the Western Roses fight reads its rule numbers through:
``number(rule_id)``, over the records of ``data/battle_rules.json`` (the numbers only the
battle uses: the targets of the wound and status checks the source leaves unnumbered,
knockdown's dice, thawing and fainting counts, the abilities and card skills it plays) and of
the other numeric rule files the battle reads: ``combat_rules.json`` (seed 000, "Turn Order",
"Actions", "Grazing", "Mortal Wounds", "Spell-meter", "Spell Power"), ``check_rules.json``
("Basic rolls": the die's sides) and ``spellcard_rules.json`` ("Spellcards": the spell power
caps). The other calculators keep their own accessors
(:func:`calculators.western_roses.combat.rule`,
:func:`calculators.western_roses.spellcards.rules.rule`); an id present in two of these files
is refused at import, so ``number`` never has to choose."""

from __future__ import annotations

from ...ruledata import RuleDataError, RuleValue, load_records
from ..combat import COMBAT_RULES
from ..rules import CHECK_RULES
from ..spellcards.rules import RULES as SPELLCARD_RULES

#: The system package whose ``data`` folder holds the files.
SYSTEM = __package__.rpartition(".")[0]

BATTLE_RULES: dict[str, RuleValue] = {
    r.id: r for r in load_records(SYSTEM, "battle_rules.json", RuleValue)}


def merged(files: dict[str, dict[str, RuleValue]]) -> dict[str, RuleValue]:
    """The records of every file by id.

    Raises:
        RuleDataError: an id in two files, naming both.
    """
    out: dict[str, RuleValue] = {}
    where: dict[str, str] = {}
    for filename, records in files.items():
        for rule_id, record in records.items():
            if rule_id in out:
                raise RuleDataError(f"{filename}: record {rule_id}: also in {where[rule_id]}; "
                                    "the battle reads one number per id")
            out[rule_id], where[rule_id] = record, filename
    return out


NUMBERS: dict[str, RuleValue] = merged({
    "battle_rules.json": BATTLE_RULES, "combat_rules.json": COMBAT_RULES,
    "check_rules.json": CHECK_RULES, "spellcard_rules.json": SPELLCARD_RULES})


def number(rule_id: str) -> int:
    """A rule number by id: ``number("knockdown-damage-dice")``, ``number("dodge-difficulty")``."""
    return NUMBERS[rule_id].value


#: Faces on every die the battle rolls.
DIE_SIDES = number("die-sides")

__all__ = ["BATTLE_RULES", "DIE_SIDES", "NUMBERS", "merged", "number"]
