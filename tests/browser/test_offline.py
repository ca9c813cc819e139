"""The site at a table with no network: one visit, then every page and calculator offline
(each widget redrawn live as the build drew it, and a changed input answered as CPython
answers); a new deploy replaces the cached site and says so; the site is installable.

The walk takes every calculator live on the published build (MkDocs). On the other build the
pages are the same generated files in another theme, so what it alone can break is the theme
around them: its files in the precache, its instant navigation, its search. There the walk
loads a sample of the calculator pages (each section's page with the most widgets) and reaches
every other page through the tabs and sidebar, and every page must be in the precache.

"Offline" here is both Playwright's ``set_offline`` and the test server answering nothing, so
a file the service worker failed to cache cannot slip through from the server.
"""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest

from answers import redrawn_otherwise_than_built
from build_scripts import offline
from build_scripts.make_site import BUILDERS
from builders import EVERY_BUILDER, SEARCH_INDEX, SEARCH_RESULT, TYPING_IN_SEARCH

pytestmark = [pytest.mark.browser, EVERY_BUILDER]

FIRST_PAGE = "western-roses/basic-rolls/"
PRECACHE_TIMEOUT = 180_000
#: The calculators' worker compiled Pyodide's WebAssembly with ``instantiateStreaming`` (which
#: needs the response typed ``application/wasm``), and that compile succeeded.
COMPILED_AS_IT_ARRIVED = """(() => { const wasm = window.rpgCalc.timings().clock.wasm;
    return wasm.streaming === true && wasm.end !== null; })()"""


def site_pages(site_dir: Path) -> list[str]:
    """Every page of the built site, as its address below the site root."""
    return sorted("" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/"
                  for p in site_dir.rglob("index.html"))


#: The build whose every calculator page the offline walk loads; the others' walks load
#: :func:`sample` (the module's docstring says why).
WHOLE = BUILDERS[0]


def _built(site_dir: Path, path: str) -> str:
    return (site_dir / path / "index.html").read_text(encoding="utf-8")


def sample(site_dir: Path) -> list[str]:
    """Of each section (a page's first folder) with a calculator, its page with the most
    widgets (the first such in order): one load a section, as many widgets as one holds."""
    best: dict[str, tuple[int, str]] = {}
    for path in site_pages(site_dir):
        widgets = _built(site_dir, path).count(' data-calc="')
        section = path.split("/")[0]
        if widgets and widgets > best.get(section, (0, ""))[0]:
            best[section] = (widgets, path)
    return sorted(path for _, path in best.values())


def built_title(site_dir: Path, path: str) -> str:
    """The text of the page's ``article h1`` as the build wrote it (its heading link's mark
    too), as :func:`h1` reads it in the browser."""
    article = _built(site_dir, path).split("<article", 1)[1]
    heading = re.search(r"<h1\b[^>]*>(.*?)</h1>", article, re.S).group(1)
    return unescape(re.sub(r"<[^>]+>", "", heading)).strip()


def wait_until_offline_ready(page) -> None:
    """The service worker has precached the whole site and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null",
                           timeout=PRECACHE_TIMEOUT)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


@pytest.fixture
def service_workers() -> str:
    return "allow"


def cached_urls(page) -> list[str]:
    """Every address in the page's cache storage (the service worker's precache)."""
    return page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls;
    }""")


def h1(page) -> str:
    return page.evaluate("document.querySelector('article h1').textContent.trim()")


@pytest.fixture
def offline_context(context, site_server):
    """The test's browser profile and a switch that takes the whole network down."""

    def go_offline() -> None:
        site_server.offline = True
        context.set_offline(True)

    yield context, go_offline
    site_server.offline = False


