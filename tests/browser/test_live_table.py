"""The live table in Chromium, for each of the three trackers: a game master at 1280 px and
three players at 390 px, each in her own profile, joined through the session's relay on
127.0.0.1 (no public relay, no STUN server: conftest.py builds the site so).

- Two rounds are played with each player tapping on her own phone and the game master playing
  the foe on the laptop. After every event all four screens show the digest of the game
  master's battle (computed here), the same log lines, and the same dice tray.
- A phone boots no Python: its seat comes rendered from the game master's device.
"""

from __future__ import annotations

import pytest
from battle_trackers import TRACKERS, WR, Tracker
from live_table import PLAYERS, Table

pytestmark = pytest.mark.browser

#: A roll each player makes on her turn where her view offers one by that name.
ROLLS = {WR.calc: "Power"}


@pytest.fixture
def table_for(browser, base_url, table_relay):
    tables = []

    def make(tracker: Tracker) -> Table:
        tables.append(Table(browser, base_url, tracker))
        return tables[-1]

    yield make
    for table in tables:
        table.close()


def assert_same_screens(table: Table) -> None:
    """Every screen shows the game master's digest, and each log line it shows reads as the
    game master's line of that number, up to the same newest line."""
    table.wait_same()
    gm_log = table.log(table.gm)
    for seat, page in table.phones.items():
        shown = table.log(page)
        assert shown, f"{seat}'s phone shows no log"
        assert max(shown) == max(gm_log), (seat, max(shown), max(gm_log))
        for number, line in shown.items():
            assert gm_log.get(number) == line, (seat, number, line, gm_log.get(number))


@pytest.mark.parametrize("tracker", TRACKERS, ids=str)
def test_four_devices_play_two_rounds_each_player_on_her_phone(table_for, tracker: Tracker):
    table = table_for(tracker)
    python_requests = []
    for seat in PLAYERS:
        page = table.join(seat)
        page.on("request", lambda request: python_requests.append(request.url)
                if "pyodide" in request.url or "calc-worker" in request.url else None)
    assert_same_screens(table)
    played = {seat: 0 for seat in PLAYERS}
    for _ in range(12):
        head = table.tracker.head(table.gm)
        if head.startswith("Round 3"):
            break
        seat = table.whose_turn().lower()
        if seat in PLAYERS:
            roll = ROLLS.get(tracker.calc)
            if roll:
                table.phone_tap(seat, roll)
                assert_same_screens(table)
                trays = [page.inner_text(".calc-table-tray") for page in table.screens()]
                assert trays[0] and len(set(trays)) == 1, trays
                assert table.whose_turn().lower() == seat
            table.phone_tap(seat, "End the turn")
            played[seat] += 1
        else:
            table.gm_tap("Next turn")
        assert_same_screens(table)
        assert table.whose_turn().lower() != seat, f"{seat}'s End the turn was not taken"
    assert table.tracker.head(table.gm).startswith("Round 3"), table.tracker.head(table.gm)
    assert played == {seat: 2 for seat in PLAYERS}, played
    assert not python_requests, python_requests[:3]
