"""Magical Burst 4.1 (seed 002): rule data and calculators."""

from .checks import MB_CHECK, MB_MOVE
from .sorcery import MB_SORCERY

CALCULATORS = (MB_CHECK, MB_MOVE, MB_SORCERY)
