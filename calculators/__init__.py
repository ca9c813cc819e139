"""Rule data and calculators for four tabletop RPG rule systems.

Pure Python, standard library only, so the same wheel runs under CPython (CLI, build, tests)
and in the browser under Pyodide. Every calculator takes a JSON object and returns one; bad
input raises :class:`CalculatorError` and nothing else.
"""

from .calculator import Calculator
from .errors import CalculatorError, FieldError
from .registry import CALCULATORS, get, run

__all__ = ["CALCULATORS", "Calculator", "CalculatorError", "FieldError", "get", "run"]
