"""The built site, served on localhost, and Debian's Chromium driven by Playwright.

The site is built once per test run and builder with the real build command (generate, build
strictly, finish), with ``SITE_URL`` naming the test servers' port so Material's instant
navigation takes over links, as it does on the published site. Tests run against the MkDocs
build; a module marked with ``builders.EVERY_BUILDER`` runs against the Zensical build too.

The parallel workers of ``make test`` share each build (:class:`Sites`): the first worker that
needs it builds it, under a lock, into the run's shared folder, and each worker serves that
folder from its own server, on the same port at its own loopback address (127.0.0.1 for the
first worker, 127.0.0.2 for the next...). Each worker still takes its own server offline or
switches its folder without touching another's tests, and instant navigation still works:
Material matches a link against the sitemap's addresses with the page's host put in them, and
the port the build wrote is the same. Building once instead of once per worker saves about
5 processor seconds a build.

Every build's live-table configuration names one relay, the run's own on 127.0.0.1
(``relay.mjs``, started by the first worker whose tests ask for ``table_relay``, and stopped
when the run ends), and no STUN server, so no browser test can reach a public relay or server.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from build_scripts.make_site import BUILDERS
from build_scripts.serve import SiteHandler, SiteServer
from calculators import CALCULATORS
from calculators.params import INT
from calculators.web import render
from profiles import KeptProfiles, record_requests_leaving
from wcag import AXE

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
RELAY = Path(__file__).with_name("relay.mjs")
#: The live table's WebRTC offers name plain host addresses rather than mDNS ``.local`` names
#: (``build_scripts/table_bench.py`` too): every context runs on this one machine, where both
#: forms connect, and leaving name resolution out takes one thing that can vary out of the
#: joins the tests time. A phone on a real table's network is not tested here.
WEBRTC_HOST_ADDRESSES = "--disable-features=WebRtcHideLocalIpsWithMdns"
#: V8 runs WebAssembly with its baseline compiler only (``--liftoff-only``). By default it
#: also recompiles the functions that get hot with its optimizing compiler, in background
#: threads: for Pyodide's 9.6 MB module (the interpreter's main loop is one 79 KB function)
#: that was 1.3-1.7 s of processor time on every page that starts Python, more than Python's
#: own start, and a test's few answers never earn it back. Three browser files that open
#: calculator pages took 147 processor seconds instead of 218 (136 s instead of 166). The
#: code under test is the same; only how fast its hot loops run changes, and the benchmarks
#: keep V8's defaults, as a reader's browser does.
BASELINE_WASM_ONLY = "--js-flags=--liftoff-only"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync",
                  WEBRTC_HOST_ADDRESSES, BASELINE_WASM_ONLY]
#: The browser the tests drive: Debian's Chromium as its headless shell (the package
#: ``chromium-headless-shell``, the same Blink and V8 as ``chromium``, without the desktop
#: browser's interface; Playwright's own default for headless runs). The suite is bound by the
#: processor on two cores, and the shell took 13-20% less of it for the same tests (README,
#: under ``make test``). ``TEST_CHROMIUM=chromium make test`` runs them in the full
#: browser instead. The benchmarks keep the full browser, as a reader's is.
CHROMIUM = os.environ.get("TEST_CHROMIUM", "chromium-headless-shell")


def chromium_executable() -> str:
    executable = shutil.which(CHROMIUM)
    assert executable, f"Debian's {CHROMIUM} is required (make test installs it)"
    return executable


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class QuietHandler(SiteHandler):
    """Serves ``server.directory`` as GitHub Pages would (the types it sends), or, while
    ``server.offline`` is set, answers nothing at all, as a network that is down. A browser
    that hangs up before a file is sent (a tab closed while Pyodide downloads) is let go
    without a traceback."""

    def handle_one_request(self) -> None:
        if self.server.offline:
            self.close_connection = True
            return
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def log_message(self, *args) -> None:
        pass


class PagesServer(SiteServer):
    """The test server; a test may switch the folder it serves (a new deploy) or take it
    offline, and must put both back."""

    def __init__(self, address, directory: Path) -> None:
        self.offline = False
        super().__init__(address, directory, QuietHandler)


@contextmanager
def locked(path: Path):
    """Hold an exclusive lock on the file ``path`` (made if missing) across the run's workers."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def shared_value(folder: Path, name: str, make) -> str:
    """The run's value ``name``: read from ``folder``, or made with ``make()`` and written there
    by the first worker that asks (nothing is written if ``make`` raises, so the next worker
    tries again)."""
    path = folder / f"{name}.txt"
    with locked(folder / f"{name}.lock"):
        if not path.exists():
            path.write_text(str(make()))
        return path.read_text()


