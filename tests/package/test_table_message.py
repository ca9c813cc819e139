"""A phone's message at the live table, checked as the game master's device checks it
(calculator ``table-message``): a well-formed hello, tap or look is taken as sent, anything else is
refused on the field at fault; the answer carries the checked message for the site script;
the protocol's page is written from the same declarations; and each battle tracker's widget
names the rules a phone's hello carries."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import CalculatorError, get
from calculators.battle.live import FIELDS, HOST_MESSAGES, MAX_EVENT_JSON
from calculators.battle.replay import MAX_EVENTS
from calculators.systems import SYSTEMS
from calculators.ui import MAX_SEED, RANDOM

CALC = get("table-message")
HELLO = {"kind": "hello", "release": "3f2a9c0d1b7e", "rules": "0.1.0/59d63c8ce99b",
         "seat": "aya", "have": 12, "digest": "d7bc0a99"}
TAP = {"kind": "tap", "tap": "aya-7", "at": 12,
       "event": {"type": "attack", "target": "wolf", "attack": "danmaku", "seed": "@random"}}
LOOK = {"kind": "look", "inputs": {"tool": "place:wolf", "act_d8s": "0"}}


def refused_fields(raw) -> list[str]:
    """The fields of the errors ``raw`` is refused with (it must be refused)."""
    with pytest.raises(CalculatorError) as caught:
        CALC.run(raw)
    assert all(e.message for e in caught.value.errors)
    return [e.field for e in caught.value.errors]


class FirstElement(HTMLParser):
    """The attributes of the first element of an HTML fragment, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.attrs: dict | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if self.attrs is None:
            self.attrs = dict(attrs)

    def handle_data(self, data):
        self.text.append(data)


def shown(message: dict) -> FirstElement:
    parser = FirstElement()
    parser.feed(CALC.render(message))
    return parser


# --- Hand-made messages --------------------------------------------------------------------

def test_a_hello_a_tap_and_a_look_as_a_phone_sends_them_are_taken_as_sent():
    assert CALC.run(HELLO) == HELLO
    assert CALC.run(TAP) == TAP
    assert CALC.run(LOOK) == LOOK
    assert CALC.run({**LOOK, "inputs": json.dumps(LOOK["inputs"])}) == LOOK


def test_numbers_sent_as_text_come_back_as_numbers_and_text_comes_back_stripped():
    sent = {**HELLO, "release": "  3f2a9c0d1b7e ", "have": "12", "seat": " aya"}
    assert CALC.run(sent) == HELLO
    assert CALC.run({**TAP, "at": "12", "event": json.dumps(TAP["event"])}) == TAP


def test_a_watching_phone_and_one_holding_nothing_say_hello_with_empty_seat_and_digest():
    watching = {"kind": "hello", "release": "b", "rules": "r", "have": 0}
    assert CALC.run(watching) == {**watching, "seat": "", "digest": ""}


def test_a_key_the_protocol_does_not_have_is_refused_by_its_name():
    with pytest.raises(CalculatorError) as caught:
        CALC.run({**TAP, "password": "hunter2"})
    assert [e.field for e in caught.value.errors] == [""]
    assert "password" in caught.value.errors[0].message


