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


#: An event every system's rules refuse: a game master's note without text.
BAD = {"type": "gm-note", "text": ""}


@trackers
def test_an_illegal_event_appended_is_refused_as_a_replay_refuses_it(name):
    """An event appended past those a battle file recorded (its ``lines``; a tap: the
    tracker's buttons append to ``events``) is a new one: an illegal one is refused on
    ``events[i]`` with the message the ``event`` input gets, whether it is played on the kept
    state or the log is replayed whole, and the kept state is not changed by it. A page's
    battle saved before the page kept digests has none: every event it holds counts as
    recorded, so it opens, the event set aside as a ruling."""
    events = _noted(20)
    file = get(name).run({"combatants": get(name).example["combatants"], "events": events})["battle"]
    _file_request(name, file)
    kept = _file_request(name, {**file, "events": events + [BAD]})
    assert kept["errors"][0]["field"] == "events[20].text"
    message = _request(name, events, event=json.dumps(BAD))["errors"][0]
    assert message == {**kept["errors"][0], "field": "event.text"}
    again = _file_request(name, {**file, "events": events + [NOTE]})  # on the kept state
    replay._LAST.clear()
    assert again == _file_request(name, {**file, "events": events + [NOTE]})
    replay._LAST.clear()
    assert _file_request(name, {**file, "events": events + [BAD]}) == kept
    opened = _request(name, events + [BAD])  # a page's battle of before: no digests
    assert "errors" not in opened and "set aside" in opened["html"], opened


def _file_request(name: str, file: dict) -> dict:
    """The answer to a tracker page holding the battle file ``file`` (its format, system,
    rules and digests in the hidden inputs), every input as text."""
    return _request(name, file["events"], **{
        k: v if isinstance(v, str) else json.dumps(v)
        for k, v in file.items() if k not in ("combatants", "events")})


@trackers
def test_an_illegal_event_the_file_recorded_is_set_aside_and_one_appended_after_it_refused(
        name, counted):
    """An event the battle file recorded (its ``lines`` cover it: played under other rules)
    that today's rules refuse is a ruling in the log, on the kept state as in a whole replay;
    an event appended past the recorded ones is a new one, refused."""
    file = get(name).run({"combatants": get(name).example["combatants"],
                          "events": _noted(20)})["battle"]
    _request(name, file["events"])
    counted.clear()
    recorded = {**file, "events": [*file["events"], BAD], "lines": [*file["lines"], "0badc0de"]}
    kept = _file_request(name, recorded)
    assert counted == ["events[20]"], "the recorded event was not played on the kept state"
    replay._LAST.clear()
    assert kept == _file_request(name, recorded)
    assert "rules refuse event 20 (gm-note), so it is set aside" in kept["html"]
    tapped = {**recorded, "events": [*recorded["events"], NOTE]}
    noted = _file_request(name, tapped)
    assert "errors" not in noted
    replay._LAST.clear()
    assert noted == _file_request(name, tapped)
    refused = _file_request(name, {**tapped, "events": [*tapped["events"], BAD]})
    assert refused["errors"][0]["field"] == "events[22].text"


def test_a_log_that_is_not_the_kept_one_and_one_more_is_replayed_whole(counted):
    events = _noted(30)
    _request("wr-battle", events)
    counted.clear()
    other = {**NOTE, "text": "Another note."}
    _request("wr-battle", events[:-1] + [other, NOTE])  # the kept length and one, but forked
    assert len(counted) == 31
