"""The Western Roses check calculator on its page, as the widget tests read it: its headline
(the chance of success), when it is live, and what CPython answers for the same inputs."""

from __future__ import annotations

from calculators import run
from calculators.ui import percent

CHECK_PAGE = "western-roses/basic-rolls/"
PLAIN_PAGE = "western-roses/"
BOOT_TIMEOUT = 60_000


def headline(page, widget="#wr-check") -> str:
    return page.inner_text(f"{widget} .calc-figure.main .value")


def wait_live(page, widget="#wr-check"):
    page.wait_for_function(f"document.querySelector('{widget}').dataset.calcState === 'live'",
                           timeout=BOOT_TIMEOUT)


def expected_success(**params) -> str:
    return percent(run("wr-check", params)["p_success"])
