"""Western Roses rule-set v0.6 (seed 000): rule data and calculators."""

from .attack import WR_ATTACK
from .checks import WR_CHECK
from .damage import WR_DAMAGE
from .spellcards.calculators import WR_SPELLCARD, WR_SPELLCARD_DECK
from .versus import WR_VERSUS

CALCULATORS = (WR_CHECK, WR_VERSUS, WR_ATTACK, WR_DAMAGE, WR_SPELLCARD, WR_SPELLCARD_DECK)
