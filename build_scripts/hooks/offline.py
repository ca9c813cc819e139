"""MkDocs hook: write the service worker over the finished site (see ``build_scripts.offline``).

Listed last in ``mkdocs.yml`` so its ``on_post_build`` runs after every other writer (the
search index, the runtime hook's Pyodide, wheel and snapshot): the precache must list them all.
Not under ``mkdocs serve``: a service worker there would keep serving the pages as they were
before an edit.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

from build_scripts import offline  # noqa: E402

_command = {"name": "build"}


def on_startup(command, dirty, **kwargs):
    _command["name"] = command


def on_post_build(config, **kwargs):
    if _command["name"] == "serve":
        return
    try:
        offline.write_service_worker(Path(config.site_dir))
    except offline.OfflineBuildError as exc:
        raise PluginError(str(exc)) from None
