"""The engine's limits are the browser's: a battle the engine takes (up to
``replay.MAX_EVENTS`` events) is taken through the browser's entry too, its log sent as the
text the tracker's buttons append to; and a button's event, appended to that log, is answered
from the state kept from the last answer instead of replaying the whole log, with the same
answer a replay gives."""

from __future__ import annotations

import importlib
import json

import pytest

from calculators import get
from calculators.systems import SYSTEMS
from calculators.untrusted import MAX_DOCUMENT
from calculators.web import respond

replay = importlib.import_module("calculators.battle.replay")  # the module, not the function

BATTLES = [s.battle for s in SYSTEMS if s.battle]
trackers = pytest.mark.parametrize("name", BATTLES)

#: A game master's note as long as a table writes them (the log's longest events are ~270).
NOTE = {"type": "gm-note", "text": "The lanterns gutter; everyone hears the bell from the "
                                   "shrine on the hill, twice, and the wind turns cold."}


def _request(name: str, events: list, **more) -> dict:
    """The answer to the request a tracker page sends: every input as text."""
    calc = get(name)
    params = {"combatants": json.dumps(calc.example["combatants"]),
              "events": json.dumps(events), **more}
    return json.loads(respond(name, json.dumps(params)))


def _noted(count: int) -> list[dict]:
    """A battle's log of ``count`` events: the start, then the game master's notes."""
    return [{"type": "start", "seed": 7}] + [NOTE] * (count - 1)


def test_the_browser_entry_takes_a_log_of_the_engines_most_events_of_the_longest_kind():
    longest = {"type": "gm-note", "text": "x" * 200}  # the longest note a game master types
    text = json.dumps([longest] * replay.MAX_EVENTS)
    assert len(text) <= replay.MAX_LOG_TEXT
    request = json.dumps({"combatants": "[]", "events": text})
    assert len(request) <= MAX_DOCUMENT
    assert len(json.dumps({"events": '"' * replay.MAX_LOG_TEXT, "combatants": "x" * 100_000})
               ) <= MAX_DOCUMENT, "a log of quotes, each escaped, would not fit the request"


@trackers
def test_a_tap_on_a_battle_of_4000_events_is_answered_in_the_browser_as_in_the_engine(name):
    events = _noted(4000)
    assert len(json.dumps(events)) > 100_000  # the events text refused before ("too long")
    engine = get(name).run({"combatants": get(name).example["combatants"], "events": events})
    assert len(engine["battle"]["events"]) == 4000
    answer = _request(name, events)
    assert "errors" not in answer, answer
    assert "html" in answer
    over = _request(name, _noted(replay.MAX_EVENTS + 1))
    assert over["errors"][0]["message"] == (f"A battle holds at most {replay.MAX_EVENTS} "
                                            f"events; got {replay.MAX_EVENTS + 1}.")


@pytest.fixture
def counted(monkeypatch):
    """How many events the engine applies (checked and played), counted."""
    applied = []
    real = replay.apply_event

    def counting(rules, state, raw, where):
        applied.append(where)
        return real(rules, state, raw, where)
    monkeypatch.setattr(replay, "apply_event", counting)
    return applied


@trackers
def test_an_event_appended_to_the_log_is_played_on_the_kept_state_not_the_log_replayed(
        name, counted):
    events = _noted(300)
    first = _request(name, events)
    assert len(counted) == 300
    counted.clear()
    tapped = _request(name, events + [NOTE])
    assert counted == ["events[300]"], "the whole log was replayed for one event"
    replay._LAST.clear()
    counted.clear()
    assert _request(name, events + [NOTE]) == tapped  # the same answer as a replay's
    assert len(counted) == 301
    assert first != tapped


@trackers
def test_an_illegal_event_appended_is_set_aside_as_a_replay_sets_it_aside(name):
    """A log is opened leniently (a battle file may come from other rules): an event it holds
    that the rules refuse is a ruling in the log, whether it is played on the kept state or
    the log is replayed whole."""
    events = _noted(20)
    _request(name, events)
    bad = {"type": "gm-note", "text": ""}
    kept = _request(name, events + [bad])
    replay._LAST.clear()
    assert kept == _request(name, events + [bad])
    assert "rules refuse event 20 (gm-note), so it is set aside" in kept["html"]
    again = _request(name, events + [NOTE])  # the kept state was not changed by the refusal
    replay._LAST.clear()
    assert again == _request(name, events + [NOTE])


def test_a_log_that_is_not_the_kept_one_and_one_more_is_replayed_whole(counted):
    events = _noted(30)
    _request("wr-battle", events)
    counted.clear()
    other = {**NOTE, "text": "Another note."}
    _request("wr-battle", events[:-1] + [other, NOTE])  # the kept length and one, but forked
    assert len(counted) == 31
