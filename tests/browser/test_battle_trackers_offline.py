"""Each battle tracker with the network down: after one visit, the page, Python and every tap
of a battle work offline, and the battle is still there after a reload."""

from __future__ import annotations

import pytest
from battle_trackers import TRACKERS, Tracker
from test_offline import wait_until_offline_ready

pytestmark = pytest.mark.browser


@pytest.fixture
def service_workers() -> str:
    return "allow"


@pytest.mark.parametrize("tracker", TRACKERS, ids=str)
def test_a_battle_runs_offline_and_survives_a_reload(context, base_url, site_server,
                                                     tracker: Tracker):
    page = tracker.open(context, base_url + tracker.page)
    wait_until_offline_ready(page)
    site_server.offline = True
    context.set_offline(True)
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
