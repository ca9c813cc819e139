"""Benchmark the built site in headless Chromium: load, boot, compute, bytes, build time.

Run with ``make bench``. It builds the site, serves it on localhost with a server that counts
the bytes it sends, and measures (median of several cold runs, each in a fresh browser
profile so nothing is cached):

- the build time;
- when the pre-rendered answer is in the page (DOMContentLoaded; no Python involved);
- the bare Pyodide core's boot in a module worker, as the yardstick: Pyodide as the npm
  package publishes it (``STOCK``), and again from the site's own copy of its files, whose
  standard library the build trims and partly compiles (build_scripts/stdlib.py);
- the first live answer after an input typed at once on a cold load, and its ratio to each
  bare boot;
- the site's own calculators' worker alone on a blank page (no theme, no widget, Python's
  start not held for a paint), asked at once for the answer the measured visits type, cold
  and on a return visit: against the bare boots it splits each ratio into the worker's part
  and the part of the page around it, which shares the processor with the worker;
- the worker's boot to ready; a recompute after an input (first and warm);
- a later calculator page in the same visit, reached by instant navigation, until live;
- every calculator's warm round trip for its defaults and for each input at its maximum;
- the bytes sent for a calculator page and for a page without one (service worker blocked:
  the page's own bytes);
- a return visit in the same profile (a new tab, once the service worker has precached the
  site and been stopped, as the browser stops it once idle: return_visit.py): the first live
  answer after an input typed at once, Python restored from the memory snapshot, and its
  ratio to both bare Pyodide boots on the same warm cache, measured in the same run, and to
  the same page in the same profile once its snapshot is dropped (Python booted plainly from
  the precached site: what the snapshot saves a reader);
- the bytes of a first visit (up to its first live answer, and with the background precache)
  and of a return visit, raw and compressed (each response gzipped at level 6, as Pages sends
  text; files gzip cannot shrink count raw);
- the memory snapshot's size, raw and compressed.

Every measured page and bare boot loads in a new tab left to settle first (``SETTLE_MS``);
in a warm profile its service workers are stopped first, so each timed tab starts them as
a later visit does.

``--return-visits N`` measures only the return visit, N times (each in a fresh profile that
visited once), booting from the kept raw snapshot and from the precached container in the same
run, the worker alone restored from the raw snapshot, and the page booting plainly once the
snapshot is dropped, and prints each run's ratios with their median and range: the quick
check when working on the snapshot boot. The full run writes its figures to stdout as a table
and to ``bench-results/latest.json``. The machine may be shared: figures are noisy, which is
why every ratio is taken within one run.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_scripts import runtime  # noqa: E402
from build_scripts.return_visit import settle, stop_service_workers  # noqa: E402
from build_scripts import battle_sample, mb_battle_sample, pmm_battle_sample  # noqa: E402
from calculators import CALCULATORS  # noqa: E402
from calculators.params import INT  # noqa: E402

RUNS = 5
PORT = 8765
CHECK_PAGE = "western-roses/basic-rolls/"
PLAIN_PAGE = "western-roses/"
#: How long a new tab is left before it is navigated. This Chromium loads its own address-bar
#: pages in every new tab, about a second of processor time on a separate renderer; a reader
#: opens a tab before typing an address, so the tab a measured page or bare boot loads in is
#: left to settle first, the same for both sides of every ratio.
SETTLE_MS = 2500
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: The two bare boots: Pyodide's core from the site's folder, with the npm package's own
#: standard library (copied beside the bare page) or with the one the site ships.
STOCK, SITE_FILES = "stock", "site"
BARE_PAGE = """<!doctype html><title>bare</title><script>
window.bareStart = performance.now();
const w = new Worker("bare-worker.js" + location.search, {type: "module"});
w.onmessage = (e) => { window.bareReady = e.data; };
</script>"""
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
const stock = new URL(self.location.href).searchParams.get("stdlib") === "stock";
const t0 = performance.now();
await loadPyodide(Object.assign({ indexURL: new URL("../pyodide/", self.location.href).href },
  stock ? { stdLibURL: new URL("python_stdlib.zip", self.location.href).href } : {}));
self.postMessage(performance.now() - t0);
"""
#: The input the measured visits type into the check page's calculator (its target).
TYPED_TARGET = 21
#: The site's own calculators' worker alone on a blank page, started at once and asked at once
#: for the check page's answer with ``TYPED_TARGET`` typed (``?v=`` names the build, whose
#: snapshot the worker restores when its profile keeps it); ``window.workerAnswer`` is when
#: the answer came (ms from navigation start, like the widget's first live answer).
WORKER_PAGE = """<!doctype html><title>worker alone</title><script>
const build = new URLSearchParams(location.search).get("v");
const w = new Worker("../assets/js/calc-worker.js?v=" + build + "&preload=wr-check",
                     {type: "module"});
w.onmessage = (e) => {
  if (e.data.type === "ready") window.workerPath = e.data.bootPath;
  if (e.data.type === "result") window.workerAnswer = performance.now();
};
w.postMessage({id: 1, name: "wr-check", params: PARAMS});
</script>"""


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and records every body it sends in ``sent`` as ``(path, bytes)``."""

    sent: list[tuple[str, int]] = []
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".whl": "application/zip",
                      ".bin": "application/octet-stream",
                      ".webmanifest": "application/manifest+json"}

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        CountingHandler.sent.append((self.path.split("?")[0], len(data)))

    def log_message(self, *args):
        pass


def build(site: Path, full: bool = True) -> float:
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{PORT}/"}
    caches = (runtime.CACHE, runtime.SNAPSHOT_CACHE, runtime.STDLIB_CACHE)
    for cache in caches if full else ():  # time a full build
        shutil.rmtree(cache, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "build_scripts.make_site", "--site", str(site)],
                   cwd=ROOT, env=env, check=True)
    elapsed = time.perf_counter() - start
    bench = site / "bench"
    bench.mkdir()
    (bench / "bare.html").write_text(BARE_PAGE)
    (bench / "bare-worker.js").write_text(BARE_WORKER)
    params = {**CALCULATORS["wr-check"].defaults(), "target": TYPED_TARGET}
    worker_page = WORKER_PAGE.replace("PARAMS", json.dumps(json.dumps(params)))
    (bench / "worker.html").write_text(worker_page)
    shutil.copy2(runtime.PYODIDE_NPM / runtime.STDLIB, bench / runtime.STDLIB)
    return elapsed


def wait_state(page, selector: str, state: str, timeout: int = 60_000) -> None:
    page.wait_for_function(
        f"(document.querySelector(\"{selector}\") || {{dataset: {{}}}}).dataset.calcState === '{state}'",
        timeout=timeout)


def new_tab(context):
    """A new tab in ``context``, settled (see ``SETTLE_MS``) and ready to be navigated."""
    page = context.new_page()
    page.wait_for_timeout(SETTLE_MS)
    return page


def now(page) -> float:
    return page.evaluate("performance.now()")


def bare_boot(browser, base: str, stdlib: str) -> float:
    """A bare Pyodide boot in a fresh profile, with the ``stdlib`` named (``STOCK`` or
    ``SITE_FILES``)."""
    context = browser.new_context()
    page = new_tab(context)
    page.goto(base + "bench/bare.html?stdlib=" + stdlib)
    page.wait_for_function("window.bareReady !== undefined", timeout=60_000)
    elapsed = page.evaluate("performance.now()")  # from navigation start, like the widget
    context.close()
    return elapsed


def snapshot_file(site: Path) -> tuple[Path, dict]:
    """The built site's memory snapshot container and its header."""
    (file,) = (site / runtime.SITE_DIR / "snapshots").glob("*.bin")
    return file, runtime.read_snapshot(file.read_bytes())[0]


