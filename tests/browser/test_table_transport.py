"""The live table's transport, as the site ships it: the vendored trystero torrent strategy,
loaded by path with no bundler, joins two devices' pages in one room through the relay the
build's ``assets/table.json`` names, and a message goes each way; a device with the wrong
secret reaches the same relay and the same room, and learns nothing. Every build's relay is
the run's own on 127.0.0.1 (conftest.py), and these pages open no other socket."""

from __future__ import annotations

import secrets
import time

import pytest
from screens import new_context

pytestmark = pytest.mark.browser

TRACKER = "western-roses/battle-tracker/"
LIBRARY = "assets/vendor/trystero/torrent/index.mjs"
CONFIG = "assets/table.json"
TIMEOUT = 60_000

#: Join a room as the table's script will: the library and the configuration from the site,
#: the relays and STUN servers as configured. What the room shows is kept on ``window.seen``.
JOIN = """async ([library, config, password, roomId]) => {
  const { joinRoom, selfId } = await import(library);
  const table = await (await fetch(config)).json();
  const seen = { self: selfId, peers: [], got: [] };
  const room = joinRoom({ appId: table.app, password, relayConfig: { urls: table.relays },
                          rtcConfig: { iceServers: table.ice.map((urls) => ({ urls })) } },
                        roomId);
  const note = room.makeAction("note");
  room.onPeerJoin = (peerId) => seen.peers.push(peerId);
  note.onMessage = (data, { peerId }) => seen.got.push({ data, peerId });
  window.seen = seen;
  window.note = note;
  return table;
}"""
SEEN = "() => ({ peers: window.seen.peers, got: window.seen.got })"


def open_device(context, base_url: str):
    """The tracker page on ``context``, noting its errors, the address of every WebSocket it
    opens and the connection offers the relay hands it (from the other devices of its room)."""
    page = context.new_page()
    page.sockets, page.offers, page.errors = [], [], []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))

    def watch(socket) -> None:
        page.sockets.append(socket.url)

        def note(payload) -> None:
            if '"offer"' in str(payload):
                page.offers.append(payload)

        socket.on("framereceived", note)

    page.on("websocket", watch)
    page.goto(base_url + TRACKER)
    page.wait_for_load_state("load")
    return page


def join(page, base_url: str, password: str, room: str) -> dict:
    """Join ``room`` with ``password`` in ``page``; returns the table configuration it read."""
    return page.evaluate(JOIN, [base_url + LIBRARY, base_url + CONFIG, password, room])


def test_two_devices_with_the_secret_talk_and_one_without_it_hears_nothing(browser, base_url,
                                                                          table_relay):
    room, password = secrets.token_hex(8), secrets.token_hex(16)
    contexts = [new_context(browser, screen, python=False) for screen in ("1280", "390", "390")]
    try:
        gm, player, stranger = (open_device(context, base_url) for context in contexts)
        table = join(stranger, base_url, secrets.token_hex(16), room)  # in the room first
        assert table["relays"] == [table_relay] and table["ice"] == []

        started = time.perf_counter()
        join(gm, base_url, password, room)
        join(player, base_url, password, room)
        for page in (gm, player):
            page.wait_for_function("() => window.seen.peers.length > 0", timeout=TIMEOUT)
        joined = time.perf_counter() - started
        print(f"\ntwo devices joined one room through the local relay in {joined:.1f} s")
        gm_id, player_id = (page.evaluate("() => window.seen.self") for page in (gm, player))
        assert gm.evaluate(SEEN)["peers"] == [player_id]
        assert player.evaluate(SEEN)["peers"] == [gm_id]

        to_player = {"kind": "view", "token": secrets.token_hex(8)}
        gm.evaluate("(data) => window.note.send(data)", to_player)
        player.wait_for_function("() => window.seen.got.length > 0", timeout=TIMEOUT)
        to_gm = {"kind": "tap", "token": secrets.token_hex(8)}
        player.evaluate("(data) => window.note.send(data)", to_gm)
        gm.wait_for_function("() => window.seen.got.length > 0", timeout=TIMEOUT)
        assert player.evaluate(SEEN)["got"] == [{"data": to_player, "peerId": gm_id}]
        assert gm.evaluate(SEEN)["got"] == [{"data": to_gm, "peerId": player_id}]

        # The relay did put the stranger in the room: it handed her the others' offers. Given
        # as long again as the two took to join, she has still joined no one and heard nothing.
        deadline = time.perf_counter() + TIMEOUT / 1000
        while not stranger.offers and time.perf_counter() < deadline:
            stranger.wait_for_timeout(200)
        assert stranger.offers, "the relay never handed the stranger an offer"
        stranger.wait_for_timeout(max(2000, joined * 1000))
        assert stranger.evaluate(SEEN) == {"peers": [], "got": []}
        assert gm.evaluate(SEEN)["peers"] == [player_id]
        assert player.evaluate(SEEN)["peers"] == [gm_id]

        sockets = {url.rstrip("/") for page in (gm, player, stranger) for url in page.sockets}
        assert sockets == {table_relay}
        assert not (gm.errors or player.errors or stranger.errors)
    finally:
        for context in contexts:
            context.close()
