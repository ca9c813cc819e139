"""Roll-and-keep d10 rules (seed 001): rule data and the ``roll-keep`` calculator."""

from .keep_law import KeptLaw, kept_law
from .pools import Normalised, assemble, normalise
from .roll import ROLL_KEEP

CALCULATORS = (ROLL_KEEP,)

__all__ = ["CALCULATORS", "KeptLaw", "Normalised", "ROLL_KEEP", "assemble", "kept_law",
           "normalise"]