def build_id(site: Path) -> str:
    """The build's id, as its memory snapshot's header names it."""
    return snapshot_file(site)[1]["build"]


def worker_alone(context, base: str, build: str) -> tuple[float, str]:
    """The site's worker alone on a blank page in a new tab of ``context`` (its service
    workers stopped first, as a later visit finds them): its first answer (ms from navigation
    start) and how its Python started (plain or snapshot)."""
    page = new_tab(context)
    stop_service_workers(page)
    answered, path = worker_answer(page, base, build)
    page.close()
    return answered, path


def worker_answer(page, base: str, build: str) -> tuple[float, str]:
    """``page`` navigated to the worker alone (``WORKER_PAGE``): when its answer came (ms
    from navigation start) and how its Python started."""
    page.goto(f"{base}bench/worker.html?v={build}")
    page.wait_for_function("window.workerAnswer !== undefined", timeout=60_000)
    return tuple(page.evaluate("[window.workerAnswer, window.workerPath]"))


@functools.cache
def compressed_size(site: Path, path: str) -> int:
    """What ``path`` weighs gzipped at level 6, or raw when gzip cannot shrink it."""
    file = site / path.lstrip("/")
    if file.is_dir():
        file = file / "index.html"
    data = file.read_bytes()
    return min(len(data), len(gzip.compress(data, compresslevel=6)))


