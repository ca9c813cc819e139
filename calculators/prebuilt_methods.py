"""The methods ``dataclasses`` writes for the package's classes, compiled when the browser's
wheel is built instead of on every first visit.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``… as source text and
compiles it with ``exec`` while the class is made: about 1 ms a class in Pyodide, most of it
that compile. A first visit imports 28 (a check) to 66 (a battle tracker) of the package's
classes before its first answer, on a phone's slow processor.

The build (``build_scripts/compile_wheel.mjs``) imports every module of the package in
Pyodide's Python under :func:`recording`, and writes what was recorded into the wheel it ships
as :func:`file_name`: each text with the code object compiled from it, marshalled, named for
the Python that compiled it (bytecode fits only that version). When the package is imported
with that file beside it, :func:`install` has ``dataclasses`` run the code compiled for a text
it has seen instead of compiling the text again. A text it has not seen (a class changed
since, another Python) is compiled as ``dataclasses`` always does; so the file can make an
import quicker, never different. CPython runs the package from its source, where no such file
is, and :func:`install` does nothing there.

This module imports nothing of the package: the build loads it on its own, before the package
it records.
"""

from __future__ import annotations

import contextlib
import dataclasses
import marshal
import os
import sys
from collections.abc import Iterator
from types import CodeType

#: How many of the texts ``dataclasses`` compiled since :func:`install` were found compiled
#: (``hits``) or were not (``misses``): the Pyodide tests check that a browser's import
#: compiles none.
counts = {"hits": 0, "misses": 0}


def file_name() -> str:
    """The compiled methods' file in the package, for this Python."""
    return f"dataclass-methods.{sys.implementation.cache_tag}.marshal"


@contextlib.contextmanager
def recording() -> Iterator[dict[str, CodeType]]:
    """While open, every text ``dataclasses`` runs is compiled here and kept, text → code,
    in the dict it yields; :func:`marshal.dumps` of that dict is the file's content."""
    texts: dict[str, CodeType] = {}

    def compile_and_keep(source, globals=None, locals=None, /):
        if isinstance(source, str):
            # As exec compiles a text: dataclasses.py has no __future__ import to inherit.
            source = texts.setdefault(
                source, compile(source, "<string>", "exec", dont_inherit=True))
        return exec(source, globals, locals)

    with exec_in_dataclasses(compile_and_keep):
        yield texts


def install() -> bool:
    """Have ``dataclasses`` use the compiled methods from here on, if this package holds them
    for this Python (the wheel the site ships). Returns whether it does."""
    try:
        data = __loader__.get_data(os.path.join(os.path.dirname(__file__), file_name()))
        compiled = marshal.loads(data)
    except (OSError, EOFError, ValueError, TypeError):
        return False
    if not isinstance(compiled, dict):
        return False
    dataclasses.exec = running(compiled)
    return True


def running(compiled: dict[str, CodeType]):
    """An ``exec`` for ``dataclasses`` that runs the code compiled for a text it was given,
    and compiles any other text as the builtin does; it counts both in :data:`counts`."""

    def run_compiled(source, globals=None, locals=None, /):
        code = compiled.get(source) if isinstance(source, str) else None
        counts["misses" if code is None else "hits"] += 1
        return exec(source if code is None else code, globals, locals)

    return run_compiled


@contextlib.contextmanager
def exec_in_dataclasses(replacement) -> Iterator[None]:
    """``replacement`` as the ``exec`` that ``dataclasses`` calls while open. It calls
    ``exec`` by its global name (``_FuncBuilder.add_fns_to_class``), so a module attribute
    of that name stands in for the builtin there, and only there."""
    before = dataclasses.__dict__.get("exec")
    dataclasses.exec = replacement
    try:
        yield
    finally:
        if before is None:
            del dataclasses.exec
        else:
            dataclasses.exec = before
