"""Western Roses data for page templates."""

from __future__ import annotations

from calculators.ui import percent
from calculators.western_roses import rules
from calculators.western_roses.checks import (MAX_DICE, check_distribution,
                                              dice_for_stat, wr_check)


def dice_table_rows(stats: range = range(3, 31, 3)) -> list[dict]:
    """One row per stat: dice rolled, the range of totals, the critical bands and the mean,
    all computed by the same functions the check calculator uses."""
    rows = []
    window = rules.CRITICAL_WINDOW
    for stat in stats:
        dice = dice_for_stat(stat)
        law = check_distribution(dice, 0)
        rows.append({"stat": f"{stat}–{stat + rules.STAT_POINTS_PER_DIE - 1}", "dice": dice,
                     "lowest": law.min, "highest": law.max,
                     "critical_failure": f"{law.min}–{law.min + window - 1}",
                     "critical_success": f"{law.max - window + 1}–{law.max}",
                     "mean": f"{float(law.mean()):g}"})
    return rows


def mean_of(dice: int) -> str:
    """The average total of ``dice``d6, as the dice table shows it."""
    return f"{float(check_distribution(dice, 0).mean()):g}"


def success_percent(dice: int, target: int) -> str:
    """The chance that ``dice``d6 succeeds against ``target``, criticals included, written as
    the calculators write it: the same computation as the check calculator."""
    return percent(wr_check(dice, None, 0, target)["p_success"])


NAMESPACE = "wr.checks"
GLOBALS = {
    "rules": rules.CHECK_RULES,
    "dice_table_rows": dice_table_rows,
    "max_dice": MAX_DICE,
    "mean_of": mean_of,
    "success_percent": success_percent,
}
