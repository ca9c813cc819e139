"""The numbers the Magical Burst battle tracker uses besides those the other calculators
already load: ``data/battle_rules.json`` (actions a turn, the rising-again Resolve, the monster
budgets the lost table leaves to readings, the boss abilities' and talents' numbers)."""

from __future__ import annotations

from ..rules import BATTLE_RULES


def battle_rule(rule_id: str) -> int:
    """A battle number by id: ``battle_rule("monster-pool")``."""
    return BATTLE_RULES[rule_id].value


__all__ = ["battle_rule"]
