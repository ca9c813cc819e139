"""Western Roses rule-set v0.6 (seed 000): rule data and calculators.

Modules are imported on demand (see :mod:`calculators.registry`), so this file imports none.
"""