@pytest.mark.parametrize("raw, field", [
    ({**HELLO, "have": "twelve"}, "have"),
    ({**HELLO, "have": MAX_EVENTS + 1}, "have"),
    ({**HELLO, "have": True}, "have"),
    ({**HELLO, "release": "x" * 65}, "release"),
    ({**HELLO, "rules": ""}, "rules"),
    ({**HELLO, "seat": "aya\nbob"}, "seat"),
    ({**HELLO, "digest": "0" * 17}, "digest"),
    ({**TAP, "at": -1}, "at"),
    ({**TAP, "at": 2.5}, "at"),
    ({**TAP, "tap": ""}, "tap"),
    ({**TAP, "tap": "t" * 25}, "tap"),
    ({**TAP, "event": [TAP["event"]]}, "event"),
    ({**TAP, "event": "attack"}, "event"),
    ({**TAP, "event": 7}, "event"),
    ({**TAP, "event": {"type": "gm-note", "text": "x" * MAX_EVENT_JSON}}, "event"),
    ({**TAP, "event": "[" * 40 + "]" * 40}, "event"),
    ({**TAP, "event": {"type": "attack", "target": float("nan")}}, "event"),
    ({**TAP, "event": {"target": "wolf"}}, "event.type"),
    ({**TAP, "event": {"type": "Attack"}}, "event.type"),
    ({**TAP, "event": {"type": "attack<b>"}}, "event.type"),
    ({**TAP, "event": {"type": ["attack"]}}, "event.type"),
    ({**TAP, "event": {"type": "a" * 41}}, "event.type"),
    ({**TAP, "event": {"type": "attack", "seed": "7"}}, "event.seed"),
    ({**TAP, "event": {"type": "attack", "seed": -1}}, "event.seed"),
    ({**TAP, "event": {"type": "attack", "seed": MAX_SEED + 1}}, "event.seed"),
    ({**TAP, "event": {"type": "attack", "seed": True}}, "event.seed"),
    ({**TAP, "event": {"type": "attack", "seed": 7.0}}, "event.seed"),
    ({**LOOK, "inputs": [["tool", "move"]]}, "inputs"),
    ({**LOOK, "inputs": {"tool": 3}}, "inputs"),
    ({**LOOK, "inputs": {"tool": None}}, "inputs"),
    ({**LOOK, "inputs": {"Tool": "move"}}, "inputs"),
    ({**LOOK, "inputs": {"tool-box": "move"}}, "inputs"),
    ({**LOOK, "inputs": {"tool": "x" * 2000}}, "inputs"),
    ({**LOOK, "inputs": "{" + " " * 2000 + "}"}, "inputs"),
    ({**TAP, "kind": "bye"}, "kind"),
    ({**TAP, "kind": "welcome"}, "kind"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_a_bad_field_is_refused_on_that_field(raw, field):
    assert field in refused_fields(raw)


def test_a_message_without_its_kind_or_a_field_its_kind_needs_is_refused_on_each():
    assert "kind" in refused_fields({k: v for k, v in TAP.items() if k != "kind"})
    assert sorted(refused_fields({"kind": "tap"})) == ["at", "event", "tap"]
    assert sorted(refused_fields({"kind": "hello", "seat": "aya"})) == ["have", "release",
                                                                        "rules"]
    assert refused_fields({"kind": "look"}) == ["inputs"]


def test_an_event_of_exactly_the_limit_is_taken_and_one_character_more_is_not():
    padding = MAX_EVENT_JSON - len(json.dumps({"type": "gm-note", "text": ""},
                                              separators=(",", ":")))
    at_limit = {"type": "gm-note", "text": "x" * padding}
    assert CALC.run({**TAP, "event": at_limit})["event"] == at_limit
    over = {"type": "gm-note", "text": "x" * (padding + 1)}
    assert refused_fields({**TAP, "event": over}) == ["event"]


def test_an_event_s_seed_is_left_to_the_game_master_or_a_whole_number_the_engine_takes():
    for seed in (RANDOM, 0, MAX_SEED):
        event = {"type": "attack", "target": "wolf", "seed": seed}
        assert CALC.run({**TAP, "event": event})["event"] == event


def test_fields_of_the_other_kind_are_not_read_whatever_they_hold():
    """As ``When`` says of an input that does not apply: a tap's fields on a hello, and a
    hello's on a tap, are neither refused nor passed on."""
    assert CALC.run({**HELLO, "tap": "\n", "at": -5, "event": [1, 2]}) == HELLO
    assert CALC.run({**TAP, "release": "x" * 500, "have": "lots", "seat": 3}) == TAP
    assert CALC.run({**LOOK, "tap": "", "event": "[", "digest": 9}) == LOOK


# --- The answer ----------------------------------------------------------------------------

def test_the_answer_carries_the_checked_message_for_the_site_script_and_says_it_in_words():
    for sent, said in ((HELLO, "A phone joining"), (TAP, "A tap"), (LOOK, "A look"),
                       ({**HELLO, "seat": "", "have": 0, "digest": ""}, "A phone joining")):
        message = CALC.run(sent)
        answer = shown(message)
        assert json.loads(answer.attrs["data-table-message"]) == message
        assert said in "".join(answer.text)
    words = "".join(shown(CALC.run(TAP)).text)
    assert "aya-7" in words and "12 events" in words and "attack" in words
    assert "game master" in words  # its seed is drawn there
    assert "watching" in "".join(shown(CALC.run({**HELLO, "seat": ""})).text)
    assert "place:wolf" in "".join(shown(CALC.run(LOOK)).text)


def test_markup_a_phone_sends_is_shown_as_text_and_comes_back_whole_in_the_attribute():
    sent = {**TAP, "tap": "<img src=x>", "event": {"type": "attack", "<b>": "\"'&"}}
    message = CALC.run(sent)
    html = CALC.render(message)
    assert "<img" not in html and "<b>" not in html
    assert json.loads(shown(message).attrs["data-table-message"]) == message


# --- Any message ---------------------------------------------------------------------------

#: Text a phone's form or script may send: no control characters, no blank ends.
words = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7e), min_size=1, max_size=12)
padded = st.tuples(st.sampled_from(["", " "]), words, st.sampled_from(["", "  "]))
event_types = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}", fullmatch=True)
event_fields = st.dictionaries(st.sampled_from(["target", "card", "by", "x", "y", "text"]),
                               st.integers(-9, 99) | words, max_size=3)
