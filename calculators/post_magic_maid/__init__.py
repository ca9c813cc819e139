"""Calculators for the post magic maid rules (none yet)."""

CALCULATORS = ()
