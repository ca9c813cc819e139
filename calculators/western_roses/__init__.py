"""Western Roses rule-set v0.6 (seed 000): rule data and calculators."""

from .checks import WR_CHECK

CALCULATORS = (WR_CHECK,)
