"""The one entry point the browser worker (and the build) call: JSON text in, JSON text out.

Everything that can go wrong with input becomes ``{"errors": [...]}`` here, in the same shape
the CLI prints; a bug in a calculator becomes a plain message too (its traceback goes to the
console for developers), so a reader never sees a traceback or a half-drawn widget.
"""

from __future__ import annotations

import json
import sys
import traceback

from . import untrusted
from .errors import CalculatorError
from .registry import get

#: Largest parameters document accepted, in characters (a spellcard deck fits many times over).
MAX_REQUEST = untrusted.MAX_DOCUMENT


def render(name: str, params: object) -> dict:
    """``{"html": ...}`` for calculator ``name`` on raw ``params``, or ``{"errors": [...]}``."""
    try:
        calc = get(name)
        return {"html": calc.render(calc.run(params))}
    except CalculatorError as exc:
        return exc.as_json()


def preload(name: str) -> None:
    """Import calculator ``name`` ahead of its first call (the worker does this for the
    widgets of the page it boots on); an unknown name is left for ``respond`` to report."""
    try:
        get(name)
    except CalculatorError:
        pass


def respond(name: str, params_json: str) -> str:
    """The worker's call: parse ``params_json``, render, and answer as JSON text."""
    try:
        if len(params_json) > MAX_REQUEST:
            raise CalculatorError.single("", "These inputs are too long to be a calculator's.")
        answer = render(name, untrusted.parse(params_json, "", "The inputs"))
    except CalculatorError as exc:
        answer = exc.as_json()
    except Exception as exc:  # a bug, not bad input: say so plainly, keep the detail for devs
        traceback.print_exc(file=sys.stderr)
        answer = {"errors": [{"field": "", "message": (
            f"The calculator failed unexpectedly ({type(exc).__name__}). "
            "Please report this page's link.")}]}
    return json.dumps(answer, ensure_ascii=False)
