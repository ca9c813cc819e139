"""Chromium trace files as the benchmarks read them (``lighthouse.py``, ``restore_profile.py``).

Playwright's tracing writes an object holding ``traceEvents``; Lighthouse's ``--save-assets``
has written both that and the bare list of events: either is read as the list.
"""

from __future__ import annotations

import json
from pathlib import Path


def trace_events(trace: Path) -> list[dict]:
    """The events of the trace file ``trace``."""
    data = json.loads(trace.read_text())
    return data["traceEvents"] if isinstance(data, dict) else data
