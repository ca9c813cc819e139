"""Each battle tracker with the network down: after one visit, the page, Python and every tap
of a battle work offline, and the battle is still there after a reload.

The trackers share that visit: one profile opens one tracker's page and waits for the whole
site's precache (its first boot and 25 MB, the longest part of each test when every tracker
had its own), then each tracker's test runs in it offline, the other trackers' pages never
loaded online.
"""

from __future__ import annotations

import pytest
from battle_trackers import TRACKERS, Tracker
from profiles import record_requests_leaving
from test_offline import wait_until_offline_ready

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def visited(browser, base_url):
    """A new profile, its service worker allowed, after one visit to the first tracker's
    page, with the site precached; it records every request off the test server."""
    context = browser.new_context(service_workers="allow",
                                  viewport={"width": 1280, "height": 900})
    foreign = record_requests_leaving(context, base_url)
    page = TRACKERS[0].open(context, base_url + TRACKERS[0].page)
    wait_until_offline_ready(page)
    page.close()
    yield context
    context.close()
    assert not foreign, f"requests left the origin: {foreign}"


@pytest.mark.parametrize("tracker", TRACKERS, ids=str)
def test_a_battle_runs_offline_and_survives_a_reload(visited, base_url, site_server,
                                                     tracker: Tracker):
    page = visited.new_page()
    site_server.offline = True
    visited.set_offline(True)
    try:
        page.goto(tracker.under_way(base_url))
        tracker.wait_live(page)
        tracker.tap(page, "Next turn")
        tracker.tap(page, "Next turn")
        assert tracker.head(page).startswith("Round 2: Aya's turn")
        log = tracker.log(page)
        page.goto(base_url + tracker.page)
        tracker.wait_live(page)
        assert tracker.log(page) == log
    finally:
        site_server.offline = False
        visited.set_offline(False)
        page.close()
