"""Calculators for the roll keep rules (none yet)."""

CALCULATORS = ()