def test_after_one_visit_every_page_and_calculator_works_offline(
        offline_context, base_url, site_dir, builder, change_an_input, screenshot):
    context, go_offline = offline_context
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base_url + FIRST_PAGE)
    page.wait_for_selector("[data-calc-runtime='ready']", timeout=60_000)
    assert page.evaluate("window.rpgCalc.timings().bootPath") == "plain"  # a first visit
    assert page.evaluate(COMPILED_AS_IT_ARRIVED)
    wait_until_offline_ready(page)
    go_offline()

    pages = site_pages(site_dir)
    cached = {re.sub(r"index\.html$", "", url.split("?")[0].removeprefix(base_url))
              for url in cached_urls(page)}
    assert not set(pages) - cached, f"pages not precached: {sorted(set(pages) - cached)}"
    titles = {path: built_title(site_dir, path) for path in pages}
    loaded = pages if builder == WHOLE else sample(site_dir)
    answered = []
    for path in loaded:
        page.goto(base_url + path)
        assert h1(page) == titles[path] and titles[path], path
        if page.query_selector("[data-calc]"):
            assert not redrawn_otherwise_than_built(page), path
            name, got, want = change_an_input(page)
            assert got == want, (path, name)
            assert page.evaluate("window.rpgCalc.timings().bootPath") == "snapshot", path
            # From the service worker's cache too, Python's WebAssembly comes as
            # application/wasm, so it is compiled as it streams in, not after.
            assert page.evaluate(COMPILED_AS_IT_ARRIVED), path
            answered.append(path)
    assert len(titles) >= 40
    assert len(answered) >= 12 if builder == WHOLE else answered == loaded, answered

    # A typed address with a shared state in its query, and a reload.
    page.goto(base_url + FIRST_PAGE + "?wr-check.target=14")
    page.wait_for_selector("#wr-check[data-calc-state='live']", timeout=60_000)
    page.reload()
    assert page.input_value("#wr-check-target") == "14"

    # Through links, as a reader moves: a tab, then each page of its section in the sidebar.
    page.goto(base_url)
    page.evaluate("window.noReload = true")
    sections = sorted({path.split("/")[0] for path in titles if path.count("/") == 2})
    for section in sections:
        page.click(f".md-tabs a[href$='{section}/']:visible")
        page.wait_for_function("document.querySelector('article h1').textContent.trim() === "
                               + json.dumps(titles[section + "/"]))
        previous = section + "/"
        for path in [p for p in titles if p.startswith(section + "/") and p.count("/") == 2]:
            slug = path.split("/")[1]
            link = f".md-sidebar--primary a.md-nav__link[href$='{slug}/']:visible"
            if not page.locator(link).count():
                # The page before hides the sidebar (a game master's screen): back to hers.
                page.go_back()
                page.wait_for_function("document.querySelector('article h1').textContent"
                                       ".trim() !== " + json.dumps(titles[previous]))
            page.click(link)
            previous = path
            page.wait_for_function("document.querySelector('article h1').textContent.trim() === "
                                   + json.dumps(titles[path]))
            if path in answered:
                name, got, want = change_an_input(page)
                assert got == want, (path, name)
    assert page.evaluate("window.noReload"), "a link reloaded the page instead of navigating"

    # Search, from its precached index, to a rule.
    page.goto(base_url)
    page.keyboard.press("/")
    page.wait_for_function(TYPING_IN_SEARCH)
    page.keyboard.type("Fury Burst")
    result = page.locator(f"{SEARCH_RESULT}[href*='/magical-burst/overcharge/?']:visible")
    result.first.wait_for(timeout=30_000)
    screenshot(page, "offline-search")
    result.first.click()
    page.wait_for_url("**/magical-burst/overcharge/?h=*")
    page.locator("[id='fury-burst']").wait_for(state="attached", timeout=30_000)
    assert not errors


@pytest.fixture
def next_deploy(site_dir, tmp_path) -> Path:
    """The same site with a changed home page and its service worker regenerated, as the next
    deploy would be."""
    new = tmp_path / "next-site"
    shutil.copytree(site_dir, new)
    home = new / "index.html"
    home.write_text(home.read_text().replace(
        "</article>", '<p id="next-deploy">From the next deploy.</p></article>', 1))
    offline.write_service_worker(new)
    return new


