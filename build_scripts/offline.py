"""The built site, readable offline: its service worker, generated after everything else.

``make_service_worker.mjs`` runs Workbox's ``injectManifest`` over the finished site folder, so the
precache manifest lists exactly the files of this build (pages, assets, the search index,
Pyodide, the wheel, the snapshot) with a hash of each. ``docs/assets/js/offline.js`` registers
the worker once a page is idle and tells the reader when a newer build is waiting.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "build_scripts" / "make_service_worker.mjs"
#: The worker's file at the site root: its folder is its scope, so it must sit at the top.
SERVICE_WORKER = "sw.js"


class OfflineBuildError(Exception):
    """The service worker could not be written; the message says why."""


def write_service_worker(site_dir: Path) -> dict:
    """Write ``sw.js`` (and Workbox's runtime) into ``site_dir``; returns ``{count, size}``
    of the precache manifest."""
    node = shutil.which("node")
    if not node:
        raise OfflineBuildError("node is needed to write the service worker")
    proc = subprocess.run([node, str(SCRIPT), str(site_dir)], capture_output=True, text=True,
                          cwd=ROOT)
    if proc.returncode != 0:
        raise OfflineBuildError(f"generating the service worker failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout)
