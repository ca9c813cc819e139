"""The built site, served on localhost, and Debian's Chromium driven by Playwright.

The site is built once per session with the real build command (strict), with ``SITE_URL``
pointing at the test server's port so Material's instant navigation takes over links, as it
does on the published site.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".whl": "application/zip"}

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory, port) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{port}/", "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("WARNING")]
    assert not warnings, warnings
    return out


@pytest.fixture(scope="session")
def base_url(site_dir, port) -> str:
    handler = functools.partial(QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    executable = shutil.which("chromium")
    assert executable, "Debian's chromium is required (make test installs it)"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser, base_url):
    """A fresh browser profile that refuses, and records, every request off the test server."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.foreign_requests = []
    origin = urlparse(base_url).netloc

    def guard(route):
        if urlparse(route.request.url).netloc == origin or route.request.url.startswith(
                ("data:", "blob:")):
            route.continue_()
        else:
            context.foreign_requests.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    yield context
    foreign = context.foreign_requests
    context.close()
    assert not foreign, f"requests left the origin: {foreign}"


@pytest.fixture
def page(context):
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


@pytest.fixture
def screenshot():
    """Save a full-page screenshot under test-artifacts/ (kept for a person to look at)."""

    def save(page, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
