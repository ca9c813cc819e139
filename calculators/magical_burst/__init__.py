"""Magical Burst 4.1 (seed 002): rule data and calculators.

Modules are imported on demand (see :mod:`calculators.registry`), so this file imports none.
"""
