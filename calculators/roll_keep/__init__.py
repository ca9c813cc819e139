"""Roll-and-keep d10 rules (seed 001): rule data and the ``roll-keep`` calculator.

Modules are imported on demand (see :mod:`calculators.registry`), so this file imports none.
"""
