"""The game master's tools on each combatant, the same in every system: her Adjust panel (each
number she has stepped or changed by a typed amount, each status added for some turns or
removed, a note pinned on her, her place in the turn order, her turn skipped), and the newest
log lines and Undo beside the turn's buttons.

A control needing more than one tap is opened by a button setting the hidden ``tool`` input
(``adjust:<id>``, or a system's own: ``move:<x>:<y>``, ``place:<id>``). What she types (a
change such as −23, the turns a status lasts, a note) is an input of the answer bound to a
hidden input of the form (``data-calc-field``): the site script sets that input when she
leaves the box, and the buttons of the next answer carry the event it makes. A button whose
event needs what she typed keeps its key (``data-calc-key``) while she types, so a tap on it
that leaves the box is applied to the answer that follows.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from ..params import TEXT, Param
from ..ui import set_button
from ..ui.markup import Html, h
from .overrides import MAX_NOTE, Settable
from .table import event_button, group, seat_group

ADJUST = "adjust"
#: The hidden inputs of the game master's tools, declared by every tracker.
TOOL = Param("tool", "Open tool", kind=TEXT, default="", maximum=60, hidden=True,
             help="A control open in the view: a combatant's adjustments (adjust:id), or a "
                  "system's own (the move pad's destination, move:x:y).")
AMOUNT = Param("gm_amount", "Typed change", minimum=-10_000, maximum=10_000, hidden=True,
               help="Typed in a combatant's adjustments: what Apply adds to a number (−23).")
ROUNDS = Param("gm_rounds", "Turns a status lasts", minimum=1, maximum=100, hidden=True,
               help="Typed in a combatant's adjustments: a status added lasts that many of "
                    "her turns (until removed when left out).")
NOTE = Param("gm_text", "Note on a combatant", kind=TEXT, default="", maximum=MAX_NOTE,
             hidden=True, help="Typed in a combatant's adjustments: the note Pin puts on her.")
GM_TOOLS = (TOOL, AMOUNT, ROUNDS, NOTE)
#: What each tool input holds in a fresh view, for a tracker's answer.
TOOL_INPUTS = tuple(p.name for p in GM_TOOLS)
#: The steps each number offers besides a typed change.
STEPS = (-10, -1, 1, 10)
#: Log lines shown beside the turn's buttons.
LATEST = 3

Button = Callable[..., Html]


def buttons(rolling: Collection[str]) -> Button:
    """The panels' event buttons for a system whose events ``rolling`` roll: each appends its
    event (seeded when it rolls) and keeps the open tool; ``key`` and ``also`` as
    :func:`.table.event_button` takes them."""
    def button(label: str, event: dict, key: str | None = None, title: str | None = None,
               also: Mapping[str, object] | None = None, primary: bool = False) -> Html:
        return event_button(label, event, rolling, primary=primary, title=title, also=also,
                            key=key)
    return button


def tools_of(values: Mapping[str, object]) -> dict:
    """The tool inputs of a tracker's answer (``tool``, ``gm_amount``, ``gm_rounds``,
    ``gm_text``) from its parameters, for :func:`adjust_panel`."""
    return {name: values.get(name, p.default) for name, p in zip(TOOL_INPUTS, GM_TOOLS)}


def tool(result: dict, kinds: Collection[str] = (ADJUST,)) -> tuple[str, list[str]]:
    """The open tool of one of ``kinds`` and its arguments (``("adjust", ["bob"])``), or
    ``("", [])``."""
    kind, *args = (result.get("tool") or "").split(":")
    return (kind, args) if kind in kinds else ("", [])


def opened(result: dict, kind: str, cid: str) -> bool:
    """Whether the tool ``kind`` is open on combatant ``cid``."""
    got, args = tool(result, (kind,))
    return got == kind and args[:1] == [cid]


def tool_button(result: dict, kind: str, c: dict, label: str, done: str, title: str) -> Html:
    """The button opening tool ``kind`` on ``c`` (``label``), or closing it (``done``) when
    open."""
    key = f"{kind}-{c['id']}"
    if opened(result, kind, c["id"]):
        return set_button(done, {"tool": ""}, key=key)
    return set_button(label, {"tool": f"{kind}:{c['id']}"}, key=key, title=title)


def adjust_button(result: dict, c: dict) -> Html:
    return tool_button(result, ADJUST, c, f"Adjust {c['name']}", "Done adjusting",
                       "Change her numbers, her statuses, her note, her place in the order.")


def typed(label: str, field: str, value: object, key: str, hint: str,
          numeric: bool = True) -> Html:
    """A box she types in, bound to the hidden input ``field`` (set when she leaves it)."""
    fid = f"battle-{field}-{key}"
    return h("div", h("label", label, for_=fid),
             h("input", type="text", id=fid, value="" if value is None else str(value),
               inputmode="text" if numeric else None, autocomplete="off",
               maxlength=MAX_NOTE if not numeric else 6, data_calc_field=field,
               aria_describedby=fid + "-hint"),
             h("small", hint, id=fid + "-hint"), class_="battle-typed")


def _minus(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def _number_row(c: dict, field: str, settable: Settable, label: str, amount: int | None,
                button: Button) -> Html:
    """One number (called ``label``): its value, its steps within bounds, and Apply (the typed
    change)."""
    low, high = settable.bounds(c)
    now = c[field]

    def to(step: int) -> int:
        return max(low, min(high, now + step))
    set_to = {"type": "gm-set", "combatant": c["id"], "field": field}
    steps = [button(_minus(step), {**set_to, "value": to(step)}, title=f"Sets it to {to(step)}.")
             for step in STEPS if to(step) != now]
    key = f"apply-{c['id']}-{field}"
    if amount and to(amount) != now:
        apply = button(f"Apply {_minus(amount)} → {str(to(amount)).replace('-', '−')}",
                       {**set_to, "value": to(amount)}, key=key,
                       title=f"Sets it to {to(amount)}.")
    else:
        apply = set_button("Apply", {}, key=key, title="Type a change above (−23), then Apply.")
    return group(f"{c['name']}'s {label}", h("span", f"{label} {now}", class_="battle-target"),
                 *steps, apply, class_="battle-actions battle-adjust")


def _has(c: dict) -> Collection[str]:
    """The statuses ``c`` has, by id (a combatant's ``statuses`` list)."""
    return {s["id"] for s in c["statuses"]}


def _statuses(c: dict, statuses: Mapping[str, str], rounds: int | None, button: Button,
              has_of: Callable[[dict], Collection[str]]) -> Html:
    has = has_of(c)
    lasting = f" for {rounds} turn{'' if rounds == 1 else 's'}" if rounds else ""
    out = []
    for sid, name in statuses.items():
        event = {"type": "gm-status", "combatant": c["id"], "status": sid}
        if sid in has:
            out.append(button(f"Remove {name.lower()}", {**event, "change": "remove"},
                              key=f"status-{c['id']}-{sid}"))
        else:
            out.append(button(f"Add {name.lower()}{lasting}",
                              {**event, "change": "add", **({"rounds": rounds} if rounds else {})},
                              key=f"status-{c['id']}-{sid}"))
    return group(f"{c['name']}'s statuses", *out, class_="battle-actions battle-adjust")


def _order(state: dict, c: dict, button: Button) -> Html | None:
    """Her place in the turn order, one step earlier or later (her first turn of the round)."""
    if state["phase"] != "fighting":
        return None
    order, at = list(state["order"]), state["order"].index(c["id"])
    moves = []
    for label, other in (("Earlier in the order", at - 1), ("Later in the order", at + 1)):
        if 0 <= other < len(order):
            swapped = list(order)
            swapped[at], swapped[other] = swapped[other], swapped[at]
            moves.append(button(label, {"type": "gm-order", "order": swapped}))
    return group(f"{c['name']}'s turn", *moves,
                 button("Skip the turn", {"type": "gm-skip-turn"}, also={"tool": ""})
                 if state["turn"] == c["id"] else None,
                 class_="battle-actions battle-adjust")


def _note(state: dict, c: dict, text: str, button: Button) -> Html:
    pin = {"type": "gm-note", "combatant": c["id"]}
    key = f"note-{c['id']}"
    if text.strip():
        buttons = [button("Pin the note", {**pin, "text": text.strip()}, key=key,
                          also={"gm_text": ""})]
    else:
        buttons = [set_button("Pin the note", {}, key=key, title="Type the note first.")]
    if c["id"] in state["notes"]:
        buttons.append(button("Clear the note", {**pin, "text": ""}))
    return h("div", typed("Note on " + c["name"], "gm_text", text, c["id"],
                          "Shown on her row and in the log.", numeric=False),
             group(f"{c['name']}'s note", *buttons, class_="battle-actions battle-adjust"))


def adjust_panel(result: dict, c: dict, settable: Mapping[str, Settable],
                 statuses: Mapping[str, str], button: Button,
                 fields: Mapping[str, str] | None = None, *extra: Html | None,
                 has: Callable[[dict], Collection[str]] = _has) -> Html | None:
    """The game master's adjustments of ``c``, when open: a typed change and each number of
    ``settable`` she has (``fields``, by name with the label the panel gives it; all by
    default) stepped or changed by it within its bounds, each status of ``statuses`` added
    (for the typed turns) or removed (``has`` says which she has), her note, her place in the
    order, her turn skipped, and the system's ``extra`` parts. ``button(label, event, key=,
    title=, also=)`` (see :func:`buttons`) makes an event's button, keeping the panel open."""
    if not opened(result, ADJUST, c["id"]):
        return None
    state = result["state"]
    amount, rounds = result.get("gm_amount"), result.get("gm_rounds")
    labels = fields or {f: s.label for f, s in settable.items()}
    names = [f for f in labels if c.get(f) is not None
             and (settable[f].has is None or settable[f].has(c))]
    return h("div",
             typed("Change by", "gm_amount", amount, c["id"],
                   "A number such as −23 or 5; then Apply on the number it changes."),
             *(_number_row(c, f, settable[f], labels[f], amount, button) for f in names),
             typed("Lasts (turns)", "gm_rounds", rounds, c["id"] + "-rounds",
                   "Her own turns a status added lasts; blank for until removed."),
             _statuses(c, statuses, rounds, button, has) if statuses else None,
             _note(state, c, result.get("gm_text") or "", button),
             _order(state, c, button), *extra,
             class_="battle-adjust-panel")


def pinned_note(state: dict, c: dict) -> Html | None:
    """The game master's note on ``c``, on her row."""
    note = state["notes"].get(c["id"])
    return h("p", "Note: ", note, class_="battle-note") if note else None


def latest(result: dict, lines: int = LATEST) -> Html:
    """The newest ``lines`` of the log and Undo (the last event taken back), beside the turn's
    buttons."""
    log = result["state"]["log"]
    events = result["battle"]["events"]
    last = [line for line in log if line["event"] == len(events) - 1]
    undo = set_button("Undo", {"event": ""}, pop=("events",), key="undo-last",
                      title="Takes back the last step: " + (last[0]["text"] if last else
                                                           "the last event") + "")
    return h("div", h("ol", [h("li", line["text"]) for line in log[-lines:]],
                      class_="battle-latest-lines", start=max(len(log) - lines, 0) + 1),
             group("Last step", undo) if events else None,
             class_="battle-latest", aria_label="Latest", role="region")


def gm_tools(result: dict, c: dict, current: bool, panel: Html | None,
             *also: Html | None, seat: bool = True) -> list[Html | None]:
    """What the game master's row of ``c`` ends with: the newest lines and Undo on the row
    whose turn it is, her note, her seat (Play as and her seat link, unless she has no
    player's ``seat``), ``also`` and Adjust, and her open ``panel``."""
    controls = (*also, adjust_button(result, c))
    return [latest(result) if current else None, pinned_note(result["state"], c),
            seat_group(c, *controls) if seat else
            group(f"{c['name']}'s tools", *controls, class_="battle-actions battle-seat"),
            panel]


__all__ = ["ADJUST", "AMOUNT", "GM_TOOLS", "NOTE", "ROUNDS", "STEPS", "TOOL", "TOOL_INPUTS",
           "adjust_button", "adjust_panel", "gm_tools", "latest", "opened", "pinned_note",
           "tool", "tool_button", "tools_of", "typed"]