seeds = st.none() | st.just(RANDOM) | st.integers(0, MAX_SEED)


@st.composite
def well_formed(draw) -> tuple[dict, dict]:
    """A message as a phone writes it (numbers maybe as text, text maybe with spaces around),
    and the checked message it must give."""
    kind = draw(st.sampled_from(["hello", "tap", "look"]))
    if kind == "look":
        inputs = draw(st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,11}", fullmatch=True),
                                      st.text(max_size=12), max_size=4))
        return ({"kind": "look", "inputs": draw(st.sampled_from([inputs, json.dumps(inputs)]))},
                {"kind": "look", "inputs": inputs})
    if kind == "hello":
        release, rules = draw(padded), draw(padded)
        seat, digest = draw(st.none() | padded), draw(st.none() | padded)
        have = draw(st.integers(0, MAX_EVENTS))
        sent = {"kind": "hello", "release": "".join(release), "rules": "".join(rules),
                "have": draw(st.sampled_from([have, str(have)]))}
        checked = {"kind": "hello", "release": release[1], "rules": rules[1], "have": have,
                   "seat": seat[1] if seat else "", "digest": digest[1] if digest else ""}
        if seat:
            sent["seat"] = "".join(seat)
        if digest:
            sent["digest"] = "".join(digest)
        return sent, checked
    tap, at, seed = draw(padded), draw(st.integers(0, MAX_EVENTS)), draw(seeds)
    event = {**draw(event_fields), "type": draw(event_types),
             **({} if seed is None else {"seed": seed})}
    sent = {"kind": "tap", "tap": "".join(tap), "at": draw(st.sampled_from([at, str(at)])),
            "event": draw(st.sampled_from([event, json.dumps(event)]))}
    return sent, {"kind": "tap", "tap": tap[1], "at": at, "event": event}


@settings(max_examples=200, deadline=None)
@given(well_formed())
def test_a_well_formed_message_is_taken_as_its_checked_form_which_is_taken_as_itself(pair):
    sent, checked = pair
    assert CALC.run(sent) == checked
    assert CALC.run(checked) == checked
    assert json.loads(shown(checked).attrs["data-table-message"]) == checked


