"""The live table's protocol: the messages a phone sends the game master's device, checked
with the same :class:`~calculators.params.Param` declarations as any input, and the ones the
game master's device sends back, declared as data for the page that documents them.

A battle opened "to the table" is kept on the game master's device alone. A phone joins with
a ``hello`` (the site's build it runs, the rules its tracker plays, its seat, how many events
it holds), sends each tap on a button that appends an event as a ``tap`` carrying that event,
and a tap on a button that only changes what her view shows as a ``look`` carrying the inputs
it sets. The game master's device checks every message here (calculator ``table-message``)
before anything else reads it: an unknown key, a field of the wrong kind or out of bounds, an
event that is not one small JSON object, a seed other than :data:`~calculators.ui.RANDOM` or a
whole number, or view inputs that are not names with text values, is refused with a message
naming the field. Whether the button is one her seat's view offers, and whether the event is
legal, is for the game master's device and the battle engine to say after this.

The site script sends and reads these messages (``docs/assets/js/calc/table*.js``); it cannot
import Python, so the messages the game master's device sends (:data:`HOST_MESSAGES`) are
declared here as data and documented from it on the live table's page, and the script keeps
to that list.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..calculator import Calculator
from ..errors import CalculatorError, Problems
from ..params import CHOICE, INT, JSON, TEXT, Param, When
from ..ui import MAX_SEED, RANDOM, Html, h
from .record import RELEASE, data_digest
from .replay import MAX_EVENTS

HELLO = "hello"
TAP = "tap"
LOOK = "look"
#: Longest JSON text of the event a tap carries (written compactly): an event of the longest
#: kind is about 300 characters (``replay.MAX_EVENT_TEXT``), so this leaves room for a
#: system's new fields while keeping a hostile phone's message small.
MAX_EVENT_JSON = 4000
#: Longest ``type`` of an event a tap carries (the longest event type today has 17).
MAX_EVENT_TYPE = 40
#: An event type as the engine names them: kebab-case, lower-case letters and digits.
EVENT_TYPE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: Longest JSON text of the view inputs a look carries (a seat's buttons set a few short
#: inputs: under 150 characters in the trackers' example battles).
MAX_LOOK_JSON = 2000
#: An input's name, as calculators declare them (``Param.name``): snake_case.
INPUT_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


@dataclass(frozen=True)
class Field:
    """One field of a message, for the page documenting the protocol.

    Attributes:
        name: its key in the message's JSON object.
        holds: what it holds, in one line.
        optional: the message may leave it out.
    """

    name: str
    holds: str
    optional: bool = False


@dataclass(frozen=True)
class Message:
    """One kind of message: its ``kind`` (the value of the message's ``"kind"`` key), a short
    label, what it says in one line, and its fields besides ``kind``. A phone's messages
    (:data:`PHONE_MESSAGES`) take their fields from the ``table-message`` calculator's
    declared inputs instead, so ``fields`` is empty there."""

    kind: str
    label: str
    says: str
    fields: tuple[Field, ...] = ()


#: What a phone sends the game master's device; their fields are the inputs declared below.
PHONE_MESSAGES = (
    Message(HELLO, "Hello",
            "A phone joins the table, or rejoins it after sleeping, losing the network or "
            "reloading: which build of the site and which rules it runs, the seat it plays, "
            "and how much of the battle it already holds."),
    Message(TAP, "Tap",
            "A player tapped a button of her seat: the event that button appends, for the game "
            "master's device to check, give its dice, append and send to every screen."),
    Message(LOOK, "Look",
            "A player tapped a button that changes only what her seat shows (a move pad "
            "opened, an action's die picked): the game master's device renders her view "
            "again with the inputs it sets, if her view offers that button."),
)

#: What the game master's device sends a phone (checked on the phone, which takes these only
#: from the game master's device).
HOST_MESSAGES = (
    Message("welcome", "Welcome",
            "The game master's device takes the phone in: their builds and rules agree.",
            (Field("release", "The game master's build of the site."),
             Field("rules", "The rules the game master's tracker plays, as "
                            "`<release>/<rule data digest>`."),
             Field("host", "The game master's device's id in the room."),
             Field("sig", "The game master's device's signature over the room, its id and the "
                          "phone's, checked with the public key the phone's link carries."),
             Field("name", "The battle's name."),
             Field("seats", "The battle's seats, each `{\"id\", \"name\"}`, for a phone "
                            "whose link names none to pick hers."))),
    Message("hold", "Hold",
            "The phone runs another build or other rules than the game master's device: its "
            "taps wait on the phone until it updates (the site offers the update).",
            (Field("release", "The game master's build of the site."),
             Field("rules", "The rules the game master's tracker plays."),
             Field("reason", "Why the phone is held, in words for the player."))),
    Message("log", "Log",
            "The battle's events from an index on: a catch-up after the phone joins or falls "
            "behind, or the new events for everyone.",
            (Field("from", "The index of the first event sent."),
             Field("events", "The events from there on, each as the battle's log keeps it."),
             Field("total", "How many events the battle holds after them."),
             Field("digest", "The digest of the state after all of them, which the phone "
                             "compares with its own."),
             Field("name", "The battle's name."),
             Field("combatants", "The battle's combatants, sent with a log from the first "
                                 "event or after they change.", optional=True))),
    Message("view", "View",
            "Her seat as the game master's device rendered it, so a phone shows the fight "
            "before its own Python has started.",
            (Field("at", "How many events the view shows."),
             Field("digest", "The digest of the state it shows."),
             Field("html", "The seat's view, as the tracker renders it."))),
    Message("taken", "Taken",
            "Her tap is in the battle.",
            (Field("tap", "The phone's id for the tap."),
             Field("index", "The event's index in the battle's log."))),
    Message("refused", "Refused",
            "A message of hers is not taken: the rules refuse its event in the fight as it "
            "now stands, it is not one of her seat's buttons, or the message itself is "
            "refused.",
            (Field("tap", "The phone's id for the tap refused, empty for another message."),
             Field("reason", "Why, in words for the player."))),
)

_ON_HELLO, _ON_TAP, _ON_LOOK = (When("kind", (kind,)) for kind in (HELLO, TAP, LOOK))

PARAMS = (
    Param("kind", "Message kind", kind=CHOICE, default=HELLO, required=True,
          choices=tuple((m.kind, m.label) for m in PHONE_MESSAGES),
          help="What the phone says: it joins (hello), a button that appends an event was "
               "tapped (tap), or one that changes only her view (look)."),
    Param("release", "Release", kind=TEXT, maximum=64, required=True, applies=_ON_HELLO,
          help="The build of the site the phone's page comes from; the game master's device "
               "holds a phone of another build until it updates."),
    Param("rules", "Rules", kind=TEXT, maximum=80, required=True, applies=_ON_HELLO,
          help="The rules the phone's tracker plays: the site's release and its system's rule "
               "data digest, as <release>/<digest>."),
    Param("seat", "Seat", kind=TEXT, default="", maximum=40, applies=_ON_HELLO,
          help="The id of the combatant whose seat the phone plays; empty to watch."),
    Param("have", "Events held", kind=INT, minimum=0, maximum=MAX_EVENTS, required=True,
          applies=_ON_HELLO,
          help="How many of the battle's events the phone already holds; the game master's "
               "device sends the ones after."),
    Param("digest", "State digest", kind=TEXT, default="", maximum=16, applies=_ON_HELLO,
          help="The phone's digest of the state after those events, empty when it holds none; "
               "one that differs from the game master's makes it take the whole log again."),
    Param("tap", "Tap id", kind=TEXT, maximum=24, required=True, applies=_ON_TAP,
          help="The phone's own id for this tap, which the answer (taken or refused) names."),
    Param("at", "Events seen", kind=INT, minimum=0, maximum=MAX_EVENTS, required=True,
          applies=_ON_TAP,
          help="How many of the battle's events the phone had when she tapped."),
    Param("event", "Event", kind=JSON, maximum=MAX_EVENT_JSON, required=True, applies=_ON_TAP,
          help=f"The event her button appends: one JSON object with its \"type\", at most "
               f"{MAX_EVENT_JSON} characters; a seed is \"{RANDOM}\" (the game master's device "
               "draws it) or a whole number."),
    Param("inputs", "View inputs", kind=JSON, maximum=MAX_LOOK_JSON, required=True,
          applies=_ON_LOOK,
          help=f"The inputs that button sets: one JSON object of input names (lower-case "
               f"letters, digits and underscores) and their values as text, at most "
               f"{MAX_LOOK_JSON} characters."),
)

#: Each phone message's fields besides ``kind``: the inputs that apply to it.
FIELDS = {m.kind: tuple(p.name for p in PARAMS if p.applies and m.kind in p.applies.values)
          for m in PHONE_MESSAGES}


def rules_stamp(system: str) -> str:
    """The rules a tracker of ``system`` (a slug, ``western-roses``) plays today, as a phone's
    ``hello`` names them: ``<release>/<rule data digest>``, the stamp a battle file records."""
    return f"{RELEASE}/{data_digest(system)}"


def checked_event(event: Any) -> dict:
    """The event a tap carries, refused unless it is one JSON object of at most
    :data:`MAX_EVENT_JSON` characters, whose ``type`` is an event type's name and whose
    ``seed``, if any, is :data:`~calculators.ui.RANDOM` or a seed the engine takes.

    Raises:
        CalculatorError: on ``event``, ``event.type`` or ``event.seed``.
    """
    if not isinstance(event, dict):
        raise CalculatorError.single("event", "The event must be one JSON object with a "
                                              "\"type\", not a list.")
    try:
        text = json.dumps(event, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):  # NaN, Infinity, an integer too long to write
        raise CalculatorError.single("event", "The event holds a value JSON cannot carry "
                                              "(NaN, Infinity or a number too long).") from None
    if len(text) > MAX_EVENT_JSON:
        raise CalculatorError.single("event", f"The event is {len(text)} characters of JSON; "
                                              f"the limit is {MAX_EVENT_JSON}.")
    problems = Problems()
    kind = event.get("type")
    if not (isinstance(kind, str) and len(kind) <= MAX_EVENT_TYPE
            and EVENT_TYPE.fullmatch(kind)):
        problems.add("event.type", "The event's \"type\" must be an event's name: at most "
                                   f"{MAX_EVENT_TYPE} lower-case letters, digits and hyphens.")
    if "seed" in event:
        seed = event["seed"]
        if seed != RANDOM and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            problems.add("event.seed", f"The event's seed must be \"{RANDOM}\" (the game "
                                       f"master's device draws it) or a whole number from 0 "
                                       f"to {MAX_SEED}.")
    problems.raise_if_any()
    return event


def checked_inputs(inputs: Any) -> dict:
    """The view inputs a look carries, refused unless they are one JSON object of at most
    :data:`MAX_LOOK_JSON` characters whose keys are input names and whose values are text.

    Raises:
        CalculatorError: on ``inputs``.
    """
    if not isinstance(inputs, dict):
        raise CalculatorError.single("inputs", "The view inputs must be one JSON object of "
                                               "names and values, not a list.")
    if not all(isinstance(k, str) and INPUT_NAME.fullmatch(k) and isinstance(v, str)
               for k, v in inputs.items()):
        raise CalculatorError.single("inputs", "Each view input is a name (lower-case letters, "
                                               "digits and underscores) with a text value.")
    text = json.dumps(inputs, ensure_ascii=False, separators=(",", ":"))
    if len(text) > MAX_LOOK_JSON:
        raise CalculatorError.single("inputs", f"The view inputs are {len(text)} characters of "
                                               f"JSON; the limit is {MAX_LOOK_JSON}.")
    return inputs


def table_message(**params: Any) -> dict:
    """A phone's message, checked: its ``kind`` and the fields of that kind, coerced (whole
    numbers as numbers, text stripped), the event of a tap checked by :func:`checked_event`,
    the inputs of a look by :func:`checked_inputs`. Fields of the other kinds do not apply and
    are left out."""
    kind = params["kind"]
    message = {"kind": kind, **{name: params[name] for name in FIELDS[kind]}}
    if kind == TAP:
        message["event"] = checked_event(message["event"])
    elif kind == LOOK:
        message["inputs"] = checked_inputs(message["inputs"])
    return message


def _events(n: int) -> str:
    return f"{n} event" if n == 1 else f"{n} events"


def _sentence(message: dict) -> list[object]:
    """What a message says, for a person: its parts as text and emphasis."""
    if message["kind"] == HELLO:
        seat = (["seat ", h("strong", message["seat"])] if message["seat"]
                else ["no seat (watching)"])
        held = (f"holding {_events(message['have'])}" if message["have"]
                else "holding no event yet")
        digest = f", state digest {message['digest']}" if message["digest"] else ""
        return [h("strong", "A phone joining the table"), ": build ", message["release"],
                ", rules ", message["rules"], ", ", *seat, ", ", held, digest, "."]
    if message["kind"] == LOOK:
        inputs = message["inputs"]
        return [h("strong", "A look from a phone"), ": her view again, with ",
                ", ".join(f"{name} “{value}”" for name, value in inputs.items()) if inputs
                else "no input changed", "."]
    event = message["event"]
    others = [key for key in event if key not in ("type", "seed")]
    seed = event.get("seed")
    dice = ("" if seed is None else ", its dice drawn by the game master's device"
            if seed == RANDOM else f", seed {seed} as the phone sent it")
    return [h("strong", "A tap from a phone"), f": tap id “{message['tap']}”, after seeing "
            f"{_events(message['at'])}: an event of type ", h("strong", event["type"]),
            f" (fields {', '.join(others)})" if others else "", dice, "."]


def render_table_message(message: dict) -> Html:
    """The message in words, on an element carrying the checked message itself as JSON in
    ``data-table-message`` (escaped), for the site script to read."""
    data = json.dumps(message, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return h("div", h("p", *_sentence(message)), data_table_message=data)


#: The page's example: a tap, with the fields of a hello and a look beside it (they apply once
#: the kind is switched), so each kind shows a message that passes.
EXAMPLE = {"kind": TAP, "tap": "aya-7", "at": 12,
           "event": {"type": "attack", "target": "wolf", "attack": "danmaku", "seed": RANDOM},
           "release": "3f2a9c0d1b7e", "rules": rules_stamp("western-roses"), "seat": "aya",
           "have": 12, "digest": "d7bc0a99", "inputs": {"tool": "move"}}

TABLE_MESSAGE = Calculator(
    name="table-message",
    title="A message at the live table",
    summary="Checks a message a phone sends the game master's device at the live table (a "
            "hello, a tap or a look) as the game master's device does, and says what it says.",
    params=PARAMS,
    compute=table_message,
    render=render_table_message,
    example=EXAMPLE,
)

__all__ = ["FIELDS", "HOST_MESSAGES", "MAX_EVENT_JSON", "MAX_LOOK_JSON", "PHONE_MESSAGES",
           "TABLE_MESSAGE", "Field", "Message", "checked_event", "checked_inputs", "rules_stamp"]
