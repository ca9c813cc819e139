"""Limits on what arrives from outside before any calculator reads it: JSON that nests too
deep, numbers too long to read, and text that is not Unicode at all.

A JSON value nested thousands deep is valid JSON, but reading it (and every walk over it
afterwards) recurses once per level: CPython stops with ``RecursionError``, Pyodide may run
out of stack. So its depth is measured on the text, without recursion, before it is parsed.
A lone surrogate (``"\\ud800"`` in JSON, or the bytes of a command-line argument that are not
UTF-8, which Python keeps as surrogates) is a string Python holds but no UTF-8 output can
carry: the CLI could not print it and the browser's answer would not be UTF-8. Both are
refused as field errors, in words, without echoing the text.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import CalculatorError

#: Deepest nesting of lists and objects accepted (a spellcard deck needs four levels).
MAX_DEPTH = 32
#: Longest document of inputs read, in characters: the browser's request or a file the CLI
#: reads (a battle, a sheet). A file is refused at this length before it is parsed. A battle
#: of the engine's most events (``calculators.battle.replay.MAX_LOG_TEXT``) fits, its log
#: written as JSON text inside the browser's request (every character escaped, at worst);
#: tests/package/test_battle_limits.py holds the two together.
MAX_DOCUMENT = 4_000_000

_SURROGATE = re.compile("[\ud800-\udfff]")
#: A JSON string (skipped whole, brackets inside it do not nest) or one bracket. The string
#: is matched as runs between escapes ("unrolled"), so the regex engine keeps no state per
#: character: a 10 MB string costs no more memory than its text (1.2 GB per 10 MB before).
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)

NOT_UNICODE = ("a broken character that is not valid Unicode (half of an emoji or other "
               "symbol, or bytes that are not UTF-8); retype it")
NOT_A_NUMBER = "NaN and Infinity are not numbers JSON allows; give a number"
TOO_DEEP = (f"lists or objects nested more than {MAX_DEPTH} levels deep; no input needs more "
            f"than {MAX_DEPTH}")


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate, which UTF-8 cannot encode."""
    return _SURROGATE.search(text) is not None


def text_depth(text: str) -> int:
    """How deep the lists and objects of JSON ``text`` nest, counted without parsing it."""
    steps = (1 if match.group() in "[{" else -1
             for match in _STRING_OR_BRACKET.finditer(text) if match.group()[0] != '"')
    return max(accumulate(steps), default=0)


class _NotANumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a JSON text."""


def _refuse_constant(name: str) -> None:
    """Python's JSON reader takes ``NaN`` and ``Infinity`` although JSON has no such numbers,
    and the CLI would print them back as invalid JSON: refused wherever they stand."""
    raise _NotANumber(name)


def parse(text: str, field: str, subject: str) -> Any:
    """``json.loads`` for untrusted ``text``, refused before parsing if it nests too deep; a
    problem is a :class:`CalculatorError` on ``field`` whose message starts with ``subject``
    ("The inputs", "Card (JSON)") and a colon. Its strings are left for :func:`check`, so a
    bad one inside a document of inputs is reported on its own input."""
    if text_depth(text) > MAX_DEPTH:
        raise CalculatorError.single(field, f"{subject}: {TOO_DEEP}.")
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except _NotANumber:
        raise CalculatorError.single(field, f"{subject}: {NOT_A_NUMBER}.") from None
    except json.JSONDecodeError as exc:
        raise CalculatorError.single(field, f"{subject}: not valid JSON ({exc.msg} at line "
                                            f"{exc.lineno}, column {exc.colno}).") from None
    except ValueError:  # an integer of more digits than Python converts (4300)
        raise CalculatorError.single(field, f"{subject}: a number too long to read."
                                     ) from None
    return value


def check(value: Any, field: str, subject: str) -> None:
    """Refuse ``value`` (already a Python value: parsed JSON, a CLI option) if any of its
    strings or keys is not Unicode or it nests deeper than :data:`MAX_DEPTH`; walked without
    recursion, so a value built in Python too deep to parse is refused as well."""
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if has_surrogate(item):
                raise CalculatorError.single(field, f"{subject}: {NOT_UNICODE}.")
        elif isinstance(item, (dict, list)):
            if depth >= MAX_DEPTH:
                raise CalculatorError.single(field, f"{subject}: {TOO_DEEP}.")
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)


__all__ = ["MAX_DEPTH", "MAX_DOCUMENT", "check", "has_surrogate", "parse", "text_depth"]
