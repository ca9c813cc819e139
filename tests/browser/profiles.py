"""Browser profiles kept between tests, each with the site's Python snapshot in its caches.

A fresh Chromium profile boots Python plainly on every calculator page (about 2 s here); a
profile holding the build's snapshot restores it in about half that. Most browser tests need an
empty profile only in the sense a player sees: nothing saved, nothing granted, no other tab.
So those profiles are kept for the session, one set per screen and palette, and handed back
empty: every tab closed, the site's saved data removed (its local storage), routes,
permissions and the offline switch reset. What stays is what a returning visitor's browser
keeps whatever she saved: the snapshot in Cache Storage. Their service worker stays blocked, as
in every test that is not about it (the calculators' worker reads the snapshot from Cache
Storage itself).

A profile also keeps one blank tab, and its next test's first ``new_page`` gets that tab: a
new tab took 0.1 s to open and its first page load 0.1 s longer than a tab's next one. It is
kept only if the test left nothing on it that outlives a page (a script, a route, a screen
size, media emulation, a binding, a timeout); its listeners and the attributes the test gave
it are taken off, it is left on ``about:blank``, and it is brought to the front when lent.

Tests that are about the first visit, the service worker or the boot itself (the offline,
snapshot and first-visit tests) open their own profiles with ``browser.new_context``.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse

#: The cache a kept profile's snapshot container is put in (any cache serves: the worker
#: looks the container up with ``caches.match``, then keeps the unzipped form itself).
PRIMER = "test-profile-snapshot"

PUT_SNAPSHOT = """async ([name, url]) => {
  const cache = await caches.open(name);
  if (!(await cache.match(url))) await cache.put(url, await fetch(url));
}"""


#: Keeps Python from starting, in a profile lent with ``python=False``: the calculators'
#: worker is started from an address the test server does not have, so its script fails to
#: load as it does when the network drops it, and each widget keeps its pre-rendered answer
#: and says Python could not start. A script rather than a route: a route turns off the
#: profile's HTTP cache (see ``record_requests_leaving``).
KEEP_PYTHON_FROM_STARTING = """(() => {
  const Started = window.Worker;
  window.Worker = class extends Started {
    constructor(url, options) {
      const kept = String(url).includes("calc-worker.js");
      super(kept ? new URL("/python-kept-from-starting.js", location.href) : url, options);
    }
  };
})();"""


#: What a test may change on a tab that outlives the page in it: such a tab is not kept.
TAB_STATE = ("add_init_script", "route", "route_from_har", "route_web_socket",
             "expose_function", "expose_binding", "emulate_media", "set_viewport_size",
             "set_extra_http_headers", "set_default_timeout", "set_default_navigation_timeout",
             "add_locator_handler")


class KeptProfiles:
    """Browser contexts lent to tests and taken back empty (see the module's docstring).

    ``sites`` maps each test server's origin (``http://127.0.0.N:port``) to the folder it
    serves, so a profile can fetch that build's snapshot into its caches."""

    def __init__(self, browser, sites: dict[str, Path]) -> None:
        self.browser = browser
        self.sites = sites
        self.free: dict[str, list] = {}
        self.made: list = []

    def lend(self, python: bool = True, **options):
        """A kept profile with ``options`` (those of ``browser.new_context``), empty of saved
        data and with the snapshot of every site served so far in its caches; with ``python``
        false, one where Python never starts (:data:`KEEP_PYTHON_FROM_STARTING`)."""
        key = json.dumps([python, options], sort_keys=True, default=str)
        free = self.free.setdefault(key, [])
        context = free.pop() if free else self._make(key, python, options)
        for origin, site in self.sites.items():
            if origin not in context.primed:
                self._prime(context, origin, site)
        return context

    def _make(self, key: str, python: bool, options: dict):
        context = self.browser.new_context(service_workers="block", **options)
        kind = type(context)
        if not python:
            kind.add_init_script(context, KEEP_PYTHON_FROM_STARTING)
        context.primed, context.listeners, context.scripted = set(), [], False
        # A test closes its profile as it would a fresh one: that gives it back instead. The
        # listeners it added are taken off then; a script it added to every page cannot be,
        # so such a profile is closed for good.

        def on(event, handler):
            context.listeners.append((event, handler))
            kind.on(context, event, handler)

        def add_init_script(*args, **kwargs):
            context.scripted = True
            kind.add_init_script(context, *args, **kwargs)

        def new_page():
            spare, context.spare = context.spare, None
            if spare is not None and not spare.is_closed():
                spare.bring_to_front()
                return spare
            return watched_tab(kind.new_page(context))

        context.on, context.add_init_script, context.new_page = on, add_init_script, new_page
        context.spare = None
        context.close = lambda **_: self._take_back(key, context)
        self.made.append(context)
        return context

    def _prime(self, context, origin: str, site: Path) -> None:
        snapshots = sorted((site / "pyodide" / "snapshots").glob("*.bin"))
        if snapshots:
            page = context.new_page()
            page.goto(f"{origin}/site.webmanifest")
            url = f"{origin}/{snapshots[0].relative_to(site).as_posix()}"
            page.evaluate(PUT_SNAPSHOT, [PRIMER, url])
            page.close()
        context.primed.add(origin)

    def _take_back(self, key: str, context) -> None:
        if context.scripted:
            self.made.remove(context)
            type(context).close(context)
            return
        for event, handler in context.listeners:
            context.remove_listener(event, handler)
        context.listeners.clear()
        context.unroute_all(behavior="ignoreErrors")
        context.set_offline(False)
        context.clear_permissions()
        context.clear_cookies()
        # The saved data goes last, from a page of the site itself: its tabs are gone by
        # then (one is led away from the site, which is how a page saves on leaving).
        pages = context.pages
        origins = {origin_of(page.url) for page in pages} & set(self.sites) or set(self.sites)
        keep = [page for page in pages if getattr(page, "reusable", False)]
        page = keep[-1] if keep else (pages[-1] if pages else context.new_page())
        for other in pages:
            if other is not page:
                other.close()
        for origin in sorted(origins):
            page.goto(f"{origin}/site.webmanifest")
            page.evaluate("() => localStorage.clear()")
        if getattr(page, "reusable", False):
            page.goto("about:blank")
            context.spare = emptied_tab(page)
        else:
            page.close()
        self.free[key].append(context)

    def close(self) -> None:
        for context in self.made:
            type(context).close(context)


def watched_tab(page):
    """``page``, noting the listeners a test adds to it and whether it changes what outlives
    a page in the tab (:data:`TAB_STATE`), so the tab can be kept for the next test."""
    kind = type(page)
    page.reusable, page.listeners = True, []
    page.own_attributes = set(vars(page)) | {"own_attributes"}

    def listen(method):
        def add(event, handler):
            page.listeners.append((event, handler))
            getattr(kind, method)(page, event, handler)
        return add

    def changing(method):
        def change(*args, **kwargs):
            page.reusable = False
            return getattr(kind, method)(page, *args, **kwargs)
        return change

    page.on, page.once = listen("on"), listen("once")
    for method in TAB_STATE:
        setattr(page, method, changing(method))
    page.own_attributes |= {"on", "once", *TAB_STATE}
    return page


def emptied_tab(page):
    """``page`` as a new tab: without the listeners and attributes a test gave it."""
    for event, handler in page.listeners:
        try:
            page.remove_listener(event, handler)
        except KeyError:  # a ``once`` listener that has run
            pass
    page.listeners.clear()
    for name in set(vars(page)) - page.own_attributes:
        if not name.startswith("_"):  # Playwright's own, set after the tab opened
            delattr(page, name)
    return page


def record_requests_leaving(context, base_url: str) -> list[str]:
    """The addresses ``context`` requests off the test server at ``base_url``, in a list that
    fills as its pages (and their workers) make requests; the tests assert it stays empty.

    Listened to, not routed: a route on any address turns off Chromium's HTTP cache for the
    whole profile, and a page then loads in about twice the time (0.09 s against 0.21 s for
    a page without a calculator, measured here)."""
    origin = urlparse(base_url).netloc
    foreign: list[str] = []

    def note(request) -> None:
        url = request.url
        if urlparse(url).netloc != origin and not url.startswith(("data:", "blob:")):
            foreign.append(url)

    context.on("request", note)
    return foreign


def origin_of(url: str) -> str:
    """``http://host:port`` of ``url``."""
    parts = urlparse(url)
    return f"{parts.scheme}://{parts.netloc}"
