"""Python from the memory snapshot on a return visit, and the plain boot whenever the snapshot
cannot serve: missing, corrupt, from another build, or not a Pyodide snapshot at all. Either
way the calculators answer as CPython does and the page never sticks on "Loading".

The snapshot reaches the calculators' worker only through the service worker's precache, so
each case edits that cache entry in a profile that has visited once, then opens a new tab.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

CALC_PAGE = "western-roses/combat/"
BOOT_TIMEOUT = 60_000

#: Rewrites the precached snapshot in place, keeping the original in the editing page; returns
#: the original's first bytes.
EDIT_SNAPSHOT = """async ([mode]) => {
    const name = (await caches.keys()).find((n) => n.startsWith("workbox-precache"));
    const cache = await caches.open(name);
    const key = (await cache.keys()).map((r) => r.url).find((u) => u.includes("/snapshots/"));
    const original = new Uint8Array(await (await cache.match(key)).arrayBuffer());
    const length = new DataView(original.buffer, 8, 4).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(original.subarray(12, 12 + length)));
    const container = (head, payload) => {
        const json = new TextEncoder().encode(JSON.stringify(head));
        const size = new Uint8Array(4);
        new DataView(size.buffer).setUint32(0, json.length, true);
        return new Blob([original.subarray(0, 8), size, json, payload]);
    };
    let body = null;
    if (mode === "corrupt") {
        body = original.slice();
        body[Math.floor(body.length / 2)] ^= 0xff;
    } else if (mode === "other-build") {
        body = container({...header, build: "000000000000"}, original.subarray(12 + length));
    } else if (mode === "not-pyodide") {
        const zeros = new Blob([new Uint8Array(1 << 20)]).stream()
            .pipeThrough(new CompressionStream("gzip"));
        body = container(header, await new Response(zeros).arrayBuffer());
    }
    window.savedSnapshot = {key, original};
    if (body === null) await cache.delete(key);
    else await cache.put(key, new Response(body));
    return Array.from(original.subarray(0, 8));
}"""
RESTORE_SNAPSHOT = """async () => {
    const name = (await caches.keys()).find((n) => n.startsWith("workbox-precache"));
    const {key, original} = window.savedSnapshot;
    await (await caches.open(name)).put(key, new Response(original));
}"""


@pytest.fixture(scope="module")
def visited(browser, base_url):
    """A profile that visited a calculator page once: booted plainly, precached the site."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(base_url + "western-roses/basic-rolls/")
    page.wait_for_selector("[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    first = page.evaluate("window.rpgCalc.timings()")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    page.close()
    yield context, first
    context.close()


def boot_in_a_new_tab(context, base_url, change_an_input) -> dict:
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base_url + CALC_PAGE)
    page.wait_for_selector("[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    timings = page.evaluate("window.rpgCalc.timings()")
    name, got, want = change_an_input(page)
    assert got == want, name
    assert "Loading" not in page.inner_text("[data-calc-status]")
    assert not errors
    page.close()
    return timings


def test_a_first_visit_boots_plainly_and_spends_nothing_on_the_snapshot(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    snapshot_requests = []
    page.on("request", lambda request: snapshot_requests.append(request.url)
            if "/snapshots/" in request.url else None)
    page.goto(base_url + CALC_PAGE)
    page.wait_for_selector("[data-calc-runtime='ready']", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.rpgCalc.timings().bootPath") == "plain"
    assert page.evaluate("navigator.serviceWorker.controller") is None  # not registered yet
    assert not snapshot_requests
    context.close()


def test_a_return_visit_restores_python_from_the_snapshot(visited, base_url, change_an_input):
    context, first = visited
    assert first["bootPath"] == "plain"
    timings = boot_in_a_new_tab(context, base_url, change_an_input)
    assert timings["bootPath"] == "snapshot" and timings["fallback"] is None


@pytest.mark.parametrize("mode, reason", [
    ("missing", None),
    ("corrupt", ""),                                 # the gzip check fails
    ("other-build", "from another build"),
    ("not-pyodide", "Snapshot has invalid magic number"),  # Pyodide's own check
])
def test_an_unusable_snapshot_falls_back_to_the_plain_boot(visited, base_url, change_an_input,
                                                           mode, reason):
    context, _ = visited
    page = context.new_page()
    page.goto(base_url)
    original = page.evaluate(EDIT_SNAPSHOT, [mode])
    assert bytes(original) == b"RPGSNAP1"
    try:
        timings = boot_in_a_new_tab(context, base_url, change_an_input)
    finally:
        page.evaluate(RESTORE_SNAPSHOT)
        page.close()
    assert timings["bootPath"] == "plain"
    if reason is None:
        assert timings["fallback"] is None
    else:
        assert timings["fallback"] and reason in timings["fallback"]
