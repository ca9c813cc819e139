"""The live table's figures, for ``make bench``: a game master's laptop and three phones, each
its own Chromium profile, joined through a relay on 127.0.0.1 (the tests' own,
``tests/browser/relay.mjs``), on a site built to name it.

- **Join**: from opening a seat link to her seat shown live from the laptop, per phone.
- **Tap to every screen**: a phone taps a roll; the time until the laptop and all three phones
  show the new state's digest (each screen notes, by the machine's one clock, when its digest
  changed), median and 95th percentile over the taps.
- **Bytes per event**: the JSON text the laptop sends, and each phone takes, per event.
- **Under a flood**: the game master's taps answered (clicked to his answer live, timed in his
  page), with the table quiet, then while a device holding Aya's link floods her seat's room.
- **Pairing by hand** (no relay): the length of the pair link the laptop shows for a seat and
  of the answer her phone shows back, and the size of each one's QR code.
- **A phone's first visit**: a fresh profile on the slow phone profile of ``phone_bench.py``
  (390 px, 12/4 Mbit/s, 40 ms, processor slowed 4×; the site gzipped as Pages serves it)
  opens her seat link, a seat no phone has joined yet (one a run, three runs unless
  ``--first-visits`` says): the time until her seat shows live numbers, each run and their
  median, how many runs her page was reloaded in (seat.js reloads a page the game master's
  device has not welcomed in 8 s), and the median moment of each step of it (the page, the
  room, the game master's device met, its welcome, the log, the view).

The machine's load (``uptime``) is printed before and after: the figures are this machine's,
shared with whatever else runs on it.

    python build_scripts/table_bench.py [--taps N] [--first-visits N]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_scripts.pages_server import serve  # noqa: E402
from build_scripts.phone_bench import PHONE, load, throttled_tab  # noqa: E402

RELAY = ROOT / "tests" / "browser" / "relay.mjs"
PAGE = "western-roses/battle-tracker/"
FIGHT = [{"id": "aya", "side": "heroes", "name": "Aya", "speed": 9},
         {"id": "bea", "side": "heroes", "name": "Bea", "speed": 7},
         {"id": "cai", "side": "heroes", "name": "Cai", "speed": 5},
         {"id": "bob", "side": "foes", "name": "Bob", "speed": 2}]
PLAYERS = ("aya", "bea", "cai")
TIMEOUT = 120_000
#: Notes, on every screen, the moment its digest changes (the machine's one clock).
WATCH_DIGEST = """() => {
  window.digestSeen = {};
  new MutationObserver(() => {
    const node = document.querySelector('[data-table-digest]');
    const digest = node && node.dataset.tableDigest;
    if (digest && !(digest in window.digestSeen)) window.digestSeen[digest] = Date.now();
  }).observe(document.body, {subtree: true, attributes: true, childList: true});
}"""
CONNECTED = ("() => { const seat = document.querySelector('[data-table-seat]'); return seat"
             " && 'tableConnected' in seat.dataset && seat.dataset.calcState === 'live'; }")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build(site: Path, port: int, relay: str) -> None:
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{port}/", "TABLE_RELAYS": relay,
           "TABLE_ICE": ""}
    subprocess.run([sys.executable, "-m", "build_scripts.make_site", "--site", str(site)],
                   cwd=ROOT, env=env, check=True)


def first_visit_seats(count: int) -> list[str]:
    """Seats no phone has joined, one for each run of a phone's first visit."""
    return [f"new{run}" for run in range(1, count + 1)]


def fight(first_visits: list[str]) -> list[dict]:
    """The three players and the foe, and a hero in each of the ``first_visits`` seats."""
    return FIGHT + [{"id": seat, "side": "heroes", "name": seat.title(), "speed": 1}
                    for seat in first_visits]


def tracker_address(base: str, combatants: list[dict]) -> str:
    from urllib.parse import quote
    return (f"{base}{PAGE}?wr-battle.combatants={quote(json.dumps(combatants))}"
            "&wr-battle.events=%5B%5D")


