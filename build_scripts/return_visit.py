"""What the benchmarks do between a first visit and the return visit they time, and the wait
for the raw snapshot that the snapshot tests share.

A reader's return visit comes later, not the moment her first visit's page has closed: by
then the service worker has finished its work (the precache, then unzipping the memory
snapshot into the raw form a return visit restores) and the browser has stopped it, as
Chromium stops an idle service worker after 30 seconds. So ``settle`` waits for that work to
end, then stops the worker: the return visit that follows starts it afresh, as hers does.
"""

from __future__ import annotations

import time

#: True once the calculators' raw snapshot is kept (snapshot-store.js), the last of a first
#: visit's background work: one build's, the one cache entry there. An async predicate: see
#: :func:`wait_until`.
RAW_SNAPSHOT_KEPT = """async () => (await caches.keys()).includes("rpg-snapshot-raw")
    && (await (await caches.open("rpg-snapshot-raw")).keys()).length === 1"""


def wait_until(page, predicate: str, timeout: int = 300_000) -> None:
    """Poll the async ``predicate`` in ``page`` until it holds, or raise ``TimeoutError``
    after ``timeout`` ms. Playwright's ``wait_for_function`` cannot: it takes the promise an
    async predicate returns as its answer, and a promise is truthy, so it returned at once."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(predicate):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true after {timeout} ms: {predicate}")
        page.wait_for_timeout(100)


def settle(page, timeout: int = 300_000) -> None:
    """Wait on ``page`` (of the profile whose return visit is timed next) until the service
    worker controls it and the raw snapshot is kept, then stop the profile's service workers,
    as the browser does once they idle."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout)
    wait_until(page, RAW_SNAPSHOT_KEPT, timeout)
    stop_service_workers(page)


def stop_service_workers(page) -> None:
    """Stop the service workers of ``page``'s profile (the next page starts its own)."""
    session = page.context.new_cdp_session(page)
    session.send("ServiceWorker.enable")
    session.send("ServiceWorker.stopAllWorkers")
    session.detach()
