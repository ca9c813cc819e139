"""Helpers every system's pages use."""

from __future__ import annotations

import json

from calculators import CALCULATORS
from calculators.interpretations import Interpretation, load_interpretations
from calculators.ruledata import Source, cite_rules
from calculators.ui import amount, signed


def cite(source: Source) -> str:
    """A datum's source as a player cites it: ``Western Roses v0.6 — Basic rolls``."""
    return source.cite()


def interpretations(package: str) -> tuple[Interpretation, ...]:
    """The interpretation notes of a system, e.g. ``interpretations("calculators.western_roses")``."""
    return load_interpretations(package)


def saved_names() -> str:
    """What a player calls each calculator's saved data (calculator name → ``saved_as``), as
    JSON for the saved-data panel's ``data-saved-names`` (the Markdown escapes nothing: the
    page writes it with ``|e``)."""
    return json.dumps({name: calc.saved_as for name, calc in sorted(CALCULATORS.items())
                       if calc.saved}, separators=(",", ":"))


GLOBALS = {"amount": amount, "cite": cite, "cite_rules": cite_rules,
           "interpretations": interpretations, "saved_names": saved_names, "signed": signed}
