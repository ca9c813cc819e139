"""Post-magic-maid rules (seed 003, derived from “Rivet”): rule data and calculators."""

from .blitz import PMM_BLITZ
from .checks import PMM_CHECK

__all__ = ["CALCULATORS", "PMM_BLITZ", "PMM_CHECK"]

CALCULATORS = (PMM_CHECK, PMM_BLITZ)
