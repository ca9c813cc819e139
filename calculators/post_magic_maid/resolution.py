"""How a post-magic-maid roll is read: success tiers, several actions, assists and contests.

Seed ``003_1585970b7e222c64.txt``: “Basic check system” (tiers 10/15/20/25, only the highest one
reached counts), “Initiative / Actions” (the multiple-action penalty and assists) and
“Contested actions” (the difference in tiers decides). Tiers are counted by number: 0 below the
lowest difficulty, then 1 for 10, 2 for 15, 3 for 20 and 4 for 25.
"""

from __future__ import annotations

from .rules import TIERS, rule

__all__ = [
    "DIFFICULTIES", "TOP_TIER", "action_penalty", "assisted_tier", "contest_difference",
    "tier_of",
]

#: The totals that reach tiers 1, 2, 3, 4: (10, 15, 20, 25).
DIFFICULTIES: tuple[int, ...] = tuple(t.difficulty for t in TIERS[1:] if t.difficulty is not None)
#: The highest tier number (4, the 25 tier).
TOP_TIER: int = TIERS[-1].number


def tier_of(total: int) -> int:
    """The one tier a total reaches: the number of difficulties it equals or beats.

    Tiers do not stack (seed “Basic check system”): a 22 is a success in the 20 tier only.
    """
    return sum(1 for difficulty in DIFFICULTIES if total >= difficulty)


def action_penalty(action: int, actions: int) -> int:
    """The penalty (a positive number to subtract) on the ``action``-th of ``actions`` actions.

    One action has no penalty. With more than one, every action including the first takes the
    penalty once per its place in the turn: −5, −10, −15, … (seed “Initiative / Actions”; see the
    interpretation note ``multiple-action-penalty-per-place``).

    Raises:
        ValueError: if ``action`` is not between 1 and ``actions``.
    """
    if not 1 <= action <= actions:
        raise ValueError(f"action {action} is not one of 1..{actions}")
    return 0 if actions == 1 else rule("multiple-action-penalty") * action


def assisted_tier(action_tier: int, assist_tier: int) -> int:
    """The tier an action counts as after an assist.

    The assisting roll must be ``assist-tier-margin`` (2) tiers above the action's roll to raise
    it one tier, and every tier beyond that raises it one more; the result stops at the top tier
    (seed “Initiative / Actions”, examples 10 + 20 -> 15 and 10 + 25 -> 20; see the note
    ``assist-capped-at-top-tier``).
    """
    raise_by = assist_tier - action_tier - rule("assist-tier-margin") + 1
    return min(TOP_TIER, action_tier + max(0, raise_by))


def contest_difference(tier_a: int, tier_b: int) -> int:
    """Side A's tiers minus side B's (seed “Contested actions”).

    A positive difference *d* means A prevails with a tier-*d* success (2 is a 15-tier success);
    a negative one means B prevails; 0 is a tier-0 result for both, so neither prevails (see the
    note ``contest-tie-is-tier-0``).
    """
    return tier_a - tier_b
