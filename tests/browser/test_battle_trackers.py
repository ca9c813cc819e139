"""What every battle tracker keeps at the table, run on each of the three (Western Roses,
Magical Burst, post-magic-maid): a battle handed whole to another device by its link, and two
tabs of one battle, each going on from the newest log, never from an older one."""

from __future__ import annotations

import pytest
from battle_trackers import TRACKERS, Tracker
from screens import new_context

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("tracker", TRACKERS, ids=str)]


def test_the_game_master_hands_the_whole_battle_to_another_device_by_its_link(
        browser, base_url, tracker: Tracker):
    context = new_context(browser, "1280")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = tracker.open(context, tracker.under_way(base_url))
    tracker.tap(page, "Next turn")
    head, log = tracker.head(page), tracker.log(page)
    assert head == "Round 1: Bob's turn."
    page.click("[data-collection-share]")
    page.wait_for_function("() => document.querySelector('[data-collection-status]')"
                           ".textContent.startsWith('Copied')")
    link = page.evaluate("navigator.clipboard.readText()")
    context.close()

    phone = new_context(browser, "390")
    other = tracker.open(phone, link)
    assert tracker.head(other) == head
    assert tracker.log(other) == log
    phone.close()


def test_two_tabs_of_one_battle_each_go_on_from_the_newest_log(browser, base_url,
                                                              tracker: Tracker):
    context = new_context(browser, "1280")
    first = tracker.open(context, tracker.under_way(base_url))
    first.fill(f"{tracker.widget} [name='name']", "Bridge")
    tracker.wait_live(first)
    second = tracker.open(context, base_url + tracker.page)  # the saved battle
    assert tracker.head(second) == "Round 1: Aya's turn."
    tracker.tap(first, "Next turn")
    after_first = tracker.log(first)
    tracker.wait_log(second, after_first)
    tracker.tap(second, "Next turn")  # on top of the first tab's Next turn, not in its place
    after_second = tracker.log(second)
    assert after_second[:len(after_first)] == after_first
    assert len(after_second) > len(after_first)
    assert tracker.head(second).startswith("Round 2: Aya's turn")
    tracker.wait_log(first, after_second)
    first.reload()
    tracker.wait_live(first)
    assert tracker.log(first) == after_second
    context.close()
