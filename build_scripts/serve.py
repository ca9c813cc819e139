"""``make serve``: the site built as ``make build`` builds it, served on localhost, built again
whenever its sources change.

The first build goes to ``build/serve/``, then the server starts; every second the sources
(``docs/``, ``calculators/``, ``build_scripts/``, ``mkdocs.yml``) are checked, and a change
builds the site again into a fresh folder, in a new Python (so edited page helpers and rule
data are imported anew), that the server switches to once it is complete. A failed build is
printed and the last good site stays served. Reload the page to see a change.

No service worker is written here: it would keep serving the pages as they were before an edit.

    python -m build_scripts.serve [--builder mkdocs|zensical] [--port 8000]
"""

from __future__ import annotations

import argparse
import http.server
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from build_scripts.make_site import BUILDERS

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "build" / "serve"
#: What a change to rebuilds the site.
WATCHED = ("docs", "calculators", "build_scripts", "mkdocs.yml")
POLL_SECONDS = 1.0


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``server.directory`` with the types GitHub Pages sends for the site's files."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".whl": "application/zip",
                      ".bin": "application/octet-stream",
                      ".webmanifest": "application/manifest+json"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, directory=str(args[2].directory), **kwargs)


class EditingHandler(SiteHandler):
    """Asks the browser to check every file again, so a reload shows the last edit."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    """A server whose folder can be switched while it runs."""

    def __init__(self, address, directory: Path, handler=SiteHandler) -> None:
        self.directory = directory
        super().__init__(address, handler)


def sources_state() -> dict[str, float]:
    """Modification time of every watched file, by path."""
    state = {}
    for name in WATCHED:
        path = ROOT / name
        files = [path] if path.is_file() else path.rglob("*")
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts:
                state[str(file)] = file.stat().st_mtime
    return state


def build(builder: str, site: Path, port: int) -> bool:
    """Build the site into ``site`` in a new Python; prints what failed."""
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{port}/"}
    proc = subprocess.run(
        [sys.executable, "-m", "build_scripts.make_site", "--builder", builder, "--site",
         str(site), "--no-service-worker"], cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
    return proc.returncode == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builder", choices=BUILDERS, default=BUILDERS[0])
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    shutil.rmtree(SERVE, ignore_errors=True)
    generation = 0
    state = sources_state()
    site = SERVE / str(generation)
    if not build(args.builder, site, args.port):
        return 1
    server = SiteServer(("127.0.0.1", args.port), site, EditingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"Serving the {args.builder} build at http://127.0.0.1:{args.port}/ "
          f"(rebuilt when {', '.join(WATCHED)} change; Ctrl-C stops)", flush=True)
    try:
        while True:
            time.sleep(POLL_SECONDS)
            current = sources_state()
            if current == state:
                continue
            state = current
            generation += 1
            print("Change seen: building again...", flush=True)
            fresh = SERVE / str(generation)
            if build(args.builder, fresh, args.port):
                old, server.directory = server.directory, fresh
                shutil.rmtree(old, ignore_errors=True)
                print("Rebuilt: reload the page.", flush=True)
            else:
                shutil.rmtree(fresh, ignore_errors=True)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
