"""The phone profile of ``make bench``: where a slow phone's first and return visits spend
their time, the worker's part included.

The profile (issue 37): a 390 px touch screen, 12 Mbit/s down, 4 Mbit/s up, 40 ms latency
(CDP ``Network.emulateNetworkConditions``, which Chromium applies to the page's workers'
requests too), the processor slowed 4x, a cold profile, and the site served gzip-compressed as
GitHub Pages serves it (text, and ``application/wasm``; the zip, wheel and snapshot, already
compressed, as they are).

Slowing the processor: CDP's ``Emulation.setCPUThrottlingRate`` slows the page's main thread
only. Chromium refuses it for a worker target ("Operation is only supported for pages, not
workers"), and a busy loop in a dedicated worker ran as fast with it as without (57 and 62 ms),
so on its own it leaves Python's download, compile, start and imports, the whole of the
worker, at this machine's speed. This script therefore also holds each of the renderer's other
threads to a quarter of a core with the Linux cgroup (v1) ``cpu`` controller, which takes
single threads: each Web Worker or service worker thread in a cgroup of its own, and the
renderer's other threads (V8's, where WebAssembly is compiled, among them) in one cgroup of
two quarter-cores. A
machine without a writable ``/sys/fs/cgroup/cpu`` runs with the page's throttling only and
says so (``worker CPU`` in the report).

Measured, each in a fresh profile, ``--runs`` times (3), the median reported with the load
(``uptime``) before and after:

- the calculator page (basic-rolls): when the service worker was asked for the page (a return
  visit) and the page's first byte, the pre-rendered answer (DOMContentLoaded), the first
  contentful paint, the page's own requests, then the worker's downloads, the moment Python's
  start was let go (once the page painted, calc-worker.js), its WebAssembly compiled (and
  whether while it arrived), Python's start or the snapshot's restore, the wheel's install,
  the imports, and the first live answer to an input typed at once;
- the Western Roses battle tracker: the same, to the tracker usable (its Python ready and its
  answer live);
- the worker's phases as durations within each run (``PHASES``), whose medians tell an A/B's
  effect on one phase apart from the load's effect on the phases before it;
- each page's return visit: a new tab of the same profile once the service worker has
  precached the site and kept the raw snapshot, and has been stopped, as the browser stops it
  once idle (return_visit.py);
- a bare boot of the site's own runtime (Pyodide and its standard library as the site ships
  them, nothing imported) on the same profile, cold, as the yardstick.

``--compare A B`` serves two built sites (``python -m build_scripts.make_site --site DIR``)
and measures them alternately in one invocation: the A/B of a lever on a shared machine.
``--site DIR`` measures a site built already; with neither, the site is built first.
The figures go to stdout and ``bench-results/phone.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_scripts import runtime  # noqa: E402
from build_scripts.pages_server import serve  # noqa: E402
from build_scripts.return_visit import settle  # noqa: E402

PORTS = (8767, 8768)
CALC_PAGE, CALC_WIDGET, CALC_INPUT = "western-roses/basic-rolls/", "#wr-check", "#wr-check-target"
TRACKER_PAGE, TRACKER_WIDGET = "western-roses/battle-tracker/", "#wr-battle"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: The phone: 12 Mbit/s down, 4 Mbit/s up, 40 ms, in CDP's bytes per second.
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 12e6 / 8,
           "uploadThroughput": 4e6 / 8}
CPU_SLOWDOWN = 4
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
TIMEOUT = 120_000
BARE_PAGE = """<!doctype html><title>bare</title><script>
const w = new Worker("bare-worker.js", {type: "module"});
w.onmessage = (e) => { window.bareReady = e.data; };
</script>"""
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
const wasm = {};
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    wasm.start = performance.now();
    const result = original.apply(this, args);
    result.then(() => { wasm.end = performance.now(); });
    return result;
  };
}
const t0 = performance.now();
await loadPyodide({ indexURL: new URL("../pyodide/", self.location.href).href });
self.postMessage({ started: t0, ready: performance.now(), wasm: wasm,
                   timeOrigin: performance.timeOrigin });
"""


