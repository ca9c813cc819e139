"""The one accessor the post-magic-maid fight reads its rule numbers through: ``number(id)``
over the numeric rule records the battle reads. The system keeps no battle-only rule file:
every number of the fight (the deck's size, the Blitz draw, the automatic result, the bonus
die, the several-actions penalty, the assist margin, rest's hours, the starting Blitz Points,
the attribute bonus cap) is a record of ``data/rules.json`` (seed
``003_1585970b7e222c64.txt``), loaded and checked by :mod:`..rules` for every calculator.
An id present in two of the files read stops the import, naming both."""

from __future__ import annotations

from collections.abc import Mapping

from ...ruledata import RuleDataError, RuleValue
from ..rules import RULES

#: Each numeric rule file the fight reads → its records by id.
FILES: dict[str, Mapping[str, RuleValue]] = {"rules.json": RULES}


def merged(files: Mapping[str, Mapping[str, RuleValue]]) -> dict[str, RuleValue]:
    """The records of every file by id; an id in two files is refused, both named."""
    found: dict[str, tuple[str, RuleValue]] = {}
    for filename, records in files.items():
        for rule_id, record in records.items():
            if rule_id in found:
                raise RuleDataError(f"{filename}: rule {rule_id!r} is also in "
                                    f"{found[rule_id][0]}; the fight reads one number per id")
            found[rule_id] = (filename, record)
    return {rule_id: record for rule_id, (_, record) in found.items()}


NUMBERS: dict[str, RuleValue] = merged(FILES)


def number(rule_id: str) -> int:
    """A rule number of the fight by id: ``number("blitz-draw")`` is 7."""
    return NUMBERS[rule_id].value


__all__ = ["FILES", "NUMBERS", "merged", "number"]
