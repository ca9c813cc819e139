"""The rule numbers a Magical Burst battle reads, through one accessor: :func:`number` over
the records of ``data/battle_rules.json`` (actions a turn, the rising-again Resolve, the
monster budgets the lost table leaves to readings, the boss abilities' and talents' numbers),
``data/checks.json`` (dice, sixes, damage, boosts, wound dice) and ``data/rule_values.json``
(a minion's passive defence), as :mod:`calculators.magical_burst.rules` loads them. An id in
two of them stops the import."""

from __future__ import annotations

from ...ruledata import RuleValue
from ..rules import BATTLE_RULES, CHECK_RULES, RULE_VALUES

#: Each file the battle reads numbers from, and its records by id.
SOURCES: dict[str, dict[str, RuleValue]] = {
    "battle_rules.json": BATTLE_RULES, "checks.json": CHECK_RULES,
    "rule_values.json": RULE_VALUES}


def _merged() -> dict[str, RuleValue]:
    """Every record of :data:`SOURCES` by id.

    Raises:
        ValueError: an id two files hold (the number would depend on which one is read).
    """
    out: dict[str, RuleValue] = {}
    home: dict[str, str] = {}
    for file, records in SOURCES.items():
        for rule_id, record in records.items():
            if rule_id in out:
                raise ValueError(f"rule {rule_id!r} is in both {home[rule_id]} and {file}")
            out[rule_id], home[rule_id] = record, file
    return out


NUMBERS = _merged()


def number(rule_id: str) -> int:
    """A rule number by id: ``number("monster-pool")``, ``number("die-sides")``."""
    return NUMBERS[rule_id].value


__all__ = ["NUMBERS", "SOURCES", "number"]
