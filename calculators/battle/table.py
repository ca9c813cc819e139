"""The pieces every system's battle tracker at the table is built from (the answer of a
``*-battle`` calculator in the browser): buttons that append an event to the battle's log, the
labelled figures, the log, the seat switch and the setup before the start. Every control is a
:func:`calculators.ui.set_button` setting the widget's inputs, so the log stays the whole
record, Undo is the widget's own, and the saved battle, its address and its share link all
carry the fight."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..ui import RANDOM, set_button
from ..ui.markup import Html, h


def event_button(label: str, event: dict, rolling: Collection[str], primary: bool = False,
                 title: str | None = None, also: Mapping[str, object] | None = None) -> Html:
    """A button appending ``event`` to the battle's log (and setting the inputs ``also``);
    an event whose type is one of ``rolling`` gets a fresh seed (the
    :data:`~calculators.ui.RANDOM` marker)."""
    if event["type"] in rolling:
        event = {**event, "seed": RANDOM}
    return set_button(label, {"event": "", **(also or {})}, title=title, primary=primary,
                      append={"events": event})


def group(label: str, *buttons: Html, class_: str = "battle-actions") -> Html:
    """Buttons (or other controls) as one labelled group."""
    return h("div", *buttons, role="group", aria_label=label, class_=class_)


def figure(label: str, value: object, class_: str = "") -> Html:
    """One labelled number of a combatant's (inside a ``dl``)."""
    return h("div", h("dt", label), h("dd", str(value)),
             class_=("battle-figure " + class_).strip())


def legal_event(state: dict, kind: str) -> dict | None:
    """The legal event of type ``kind`` in a state's view, or ``None``."""
    return next((e for e in state["legal"] if e["type"] == kind), None)


def log_list(state: dict, last: int) -> Html:
    """The latest ``last`` lines of the log, newest last (the rest are in the battle file)."""
    lines = state["log"][-last:]
    start = len(state["log"]) - len(lines) + 1
    return h("div", h("p", f"Lines 1 to {start - 1} are in the battle file (Copy a link, or "
                           f"the Events input).") if start > 1 else None,
             h("ol", [h("li", line["text"], h("small", f" ({line['rule']})"))
                      for line in lines], class_="battle-log", start=start))


def seat_button(label: str, seat: str) -> Html:
    """Switches the view to ``seat`` (a combatant's id; empty for the game master's)."""
    return set_button(label, {"seat": seat, "event": ""})


def setup_section(result: dict, new_inputs: Collection[str], start: Html, hint: str) -> Html:
    """Before the start: the combatants with Remove, those the form describes with a button
    per side to add them (clearing ``new_inputs``), or ``hint`` on how to add one, and
    ``start``."""
    people = result["battle"]["combatants"]
    rows = [h("li", h("strong", c["name"]), f" ({c['side']})",
              group(f"Remove {c['name']}",
                    set_button("Remove", {"combatants": people[:i] + people[i + 1:],
                                          "event": ""}))
              if len(people) > 1 else None)
            for i, c in enumerate(result["state"]["combatants"])]
    adding = [h("div", h("p", f"Add {a['name']}:"),
                group(f"Add {a['name']}", *(set_button(
                    f"To the {side}", {"combatants": [*people, {**a['entry'], "side": side}],
                                       **{k: "" for k in new_inputs}})
                    for side in ("heroes", "foes"))), class_="battle-add")
              for a in result["adding"]]
    return h("section", h("ul", rows, class_="battle-setup", aria_label="Combatants")
             if rows else None,
             adding or h("p", hint),
             group("Start", start) if people else None)


def unique_id(name: str, taken: set[str]) -> str:
    """A short id from a name (letters, digits and hyphens), not one of ``taken``."""
    base = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")[:30] or "c"
    found, n = base, 1
    while found in taken:
        n += 1
        found = f"{base}-{n}"
    return found


__all__ = ["event_button", "figure", "group", "legal_event", "log_list", "seat_button",
           "setup_section", "unique_id"]
