"""Magical Burst 4.1 (seed 002): rule data and calculators."""

from .attack import MB_ATTACK
from .burst import MB_JUDGMENT_BURST
from .checks import MB_CHECK, MB_MOVE
from .overcharge_odds import MB_OVERCHARGE
from .sorcery import MB_SORCERY
from .table_roll import MB_ROLL_TABLE
from .tracker import MB_TRACKER

CALCULATORS = (MB_CHECK, MB_MOVE, MB_SORCERY, MB_ATTACK, MB_OVERCHARGE, MB_JUDGMENT_BURST,
               MB_TRACKER, MB_ROLL_TABLE)
