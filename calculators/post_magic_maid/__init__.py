"""Post-magic-maid rules (seed 003, derived from “Rivet”): rule data and calculators.

Modules are imported on demand (see :mod:`calculators.registry`), so this file imports none.
"""
