"""The three battle trackers (Western Roses, Magical Burst, post-magic-maid) as the browser
tests drive them: each one's page, widget and a fight of two, and the helpers that open it, tap
its answer's buttons and read its head and log. The tests that hold for every tracker (kept
offline, in two tabs, handed on by a link) run over :data:`TRACKERS`; each tracker's own tests
use its helpers too."""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import quote

BOOT_TIMEOUT = 60_000


@dataclass(frozen=True)
class Tracker:
    """One tracker's page and widget (its calculator ``calc``), and ``duel``: two combatants
    of its battle file, one a side."""

    calc: str
    page: str
    duel: tuple[dict, ...]

    def __str__(self) -> str:  # the test id
        return self.calc

    @property
    def widget(self) -> str:
        return "#" + self.calc

    def address(self, base_url: str, combatants: list, **inputs: str) -> str:
        """The tracker's page with ``combatants``, no events, and ``inputs`` in the address."""
        query = {"combatants": json.dumps(combatants), "events": "[]", **inputs}
        return base_url + self.page + "?" + "&".join(f"{self.calc}.{k}={quote(v)}"
                                                     for k, v in query.items())

    def under_way(self, base_url: str) -> str:
        """The duel's address, started: its first start seed (the test's own search, through
        the calculator) that leaves the first turn to play, no decision owed."""
        from calculators import get

        for seed in range(1, 200):
            events = [{"type": "start", "seed": seed}]
            state = get(self.calc).run({"combatants": list(self.duel),
                                        "events": events})["state"]
            if state["phase"] == "fighting" and not state["pending"]:
                return self.address(base_url, list(self.duel), events=json.dumps(events))
        raise AssertionError(f"{self.calc}: no start seed under 200 leaves a turn to play")

    def seat_now(self, base_url: str) -> tuple[str, str]:
        """The :meth:`under_way` duel's link for the seat of the one whose turn it is (what
        the game master hands her player), and her name."""
        from urllib.parse import parse_qs, urlparse

        from calculators import get

        url = self.under_way(base_url)
        events = json.loads(parse_qs(urlparse(url).query)[f"{self.calc}.events"][0])
        state = get(self.calc).run({"combatants": list(self.duel), "events": events})["state"]
        her = next(c for c in self.duel if c["id"] == state["turn"])
        return f"{url}&{self.calc}.seat={her['id']}", her["name"]

    def wait_live(self, page) -> None:
        """Wait for the widget's answer to the inputs it holds, no link's inputs to settle."""
        page.wait_for_function(
            f"() => {{ const w = document.querySelector('{self.widget}'); return w.calcWidget "
            "&& w.dataset.calcRuntime === 'ready' && !['pending', 'error'].includes("
            "w.dataset.calcState) && !document.querySelector('[data-calc-use-link]'); }",
            timeout=BOOT_TIMEOUT)

    def open(self, context, url: str):
        page = context.new_page()
        page.goto(url)
        self.wait_live(page)
        return page

    def tap(self, page, label: str, group: str | None = None) -> None:
        """Tap the answer's button ``label`` (in the group named ``group``) and wait for the
        answer it brings."""
        page.bring_to_front()  # she looks at the tab she taps in (one behind is slowed)
        scope = page.locator(f"{self.widget} .calc-output" + (
            f" [role=group][aria-label=\"{group}\"]" if group else ""))
        target = scope.get_by_role("button", name=label, exact=True)
        target.tap() if page.viewport_size["width"] < 600 else target.click()
        self.wait_live(page)

    def start(self, page) -> None:
        """Tap the setup's first Start button (post-magic-maid's names who acts first)."""
        group = page.locator(f"{self.widget} .calc-output [role=group][aria-label=Start]")
        self.tap(page, group.get_by_role("button").first.inner_text(), "Start")

    def copy_link(self, page) -> str:
        """The link "Copy a link to this battle" copies (the context may read its clipboard)."""
        page.click("[data-collection-share]")
        page.wait_for_function("() => document.querySelector('[data-collection-status]')"
                               ".textContent.startsWith('Copied')")
        return page.evaluate("navigator.clipboard.readText()")

    def saved(self, page) -> list[dict]:
        """The battles saved on the device, as stored (each ``{"id", "name", "state", ...}``)."""
        return page.evaluate("(key) => JSON.parse(localStorage.getItem(key)).records",
                             f"rpg-calc/v1/collection/{self.calc}")

    def export(self, page, path) -> dict:
        """Export the battle open now ("Export this battle"), saved as ``path``; its document."""
        with page.expect_download() as download:
            page.click("[data-collection-export]")
        download.value.save_as(path)
        return json.loads(path.read_text(encoding="utf-8"))

    def import_file(self, page, path) -> str:
        """Import the file ``path`` in the list of battles ("Import battles from a file"),
        wait for the battle it opens, and return what the list's status says of it."""
        said = self.status(page)
        page.set_input_files("[data-collection-import]", str(path))
        page.wait_for_function("(said) => document.querySelector('[data-collection-status]')"
                               ".textContent !== said", arg=said)
        self.wait_live(page)
        return self.status(page)

    def battles(self, page) -> list[str]:
        """The list of saved battles as the page shows it, one line each."""
        return [" ".join(line.split()) for line in
                page.locator("[data-collection-list] li").all_inner_texts()]

    def status(self, page) -> str:
        return page.inner_text("[data-collection-status]")

    def head(self, page) -> str:
        return page.inner_text(f"{self.widget} .battle-head")

    def log(self, page) -> list[str]:
        """The log's lines as the page shows them."""
        return page.locator(f"{self.widget} .battle-log li").all_inner_texts()

    def wait_log(self, page, lines: list[str]) -> None:
        """Wait until the page shows the log ``lines`` (another tab's save reaching it), as
        she sees it when she looks at that tab."""
        page.bring_to_front()
        page.wait_for_function(
            "([selector, lines]) => JSON.stringify(Array.from(document.querySelectorAll("
            "selector), (li) => li.innerText)) === JSON.stringify(lines)",
            arg=[f"{self.widget} .battle-log li", lines], timeout=BOOT_TIMEOUT)
        self.wait_live(page)


WR = Tracker("wr-battle", "western-roses/battle-tracker/", (
    {"id": "aya", "side": "heroes", "name": "Aya", "speed": 9},
    {"id": "bob", "side": "foes", "name": "Bob", "speed": 2}))
MB = Tracker("mb-battle", "magical-burst/battle-tracker/", (
    {"id": "aya", "side": "girls", "kind": "human", "name": "Aya"},
    {"id": "bob", "side": "monsters", "kind": "minion", "name": "Bob"}))
PMM = Tracker("pmm-battle", "post-magic-maid/battle-tracker/", (
    {"id": "aya", "side": "heroes", "name": "Aya"},
    {"id": "bob", "side": "foes", "name": "Bob"}))
TRACKERS = (WR, MB, PMM)
