"""MkDocs hook: ship the Python runtime with the site (see ``build_scripts.runtime``).

The build id (a hash of the package source) is known before pages render, so widgets can ask
the worker for exactly this build; the wheel, its memory snapshot and Pyodide's core are copied
after the build.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

from build_scripts import runtime  # noqa: E402


def on_config(config, **kwargs):
    config.extra["calculator_build"] = runtime.source_digest()
    return config


def on_post_build(config, **kwargs):
    build_id = config.extra["calculator_build"]
    try:
        wheel = runtime.build_wheel(build_id)
        snapshot = runtime.make_snapshot(build_id, wheel)
        runtime.install_runtime(Path(config.site_dir), build_id, wheel, snapshot)
    except runtime.RuntimeBuildError as exc:
        raise PluginError(str(exc)) from None
