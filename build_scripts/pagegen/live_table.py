"""The live table's protocol, documented from its declarations: a phone's messages from the
``table-message`` calculator's inputs (the ones the game master's device checks every message
with), the game master's from :data:`calculators.battle.live.HOST_MESSAGES`, so a field added
to either is on the page at the next build."""

from __future__ import annotations

from dataclasses import replace

from calculators.battle.live import HOST_MESSAGES, MAX_EVENT_JSON, PARAMS, PHONE_MESSAGES, Message

from .record_files import params_table

NAMESPACE = "live"


def _heading(message: Message, side: str) -> str:
    return f"### `{message.kind}`: {message.label} {{#{side}-{message.kind}}}\n"


def phone_messages() -> str:
    """Each message a phone sends: a heading with its ``kind`` (anchor ``phone-<kind>``), what
    it says, and its fields as a table (key, what it holds, values, default), from the
    inputs that apply to that kind."""
    out = []
    for message in PHONE_MESSAGES:
        fields = tuple(replace(p, applies=None) for p in PARAMS
                       if p.applies is not None and message.kind in p.applies.values)
        out += [_heading(message, "phone"), f"{message.says}\n", params_table(fields), ""]
    return "\n".join(out)


def host_messages() -> str:
    """Each message the game master's device sends a phone: a heading with its ``kind``
    (anchor ``host-<kind>``), what it says, and its fields as a table."""
    out = []
    for message in HOST_MESSAGES:
        rows = ["| Key | What it holds |", "|---|---|"]
        rows += [f"| `{f.name}` | {'Optional. ' if f.optional else ''}{f.holds} |"
                 for f in message.fields]
        out += [_heading(message, "host"), f"{message.says}\n", "\n".join(rows), ""]
    return "\n".join(out)


GLOBALS = {"phone_messages": phone_messages, "host_messages": host_messages,
           "max_event_json": MAX_EVENT_JSON}
