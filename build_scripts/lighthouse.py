"""Lighthouse (npm ``lighthouse``, mobile profile) on three pages of the built site.

Run by ``make bench`` after the benchmark (``python build_scripts/lighthouse.py overcharge``
audits one page). It builds the site into a temporary folder, serves it on localhost
(gzip-compressed, as GitHub Pages serves it: ``pages_server.py``) and runs Lighthouse's command line against
Debian's Chromium (``CHROME_PATH``) with its default mobile emulation and simulated slow-4G
throttling, for performance and accessibility. The pages: the home page, a calculator page
and the longest calculator page (the overcharge tracker and its tables). Scores (0-100) and
the main timings go to stdout and to ``bench-results/lighthouse.json``; the last run's full
report of each page to ``bench-results/lighthouse-<page>.json``.

Beside the scores, each run counts the elements the browser restyled during the load (the
``elementCount`` of every style recalculation in the run's trace). Unlike the timings it
hardly moves with the machine's load, so it shows whether a change of the theme or the site
made the browser do more or less style work (on the overcharge page, the theme's restyles of
the whole page at start-up took it from about 5,100 to about 2,600).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_scripts.pages_server import serve  # noqa: E402
from build_scripts.traces import trace_events  # noqa: E402

#: Lighthouse runs per page; the run with the median performance score is reported. Single
#: runs vary by several points on a shared machine (the overcharge page: 89-96 in one hour);
#: Lighthouse's own guide on variability (docs/variability.md) advises the median of five,
#: which it finds halves that spread. Each run takes about 10 s here.
RUNS = 5
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PORT = 8766
PAGES = {"home": "", "calculator": "western-roses/basic-rolls/",
         "overcharge": "magical-burst/overcharge/"}
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --no-first-run --disable-sync"
AUDITS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP",
          "total-blocking-time": "TBT", "cumulative-layout-shift": "CLS",
          "speed-index": "SI", "dom-size": "DOM"}


def build(site: Path) -> None:
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{PORT}/"}
    subprocess.run([sys.executable, "-m", "build_scripts.make_site", "--site", str(site)],
                   cwd=ROOT, env=env, check=True)


def audit(url: str, report: Path) -> dict:
    """``RUNS`` Lighthouse runs; the scores and main timings of the median one."""
    runs = sorted((run(url, report) for _ in range(RUNS)), key=lambda f: f["performance"])
    median = runs[len(runs) // 2]
    median["performance of each run"] = [f["performance"] for f in runs]
    return median


def run(url: str, report: Path) -> dict:
    """One Lighthouse run; its scores and main timings."""
    chrome = shutil.which("chromium")
    if not chrome:
        sys.exit("Debian's chromium is required (make chromium)")
    subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
                    "--only-categories=performance,accessibility", "--save-assets",
                    f"--chrome-flags={CHROME_FLAGS}"],
                   env={**os.environ, "CHROME_PATH": chrome}, check=True)
    data = json.loads(report.read_text())
    report.with_name(f"{report.stem}-0.devtoolslog.json").unlink()
    figures = {name: round(100 * data["categories"][name]["score"])
               for name in ("performance", "accessibility")}
    for audit_id, label in AUDITS.items():
        figures[label] = data["audits"][audit_id]["displayValue"]
    figures["restyled"] = restyled(report.with_name(f"{report.stem}-0.trace.json"))
    figures["failed accessibility audits"] = sorted(
        ref["id"] for ref in data["categories"]["accessibility"]["auditRefs"]
        if data["audits"][ref["id"]]["score"] == 0)
    return figures


def restyled(trace: Path) -> int:
    """Elements restyled in a run's trace (``--save-assets`` writes it; read, then removed)."""
    events = trace_events(trace)
    trace.unlink()
    return sum(event.get("args", {}).get("elementCount") or 0 for event in events
               if event.get("name") == "UpdateLayoutTree")


def main() -> None:
    if not LIGHTHOUSE.exists():
        sys.exit("Lighthouse is missing: run make setup (npm ci)")
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site)
        server = serve(site, PORT)
        try:
            results = {name: audit(f"http://127.0.0.1:{PORT}/{path}",
                                   out / f"lighthouse-{name}.json")
                       for name, path in PAGES.items() if name in (sys.argv[1:] or PAGES)}
        finally:
            server.shutdown()
            server.server_close()
    (out / "lighthouse.json").write_text(json.dumps(results, indent=2) + "\n")
    print("Lighthouse 12, mobile (simulated slow 4G, 4x CPU slowdown):")
    print(f"  (median of {RUNS} runs by performance score)")
    for name, figures in results.items():
        print(f"  {name:<11} {PAGES[name] or '/':<28} performance {figures['performance']:>3}  "
              f"accessibility {figures['accessibility']:>3}  "
              + "  ".join(f"{label} {figures[label]}" for label in AUDITS.values())
              + f"  restyled {figures['restyled']:,} elements")
        if figures["failed accessibility audits"]:
            print(f"  {'':<11} failed: {', '.join(figures['failed accessibility audits'])}")


if __name__ == "__main__":
    main()
