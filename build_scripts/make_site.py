"""The site from its sources: generate, build, finish.

1. **Generate** (:mod:`build_scripts.generate`): ``docs/`` rendered into plain Markdown in
   ``build/docs/``, with no builder imported.
2. **Build**: a builder that reads ``mkdocs.yml`` renders ``build/docs/`` into the site folder
   with the theme and its override (``build_scripts/overrides``), strictly: MkDocs + Material
   (the default, what the Pages workflow publishes) or Zensical, each run as its own command.
3. **Finish** (:mod:`build_scripts.finish`): the steps over the built site, the service
   worker last.

    python -m build_scripts.make_site [--builder mkdocs|zensical] [--site DIR]
                                      [--no-service-worker]

``SITE_URL`` (the published address; instant navigation takes over links on its host and port
only) is read by ``mkdocs.yml``, as before.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from build_scripts.build_lock import exclusive
from build_scripts.finish import SITE, FinishError, finish
from build_scripts.generate import HTML_LINKS_FROM, GenerateError, generate

ROOT = Path(__file__).resolve().parent.parent
#: The builders, by name; the first is the default.
BUILDERS = tuple(HTML_LINKS_FROM)


class BuildError(Exception):
    """The builder failed or warned; the message carries its output."""


#: What Zensical 0.0.73's runtime raised once from a build of unchanged files in a run of the
#: test suite (three workers running browsers beside it), in the runs of November 2026 that
#: otherwise passed: such a build is run once more before it counts as failed.
ZENSICAL_FLAKE = "RuntimeError: Watcher disconnected"


def run_builder(builder: str, site: Path) -> None:
    """Render the generated pages into ``site`` with ``builder``, strictly.

    Zensical takes its output folder only from the configuration (``site_dir``, which must lie
    inside the project), so it writes to a scratch folder under ``build/`` that is then moved
    to ``site``; it also keeps a cache of its own in ``.cache/`` (ignored by git). A build
    that fails with :data:`ZENSICAL_FLAKE` is run once more.
    """
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    bin_dir = Path(sys.executable).parent
    if builder == "mkdocs":
        command = [str(bin_dir / "mkdocs"), "build", "--strict", "--quiet", "-d", str(site)]
        proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        _check(builder, proc, [line for line in proc.stderr.splitlines()
                               if line.startswith(("WARNING", "ERROR"))])
        return
    if builder != "zensical":
        raise BuildError(f"unknown builder {builder!r}: one of {', '.join(BUILDERS)}")
    (ROOT / "build").mkdir(exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="zensical-", dir=ROOT / "build"))
    try:
        for _attempt in range(2):
            proc = subprocess.run([str(bin_dir / "zensical"), "build", "--strict"], cwd=ROOT,
                                  env={**env, "SITE_DIR": str(scratch)}, capture_output=True,
                                  text=True)
            if proc.returncode == 0 or ZENSICAL_FLAKE not in proc.stdout + proc.stderr:
                break
        _check(builder, proc, [line for line in (proc.stdout + proc.stderr).splitlines()
                               if "warning" in line.lower() or "error" in line.lower()])
        if site.exists():
            shutil.rmtree(site)
        shutil.move(scratch, site)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _check(builder: str, proc: subprocess.CompletedProcess, complaints: list[str]) -> None:
    if proc.returncode != 0 or complaints:
        raise BuildError(f"{builder} build failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-4000:]}")


def make_site(builder: str = BUILDERS[0], site: Path = SITE,
              service_worker: bool = True) -> dict[str, float]:
    """Generate, build with ``builder`` into ``site``, finish; returns each step's seconds.
    Raises :class:`GenerateError`, :class:`BuildError` or :class:`FinishError`."""
    times: dict[str, float] = {}
    with exclusive():  # build/docs and the runtime's cache are the checkout's, one build's at a time
        started = time.perf_counter()
        generated = generate(builder=builder)
        times["generate"] = time.perf_counter() - started
        started = time.perf_counter()
        run_builder(builder, site.resolve())
        times[f"build ({builder})"] = time.perf_counter() - started
        started = time.perf_counter()
        steps = finish(site, generated.build_id, service_worker, list(generated.pages))
        times["finish"] = time.perf_counter() - started
    times.update({f"  {step}": seconds for step, seconds in steps.items()})
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builder", choices=BUILDERS, default=BUILDERS[0])
    parser.add_argument("--site", type=Path, default=SITE, help="where to write (site/)")
    parser.add_argument("--no-service-worker", action="store_true",
                        help="leave out the service worker (make serve)")
    args = parser.parse_args(argv)
    try:
        times = make_site(args.builder, args.site, not args.no_service_worker)
    except (GenerateError, BuildError, FinishError) as exc:
        print(f"make_site: {exc}", file=sys.stderr)
        return 1
    print("\n".join(f"{step}: {seconds:.1f} s" for step, seconds in times.items()),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