class Sites:
    """The site as each builder builds it (``make build BUILDER=...``), built once a run on
    first use into ``shared`` (the folder every worker of the run sees), and served by this
    worker at ``host`` on the build's port (its ``SITE_URL``, so instant navigation takes over
    links); see the module's docstring."""

    def __init__(self, shared: Path, host: str, owner: int) -> None:
        self.shared = shared
        self.host = host
        #: The process whose end stops the run's relay (the controller of the workers).
        self.owner = owner
        self.servers: dict[str, PagesServer] = {}
        #: Each server's origin and the folder it serves (for the kept profiles' snapshot).
        self.folders: dict[str, Path] = {}
        #: The live table's relay in every build: the run's own (``table_relay``).
        self.relay_url = f"ws://127.0.0.1:{shared_value(shared, 'relay-port', free_port)}"

    def built(self, builder: str) -> tuple[Path, int]:
        """The folder of ``builder``'s build and the port its ``SITE_URL`` names; built by the
        first worker of the run that asks, the others waiting on its lock."""
        port = shared_value(self.shared, f"{builder}-port", lambda: self.build(builder))
        return self.shared / builder, int(port)

    def build(self, builder: str) -> int:
        """Build ``builder``'s site into the shared folder for a free port; that port."""
        port = free_port()
        env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{port}/",
               "TABLE_RELAYS": self.relay_url, "TABLE_ICE": ""}
        proc = subprocess.run(
            [sys.executable, "-m", "build_scripts.make_site", "--builder", builder,
             "--site", str(self.shared / builder)], cwd=ROOT, env=env, capture_output=True,
            text=True)
        assert proc.returncode == 0, proc.stderr[-4000:]
        return port

    def server(self, builder: str) -> PagesServer:
        if builder not in self.servers:
            out, port = self.built(builder)
            try:
                server = PagesServer((self.host, port), out)
            except OSError as exc:
                raise AssertionError(f"cannot serve the {builder} build at "
                                     f"{self.host}:{port}: {exc}") from exc
            threading.Thread(target=server.serve_forever, daemon=True).start()
            self.servers[builder] = server
            self.folders[f"http://{self.host}:{port}"] = out
        return self.servers[builder]

    def close(self) -> None:
        for server in self.servers.values():
            server.shutdown()
            server.server_close()


@pytest.fixture(scope="session")
def builder(request) -> str:
    """The builder of the site under test: MkDocs + Material, unless the module is marked
    :data:`builders.EVERY_BUILDER`."""
    return getattr(request, "param", BUILDERS[0])


@pytest.fixture(scope="session")
def sites(request, tmp_path_factory) -> Sites:
    """The run's builds, served by this worker. Under pytest-xdist a worker's temporary folder
    sits in the run's, which is what the workers share; the worker numbered ``gwN`` serves at
    127.0.0.(N+1), and the controller (the workers' parent) owns the relay."""
    worker = getattr(request.config, "workerinput", None)
    if worker:
        shared = tmp_path_factory.getbasetemp().parent
        host = f"127.0.0.{int(worker['workerid'].removeprefix('gw')) + 1}"
        owner = os.getppid()
    else:
        shared, host, owner = tmp_path_factory.getbasetemp(), "127.0.0.1", os.getpid()
    sites = Sites(shared, host, owner)
    yield sites
    sites.close()


@pytest.fixture(scope="session")
def table_relay(sites) -> str:
    """The address of the live table's relay that every build names: a WebSocket tracker on
    127.0.0.1 (``relay.mjs``), started by the first worker that asks and left running for the
    others; it stops itself once the run's controller (``sites.owner``) has ended."""
    node = shutil.which("node")
    assert node, "node is required (make setup)"
    port = sites.relay_url.rsplit(":", 1)[1]
    log = sites.shared / "relay.log"
    with locked(sites.shared / "relay.lock"):
        if not log.exists():
            # Detached (setsid --fork): no worker is its parent, so the worker that starts it
            # may end first while others still play on it.
            with log.open("w") as out:
                subprocess.run(["setsid", "--fork", node, str(RELAY), port, str(sites.owner)],
                               cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                               stderr=subprocess.STDOUT, check=True)
            deadline = time.monotonic() + 30
            while not log.read_text() and time.monotonic() < deadline:
                time.sleep(0.05)
        said = log.read_text()
        assert said.startswith("ready"), f"the relay did not start: {said[-2000:] or 'no word'}"
    return sites.relay_url


