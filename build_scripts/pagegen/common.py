"""Helpers every system's pages use."""

from __future__ import annotations

from calculators.interpretations import Interpretation, load_interpretations
from calculators.ruledata import Source


def cite(source: Source) -> str:
    """A datum's source as a short citation: ``seed 000, “Basic rolls”``."""
    return source.cite()


def interpretations(package: str) -> tuple[Interpretation, ...]:
    """The interpretation notes of a system, e.g. ``interpretations("calculators.western_roses")``."""
    return load_interpretations(package)


GLOBALS = {"cite": cite, "interpretations": interpretations}