def test_a_new_deploy_replaces_the_cache_and_offers_a_reload(
        browser, base_url, site_server, site_dir, next_deploy, screenshot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        page.goto(base_url)
        wait_until_offline_ready(page)
        assert page.locator("#next-deploy").count() == 0
        site_server.directory = next_deploy
        page.reload()
        notice = page.locator(".rpg-update")
        notice.wait_for(timeout=PRECACHE_TIMEOUT)
        assert "newer version of the rules" in notice.inner_text()
        assert page.locator("#next-deploy").count() == 0  # the old build until the reader says
        screenshot(page, "update-notice-390", full_page=False)  # the notice where it shows
        box = notice.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.tap(".rpg-update-reload")
        page.wait_for_selector("#next-deploy", timeout=30_000)

        site_server.offline = True
        context.set_offline(True)
        page.reload()
        assert page.locator("#next-deploy").count() == 1
        keys = cached_urls(page)
        homes = [url for url in keys if re.search(r"/index\.html(\?|$)", url)
                 and url.split("/index.html")[0].rstrip("/") == base_url.rstrip("/")]
        assert len(homes) == 1, homes  # the old build's home page is gone from the cache
    finally:
        site_server.directory = site_dir
        site_server.offline = False
        context.close()


def test_the_site_is_installable(page, base_url, site_dir):
    page.goto(base_url + FIRST_PAGE)
    href = page.get_attribute("link[rel='manifest']", "href")
    manifest = json.loads((site_dir / "site.webmanifest").read_text())
    response = page.request.get(urljoin(page.url, href))
    assert response.ok and response.headers["content-type"] == "application/manifest+json"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        body = page.request.get(urljoin(response.url, icon["src"])).body()
        if icon["type"] == "image/png":  # the size it declares is the size it has
            width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}", icon["src"]
    theme = page.evaluate("getComputedStyle(document.body).getPropertyValue("
                          "'--md-primary-fg-color').trim()")
    assert manifest["theme_color"] == theme


def test_a_plain_page_loads_no_python_and_precaches_only_once_idle(page, base_url, builder):
    page.goto(base_url + "western-roses/glossary/", wait_until="load")
    loaded = page.evaluate("""() => ({
        python: performance.getEntriesByType("resource").map((e) => e.name)
            .filter((name) => name.includes("/pyodide/")),
        registered: Boolean(navigator.serviceWorker.controller),
    })""")
    assert loaded == {"python": [], "registered": False}
    wait_until_offline_ready(page)  # then, with the page idle, the whole site is precached
    cached = cached_urls(page)
    for path in ("pyodide/pyodide.asm.wasm", SEARCH_INDEX[builder], "site.webmanifest"):
        assert any(path in url for url in cached), path
    assert any("/pyodide/snapshots/" in url for url in cached)


def test_the_precache_waits_for_python_s_first_answer(browser, base_url):
    """On a calculator page the service worker is registered (and the site's 25 MB precache
    started) only after Python has answered, not once it is up: here nobody types until Python
    has been up a while, and the wait for an unasked answer is made long."""
    context = browser.new_context()
    context.add_init_script("window.RPG_CALC_ANSWER_WAIT_MS = 600000;")
    page = context.new_page()
    registered = "navigator.serviceWorker.getRegistration().then((r) => Boolean(r))"
    try:
        page.goto(base_url + FIRST_PAGE, wait_until="load")
        page.wait_for_selector("#wr-check[data-calc-runtime='ready']", timeout=60_000)
        page.wait_for_timeout(2000)  # idle and up, but not yet asked
        assert page.evaluate(registered) is False
        page.fill("#wr-check-target", "20")
        page.wait_for_selector("#wr-check[data-calc-state='live']", timeout=60_000)
        page.wait_for_function(registered, timeout=30_000)
    finally:
        context.close()
