"""Name → calculator, gathered from each system's subpackage.

Each system exports a tuple ``CALCULATORS``; this module is the only place that knows the list
of systems, so adding a calculator never touches the surfaces that use it (CLI, build, browser).
"""

from __future__ import annotations

from . import magical_burst, post_magic_maid, roll_keep, western_roses
from .calculator import Calculator
from .errors import CalculatorError

SYSTEMS = (western_roses, roll_keep, magical_burst, post_magic_maid)


def _collect() -> dict[str, Calculator]:
    found: dict[str, Calculator] = {}
    for system in SYSTEMS:
        for calc in system.CALCULATORS:
            if calc.name in found:
                raise RuntimeError(f"calculator name {calc.name!r} is registered twice")
            found[calc.name] = calc
    return found


CALCULATORS: dict[str, Calculator] = _collect()


def get(name: str) -> Calculator:
    """The calculator called ``name``, or a :class:`CalculatorError` listing the known names."""
    if isinstance(name, str) and name in CALCULATORS:
        return CALCULATORS[name]
    known = ", ".join(sorted(CALCULATORS))
    raise CalculatorError.single("calculator", f"No calculator of that name; known: {known}.")


def run(name: str, params: object = None) -> dict:
    """Run calculator ``name`` on raw JSON parameters and return its JSON-able result."""
    return get(name).run(params)
