"""Rule data and calculators for four tabletop RPG rule systems.

Pure Python, standard library only, so the same wheel runs under CPython (CLI, build, tests)
and in the browser under Pyodide. Every calculator takes a JSON object and returns one; bad
input raises :class:`CalculatorError` and nothing else.
"""

from . import prebuilt_methods

# First, so that the classes the imports below make find their methods compiled in the wheel
# a browser imports (prebuilt_methods.py says why); nothing happens elsewhere.
prebuilt_methods.install()

from .calculator import Calculator
from .errors import CalculatorError, FieldError
from .registry import CALCULATORS, get, run

__all__ = ["CALCULATORS", "Calculator", "CalculatorError", "FieldError", "get", "run"]