def bytes_sent(site: Path) -> dict:
    """The bytes the server sent since ``sent`` was last emptied, raw and compressed."""
    sent = list(CountingHandler.sent)
    return {"raw": sum(n for _, n in sent),
            "compressed": sum(compressed_size(site, path) for path, _ in sent),
            "pyodide": sum(n for path, n in sent if path.startswith("/pyodide/")),
            "requests": len(sent)}


def cold_widget(context, base: str, site: Path) -> dict:
    """One cold visit in a fresh profile: type at once, measure the first live answer (and the
    bytes sent until then), then the warm figures."""
    CountingHandler.sent = []
    page = new_tab(context)
    page.goto(base + CHECK_PAGE, wait_until="domcontentloaded")
    dcl = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    prerendered = page.inner_text("#wr-check .calc-figure.main .value")
    page.fill("#wr-check-target", "20")
    wait_state(page, "#wr-check", "live")
    first_live = now(page)
    first_bytes = bytes_sent(site)
    worker = page.evaluate("window.rpgCalc.timings()")
    timings = []
    for target in (21, 22, 23, 24, 19):
        start = now(page)
        page.fill("#wr-check-target", str(target))
        wait_state(page, "#wr-check", "live")
        timings.append(now(page) - start)
    # Instant navigation to a plain page and back: the widget is live again without a boot.
    page.click(f".md-nav a[href$='{PLAIN_PAGE.split('/')[0]}/']")
    page.wait_for_selector("h1:text('Western Roses')")
    start = now(page)
    page.click("article a[href$='basic-rolls/']")
    page.wait_for_selector("h1:text('Basic rolls')", timeout=60_000)
    later_swap = now(page) - start
    page.wait_for_selector("#wr-check[data-calc-runtime='ready']", timeout=60_000)
    later_page = now(page) - start
    start = now(page)
    page.fill("#wr-check-target", "18")
    wait_state(page, "#wr-check", "live")
    later_answer = now(page) - start
    settle(page)
    page.close()
    return {"dcl": dcl, "prerendered": prerendered, "first_live": first_live,
            "first_boot_path": worker["bootPath"], "first_visit_bytes_to_answer": first_bytes,
            "first_visit_bytes_with_precache": bytes_sent(site),
            "worker_boot": worker["boot"], "worker_install": worker["install"],
            "worker_import": worker["import"],
            "recompute_first": timings[0], "recompute_warm": statistics.median(timings[1:]),
            "later_page_swap": later_swap, "later_page_live": later_page,
            "later_page_answer": later_answer}


def first_live_in_a_new_tab(context, base: str) -> tuple[float, dict]:
    """A new tab of the calculator page, an input typed at once: its first live answer (ms
    from navigation start) and the worker's timings."""
    page = new_tab(context)
    page.goto(base + CHECK_PAGE, wait_until="domcontentloaded")
    page.fill("#wr-check-target", str(TYPED_TARGET))
    wait_state(page, "#wr-check", "live")
    first_live = now(page)
    worker = page.evaluate("window.rpgCalc.timings()")
    page.close()
    return first_live, worker


def warm_bare_boot(context, base: str, stdlib: str) -> float:
    """A bare Pyodide boot in a new tab of a profile whose cache is warm (the stock standard
    library, never fetched by the site, comes over localhost: a few milliseconds), its
    service workers stopped first, as the return visit it is set against finds them."""
    page = new_tab(context)
    stop_service_workers(page)
    page.goto(base + "bench/bare.html?stdlib=" + stdlib)
    page.wait_for_function("window.bareReady !== undefined", timeout=60_000)
    elapsed = now(page)
    page.close()
    return elapsed


