"""What page templates can use, system by system.

Each module here exports ``GLOBALS``, a dict of names a page's Markdown may use inside
``{{ … }}``: rule data and the helpers that turn it into tables. Modules are gathered
automatically; a name exported twice is a build error.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any


def collect_globals() -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for key, value in getattr(module, "GLOBALS", {}).items():
            if key in merged:
                raise RuntimeError(f"page global {key!r} is defined twice (in {info.name})")
            merged[key] = value
    return merged