class ThreadThrottle:
    """Holds each worker thread of the renderers (dedicated and service workers) to a quarter
    of a core, and their other threads but the main one (V8's compile threads among them) to
    two quarter-cores together, with cgroup v1, polling every 20 ms for new threads."""

    ROOT = Path("/sys/fs/cgroup/cpu")
    PERIOD_US = 10_000

    def __init__(self, marker: str, slowdown: int) -> None:
        self.marker, self.slowdown = marker, slowdown
        self.base = self.ROOT / f"rpg-phone-bench-{os.getpid()}"
        self.placed: set[int] = set()
        self.stop = threading.Event()
        self.available = False
        self.thread = None
        if slowdown == 1:
            return
        try:
            self.base.mkdir()
            self.pool = self.group("pool", cores=2)
            self.available = True
        except OSError as error:
            print(f"Worker CPU not slowed (no writable cgroup cpu controller: {error})")

    def group(self, name: str, cores: int = 1) -> Path:
        path = self.base / name
        path.mkdir(exist_ok=True)
        (path / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
        (path / "cpu.cfs_quota_us").write_text(str(cores * self.PERIOD_US // self.slowdown))
        return path

    def start(self) -> None:
        if self.available:
            self.thread = threading.Thread(target=self.run, daemon=True)
            self.thread.start()

    def browser_pid(self) -> int | None:
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                with contextlib.suppress(OSError):
                    args = (proc / "cmdline").read_bytes().split(b"\0")
                    if self.marker.encode() in args and not any(
                            a.startswith(b"--type=") for a in args):
                        return int(proc.name)
        return None

    def renderers(self, browser: int) -> list[int]:
        children: dict[int, list[int]] = {}
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    stat = (proc / "stat").read_text()
                    ppid = int(stat[stat.rindex(")") + 2:].split()[1])
                    children.setdefault(ppid, []).append(int(proc.name))
        found, todo = [], [browser]
        while todo:
            pid = todo.pop()
            for child in children.get(pid, []):
                todo.append(child)
                with contextlib.suppress(OSError):
                    if b"--type=renderer" in (Path("/proc") / str(child) / "cmdline").read_bytes():
                        found.append(child)
        return found

    def run(self) -> None:
        browser = None
        while not self.stop.wait(0.02):
            browser = browser or self.browser_pid()
            if browser is None:
                continue
            for pid in self.renderers(browser):
                with contextlib.suppress(OSError):
                    for task in (Path("/proc") / str(pid) / "task").iterdir():
                        tid = int(task.name)
                        if tid == pid or tid in self.placed:
                            continue  # the main thread: CDP's own throttling slows it
                        name = (task / "comm").read_text().strip()
                        worker = "Worker" in name  # DedicatedWorker thread, ServiceWorker ...
                        target = self.group(f"t{tid}") if worker else self.pool
                        with contextlib.suppress(OSError):
                            (target / "tasks").write_text(str(tid))
                        self.placed.add(tid)

    def close(self) -> None:
        self.stop.set()
        if self.thread:
            self.thread.join()
        if not self.available:
            return
        for group in [*self.base.iterdir()]:
            if group.is_dir():
                for tid in (group / "tasks").read_text().split():
                    with contextlib.suppress(OSError):
                        (self.ROOT / "tasks").write_text(tid)
                group.rmdir()
        self.base.rmdir()


def build(site: Path) -> None:
    subprocess.run([sys.executable, "-m", "build_scripts.make_site", "--site", str(site)],
                   cwd=ROOT, check=True)


def add_bare_boot(site: Path) -> None:
    bench = site / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "phone-bare.html").write_text(BARE_PAGE)
    (bench / "bare-worker.js").write_text(BARE_WORKER)


#: False with ``--unthrottled``: the same visits at this machine's own speed, to see where a
#: return visit's time goes when neither the link nor the processor is slowed.
THROTTLED = True


def throttled_tab(context):
    page = context.new_page()
    if THROTTLED:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return page


#: The worker's phases, each from one moment of the breakdown to another.
PHASES = {
    "phase: WebAssembly compile": ("wasm compile start", "wasm compiled"),
    "phase: Python's start or restore": ("wasm compiled", "Python started / restored"),
    "phase: imports": ("wheel installed", "imports done (ready)"),
    "phase: first answer": ("imports done (ready)", "usable (first live answer)"),
}


def breakdown(page, live_at: float) -> dict:
    """The visit's figures, in ms from navigation start: the page's, then the worker's."""
    page_side = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const own = performance.getEntriesByType('resource');
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return {timeOrigin: performance.timeOrigin, dcl: nav.domContentLoadedEventEnd,
                workerStart: nav.workerStart || null, firstByte: nav.responseStart,
                fcp: paint ? paint.startTime : null,
                pageRequestsEnd: Math.max(nav.responseEnd, ...own.map((e) => e.responseEnd)),
                pageBytes: nav.transferSize + own.reduce((s, e) => s + e.transferSize, 0)};
    }""")
    timings = page.evaluate("window.rpgCalc.timings()")
    clock = timings["clock"]
    shift = clock["timeOrigin"] - page_side["timeOrigin"]
    at = lambda t: None if t is None else t + shift  # noqa: E731
    files = {f["name"]: f for f in clock["fetched"]}

    def fetched(suffix: str) -> float | None:
        ends = [f["end"] for name, f in files.items() if name.endswith(suffix)]
        return at(max(ends)) if ends else None

    wasm = clock["wasm"]
    out = {
        "service worker asked for the page": page_side["workerStart"],
        "page's first byte": page_side["firstByte"],
        "pre-rendered answer (DOMContentLoaded)": page_side["dcl"],
        "first contentful paint": page_side["fcp"],
        "page's own requests end": page_side["pageRequestsEnd"],
        "worker started": at(clock["started"]),
        "wasm downloaded": fetched(".wasm"),
        "pyodide.asm.mjs downloaded": fetched("pyodide.asm.mjs"),
        "standard library downloaded": fetched(runtime.STDLIB),
        "its rest downloaded (if before ready)": fetched(runtime.STDLIB_REST),
        "wheel downloaded": fetched(".whl"),
        # Python's start waits for the page to have painted (calc-worker.js, `start`).
        "Python's start let go (page painted)": at(clock.get("painted")),
        "wasm compile start": at(wasm["start"]),
        "wasm compiled": at(wasm["end"]),
        "Python started / restored": at(clock["booted"]),
        "wheel installed": at(clock["installed"]),
        "imports done (ready)": at(clock["imported"]),
        "usable (first live answer)": live_at,
        "bytes: page": page_side["pageBytes"],
        "bytes: worker": sum(f["transferred"] for f in files.values()),
    }
    # The phases as durations of the run itself: their medians move less with the machine's
    # load than the moments above, each of which carries every phase before it.
    for phase, (start, end) in PHASES.items():
        out[phase] = None if out[start] is None or out[end] is None else out[end] - out[start]
    out["streaming compile"] = wasm["streaming"]
    out["boot path"] = f"{timings['bootPath']} ({timings.get('snapshotForm')})"
    return out


def visit_calculator(page, base: str) -> dict:
    page.goto(base + CALC_PAGE, wait_until="domcontentloaded")
    page.fill(CALC_INPUT, "20")
    page.wait_for_function(
        f"document.querySelector('{CALC_WIDGET}').dataset.calcState === 'live'",
        timeout=TIMEOUT, polling=20)
    return breakdown(page, page.evaluate("performance.now()"))


def visit_tracker(page, base: str) -> dict:
    page.goto(base + TRACKER_PAGE, wait_until="domcontentloaded")
    page.wait_for_function(
        f"() => {{ const w = document.querySelector('{TRACKER_WIDGET}'); return w.calcWidget "
        "&& w.dataset.calcRuntime === 'ready' && !['pending', 'error'].includes("
        "w.dataset.calcState); }", timeout=TIMEOUT, polling=20)
    return breakdown(page, page.evaluate("performance.now()"))


VISITS = {"calculator": visit_calculator, "tracker": visit_tracker}


def first_and_return(browser, base: str, which: str) -> dict:
    """A cold first visit of one page, then (once the site is precached and the raw snapshot
    kept) a return visit to it in a new tab of the same profile, both on the phone profile."""
    context = browser.new_context(**PHONE)
    page = throttled_tab(context)
    first = VISITS[which](page, base)
    page.close()
    waiting = context.new_page()  # unthrottled: the precache is not what is measured
    waiting.goto(base)
    settle(waiting)
    waiting.close()
    page = throttled_tab(context)
    again = VISITS[which](page, base)
    page.close()
    warm = bare_boot_in(context, base)
    context.close()
    return {"first": first, "return": again, "warm bare boot": warm}


def bare_boot_in(context, base: str) -> dict:
    """Pyodide as the site ships it booted in a worker, in a new tab of ``context`` on the
    phone profile: ms from navigation start to the worker's start, its wasm compile and
    Python ready."""
    page = throttled_tab(context)
    page.goto(base + "bench/phone-bare.html")
    page.wait_for_function("window.bareReady !== undefined", timeout=TIMEOUT, polling=20)
    at = page.evaluate("""() => { const r = window.bareReady;
        const shift = r.timeOrigin - performance.timeOrigin;
        return {"worker started": r.started + shift, "wasm compile start": r.wasm.start + shift,
                "wasm compiled": r.wasm.end + shift, "ready": r.ready + shift}; }""")
    page.close()
    return at


def bare_boot(browser, base: str) -> float:
    """A bare boot (``bare_boot_in``) in a fresh profile: ms from navigation to ready."""
    context = browser.new_context(**PHONE)
    ready = bare_boot_in(context, base)["ready"]
    context.close()
    return ready


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def median_of(runs: list[dict]) -> dict:
    out = {}
    for key, value in runs[0].items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            values = [r[key] for r in runs if r.get(key) is not None]
            out[key] = statistics.median(values) if values else None
        else:
            out[key] = sorted({str(r[key]) for r in runs})
    return out


def measure(sites: dict[str, str], runs: int, worker_cpu: bool = True) -> dict:
    marker = f"--rpg-phone-bench={uuid.uuid4()}"
    throttle = ThreadThrottle(marker, CPU_SLOWDOWN if worker_cpu else 1)
    results = {name: {"calculator": [], "tracker": [], "bare": []} for name in sites}
    loads = [load()]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                        args=[*FLAGS, marker])
            throttle.start()
            for run in range(runs):
                order = list(sites.items())
                if run % 2:
                    order.reverse()  # A/B, B/A: neither side always goes first
                for name, base in order:
                    for which in ("calculator", "tracker"):
                        results[name][which].append(first_and_return(browser, base, which))
                    results[name]["bare"].append(bare_boot(browser, base))
                    print(f"  run {run + 1} {name}: calculator first "
                          f"{results[name]['calculator'][-1]['first']['usable (first live answer)']:.0f}"
                          f" ms, return "
                          f"{results[name]['calculator'][-1]['return']['usable (first live answer)']:.0f}"
                          f" ms; tracker first "
                          f"{results[name]['tracker'][-1]['first']['usable (first live answer)']:.0f}"
                          f" ms; bare boot {results[name]['bare'][-1]:.0f} ms", flush=True)
                loads.append(load())
            browser.close()
    finally:
        throttle.close()
    report = {"profile": {"throttled": THROTTLED, "network": NETWORK, "cpu_slowdown": CPU_SLOWDOWN, "screen": PHONE,
                          "worker_cpu_slowed": throttle.available,
                          "threads_slowed": len(throttle.placed), "runs": runs},
              "load": loads, "sites": {}}
    for name, figures in results.items():
        report["sites"][name] = {
            **{f"{which} {visit}": median_of([r[visit] for r in figures[which]])
               for which in ("calculator", "tracker") for visit in ("first", "return")},
            "warm bare boot": median_of([r["warm bare boot"] for which in ("calculator", "tracker")
                                         for r in figures[which]]),
            "return / warm bare boot": statistics.median(
                r["return"]["usable (first live answer)"] / r["warm bare boot"]["ready"]
                for r in figures["calculator"]),
            "first / cold bare boot": statistics.median(
                r["first"]["usable (first live answer)"] / bare
                for r, bare in zip(figures["calculator"], figures["bare"])),
            "bare boot of the site's runtime (cold)": statistics.median(figures["bare"]),
            "runs": figures,
        }
    return report


def print_report(report: dict) -> None:
    profile = report["profile"]
    if not profile["throttled"]:
        print("Unthrottled (this machine's own network and processor), 390 px touch, gzip;"
              f" median of {profile['runs']} (ms from navigation start)")
    else:
        print(f"Phone profile: 390 px touch, 12/4 Mbit/s, 40 ms, CPU /{profile['cpu_slowdown']} "
              f"(page by CDP; worker threads "
              f"{'by cgroup' if profile['worker_cpu_slowed'] else 'NOT slowed'}), gzip;"
              f" median of {profile['runs']} (ms from navigation start)")
    for line in report["load"]:
        print(f"  load: {line}")
    names = list(report["sites"])
    columns = [(name, key) for name in names
               for key in ("calculator first", "calculator return", "tracker first",
                           "tracker return")]
    keys = list(report["sites"][names[0]]["calculator first"])
    print(f"  {'':40s}" + "".join(f"{(n + ' ' if len(names) > 1 else '') + k:>22s}"
                                  for n, k in columns))
    for key in keys:
        cells = []
        for name, column in columns:
            value = report["sites"][name][column][key]
            cells.append(f"{value:>22,.0f}" if isinstance(value, (int, float))
                         else f"{'/'.join(value):>22s}")
        print(f"  {key:40s}" + "".join(cells))
    for name in names:
        site = report["sites"][name]
        warm = site["warm bare boot"]
        print(f"  {name}: bare boot of the site's runtime, cold: "
              f"{site['bare boot of the site\'s runtime (cold)']:,.0f} ms; warm (a new tab after"
              f" the return visit): worker {warm['worker started']:,.0f}, wasm"
              f" {warm['wasm compile start']:,.0f}-{warm['wasm compiled']:,.0f}, ready"
              f" {warm['ready']:,.0f} ms")
        print(f"  {name}: calculator page, first visit / cold bare boot"
              f" {site['first / cold bare boot']:.2f}, return visit / warm bare boot"
              f" {site['return / warm bare boot']:.2f} (medians of the runs' ratios)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a site built already")
    parser.add_argument("--unthrottled", action="store_true",
                        help="this machine's own speed: no network or processor slowed")
    parser.add_argument("--page-cpu-only", action="store_true",
                        help="slow only the page's main thread (CDP), not the worker's")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("A", "B"),
                        help="two sites built already, measured alternately")
    args = parser.parse_args()
    global THROTTLED
    THROTTLED = not args.unthrottled
    with tempfile.TemporaryDirectory() as tmp:
        if args.compare:
            sites = {"A": args.compare[0], "B": args.compare[1]}
        elif args.site:
            sites = {"site": args.site}
        else:
            sites = {"site": Path(tmp) / "site"}
            build(sites["site"])
        servers = []
        for (name, site), port in zip(sites.items(), PORTS):
            add_bare_boot(site)
            servers.append(serve(site, port))
        try:
            report = measure({name: f"http://127.0.0.1:{port}/"
                              for name, port in zip(sites, PORTS)}, args.runs,
                             worker_cpu=not (args.page_cpu_only or args.unthrottled))
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "phone.json").write_text(json.dumps(report, indent=2))
    print_report(report)


if __name__ == "__main__":
    main()