def return_visit(context, base: str, site: Path, build: str) -> dict:
    """A new tab in the profile of a finished first visit: the first live answer after an
    input typed at once, then the worker alone restored, then both bare Pyodide boots on the
    same warm cache, then the same page once more with the snapshot dropped (it boots
    plainly)."""
    CountingHandler.sent = []
    first_live, worker = first_live_in_a_new_tab(context, base)
    sent = bytes_sent(site)
    alone, alone_path = worker_alone(context, base, build)
    warm_bare = warm_bare_boot(context, base, STOCK)
    warm_bare_site = warm_bare_boot(context, base, SITE_FILES)
    plain, plain_worker = booting_plainly(context, base)
    return {"return_plain": plain, "return_plain_path": plain_worker["bootPath"],
            "return_ratio_plain": first_live / plain,
            "return_worker_alone": alone, "return_worker_alone_path": alone_path,
            "return_worker_alone_ratio_site": alone / warm_bare_site,
            "return_page_share_site": (first_live - alone) / warm_bare_site,
            "return_first_live": first_live,
            "return_boot_path": f"{worker['bootPath']} ({worker.get('snapshotForm')})",
            "return_worker_boot": worker["boot"], "return_worker_install": worker["install"],
            "return_snapshot_read": worker["snapshotRead"],
            "return_visit_bytes": sent, "warm_bare_boot": warm_bare,
            "return_ratio": first_live / warm_bare, "warm_bare_boot_site": warm_bare_site,
            "return_ratio_site": first_live / warm_bare_site}


def page_bytes(browser, base: str, site: Path, path: str, wait_live: bool) -> dict:
    """A page's own bytes (the service worker blocked, so no precache is counted)."""
    CountingHandler.sent = []
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(base + path)
    if wait_live:
        page.wait_for_selector("[data-calc-runtime='ready']", timeout=60_000)
    page.wait_for_load_state("networkidle")
    context.close()
    sent = bytes_sent(site)
    return {"total": sent["raw"], "compressed": sent["compressed"], "pyodide": sent["pyodide"]}


def snapshot_size(site: Path) -> dict:
    """The memory snapshot as shipped (gzipped in its container) and unpacked."""
    file, header = snapshot_file(site)
    return {"raw": header["raw_bytes"], "compressed": file.stat().st_size}


