"""Calculators for the magical burst rules (none yet)."""

CALCULATORS = ()