def open_table(browser, base: str, combatants: list[dict]):
    """The laptop's page, its battle of ``combatants`` started and opened to the table, and
    its seat links."""
    laptop = browser.new_context(viewport={"width": 1280, "height": 800},
                                 service_workers="block")
    gm = laptop.new_page()
    gm.goto(tracker_address(base, combatants))
    gm.wait_for_function("() => document.querySelector('#wr-battle').dataset.calcState === 'live'",
                         timeout=TIMEOUT)
    gm.locator("#wr-battle .calc-output [role=group][aria-label=Start] button").first.click()
    gm.wait_for_function("() => JSON.parse(document.querySelector('#wr-battle').calcWidget.state"
                         ".events || '[]').length === 1", timeout=TIMEOUT)
    gm.click("[data-table-open]")
    gm.wait_for_function("() => document.querySelectorAll('[data-table-link]').length >= 5",
                         timeout=TIMEOUT)
    links = {href.rsplit(".", 1)[1]: href for href in
             gm.eval_on_selector_all("[data-table-link]", "links => links.map(a => a.href)")}
    return laptop, gm, links


def join(browser, link: str):
    """A phone's profile opening her seat link: the page and the seconds to her live seat."""
    phone = browser.new_context(**PHONE, service_workers="block")
    page = phone.new_page()
    started = time.perf_counter()
    page.goto(link)
    page.wait_for_function(CONNECTED, timeout=TIMEOUT)
    return phone, page, time.perf_counter() - started


def taps(gm, phones: dict, count: int) -> list[float]:
    """``count`` rolls, each from the next phone in turn: ms from the tap to the last screen
    showing the new digest."""
    screens = [gm, *phones.values()]
    for page in screens:
        page.evaluate(WATCH_DIGEST)
    latencies = []
    for i in range(count):
        seat = PLAYERS[i % len(PLAYERS)]
        events = gm.evaluate("JSON.parse(document.querySelector('#wr-battle').calcWidget.state.events).length")
        tapped = phones[seat].evaluate(
            "() => { const b = Array.from(document.querySelectorAll('[data-calc-output] button'))"
            ".find(b => b.textContent.trim() === 'Power'); const t = Date.now(); b.click(); return t; }")
        gm.wait_for_function(f"() => JSON.parse(document.querySelector('#wr-battle').calcWidget"
                             f".state.events).length > {events}", timeout=TIMEOUT)
        digest = None
        for page in screens:
            page.wait_for_function(
                "() => { const n = document.querySelector('[data-table-digest]');"
                " return n && n.dataset.tableDigest && window.digestSeen[n.dataset.tableDigest]"
                " && document.querySelector('#wr-battle').dataset.calcState === 'live'; }",
                timeout=TIMEOUT)
        digest = gm.eval_on_selector("[data-table-digest]", "n => n.dataset.tableDigest")
        seen = [page.evaluate("d => window.digestSeen[d] || null", digest) for page in screens]
        if None in seen:
            raise RuntimeError(f"a screen never showed {digest}")
        latencies.append(max(seen) - tapped)
    return latencies


#: A device holding Aya's link (so the room's secret) that joins her seat's room and floods it
#: for ``ms`` milliseconds: a hundred hellos every 20 ms, to every device there.
FLOOD = """async ([room, secret, ms]) => {
  const config = await (await fetch('/assets/table.json')).json();
  const trystero = await import('/assets/vendor/trystero/torrent/index.mjs');
  const joined = trystero.joinRoom({appId: config.app, password: secret,
    relayConfig: {urls: config.relays}, rtcConfig: {iceServers: []}}, room);
  const action = joined.makeAction('table');
  await new Promise((met) => { joined.onPeerJoin = met; });
  const hello = {kind: 'hello', release: 'x', rules: 'x', seat: 'aya', have: 0, digest: ''};
  const until = Date.now() + ms;
  const timer = setInterval(() => {
    if (Date.now() > until) { clearInterval(timer); return; }
    for (let i = 0; i < 100; i += 1) action.send({...hello, have: i});
  }, 20);
}"""
#: The game master taps the first button of his answer that ends the turn or rolls, and the
#: ms until his answer to it is live.
GM_TAP = """async () => {
  const widget = document.querySelector('#wr-battle');
  const count = () => JSON.parse(widget.calcWidget.state.events).length;
  const before = count();
  const button = Array.from(widget.querySelectorAll('[data-calc-output] button'))
    .find((b) => ['Next turn', 'Power'].includes(b.textContent.trim()));
  const started = performance.now();
  button.click();
  while (count() === before || widget.dataset.calcState !== 'live') {
    await new Promise((done) => setTimeout(done, 2));
  }
  return performance.now() - started;
}"""


