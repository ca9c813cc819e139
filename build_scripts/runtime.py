"""The browser runtime a built site carries: Pyodide's core, the package wheel, a lock file.

``pyodide build`` needs a cross-build environment that cannot be downloaded here, and a
pure-Python package does not need one: ``python -m build`` makes a ``py3-none-any`` wheel that
Pyodide installs as it is. ``pyodide lockfile add-wheels`` (pyodide-lock, through pyodide-cli)
then writes a lock file listing that wheel with its sha256 and dependencies, so the browser
installs it by name, integrity-checked, from the site itself.

Layout inside the site::

    pyodide/                      Pyodide's core files, copied from the npm package, and its
                                  standard library less what the worker never imports, with
                                  what it imports compiled (build_scripts/stdlib.py)
    pyodide/pyodide-lock.json     our lock file: the wheels below and nothing else
    pyodide/wheels/<build>/*.whl  content-addressed, so a cached old wheel is never reused; its
                                  modules compiled in place of their source (``compiled_wheel``)
    pyodide/snapshots/<build>-<pyodide version>.bin
                                  the memory snapshot (below), content-addressed the same way

The memory snapshot is Pyodide booted with the wheel installed and every module of the package
imported (so every rule-data file read), made in Node at build time (``make_snapshot.mjs``), so a return visit restores Python instead of
booting it. Its file is a small container, because the worker must know what it holds before
it spends time on it: ``RPGSNAP1``, the header's length (uint32, little-endian), a JSON header
(``build``, ``pyodide``, ``calculators``, ``raw_bytes``), then the snapshot gzipped; the worker
checks the header against its own build and decompresses with ``DecompressionStream``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from build_scripts import stdlib
from build_scripts.build_lock import exclusive

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
#: The files of the npm package a module worker needs as they are: the loader, the runtime.
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: The standard library's zip, which the site ships trimmed and partly compiled (``stdlib_zip``).
STDLIB = "python_stdlib.zip"
#: The rest of it, the modules no worker imports to answer, fetched while Python starts
#: (``stdlib_rest_zip``; the worker puts it on ``sys.path`` behind ``STDLIB``).
STDLIB_REST = "python_stdlib_rest.zip"
CACHE = ROOT / "build" / "wheels"
SNAPSHOT_CACHE = ROOT / "build" / "snapshots"
STDLIB_CACHE = ROOT / "build" / "stdlib"
SNAPSHOT_SCRIPT = ROOT / "build_scripts" / "make_snapshot.mjs"
WHEEL_COMPILER = ROOT / "build_scripts" / "compile_wheel.mjs"
COMPILE_SCRIPT = ROOT / "build_scripts" / "compile_stdlib.mjs"
SNAPSHOT_MAGIC = b"RPGSNAP1"
SITE_DIR = "pyodide"


class RuntimeBuildError(Exception):
    """The runtime could not be assembled; the message says what is missing."""


def source_digest() -> str:
    """A short hash of everything that goes into the wheel, and of what shapes the standard
    library's zip (a snapshot fits only the zip it was made from): the build id of the runtime,
    so a reader's browser never pairs one build's snapshot with another's zip."""
    digest = hashlib.sha256(stdlib.digest().encode())
    files = sorted(p for p in (ROOT / "calculators").rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    for path in [ROOT / "pyproject.toml", *files]:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def build_wheel(build_id: str) -> Path:
    """The package wheel for ``build_id``, built once and cached under ``build/wheels``."""
    target = CACHE / build_id
    with exclusive():
        existing = sorted(target.glob("*.whl")) if target.exists() else []
        if existing:
            return existing[0]
        with tempfile.TemporaryDirectory() as tmp:
            # Built from a copy of the package: setuptools stages its files in the project's
            # build/lib, which keeps a module deleted since an earlier build and ships it again.
            source = Path(tmp) / "source"
            shutil.copytree(ROOT / "calculators", source / "calculators",
                            ignore=shutil.ignore_patterns("__pycache__"))
            for name in ("pyproject.toml", "README.md"):
                shutil.copy2(ROOT / name, source / name)
            proc = subprocess.run(
                [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", tmp,
                 str(source)], capture_output=True, text=True, cwd=source)
            if proc.returncode != 0:
                raise RuntimeBuildError(f"wheel build failed:\n{proc.stdout}\n{proc.stderr}")
            wheels = list(Path(tmp).glob("*-py3-none-any.whl"))
            if len(wheels) != 1:
                raise RuntimeBuildError(f"expected one pure-Python wheel, got {wheels}")
            target.mkdir(parents=True, exist_ok=True)
            return publish(Path(shutil.copy2(wheels[0], partial_path(target / wheels[0].name))),
                           target / wheels[0].name)


def compiled_wheel(build_id: str) -> Path:
    """The wheel the site ships for ``build_id``: ``build_wheel``'s with each module compiled
    in place of its source (``compile_wheel.mjs``), by Pyodide's Python, once per build, cached
    under ``build/wheels/<build>/compiled-<script's digest>``.

    A worker importing from source compiles every module first, in WebAssembly: importing
    ``calculators.web`` and the Western Roses battle tracker took 300 ms in Node's Pyodide from
    source and 110 ms from bytecode, and on the phone profile of ``make bench`` (processor
    slowed 4x) the tracker's imports were 2.3 s of its first visit, 1.0 s from bytecode. In
    place of the source rather than beside it: with both, the wheel was 1.35 MB instead of
    0.6 MB and unpacking its twice as many files took a phone 0.35 s more; bytecode alone is
    0.9 MB, downloaded while Python starts (calc-worker.js fetches the wheel after the
    WebAssembly and the standard library). A traceback in the browser then shows no source
    line, as for the standard library's compiled modules; the command line and the tests run
    the package from its source. It also holds the methods ``dataclasses`` writes for the
    package's classes, compiled (``calculators/prebuilt_methods.py``)."""
    source = build_wheel(build_id)
    script_digest = hashlib.sha256(WHEEL_COMPILER.read_bytes()).hexdigest()[:8]
    target = source.parent / f"compiled-{script_digest}" / source.name
    return cached(target, lambda partial: run_node(WHEEL_COMPILER, [source, partial],
                                                   "compiling the wheel"))


def pyodide_version() -> str:
    """The version of the npm Pyodide the site ships (its snapshots fit only that version)."""
    return json.loads((PYODIDE_NPM / "package.json").read_text())["version"]


def snapshot_name(build_id: str) -> str:
    """The snapshot's path inside the site's ``pyodide/`` folder; the worker builds the same."""
    return f"snapshots/{build_id}-{pyodide_version()}.bin"


def stdlib_zip(build_id: str) -> Path:
    """The standard library's zip the site ships for ``build_id`` (see ``build_scripts.stdlib``):
    trimmed, then the modules a worker imports compiled in Node, and the modules nothing
    imports moved to ``stdlib_rest_zip``. Made once per build, since what the package imports
    decides what is compiled; cached under ``build/stdlib``."""
    target = STDLIB_CACHE / f"{build_id}-{pyodide_version()}" / STDLIB

    def make(partial: Path) -> None:
        rest = partial_path(target.with_name(STDLIB_REST))
        with tempfile.TemporaryDirectory() as tmp:
            trimmed = stdlib.trim(PYODIDE_NPM / STDLIB, Path(tmp) / STDLIB)
            run_node(COMPILE_SCRIPT, [trimmed, build_wheel(build_id), partial, rest],
                     "compiling the standard library")
        publish(rest, target.with_name(STDLIB_REST))  # before the zip that marks both made
    return cached(target, make)


def stdlib_rest_zip(build_id: str) -> Path:
    """The rest of the standard library for ``build_id``, made with ``stdlib_zip``."""
    return stdlib_zip(build_id).with_name(STDLIB_REST)


def make_snapshot(build_id: str, wheel: Path) -> Path:
    """The memory snapshot for ``build_id``, made once in Node from the shipped standard
    library and cached under ``build/snapshots`` (keyed also by the script that makes it)."""
    script_digest = hashlib.sha256(SNAPSHOT_SCRIPT.read_bytes()).hexdigest()[:8]
    target = SNAPSHOT_CACHE / f"{build_id}-{pyodide_version()}-{script_digest}.bin"
    return cached(target, lambda partial: run_node(
        SNAPSHOT_SCRIPT, [wheel, build_id, partial, stdlib_zip(build_id)],
        "making the memory snapshot"))


def cached(target: Path, make: Callable[[Path], None]) -> Path:
    """``target``, made by ``make`` (which writes the file it is given) unless it is cached
    already. Made under the build lock, so two processes never make the same file at once."""
    with exclusive():
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = partial_path(target)
            make(partial)
            publish(partial, target)
    return target


def partial_path(target: Path) -> Path:
    """A fresh name beside ``target`` for the file being made, so a build stopped half-way
    never leaves half a file under ``target``'s name."""
    fd, name = tempfile.mkstemp(prefix=target.name + ".", suffix=".partial", dir=target.parent)
    os.close(fd)
    return Path(name)


def publish(partial: Path, target: Path) -> Path:
    """Move a finished ``partial`` to ``target`` in one step, so a reader of the cache sees the
    whole file or none."""
    return partial.replace(target)


def run_node(script: Path, args: list, what: str) -> None:
    """Run one of the build's Node scripts (they boot the npm Pyodide); a failure stops the
    build with the script's own message."""
    node = shutil.which("node")
    if not node:
        raise RuntimeBuildError(f"node is needed for {what}")
    proc = subprocess.run([node, str(script), *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeBuildError(f"{what} failed:\n{proc.stderr[-3000:]}")


def read_snapshot(data: bytes) -> tuple[dict, bytes]:
    """The header and the gzipped snapshot of a snapshot container's bytes."""
    if data[:8] != SNAPSHOT_MAGIC:
        raise ValueError("not a snapshot container")
    length = int.from_bytes(data[8:12], "little")
    return json.loads(data[12:12 + length]), data[12 + length:]


def install_runtime(site_dir: Path, build_id: str, wheel: Path,
                    snapshot: Path | None = None) -> None:
    """Copy Pyodide's core, its standard library as the site ships it (two zips), the wheel and the
    snapshot into ``site_dir``; write the lock file."""
    if not (PYODIDE_NPM / "package.json").exists():
        raise RuntimeBuildError("node_modules/pyodide is missing: run `npm ci` first")
    out = site_dir / SITE_DIR
    out.mkdir(parents=True, exist_ok=True)
    for name in CORE_FILES:
        shutil.copy2(PYODIDE_NPM / name, out / name)
    shutil.copy2(stdlib_zip(build_id), out / STDLIB)
    shutil.copy2(stdlib_rest_zip(build_id), out / STDLIB_REST)
    wheel_dir = out / "wheels" / build_id
    wheel_dir.mkdir(parents=True, exist_ok=True)
    site_wheel = Path(shutil.copy2(wheel, wheel_dir / wheel.name))
    write_lock_file(out, [site_wheel])
    if snapshot is not None:
        site_snapshot = out / snapshot_name(build_id)
        site_snapshot.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(snapshot, site_snapshot)


def write_lock_file(pyodide_dir: Path, wheels: list[Path]) -> None:
    """A lock file that lists only ``wheels`` (Pyodide's own packages are not shipped, so
    listing them would let ``loadPackage`` reach for a CDN)."""
    upstream = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base-lock.json"
        base.write_text(json.dumps({"info": upstream["info"], "packages": {}}))
        proc = subprocess.run(
            [str(Path(sys.executable).with_name("pyodide")), "lockfile", "add-wheels",
             "--input", str(base), "--output", str(pyodide_dir / "pyodide-lock.json"),
             "--base-path", str(pyodide_dir), *map(str, wheels)],
            capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeBuildError(f"pyodide lockfile add-wheels failed:\n{proc.stderr}")