def calculator_round_trips(browser, base: str) -> dict:
    """Warm round trip (main thread -> worker -> main thread) per calculator and input."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + CHECK_PAGE)
    page.wait_for_selector("[data-calc-runtime='ready']", timeout=60_000)
    out = {}
    for name, calc in sorted(CALCULATORS.items()):
        cases = {"default": calc.defaults()}
        for p in calc.params:
            if p.kind == INT and p.maximum is not None:
                cases[f"{p.name}={p.maximum}"] = {**calc.defaults(), p.name: p.maximum}
        figures = {}
        for label, params in cases.items():
            times = page.evaluate(
                """async ([name, params]) => {
                    const times = [];
                    for (let i = 0; i < 3; i++) {
                        const t = performance.now();
                        await window.rpgCalc.call(name, params);
                        times.push(performance.now() - t);
                    }
                    return times;
                }""", [name, params])
            figures[label] = statistics.median(times)
        slowest = max(figures, key=figures.get)
        out[name] = {"default_ms": figures["default"], "largest_ms": figures[slowest],
                     "largest_input": slowest}
    out["roll-keep (every legal pool, first call)"] = roll_keep_sweep(page)
    out["wr-battle, 300 events"] = battle_replay(page, "wr-battle",
                                                 battle_sample.sample_battle(300))
    out["mb-battle, 300 events"] = battle_replay(page, "mb-battle",
                                                 mb_battle_sample.sample_battle(300))
    out["mb-battle on the hex grid, 300 events"] = battle_replay(
        page, "mb-battle", mb_battle_sample.sample_battle(300, grid=True))
    out["pmm-battle, 300 events"] = battle_replay(page, "pmm-battle",
                                                  pmm_battle_sample.sample_battle(300))
    context.close()
    return out


def battle_replay(page, name: str, battle: dict) -> dict:
    """A battle of calculator ``name`` (a sample's seeded battle of 300 legal events) opened in
    the worker (its first 299 events replayed from the start), then its 300th event answered
    on it (from the state the worker kept): the round trips a battle view makes."""
    opened = {**battle, "events": battle["events"][:-1]}
    last = {**opened, "event": battle["events"][-1]}
    times = page.evaluate(
        """async ([name, opened, last]) => {
            const out = [[], []];
            for (let i = 0; i < 3; i++) {
                for (const [k, params] of [opened, last].entries()) {
                    const t = performance.now();
                    await window.rpgCalc.call(name, params);
                    out[k].push(performance.now() - t);
                }
            }
            return out;
        }""", [name, opened, last])
    return {"default_ms": statistics.median(times[0]), "largest_ms": statistics.median(times[1]),
            "largest_input": "opened (299 replayed); then the 300th event"}


def roll_keep_sweep(page) -> dict:
    """Every pool that survives normalisation (1k1 … 10k10), with and without emphasis,
    skilled and unskilled: the first call of each, so no cached law helps."""
    pools = [{"rolled": x, "kept": y, "emphasis": e, "unskilled": u, "tn": 20}
             for x in range(1, 11) for y in range(1, x + 1)
             for e in (False, True) for u in (False, True)]
    times = page.evaluate(
        """async (pools) => {
            const times = [];
            for (const params of pools) {
                const t = performance.now();
                await window.rpgCalc.call("roll-keep", params);
                times.push(performance.now() - t);
            }
            return times;
        }""", pools)
    worst = max(range(len(times)), key=times.__getitem__)
    label = "{rolled}k{kept} emphasis={emphasis} unskilled={unskilled}".format(**pools[worst])
    return {"default_ms": statistics.median(times), "largest_ms": times[worst],
            "largest_input": label}


def first_visit_then_idle(context, base: str) -> None:
    """A first visit that boots and lets the service worker precache the site, then waits
    until the worker has made the raw snapshot a return visit boots from, and is stopped."""
    page = context.new_page()
    page.goto(base + CHECK_PAGE)
    page.wait_for_selector("#wr-check[data-calc-runtime='ready']", timeout=60_000)
    settle(page)
    page.close()


def run_then_stop(context, base: str, script: str) -> None:
    """Run ``script`` in a page of ``context``'s site, then stop its service workers, so the
    tab timed next starts them as a later visit does."""
    page = context.new_page()
    page.goto(base)
    page.evaluate(script)
    stop_service_workers(page)
    page.close()


def from_container(context, base: str) -> tuple[float, dict]:
    """A new tab booting from the precached container: the kept raw snapshot dropped first,
    and kept again once that tab has booted."""
    run_then_stop(context, base, "caches.delete('rpg-snapshot-raw')")
    figures = first_live_in_a_new_tab(context, base)
    page = context.new_page()
    page.goto(base)
    settle(page)
    page.close()
    return figures


#: Drops both forms of the memory snapshot from a profile: the raw form and the precached
#: container, so the calculators' worker finds none and boots plainly.
DROP_SNAPSHOT = """async () => {
  await caches.delete("rpg-snapshot-raw");
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.includes("/snapshots/")) await cache.delete(request);
    }
  }
}"""


def booting_plainly(context, base: str) -> tuple[float, dict]:
    """A new tab of the calculator page in a warm profile whose snapshot is dropped first: the
    return visit as it would be without the snapshot (Python booted from the precached site,
    the page as it is). Last of a profile's tabs: it leaves the profile without a snapshot."""
    run_then_stop(context, base, DROP_SNAPSHOT)
    return first_live_in_a_new_tab(context, base)


