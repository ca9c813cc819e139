"""Helpers every system's pages use."""

from __future__ import annotations

from calculators.ruledata import Source


def cite(source: Source) -> str:
    """A datum's source as a short citation: ``seed 000, “Basic rolls”``."""
    return source.cite()


GLOBALS = {"cite": cite}