def gm_answers(browser, gm, link: str, count: int) -> tuple[list[float], list[float]]:
    """The game master's ``count`` taps answered, in ms (clicked to his answer live, timed in
    his page), first with the table quiet, then while a device holding Aya's link floods it."""
    quiet = [gm.evaluate(GM_TAP) for _ in range(count)]
    room, secret = link.split("#table=", 1)[1].split(".")[:2]
    context = browser.new_context(service_workers="block")
    hostile = context.new_page()
    hostile.goto(link.split("#", 1)[0])
    hostile.evaluate(FLOOD, [room + "/aya", secret, 60_000])
    flooded = [gm.evaluate(GM_TAP) for _ in range(count)]
    context.close()
    return quiet, flooded


#: When each moment of a phone's first visit came, in ms from the navigation's start: the
#: page's own (its HTML in hand, parsed, loaded) and her seat's marks (seat.js: the seat
#: script running, the room joined, the host's device met, its welcome, the log, the view).
MOMENTS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const out = {html: nav.responseEnd, parsed: nav.domContentLoadedEventEnd, loaded: nav.loadEventEnd};
  performance.getEntriesByType("mark").filter((m) => m.name.startsWith("table:"))
    .forEach((m) => { out[m.name.slice(6)] = m.startTime; });
  return out;
}"""


def phone_first_visit(browser, links: list[str]) -> tuple[list[float], list[dict], int]:
    """Seconds from opening each seat link on the slow phone profile, a fresh profile each,
    to her seat live, each seat one no phone has joined (as on her phone's first visit); each
    run's moments (``MOMENTS``); and how many runs reloaded her page before she was welcomed."""
    times, moments, reloaded = [], [], 0
    for link in links:
        context = browser.new_context(**PHONE, service_workers="block")
        page = throttled_tab(context)
        started = time.perf_counter()
        page.goto(link)
        page.wait_for_function(CONNECTED, timeout=TIMEOUT)
        times.append(time.perf_counter() - started)
        moments.append(page.evaluate(MOMENTS))
        reloaded += page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
        print(f"  first visit {len(times)}: {times[-1]:.1f} s", flush=True)
        context.close()
    return times, moments, reloaded


def median_moments(moments: list[dict]) -> str:
    """Each moment's median over the runs, in the order they came, as "name 1.2 s"."""
    names = sorted({name for run in moments for name in run},
                   key=lambda name: statistics.median(run.get(name, 0) for run in moments))
    return ", ".join(f"{name} {statistics.median(run[name] for run in moments if name in run) / 1000:.2f} s"
                     for name in names)


def pairing_sizes(browser, gm) -> dict:
    """A pairing by hand, as the laptop and a phone show it: the pair link for Aya's seat and
    the phone's answer, their lengths in characters and their QR codes' modules a side (the
    candidates in them are this machine's network's)."""
    gm.click("summary:has-text(\"Aya's phone\")")
    gm.click("[data-table-pair=aya]")
    gm.wait_for_selector("[data-table-pair-qr]", timeout=TIMEOUT)
    link = gm.get_attribute("[data-table-pair-link]", "href")
    phone = browser.new_context(**PHONE, service_workers="block")
    page = phone.new_page()
    page.goto(link)
    page.wait_for_selector("[data-table-answer-qr]", timeout=TIMEOUT)
    sizes = {"link": len(link), "link_modules": int(gm.get_attribute("[data-table-pair-qr]", "data-qr-modules")),
             "answer": len(page.inner_text("[data-table-answer-text]")),
             "answer_modules": int(page.get_attribute("[data-table-answer-qr]", "data-qr-modules"))}
    phone.close()
    gm.click("[data-table-pair-cancel]")
    return sizes


def qr_size(modules: int) -> str:
    """A QR code's version and modules a side (version v has 17 + 4v)."""
    return f"QR version {(modules - 17) // 4}, {modules}×{modules} modules"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--first-visits", type=int, default=3,
                        help="runs of a phone's first visit, each to a seat of its own")
    args = parser.parse_args()
    first_visits = first_visit_seats(args.first_visits)
    loads = [load()]
    node = shutil.which("node")
    chromium = shutil.which("chromium")
    if not node or not chromium:
        sys.exit("table_bench: node and Debian's chromium are needed (make setup, make chromium)")
    relay_port, site_port = free_port(), free_port()
    relay_url = f"ws://127.0.0.1:{relay_port}"
    with tempfile.TemporaryDirectory() as tmp, \
            subprocess.Popen([node, str(RELAY), str(relay_port)], stdout=subprocess.PIPE,
                             text=True) as relay:
        try:
            if relay.stdout.readline().strip() != "ready":
                sys.exit("table_bench: the relay did not start")
            site = Path(tmp) / "site"
            build(site, site_port, relay_url)
            server = serve(site, site_port)
            base = f"http://127.0.0.1:{site_port}/"
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=[
                    "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-features=WebRtcHideLocalIpsWithMdns"])
                _, gm, links = open_table(browser, base, fight(first_visits))
                phones, joins = {}, {}
                for seat in PLAYERS:
                    _, phones[seat], joins[seat] = join(browser, links[seat])
                latencies = taps(gm, phones, args.taps)
                sent = gm.evaluate("document.querySelector('#wr-battle').calcTable.table.room.bytesOut")
                taken = [page.evaluate("document.querySelector('[data-table-seat]').calcTable.room.bytesIn")
                         for page in phones.values()]
                pairing = pairing_sizes(browser, gm)
                first, moments, reloaded = phone_first_visit(browser, [links[seat] for seat in first_visits])
                # last: the flooding device stays in her seat's room until the laptop sees it go
                quiet, flooded = gm_answers(browser, gm, links["aya"], 10)
                browser.close()
            server.shutdown()
            server.server_close()
        finally:
            relay.terminate()
    loads.append(load())
    quantiles = statistics.quantiles(latencies, n=20)
    print("Live table (Western Roses, a laptop and three phones, local relay):")
    print("  load before and after: " + " | ".join(loads))
    print("  join, opening a seat link to her seat live: "
          + ", ".join(f"{seat} {s:.1f} s" for seat, s in joins.items()))
    print(f"  tap to every screen over {len(latencies)} taps: median "
          f"{statistics.median(latencies):.0f} ms, p95 {quantiles[18]:.0f} ms")
    print(f"  laptop sent {sent / 1000:.0f} KB in all ({sent / args.taps / 1000:.1f} KB an event "
          f"to three phones); each phone took {statistics.mean(taken) / args.taps / 1000:.1f} KB an event")
    print(f"  the game master's tap to his answer live, median of {len(quiet)}: "
          f"{statistics.median(quiet):.0f} ms quiet, {statistics.median(flooded):.0f} ms "
          f"(slowest {max(flooded):.0f} ms) while a device floods the table")
    print(f"  pairing by hand: the pair link {pairing['link']} characters "
          f"({qr_size(pairing['link_modules'])}), her phone's answer {pairing['answer']} "
          f"characters ({qr_size(pairing['answer_modules'])})")
    print("  a phone's first visit on the slow phone profile, seat live: "
          + ", ".join(f"{s:.1f} s" for s in first) + f" (median {statistics.median(first):.1f} s;"
          f" her page reloaded in {reloaded} of {len(first)})")
    print("    its moments, median, from the navigation's start: " + median_moments(moments))


if __name__ == "__main__":
    main()
