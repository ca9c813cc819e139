"""What page templates can use, system by system.

Each module here exports ``GLOBALS``, a dict of names a page's Markdown may use inside
``{{ … }}``: rule data and the helpers that turn it into tables. A module that serves one
system's pages declares ``NAMESPACE`` (``"mb.dice"``), and a page reaches its names through it:
``{{ mb.dice.band_label(b) }}``. Helpers every system's pages use (``cite``, ``signed``,
``parameter_table``) have no namespace. Modules are gathered automatically; a name exported
twice is a build error.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import SimpleNamespace
from typing import Any


def collect_globals() -> dict[str, Any]:
    """Every module's ``GLOBALS``, each under its module's ``NAMESPACE`` (a dotted path of
    :class:`~types.SimpleNamespace`, which a template reads with dots)."""
    merged: dict[str, Any] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        prefix = getattr(module, "NAMESPACE", "")
        for key, value in getattr(module, "GLOBALS", {}).items():
            _place(merged, f"{prefix}.{key}" if prefix else key, value, info.name)
    return merged


def _place(merged: dict[str, Any], path: str, value: Any, module: str) -> None:
    *spaces, name = path.split(".")
    where = merged
    for space in spaces:
        inner = where.setdefault(space, SimpleNamespace())
        if not isinstance(inner, SimpleNamespace):
            raise RuntimeError(f"page global {space!r} is both a name and a namespace ({module})")
        where = vars(inner)
    if name in where:
        raise RuntimeError(f"page global {path!r} is defined twice (in {module})")
    where[name] = value
