"""Where a return visit's restored worker spends its own thread's time, up to its first answer.

Run by ``make bench`` after the benchmark (``python build_scripts/restore_profile.py [RUNS]``).
It builds the site as the benchmark does and serves it as GitHub Pages would
(``pages_server.py``). Each run takes a fresh profile through one first visit
(``benchmark.first_visit_then_idle``: the precache made, the raw snapshot kept, the service
workers stopped), then opens the benchmark's blank worker page there: the site's calculators'
worker alone, restored from the kept snapshot and asked at once for an answer. Chromium traces
that visit with V8's sampling profiler on (``disabled-by-default-v8.cpu_profiler``), and each
sample of the worker's thread, up to the answer, is put in the phase of the nearest function on
its stack that names one (``PHASES``).

Why: ``benchmark.py`` times the return visit from outside. This says what fills the worker's
own time, and so which parts are the site's and which are Pyodide's own start that any restore
pays (its module linked as it is instantiated, its set-up after the restore). Figures go to
stdout and to ``bench-results/restore-profile.json``: the median of the runs for each phase, in
ms of the worker's thread.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_scripts import benchmark  # noqa: E402
from build_scripts.pages_server import serve  # noqa: E402
from build_scripts.return_visit import stop_service_workers  # noqa: E402
from build_scripts.traces import trace_events  # noqa: E402

RUNS = 3
CATEGORIES = ["disabled-by-default-v8.cpu_profiler", "devtools.timeline", "loading"]
WORKER_THREAD = "DedicatedWorker thread"

#: A sample's phase: the first of these, in this order, that a function on its stack names,
#: from the innermost function out. Each names one function of the worker's own script, of
#: snapshot-store.js or of Pyodide's module script (``pyodide.asm.mjs``, names as published).
PHASES: tuple[tuple[str, Callable[[dict], bool]], ...] = (
    ("the first answer (calc-worker.js answer: Python's call)",
     lambda frame: frame["functionName"] == "answer" and "calc-worker.js" in frame["url"]),
    ("the kept snapshot read and laid out (snapshot-store.js)",
     lambda frame: "snapshot-store.js" in frame["url"]),
    ("the snapshot copied into Python's memory (Pyodide's restoreSnapshot)",
     lambda frame: frame["functionName"] == "API.restoreSnapshot"),
    ("Pyodide's own set-up after the restore (finalizeBootstrap)",
     lambda frame: frame["functionName"] == "API.finalizeBootstrap"),
    ("Pyodide's module linked as it is instantiated (Emscripten's receiveInstance)",
     lambda frame: frame["functionName"] == "receiveInstance"),
)
#: What V8 names a sample taken outside any function, and the phase it goes to.
OUTSIDE = {"(idle)": "idle: waiting for bytes, or for the WebAssembly compiling elsewhere",
           "(garbage collector)": "garbage collection",
           "(program)": "the browser's own work on this thread"}
OTHER = "the rest of the worker's scripts and of Pyodide (JavaScript and WebAssembly)"


def worker_samples(events: list[dict]) -> list[tuple[float, list[dict]]]:
    """Each V8 sample of the page's one dedicated worker: its time (µs, the trace's clock) and
    its stack, innermost function first. The samples come in ``ProfileChunk`` events of the
    profiler's own thread, tied by their ``id`` to the ``Profile`` event of the sampled one."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    profiles = {(e["pid"], e["id"]): e["args"]["data"]["startTime"] for e in events
                if e.get("name") == "Profile" and names.get((e["pid"], e["tid"])) == WORKER_THREAD}
    if len(profiles) != 1:
        raise RuntimeError(f"expected one profiled worker thread, found {len(profiles)}")
    (key, clock), = profiles.items()
    nodes, samples = {}, []
    for event in events:
        if event.get("name") != "ProfileChunk" or (event["pid"], event.get("id")) != key:
            continue
        data = event["args"]["data"]
        profile = data.get("cpuProfile", {})
        nodes.update({node["id"]: node for node in profile.get("nodes", [])})
        for node_id, delta in zip(profile.get("samples", []), data.get("timeDeltas", [])):
            clock += delta
            samples.append((clock, node_id))

    def stack(node_id: int) -> list[dict]:
        frames = []
        while node_id in nodes:
            frame = nodes[node_id]["callFrame"]
            frames.append({"functionName": frame.get("functionName", ""),
                           "url": frame.get("url", "")})
            node_id = nodes[node_id].get("parent")
        return frames

    return [(time, stack(node_id)) for time, node_id in samples]


def phase_of(stack: list[dict]) -> str:
    """The phase of a sample whose stack is ``stack`` (innermost function first)."""
    if stack and stack[0]["functionName"] in OUTSIDE:
        return OUTSIDE[stack[0]["functionName"]]
    for frame in stack:
        for label, names_it in PHASES:
            if names_it(frame):
                return label
    return OTHER


def phases(events: list[dict], answered_ms: float) -> dict:
    """The worker's thread time (ms) in each phase, from its start to its answer
    (``answered_ms`` from the navigation's start, on the page's clock), and when it started."""
    navigation = min(e["ts"] for e in events if e.get("name") == "ResourceSendRequest"
                     and "bench/worker.html" in e["args"]["data"].get("url", ""))
    samples = worker_samples(events)
    end = navigation + answered_ms * 1000
    spent = Counter()
    for (time, stack), (later, _) in zip(samples, samples[1:]):
        if time < end:
            spent[phase_of(stack)] += (min(later, end) - time) / 1000
    return {"worker started": (samples[0][0] - navigation) / 1000, "answered": answered_ms,
            "phases": dict(spent)}


def profile_once(browser, base: str, build: str, trace: Path) -> dict:
    """One return visit of the worker alone, in a fresh profile that visited once, traced
    from its navigation (the new tab settled and the service workers stopped first, as
    ``benchmark.worker_alone`` does)."""
    context = browser.new_context()
    benchmark.first_visit_then_idle(context, base)
    page = benchmark.new_tab(context)
    stop_service_workers(page)
    browser.start_tracing(page=None, path=str(trace), categories=CATEGORIES)
    answered, path = benchmark.worker_answer(page, base, build)
    browser.stop_tracing()
    context.close()
    if path != "snapshot":
        raise RuntimeError(f"the worker booted {path}, not from the snapshot")
    return phases(trace_events(trace), answered)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        benchmark.build(site, full=False)
        server = serve(site, benchmark.PORT)
        base = f"http://127.0.0.1:{benchmark.PORT}/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                            args=benchmark.FLAGS)
                found = [profile_once(browser, base, benchmark.build_id(site),
                                      Path(tmp) / "trace.json") for _ in range(runs)]
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    labels = [label for label, _ in PHASES] + list(OUTSIDE.values()) + [OTHER]
    median = {label: statistics.median(run["phases"].get(label, 0.0) for run in found)
              for label in labels}
    report = {"runs": found, "median": median,
              "worker started": statistics.median(run["worker started"] for run in found),
              "answered": statistics.median(run["answered"] for run in found)}
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "restore-profile.json").write_text(json.dumps(report, indent=2))
    print(f"A restored worker alone, its thread from its start to its first answer (median of "
          f"{runs} return visits, ms): started {report['worker started']:.0f} ms after the "
          f"navigation, answered at {report['answered']:.0f}")
    for label in sorted(labels, key=lambda label: -median[label]):
        print(f"  {median[label]:6.0f}  {label}")


if __name__ == "__main__":
    main()
