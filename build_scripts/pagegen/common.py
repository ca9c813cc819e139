"""Helpers every system's pages use."""

from __future__ import annotations

from calculators.interpretations import Interpretation, load_interpretations
from calculators.ruledata import Source, cite_rules


def cite(source: Source) -> str:
    """A datum's source as a player cites it: ``Western Roses v0.6 — Basic rolls``."""
    return source.cite()


def interpretations(package: str) -> tuple[Interpretation, ...]:
    """The interpretation notes of a system, e.g. ``interpretations("calculators.western_roses")``."""
    return load_interpretations(package)


GLOBALS = {"cite": cite, "cite_rules": cite_rules, "interpretations": interpretations}