json_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
                | st.text(max_size=30))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                           max_leaves=8)
keys = st.sampled_from(["kind", "release", "rules", "seat", "have", "digest", "tap", "at",
                        "event", "inputs", "type"])
near_kinds = st.sampled_from(["hello", "tap", "look", " tap ", "bye", "", "HELLO"])
messages = st.dictionaries(keys, json_values | near_kinds | st.integers(-3, MAX_EVENTS + 3),
                           max_size=7)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(messages, *(messages.map(lambda m, k=kind: {**m, "kind": k})
                            for kind in ("hello", "tap", "look")), json_values))
def test_any_json_is_a_checked_message_of_its_kind_or_a_calculator_error(raw):
    try:
        message = CALC.run(raw)
    except CalculatorError as exc:
        assert exc.errors and all(e.message for e in exc.errors)
        json.dumps(exc.as_json())
        return
    assert set(message) == {"kind", *FIELDS[message["kind"]]}
    if message["kind"] == "tap":
        text = json.dumps(message["event"], separators=(",", ":"), ensure_ascii=False)
        assert isinstance(message["event"], dict) and len(text) <= MAX_EVENT_JSON
        assert message["event"].get("seed", RANDOM) == RANDOM or \
            0 <= message["event"]["seed"] <= MAX_SEED
    if message["kind"] == "look":
        assert all(isinstance(v, str) for v in message["inputs"].values())
    else:
        assert 0 <= message.get("have", message.get("at")) <= MAX_EVENTS
    assert CALC.run(message) == message
    assert "<script" not in CALC.render(message).lower()


# --- The protocol's page -------------------------------------------------------------------

def _sections(markdown: str) -> dict[str, str]:
    """Each ``### `kind`…`` heading's kind → the text under it."""
    out: dict[str, str] = {}
    for part in markdown.split("### `")[1:]:
        kind, _, rest = part.partition("`")
        out[kind] = rest
    return out


def test_the_page_documents_each_phone_message_with_its_own_fields_and_no_others():
    from build_scripts.pagegen.live_table import phone_messages

    sections = _sections(phone_messages())
    assert set(sections) == {"hello", "tap", "look"}
    for kind, text in sections.items():
        documented = {row.split("`")[1] for row in text.splitlines() if row.startswith("| `")}
        assert documented == set(FIELDS[kind]), kind
    assert "0–5000" in sections["tap"] and "up to 24 characters" in sections["tap"]


def test_the_page_documents_each_message_of_the_game_master_s_device_with_its_fields():
    from build_scripts.pagegen.live_table import host_messages

    sections = _sections(host_messages())
    assert list(sections) == ["welcome", "hold", "log", "view", "taken", "refused"]
    for message in HOST_MESSAGES:
        rows = [row for row in sections[message.kind].splitlines() if row.startswith("| `")]
        assert [row.split("`")[1] for row in rows] == [f.name for f in message.fields]
    assert "Optional." in sections["log"].split("`combatants`")[1]


# --- The rules a tracker plays --------------------------------------------------------------

def _widget(name: str) -> FirstElement:
    from build_scripts.generate import environment
    from build_scripts.widgets import render_widget

    parser = FirstElement()
    parser.feed(str(render_widget(environment(), name, name, "build", {}, lambda path: path)))
    return parser


@pytest.mark.parametrize("name", [s.battle for s in SYSTEMS if s.battle])
def test_a_battle_tracker_names_the_rules_its_battle_files_record_for_a_phone_s_hello(name):
    calc = get(name)
    recorded = calc.run(calc.defaults())["battle"]["rules"]
    stamp = _widget(name).attrs["data-calc-rules"]
    assert stamp == f"{recorded['release']}/{recorded['data']}"
    assert CALC.run({**HELLO, "rules": stamp})["rules"] == stamp


def test_a_calculator_without_seats_names_no_rules():
    assert "data-calc-rules" not in _widget("wr-check").attrs
