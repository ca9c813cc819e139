"""Western Roses rule constants, loaded from ``data/check_rules.json``.

The check calculator and the rules page both read these values, so a number shown on the
page is the number the calculator uses.
"""

from __future__ import annotations

from ..ruledata import RuleValue, load_records

CHECK_RULES: dict[str, RuleValue] = {
    r.id: r for r in load_records(__package__, "check_rules.json", RuleValue)
}

DIE_SIDES = CHECK_RULES["die-sides"].value
STAT_POINTS_PER_DIE = CHECK_RULES["stat-points-per-die"].value
CRITICAL_WINDOW = CHECK_RULES["critical-window"].value
CRITICAL_SUCCESS_CUTOFF = CHECK_RULES["critical-success-cutoff"].value
AVERAGE_STAT = CHECK_RULES["average-stat"].value
