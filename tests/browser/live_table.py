"""A live table as the browser tests drive it: a game master's laptop and players' phones,
each its own Chromium profile, joined through the run's relay on 127.0.0.1.

A fight of four for each tracker: three players (Aya, Bea, Cai), each on her own phone, and
one foe (Bob) the game master plays. What every screen shows is read off the page: its state
digest (``[data-table-digest]``), its log lines by number, its dice tray. The digest every
device should show is computed here, from the game master's battle, independently of the
page's own code (SHA-256 of the canonical JSON of its combatants and events).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from battle_trackers import BOOT_TIMEOUT, MB, PMM, WR, Tracker
from screens import new_context

#: jsQR (npm), a QR reader written apart from the generator the site ships: the tests read
#: the table's QR codes back with it from their pixels.
JSQR = Path(__file__).resolve().parents[2] / "node_modules" / "jsqr" / "dist" / "jsQR.js"
#: Every QR code image matching a selector, read back from its pixels: [{label, text}].
READ_QR_CODES = """async (selector) => {
  const codes = [];
  for (const image of document.querySelectorAll(selector)) {
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const pen = canvas.getContext('2d');
    pen.drawImage(image, 0, 0);
    const pixels = pen.getImageData(0, 0, canvas.width, canvas.height);
    const found = window.jsQR(pixels.data, canvas.width, canvas.height);
    codes.push({label: image.alt, text: found ? found.data : null});
  }
  return codes;
}"""
#: How long a phone may take to join or to see an event (the relay's announce round trips).
TABLE_TIMEOUT = 60_000

PLAYERS = ("aya", "bea", "cai")
FIGHTS = {
    WR.calc: [{"id": "aya", "side": "heroes", "name": "Aya", "speed": 9},
              {"id": "bea", "side": "heroes", "name": "Bea", "speed": 7},
              {"id": "cai", "side": "heroes", "name": "Cai", "speed": 5},
              {"id": "bob", "side": "foes", "name": "Bob", "speed": 2}],
    MB.calc: [{"id": "aya", "side": "girls", "kind": "human", "name": "Aya"},
              {"id": "bea", "side": "girls", "kind": "human", "name": "Bea"},
              {"id": "cai", "side": "girls", "kind": "human", "name": "Cai"},
              {"id": "bob", "side": "monsters", "kind": "minion", "name": "Bob"}],
    PMM.calc: [{"id": "aya", "side": "heroes", "name": "Aya"},
               {"id": "bea", "side": "heroes", "name": "Bea"},
               {"id": "cai", "side": "heroes", "name": "Cai"},
               {"id": "bob", "side": "foes", "name": "Bob"}],
}


def digest_of(combatants, events) -> str:
    """What every device's digest must read: the first 8 hex digits of the SHA-256 of the
    pair's JSON with keys sorted at every level (written here, not taken from the page)."""
    text = json.dumps([combatants, events], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


class Table:
    """The game master's page (``gm``) with its battle opened to the table, and the phones
    joined by the seat links it shows. The game master's profile is a 1280 px one of
    ``browser`` unless ``laptop`` gives another (a browser of its own, with a camera)."""

    def __init__(self, browser, base_url: str, tracker: Tracker, laptop=None) -> None:
        self.browser = browser
        self.tracker = tracker
        self.contexts = []
        self.console: list[str] = []
        self.gm_context = self.watch(laptop, "1280") if laptop else self.context("1280")
        self.gm = tracker.open(self.gm_context, tracker.address(base_url, FIGHTS[tracker.calc]))
        tracker.start(self.gm)
        self.gm.click("[data-table-open]")
        self.gm.wait_for_function("() => document.querySelectorAll('[data-table-link]').length >= 5",
                                  timeout=TABLE_TIMEOUT)
        self.phones: dict[str, object] = {}

    def context(self, screen: str, **options):
        return self.watch(new_context(self.browser, screen, python=screen != "390", **options), screen)

    def watch(self, context, screen: str):
        """``context``, closed with the table, its console kept in :attr:`console`."""
        self.contexts.append(context)
        context.on("console", lambda message: self.console.append(f"{screen}: {message.text}"))
        return context

    def links(self) -> dict[str, str]:
        """The seat links the game master's panel shows, by seat ("" for the table's)."""
        hrefs = self.gm.eval_on_selector_all("[data-table-link]", "links => links.map(a => a.href)")
        return {href.rsplit(".", 1)[1]: href for href in hrefs}

    def join(self, seat: str, context=None):
        """Her phone (a fresh 390 px profile unless given) opens her seat link and shows her
        view, live from the game master's device."""
        context = context or self.context("390")
        page = context.new_page()
        page.goto(self.links()[seat])
        self.wait_joined(page)
        self.phones[seat] = page
        return page

    def wait_joined(self, page) -> None:
        try:
            self._wait_joined(page)
        except Exception as exc:
            raise AssertionError(f"a phone did not join: {self.statuses(page)}; "
                                 f"console: {self.console[-20:]}") from exc

    def statuses(self, *pages) -> list[str]:
        """What the table's status lines say on the game master's screen and ``pages``."""
        return [page.evaluate("() => Array.from(document.querySelectorAll('.calc-live-table p'),"
                              " p => p.textContent).join(' | ')") for page in (self.gm, *pages)]

    def _wait_joined(self, page) -> None:
        page.wait_for_function(
            "() => { const seat = document.querySelector('[data-table-seat]');"
            " return seat && 'tableConnected' in seat.dataset && seat.dataset.calcState === 'live'"
            " && seat.querySelector('[data-calc-output] .battle-player'); }",
            timeout=TABLE_TIMEOUT)

    def battle(self) -> tuple[list, list]:
        """The game master's battle: its combatants and events, as her tracker holds them."""
        state = self.gm.evaluate(f"document.querySelector('{self.tracker.widget}').calcWidget.state")
        return json.loads(state["combatants"]), json.loads(state["events"] or "[]")

    def screens(self) -> list:
        return [self.gm, *self.phones.values()]

    def wait_same(self) -> str:
        """Wait until every screen shows the digest of the game master's battle, and each phone
        her view of that state; return it."""
        self.tracker.wait_live(self.gm)
        expected = digest_of(*self.battle())
        for page in self.screens():
            page.wait_for_function(
                "([d, phone]) => { const n = document.querySelector('[data-table-digest]');"
                " const root = n && n.closest('[data-calc]');"
                " return n && n.dataset.tableDigest === d"
                " && (!phone || root.dataset.tableView === d); }",
                arg=[expected, page is not self.gm], timeout=TABLE_TIMEOUT)
        return expected

    def log(self, page) -> dict[int, str]:
        """The log lines a screen shows, by their number."""
        return {int(number): line for number, line in page.evaluate(
            "() => { const out = {}; document.querySelectorAll('[data-calc-output] ol.battle-log')"
            ".forEach(ol => { const start = Number(ol.getAttribute('start') || 1);"
            " Array.from(ol.children).forEach((li, i) => { out[start + i] = li.innerText; }); });"
            " return out; }").items()}

    def whose_turn(self) -> str:
        """The name in the game master's head ("Round 1: Aya's turn.")."""
        head = self.tracker.head(self.gm)
        return head.split(": ", 1)[1].split("'s turn")[0] if "'s turn" in head else ""

    def count(self) -> int:
        """How many events the game master's battle holds."""
        return len(self.battle()[1])

    def wait_count(self, more_than: int) -> None:
        """Wait until the game master's battle holds more than ``more_than`` events, and her
        answer to them is shown."""
        self.gm.wait_for_function(
            "([w, n]) => JSON.parse(document.querySelector(w).calcWidget.state.events || '[]')"
            ".length > n", arg=[self.tracker.widget, more_than], timeout=TABLE_TIMEOUT)
        self.tracker.wait_live(self.gm)

    def decide(self) -> bool:
        """When someone owes a decision rather than a turn ("Aya holds the joker and
        chooses…"), she takes the first choice her screen offers: a player on her phone, the
        foe on the laptop. Whether there was one."""
        head = self.tracker.head(self.gm)
        if "'s turn" in head or ": " not in head:
            return False
        who = head.split(": ", 1)[1].split(" ", 1)[0].lower()
        page = self.phones.get(who, self.gm)
        before = self.count()
        page.bring_to_front()
        page.locator("[data-calc-output] [data-calc-append]").first.click(timeout=TABLE_TIMEOUT)
        self.wait_count(before)
        return True

    def phone_tap(self, seat: str, label: str) -> None:
        """Tap her view's first button ``label`` on her phone, and wait until the game
        master's battle has taken it."""
        before = self.count()
        page = self.phones[seat]
        page.bring_to_front()
        try:
            page.locator("[data-calc-output]").get_by_role("button", name=label, exact=True
                                                           ).first.tap(timeout=TABLE_TIMEOUT)
        except Exception as exc:
            shown = page.locator("[data-calc-output] button").all_inner_texts()
            raise AssertionError(f"{seat}'s phone offers no {label!r}: {shown}; "
                                 f"{self.statuses(page)}; head: {self.tracker.head(self.gm)}") from exc
        self.wait_count(before)

    def gm_tap(self, label: str) -> None:
        """The game master clicks her answer's first button ``label``."""
        before = self.count()
        self.gm.bring_to_front()
        try:
            self.gm.locator(f"{self.tracker.widget} .calc-output").get_by_role(
                "button", name=label, exact=True).first.click(timeout=TABLE_TIMEOUT)
        except Exception as exc:
            raise AssertionError(f"the laptop offers no {label!r} at {self.tracker.head(self.gm)!r}: "
                                 f"{self.gm.locator(self.tracker.widget + ' .calc-output button').all_inner_texts()[:40]}") from exc
        self.wait_count(before)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def read_qr_codes(page, selector: str) -> list[dict]:
    """The QR codes of ``page``'s images matching ``selector``, each read from its pixels by
    jsQR: [{label: its alt text, text: what it reads as, or None}]."""
    page.add_script_tag(path=str(JSQR))
    return page.evaluate(READ_QR_CODES, selector)


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


__all__ = ["BOOT_TIMEOUT", "FIGHTS", "PLAYERS", "TABLE_TIMEOUT", "Table", "assert_same_screens",
           "digest_of", "read_qr_codes"]