@pytest.fixture(scope="session")
def site_server(sites, builder) -> PagesServer:
    return sites.server(builder)


@pytest.fixture(scope="session")
def site_dir(sites, site_server, builder) -> Path:
    return sites.built(builder)[0]


@pytest.fixture(scope="session")
def base_url(site_server) -> str:
    host, port = site_server.server_address[:2]
    return f"http://{host}:{port}/"


@pytest.fixture(scope="session")
def browser(sites):
    """Debian's Chromium (``CHROMIUM``); ``browser.kept`` lends the profiles kept between tests
    (profiles.py)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_FLAGS)
        browser.kept = KeptProfiles(browser, sites.folders)
        yield browser
        browser.kept.close()
        browser.close()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script, to add to a page under test (see wcag.py)."""
    assert AXE.exists(), "axe-core is missing: run make setup (npm install)"
    return AXE.read_text()


@pytest.fixture
def service_workers() -> str:
    """Whether ``context`` lets the site register its service worker: blocked, so a test sees
    a first visit without the background precache of the whole site (25 MB); the offline and
    snapshot tests override this fixture with "allow"."""
    return "block"


@pytest.fixture
def context(browser, base_url, service_workers):
    """A profile with nothing saved (a kept one, unless the test allows the service worker:
    then a fresh one) that records every request off the test server."""
    options = {"viewport": {"width": 1280, "height": 900}}
    context = browser.kept.lend(**options) if service_workers == "block" else \
        browser.new_context(service_workers=service_workers, **options)
    context.foreign_requests = record_requests_leaving(context, base_url)
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
    """Save a screenshot, of the full page unless told, under test-artifacts/ (kept for a
    person to look at)."""

    def save(page, name: str, full_page: bool = True) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save


@pytest.fixture
def change_an_input():
    """On the page in view, change one whole-number input of a calculator and wait for the
    live answer; returns ``(widget name, answer text, CPython's answer text)``. The widget is
    the first one with such an input shown; the value moves by one inside its declared range,
    in the direction CPython gives an answer for."""

    def check(page) -> tuple[str, str, str]:
        for root in page.query_selector_all("[data-calc]"):
            name = root.get_attribute("data-calc")
            state = json.loads(root.get_attribute("data-calc-initial") or "{}")
            widget = "#" + root.get_attribute("id")
            # Settled first: a tracker reached by a link shows her saved battle once Python
            # has answered, folding its setup again after an unfold made before that.
            page.wait_for_function(
                f"() => {{ const w = document.querySelector('{widget}'); "
                "return w.dataset.calcRuntime === 'ready' "
                "&& !['pending', 'error'].includes(w.dataset.calcState); }", timeout=60_000)
            unfold = page.locator(f"{widget} .calc-unfold")
            if unfold.count() and unfold.is_visible():  # a battle under way folds its setup
                unfold.click()
            for param in CALCULATORS[name].params:
                if param.kind != INT or param.hidden or not state.get(param.name, "") or \
                        not page.is_visible(f"{widget}-{param.name}"):  # one she sees
                    continue
                # One up, else one down: the first that CPython answers (a character whose
                # example spends every point has no room for one more).
                current = int(state[param.name])
                given = {k: v for k, v in state.items() if v != ""}
                candidates = [n for n in (current + 1, current - 1)
                              if (param.maximum is None or n <= param.maximum)
                              and (param.minimum is None or n >= param.minimum)
                              and "html" in render(name, {**given, param.name: str(n)})]
                if not candidates:
                    continue
                value = candidates[0]
                state[param.name] = str(value)
                page.fill(f"{widget}-{param.name}", str(value))
                page.wait_for_function(
                    f"document.querySelector('{widget}').dataset.calcState === 'live'",
                    timeout=60_000)
                expected = render(name, {k: v for k, v in state.items() if v != ""})
                assert "html" in expected, expected
                got, want = page.evaluate(
                    """([selector, html]) => {
                        const squash = (text) => text.replace(/\\s+/g, " ").trim();
                        const scratch = document.createElement("template");
                        scratch.innerHTML = html;
                        const output = document.querySelector(selector + " [data-calc-output]");
                        return [squash(output.textContent), squash(scratch.content.textContent)];
                    }""", [widget, expected["html"]])
                return name, got, want
        raise AssertionError(f"no calculator with a whole-number input on {page.url}")

    return check
