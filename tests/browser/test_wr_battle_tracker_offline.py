"""The battle tracker with the network down: after one visit, the page, Python and every tap
of a battle work offline, and the battle is still there after a reload."""

from __future__ import annotations

import pytest
from test_offline import wait_until_offline_ready
from test_wr_battle_tracker import DUEL, PAGE, W, address, head, tap, wait_live

pytestmark = pytest.mark.browser


@pytest.fixture
def service_workers() -> str:
    return "allow"


def test_a_battle_runs_offline_and_survives_a_reload(context, base_url, site_server):
    page = context.new_page()
    page.goto(base_url + PAGE)
    wait_live(page)
    wait_until_offline_ready(page)
    site_server.offline = True
    context.set_offline(True)
    try:
        page.goto(address(base_url, DUEL))
        wait_live(page)
        tap(page, "Start the battle")
        tap(page, "Concentrate")
        tap(page, "Next turn")
        assert head(page) == "Round 1: Bob's turn."
        log = page.locator(f"{W} .battle-side li").all_inner_texts()
        page.goto(base_url + PAGE)
        wait_live(page)
        assert page.locator(f"{W} .battle-side li").all_inner_texts() == log
    finally:
        site_server.offline = False
