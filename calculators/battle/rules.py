"""What a game system gives the engine: its combatants' reading, its events and its view."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..calculator import Calculator
from ..params import Param
from .events import EventType, rolling
from .state import State


@dataclass(frozen=True)
class Rules:
    """A system's battle rules.

    Attributes:
        system: the system's slug (``western-roses``).
        events: every event type by name, in the order the documentation lists them.
        setup: reads the combatants (JSON) into the state before any event; raises
            :class:`~calculators.errors.CalculatorError` with fields ``combatants[i].…``.
        view: the JSON a reader (or a UI) needs from a state: each combatant's numbers, the
            order, whose turn, the log, and ``legal``.
        legal: the events legal now, each ``{type, by, …}`` with the choices its fields can
            take (targets in range, cards she can pay for).
        combatant_fields: the fields of one combatant entry, for the page documenting the
            battle file.
    """

    system: str
    events: Mapping[str, EventType]
    setup: Callable[[Any], State]
    view: Callable[[State], dict]
    legal: Callable[[State], list[dict]]
    combatant_fields: tuple[Param, ...] = ()

    @property
    def rolling(self) -> frozenset[str]:
        """The events that may roll or shuffle: those declaring a ``seed`` field (required or
        not). A button sending one carries a fresh seed."""
        return rolling(self.events.values())


def rules_of(calculator: Calculator) -> Rules:
    """The battle rules a ``*-battle`` calculator plays: the ``RULES`` of the module that
    defines its answer (every system's ``fight/calculator.py`` declares both side by side).

    Raises:
        LookupError: ``calculator`` is no battle calculator.
    """
    rules = getattr(importlib.import_module(calculator.compute.__module__), "RULES", None)
    if not isinstance(rules, Rules):
        raise LookupError(f"{calculator.name} is not a battle calculator (no RULES beside it)")
    return rules
