"""Python from the memory snapshot on a return visit, and the plain boot whenever the snapshot
cannot serve: missing, corrupt, from another build, or not a Pyodide snapshot at all. Either
way the calculators answer as CPython does and the page never sticks on "Loading".

The snapshot reaches the calculators' worker only through Cache Storage: the precached
container (gzipped) and the raw snapshot unzipped from it ahead of a boot. Each case edits those
entries in a profile that has visited once, then opens a new tab.
"""

from __future__ import annotations

import pytest

from build_scripts.return_visit import RAW_SNAPSHOT_KEPT, wait_until

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
    await caches.delete("rpg-snapshot-raw");  // else the kept raw form would serve the boot
    if (body === null) await cache.delete(key);
    else await cache.put(key, new Response(body));
    return Array.from(original.subarray(0, 8));
}"""
RESTORE_SNAPSHOT = """async () => {
    const name = (await caches.keys()).find((n) => n.startsWith("workbox-precache"));
    const {key, original} = window.savedSnapshot;
    await (await caches.open(name)).put(key, new Response(original));
}"""
#: Replaces the kept raw snapshot: "truncated" (shorter than its header says), "garbage" (the
#: right length, not a snapshot), "other-build" (its header names another build).
EDIT_RAW = """async ([mode]) => {
    const cache = await caches.open("rpg-snapshot-raw");
    const [request] = await cache.keys();
    const kept = await cache.match(request);
    const header = JSON.parse(kept.headers.get("X-Rpg-Snapshot"));
    const bytes = new Uint8Array(await kept.arrayBuffer());
    let head = header, body = bytes;
    if (mode === "truncated") body = bytes.subarray(0, bytes.length - 4096);
    if (mode === "garbage") body = new Uint8Array(bytes.length).fill(7);
    if (mode === "other-build") head = {...header, build: "000000000000"};
    await cache.put(request, new Response(body, {headers: {"X-Rpg-Snapshot": JSON.stringify(head)}}));
    // What was kept: the non-zero runs only, well under the snapshot's size.
    const runs = header.runs.reduce((sum, [, length]) => sum + length, 0);
    return [bytes.length, runs, header.raw_bytes];
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
    # No boot has read the snapshot yet: the service worker unzips it once the precache is done.
    wait_until(page, RAW_SNAPSHOT_KEPT, BOOT_TIMEOUT)
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


def ensure_raw_kept(context, base_url, change_an_input) -> None:
    """The raw snapshot kept; a test that emptied it is followed by a boot that unzips the
    container and keeps it again."""
    page = context.new_page()
    page.goto(base_url)
    if not page.evaluate(RAW_SNAPSHOT_KEPT):
        boot_in_a_new_tab(context, base_url, change_an_input)
    wait_until(page, RAW_SNAPSHOT_KEPT, BOOT_TIMEOUT)
    page.close()


def test_a_return_visit_restores_python_from_the_snapshot(visited, base_url, change_an_input):
    context, first = visited
    assert first["bootPath"] == "plain"
    ensure_raw_kept(context, base_url, change_an_input)
    timings = boot_in_a_new_tab(context, base_url, change_an_input)
    assert timings["bootPath"] == "snapshot" and timings["fallback"] is None
    assert timings["snapshotForm"] == "raw"


@pytest.mark.parametrize("mode, reason", [
    ("truncated", "bytes, not"),                        # shorter than its header says
    ("garbage", "Snapshot has invalid magic number"),   # Pyodide's own check
    ("other-build", "from another build"),
])
def test_an_unusable_raw_snapshot_falls_back_then_heals(visited, base_url, change_an_input,
                                                        mode, reason):
    """A bad kept raw snapshot means a plain boot and is dropped; the next tab unzips the
    precached container (and keeps its raw form again), the one after reads that raw form."""
    context, _ = visited
    ensure_raw_kept(context, base_url, change_an_input)
    page = context.new_page()
    page.goto(base_url)
    kept, in_runs, raw_bytes = page.evaluate(EDIT_RAW, [mode])
    assert kept == in_runs < 0.8 * raw_bytes  # about half the pages are zeros, not kept
    page.close()
    timings = boot_in_a_new_tab(context, base_url, change_an_input)
    assert timings["bootPath"] == "plain"
    assert timings["fallback"] and reason in timings["fallback"]
    timings = boot_in_a_new_tab(context, base_url, change_an_input)
    assert (timings["bootPath"], timings["snapshotForm"]) == ("snapshot", "gzip")
    ensure_raw_kept(context, base_url, change_an_input)
    timings = boot_in_a_new_tab(context, base_url, change_an_input)
    assert (timings["bootPath"], timings["snapshotForm"]) == ("snapshot", "raw")


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
