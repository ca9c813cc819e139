"""Where the suite's processor time goes, test by test (issue 34): with ``SUITE_CPU=<file>`` in
the environment, each test appends one JSON line to that file: its id, its pytest-xdist worker,
when it started and stopped, and the processor seconds its worker's whole process tree used
meanwhile (the worker's Python, Playwright's driver and the Chromium it drives, Node for the
Pyodide tier). ``build_scripts/suite_cpu.py <file>`` sums the lines by test file.

On the 2-core machine the suite runs on, it is bound by the processor, not by waiting, so a
test's cost is its processor time, which its wall time (``--durations``) hides under the load
of the other workers. A module-scoped fixture's set-up counts toward the first test that asks
for it. Processes that end inside a test are counted once their parent has reaped them (their
time moves into the parent's ``cutime``); a Chromium killed with its profile may be lost.
Without the variable, nothing is measured or written.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

TICKS = os.sysconf("SC_CLK_TCK")


def tree_seconds(root: int) -> float:
    """Processor seconds (user and system, with reaped children's) of ``root`` and every
    process below it, read from ``/proc``."""
    used: dict[int, tuple[int, int]] = {}  # pid -> (parent, ticks)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        used[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]))
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in used.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += used.get(pid, (0, 0))[1]
        todo += children.get(pid, [])
    return total / TICKS


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    out = os.environ.get("SUITE_CPU")
    if not out:
        yield
        return
    started, before = time.time(), tree_seconds(os.getpid())
    yield
    line = {"id": item.nodeid, "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
            "start": started, "stop": time.time(),
            "cpu": round(tree_seconds(os.getpid()) - before, 2)}
    with open(out, "a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")