def return_visits_only(runs: int) -> None:
    """The return visit alone, ``runs`` times, each in a fresh profile after one first visit:
    a new tab booting from the kept raw snapshot, one booting from the precached container
    (the raw form dropped first), the worker alone restored, both bare boots (as published,
    and from the site's own files), and last the page booting plainly once the snapshot is
    dropped, all on the same warm cache, so each is compared under the same load of a shared
    machine."""
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site, full=False)
        handler = functools.partial(CountingHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{PORT}/"
        build_name = build_id(site)
        raw_label = "Return visit from the raw snapshot"
        gz_label = "Return visit from the gzip snapshot"
        alone_label = "The worker alone, restored,"
        to_bare, to_site = " / warm bare boot", " / warm bare boot from site files"
        ratios = {label: [] for label in (
            raw_label + to_bare, gz_label + to_bare, raw_label + to_site, gz_label + to_site,
            alone_label + to_site, raw_label + " / the same page booting plainly")}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
            for run in range(runs):
                context = browser.new_context()
                first_visit_then_idle(context, base)
                if run % 2:  # the second tab of a profile is faster: alternate the order
                    gz, gz_worker = from_container(context, base)
                    alone, alone_path = worker_alone(context, base, build_name)
                raw, raw_worker = first_live_in_a_new_tab(context, base)
                if not run % 2:
                    alone, alone_path = worker_alone(context, base, build_name)
                    gz, gz_worker = from_container(context, base)
                bare = warm_bare_boot(context, base, STOCK)
                bare_site = warm_bare_boot(context, base, SITE_FILES)
                plain, _ = booting_plainly(context, base)
                context.close()
                for label, ratio in zip(ratios, (raw / bare, gz / bare, raw / bare_site,
                                                 gz / bare_site, alone / bare_site, raw / plain)):
                    ratios[label].append(ratio)
                print(f"  raw {raw:6.0f} ms (worker boot {raw_worker['boot']:5.0f}, bytes in "
                      f"hand {raw_worker['snapshotRead']:5.0f}, {raw_worker['snapshotForm']});"
                      f" gzip {gz:6.0f} ms (worker boot {gz_worker['boot']:5.0f}, bytes in "
                      f"hand {gz_worker['snapshotRead']:5.0f}, {gz_worker['snapshotForm']});"
                      f" worker alone {alone:6.0f} ms ({alone_path});"
                      f" warm bare {bare:6.0f} ms, from site files {bare_site:6.0f} ms;"
                      f" the page booting plainly {plain:6.0f} ms;"
                      f" ratios {raw / bare:.2f} {gz / bare:.2f}, to site files"
                      f" {raw / bare_site:.2f} {gz / bare_site:.2f}, worker alone"
                      f" {alone / bare_site:.2f}, to the page booting {raw / plain:.2f}",
                      flush=True)
            browser.close()
        server.shutdown()
        server.server_close()
    for label, values in ratios.items():
        values.sort()
        print(f"{label} over {runs} runs: median {statistics.median(values):.2f}, "
              f"range {values[0]:.2f}-{values[-1]:.2f}")


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--return-visits":
        return return_visits_only(int(sys.argv[2]))
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_s = build(site)
        handler = functools.partial(CountingHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{PORT}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
            build_name = build_id(site)
            runs = []
            for _ in range(RUNS):
                bare = bare_boot(browser, base, STOCK)
                bare_site = bare_boot(browser, base, SITE_FILES)
                context = browser.new_context()
                alone, alone_path = worker_alone(context, base, build_name)
                context.close()
                context = browser.new_context()
                visit = cold_widget(context, base, site)
                again = return_visit(context, base, site, build_name)
                context.close()
                runs.append({"bare_boot": bare, "bare_boot_site": bare_site, **visit, **again,
                             "ratio": visit["first_live"] / bare,
                             "ratio_site": visit["first_live"] / bare_site,
                             "worker_alone": alone, "worker_alone_path": alone_path,
                             "worker_alone_ratio_site": alone / bare_site,
                             "page_share_site": (visit["first_live"] - alone) / bare_site})
            calc_bytes = page_bytes(browser, base, site, CHECK_PAGE, wait_live=True)
            plain_bytes = page_bytes(browser, base, site, PLAIN_PAGE, wait_live=False)
            snapshot = snapshot_size(site)
            trips = calculator_round_trips(browser, base)
            browser.close()
        server.shutdown()
        server.server_close()

    med = {key: statistics.median(r[key] for r in runs)
           for key in runs[0] if isinstance(runs[0][key], (int, float))}
    visit_bytes = {key: {part: statistics.median(r[key][part] for r in runs)
                         for part in ("raw", "compressed", "requests")}
                   for key in ("first_visit_bytes_to_answer", "first_visit_bytes_with_precache",
                               "return_visit_bytes")}
    boot_paths = {key: sorted({r[key] for r in runs})
                  for key in ("first_boot_path", "return_boot_path", "worker_alone_path",
                              "return_worker_alone_path", "return_plain_path")}
    report = {"runs": runs, "median": med, "build_seconds": build_s,
              "bytes": {"calculator_page": calc_bytes, "plain_page": plain_bytes,
                        **visit_bytes},
              "boot_paths": boot_paths, "snapshot": snapshot, "calculators": trips}
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(report, indent=2))

    print(f"Build (generate, mkdocs build --strict, finish: wheel, snapshot and service worker "
          f"included): {build_s:.1f} s")
    print(f"Median of {RUNS} cold visits (ms from navigation start):")
    for key, label in [("dcl", "pre-rendered answer in the page (DOMContentLoaded)"),
                       ("bare_boot", "bare Pyodide boot in a worker, as published"),
                       ("bare_boot_site", "bare Pyodide boot from the site's own files"),
                       ("first_live", "first live answer after an input typed at once"),
                       ("ratio", "  ratio first live answer / bare boot as published"),
                       ("ratio_site", "  ratio first live answer / bare boot, site files"),
                       ("worker_alone", "the site's worker alone on a blank page: answer"),
                       ("worker_alone_ratio_site", "  ratio worker alone / bare boot, site files"),
                       ("page_share_site", "  the page's share of the ratio (the rest)"),
                       ("worker_boot", "  in the worker: Pyodide boot"),
                       ("worker_install", "  in the worker: install the wheel by name"),
                       ("worker_import", "  in the worker: import calculators.web"),
                       ("recompute_first", "recompute after an input, first"),
                       ("recompute_warm", "recompute after an input, warm"),
                       ("later_page_swap", "later calculator page: click to its content"),
                       ("later_page_live", "later calculator page: click to widget live"),
                       ("later_page_answer", "  then an input there to its answer"),
                       ("return_first_live", "return visit (new tab): first live answer"),
                       ("return_worker_boot", "  in the worker: raw snapshot read, restored"),
                       ("return_snapshot_read", "  in the worker: raw snapshot in hand"),
                       ("return_worker_install", "  in the worker: wheel unpacked before ready"),
                       ("warm_bare_boot", "  bare boot as published, same warm cache"),
                       ("warm_bare_boot_site", "  bare boot from site files, same warm cache"),
                       ("return_ratio", "  ratio return visit / warm bare boot as published"),
                       ("return_ratio_site", "  ratio return visit / warm bare boot, site files"),
                       ("return_worker_alone", "  the worker alone, restored: answer"),
                       ("return_worker_alone_ratio_site",
                        "  ratio worker alone / warm bare boot, site files"),
                       ("return_page_share_site", "  the page's share of the ratio (the rest)"),
                       ("return_plain", "  the same page booting plainly (snapshot dropped)"),
                       ("return_ratio_plain", "  ratio return visit / the same page booting")]:
        value = med[key]
        print(f"  {label:55s} {value:8.2f}" if "ratio" in key or "share" in key
              else f"  {label:55s} {value:8.0f}")
    print(f"Boot paths: first visit {boot_paths['first_boot_path']}, "
          f"return visit {boot_paths['return_boot_path']}; the worker alone "
          f"{boot_paths['worker_alone_path']}, restored {boot_paths['return_worker_alone_path']};"
          f" the page with its snapshot dropped {boot_paths['return_plain_path']}")
    print(f"Bytes sent: calculator page {calc_bytes['total']:,} "
          f"(Pyodide {calc_bytes['pyodide']:,}); plain page {plain_bytes['total']:,} "
          f"(Pyodide {plain_bytes['pyodide']:,})")
    for key, label in [("first_visit_bytes_to_answer", "first visit, to its first live answer"),
                       ("first_visit_bytes_with_precache", "first visit, with the precache"),
                       ("return_visit_bytes", "return visit")]:
        fig = visit_bytes[key]
        print(f"  {label:40s} raw {fig['raw']:12,.0f}  compressed {fig['compressed']:12,.0f}"
              f"  ({fig['requests']:.0f} requests)")
    print(f"Memory snapshot: raw {snapshot['raw']:,}, compressed {snapshot['compressed']:,}")
    print("Calculator round trips in the worker (ms; median of 3, warm; the roll-keep sweep "
          "gives its median and its slowest pool):")
    for name, fig in trips.items():
        print(f"  {name:22s} default {fig['default_ms']:7.1f}   largest {fig['largest_ms']:7.1f}"
              f"  ({fig['largest_input']})")


if __name__ == "__main__":
    main()
