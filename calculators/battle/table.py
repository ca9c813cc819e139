"""The pieces every system's battle tracker at the table is built from (the answer of a
``*-battle`` calculator in the browser): buttons that append an event to the battle's log, the
labelled figures, the log, the seat switch and the setup before the start. Every control is a
:func:`calculators.ui.set_button` setting the widget's inputs, so the log stays the whole
record, Undo is the widget's own, and the saved battle, its address and its share link all
carry the fight."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from ..ui import RANDOM, set_button
from ..ui.markup import Html, h
from .overrides import BAND, EXACT, SHOW_CHOICES
from .setup import QUICK_COUNT


def event_button(label: str, event: dict, rolling: Collection[str], primary: bool = False,
                 title: str | None = None, also: Mapping[str, object] | None = None,
                 key: str | None = None) -> Html:
    """A button appending ``event`` to the battle's log (and setting the inputs ``also``);
    an event whose type is one of ``rolling`` gets a fresh seed (the
    :data:`~calculators.ui.RANDOM` marker); ``key`` names it across answers (see
    :func:`~calculators.ui.set_button`)."""
    if event["type"] in rolling:
        event = {**event, "seed": RANDOM}
    return set_button(label, {"event": "", **(also or {})}, title=title, primary=primary,
                      append={"events": event}, key=key)


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


#: A number's change in a log line ("HP 40 → 25", "(3 → 2)"), not a roll's faces ("3d6 → 6,
#: 5, 6"): what a player's view hides of a foe whose numbers are hidden or banded.
CHANGE = re.compile(r"(?<![\dd])-?\d+ → -?\d+(?![\d,])")
#: The game master's setting of a number ("HP set to 17 (was 40)").
SET = re.compile(r"set to -?\d+ \(was -?\d+\)")


def hidden_numbers(text: str, foes: Collection[str]) -> str:
    """A log line as a player sees it when her foes' numbers are not shown exactly: a line
    about one of ``foes`` (starting with her name) with each number's change hidden."""
    if not any(text.startswith(name) for name in foes):
        return text
    return SET.sub("changed by the game master", CHANGE.sub("…", text))


def log_list(state: dict, last: int, foes: Collection[str] = ()) -> Html:
    """The latest ``last`` lines of the log, newest last (the rest are in the battle file);
    lines about ``foes`` without their numbers' changes."""
    lines = state["log"][-last:]
    start = len(state["log"]) - len(lines) + 1
    return h("div", h("p", f"Lines 1 to {start - 1} are in the battle file (Copy a link, or "
                           f"the Events input).") if start > 1 else None,
             h("ol", [h("li", hidden_numbers(line["text"], foes),
                        h("small", f" ({line['rule']})"))
                      for line in lines], class_="battle-log", start=start))


def seat_button(label: str, seat: str) -> Html:
    """Switches the view to ``seat`` (a combatant's id; empty for the game master's)."""
    return set_button(label, {"seat": seat, "event": ""})


def seat_link_button(c: dict) -> Html:
    """Copies the link to ``c``'s seat (the battle as it is, opening her view only), to hand
    her player; it names her (``data-seat-name``) for the live table's seat links."""
    return h("button", f"Copy {c['name']}'s seat link", type="button", class_="md-button",
             title="A link opening her view only: her numbers, her turn, no game master's "
                   "controls.",
             data_calc_copy_link=json.dumps({"seat": c["id"]}, separators=(",", ":")),
             data_seat_name=c["name"])


def seat_group(c: dict, *also: Html | None) -> Html:
    """The button to play as ``c``, her seat link (and ``also``, the game master's other
    controls of her)."""
    return group(f"{c['name']}'s seat", seat_button(f"Play as {c['name']}", c["id"]),
                 seat_link_button(c), *also, class_="battle-actions battle-seat")


def row(c: dict, current: bool, *parts: Html | None) -> Html:
    """One combatant in the game master's turn order: her name and side (and whether it is
    her turn), then ``parts`` (her numbers, her turn's controls, her :func:`seat_group`)."""
    return h("li", h("div", h("strong", c["name"]), f" ({c['side']})",
                     h("span", " · now" if current else "", class_="battle-now"),
                     class_="battle-who"),
             *parts,
             class_="battle-row", aria_current="true" if current else None)


def game_master_view(state: dict, prompt: Html | None, rows: list[Html],
                     button: Callable[[str, dict], Html], lines: int,
                     winners: bool = True) -> Html:
    """The game master's seat: the decision owed (``prompt``), everyone's ``rows`` in turn
    order, ending the battle (one ``button(label, event)`` per winning side and one for none,
    or a single one where the system's end-battle names no ``winners``), how players see
    their foes' numbers, and the latest ``lines`` of the log beside."""
    sides = sorted({c["side"] for c in state["combatants"]})
    shown = state.get("foes_shown", EXACT)
    show = group("Players see foes' numbers",
                 h("span", "Players see foes' numbers:", class_="battle-target"),
                 *(h("span", label + " ✓", class_="battle-chosen") if mode == shown else
                   button(label, {"type": "gm-show", "foes": mode})
                   for mode, label in SHOW_CHOICES),
                 class_="battle-actions battle-show")
    ends = [button(f"{side.capitalize()} won", {"type": "end-battle", "winner": side})
            for side in sides] + [button("No winner", {"type": "end-battle"})] if winners \
        else [button("End the battle", {"type": "end-battle"})]
    return h("div",
             h("section", prompt,
               h("ol", rows, class_="battle-order", aria_label="Turn order"),
               group("End the battle", *ends) if legal_event(state, "end-battle") else None,
               show, class_="battle-main"),
             h("aside", h("h3", "Log"), log_list(state, lines), class_="battle-side",
               aria_label="Log", tabindex="0"),
             class_="battle-gm")


def setup_section(result: dict, new_inputs: Collection[str], start: Html, hint: str,
                  sides: tuple[str, ...] = ("heroes", "foes"), keep_one: bool = True) -> Html:
    """Before the start: the combatants with Remove (but the last one, when ``keep_one``),
    those the form describes with a button per side of ``sides`` to add them (the copies of
    one quick entry together; clearing ``new_inputs`` and the count), or ``hint`` on how to
    add one, and ``start``."""
    people = result["battle"]["combatants"]
    rows = [h("li", h("strong", c["name"]), f" ({c['side']})",
              group(f"Remove {c['name']}",
                    set_button("Remove", {"combatants": people[:i] + people[i + 1:],
                                          "event": ""}))
              if len(people) > 1 or not keep_one else None)
            for i, c in enumerate(result["state"]["combatants"])]
    batches: dict[str, list[dict]] = {}
    for a in result["adding"]:
        batches.setdefault(a["input"], []).append(a)
    adding = []
    for batch in batches.values():
        names = ", ".join(a["name"] for a in batch)
        adding.append(h("div", h("p", f"Add {names}:"), group(f"Add {names}", *(set_button(
            f"To the {side}", {"combatants": [*people, *({**a["entry"], "side": side}
                                                         for a in batch)],
                               **{k: "" for k in (*new_inputs, QUICK_COUNT.name)}})
            for side in sides)), class_="battle-add"))
    return h("section", h("ul", rows, class_="battle-setup", aria_label="Combatants")
             if rows else None,
             adding or h("p", hint),
             group("Start", start) if people else None)


def heading(state: dict, names: dict,
            start: str = "add the combatants, then Start the battle.") -> str:
    """The line above every seat's view: not started yet (and ``start``, how to begin),
    ended, or whose turn it is in which round."""
    if state["phase"] == "setup":
        return f"Not started: {start}"
    if state["phase"] != "fighting":
        return "The battle has ended."
    return f"Round {state['round']}: {names[state['turn']]}'s turn."


def summary(state: dict, names: dict) -> str:
    """Where the battle stands, in a few words, as the list of saved battles shows it beside
    its name: not started, ended, or the round and whose turn."""
    if state["phase"] == "setup":
        return "Not started"
    if state["phase"] != "fighting":
        return "Ended"
    return f"Round {state['round']}: {names[state['turn']]}'s turn"


def condition(c: dict) -> str:
    """Her condition, and her statuses after it in lower case."""
    statuses = ", ".join(s["name"].lower() for s in c["statuses"])
    return c["condition"] + (f"; {statuses}" if statuses else "")


def her_turn(state: dict, c: dict) -> bool:
    """Whether it is ``c``'s turn, in a battle under way."""
    return state["phase"] == "fighting" and state["turn"] == c["id"]


def condition_line(condition: str) -> Html:
    """Her condition (see :func:`condition`) as a player's view shows it."""
    return h("p", "Condition: ", condition, class_="battle-condition")


def whose_turn(state: dict, names: dict, mine_now: bool,
               head: Callable[[dict, dict], str] = heading) -> str:
    """A player's line under her name: ``head`` outside the fight, else her turn or whose she
    waits for."""
    if state["phase"] != "fighting":
        return head(state, names)
    return "Your turn." if mine_now else f"Waiting: {names[state['turn']]}'s turn."


@dataclass(frozen=True)
class Shown:
    """How a system shows another combatant in a player's view.

    Attributes:
        exact: her numbers in words ("HP 25/40"), shown for her allies, and for her foes when
            the game master shows them exactly.
        main: her main number and its most (HP and max HP), for the band a player sees of a
            foe ("bloodied"); ``None`` where she has none (the band is then her condition).
    """

    exact: Callable[[dict], str]
    main: Callable[[dict], tuple[int, int] | None] = lambda c: None


def band(value: int, most: int) -> str:
    """The band of a number out of ``most``: unhurt (full), hurt (over half), bloodied (half
    or less), down (none left)."""
    if value <= 0:
        return "down"
    if value >= most:
        return "unhurt"
    return "hurt" if value * 2 > most else "bloodied"


def foes_of(state: dict, c: dict) -> list[dict]:
    """The combatants on other sides than ``c``'s."""
    return [o for o in state["combatants"] if o["side"] != c["side"]]


def hidden_foes(state: dict, c: dict) -> list[str]:
    """The names of ``c``'s foes whose numbers her view does not show exactly."""
    return [] if state.get("foes_shown", EXACT) == EXACT else \
        [o["name"] for o in foes_of(state, c)]


def others(state: dict, c: dict, shown: Shown) -> Html:
    """Everyone else, as ``c``'s player may see them: her side exactly; her foes as the game
    master chooses (exactly, as a band, or by name only)."""
    mode = state.get("foes_shown", EXACT)
    items = []
    for o in state["combatants"]:
        if o["id"] == c["id"]:
            continue
        foe = o["side"] != c["side"]
        if not foe or mode == EXACT:
            words = shown.exact(o)
        elif mode == BAND:
            main = shown.main(o)
            words = band(*main) if main is not None else o["condition"]
        else:
            words = ""
        items.append(h("li", h("strong", o["name"]), f" ({o['side']})",
                       f": {words}" if words else None))
    return h("div", h("h4", "Everyone else"), h("ul", items, class_="battle-others"))


def waiting(state: dict, seat: str, by: str, what: str) -> Html:
    """A decision ``by`` someone other than the seat's player owes (``what`` she decides,
    "Bob chooses whether to graze"): her view waits on it and says whose it is, the game
    master's for a foe, her own player's for an ally."""
    people = {c["id"]: c for c in state["combatants"]}
    owner, mine = people[by], people.get(seat)
    whose = (f"{owner['name']}'s player decides it on her screen." if mine is not None
             and owner["side"] == mine["side"] else
             "It is the game master's decision, on her screen.")
    return h("p", f"Waiting: {what}. {whose}", class_="battle-waiting")


def player_view(state: dict, c: dict, turn: str, parts: list[Html | None], lines: int,
                shown: Shown | None = None) -> Html:
    """A player's seat: her name, the ``turn`` line, ``parts`` (her numbers, the decision she
    owes, her actions…), everyone else as ``shown`` (when given), the latest ``lines`` of the
    log (her foes' numbers hidden as the game master chooses) and the way back to the game
    master's view (which a seat link does not offer)."""
    return h("section", h("h3", c["name"]), h("p", turn, class_="battle-turn"), *parts,
             others(state, c, shown) if shown is not None and state["phase"] != "setup"
             else None,
             h("h4", "Latest"), log_list(state, lines, hidden_foes(state, c)),
             seat_button("Game master's view", ""),
             class_="battle-player", aria_label=f"{c['name']}'s view")


def table_view(result: dict, class_: str, head: Callable[[dict, dict], str],
               setup: Callable[[dict], Html], player: Callable[[dict, dict, dict], Html],
               game_master: Callable[[dict, dict], Html]) -> Html:
    """A ``*-battle`` answer as the table uses it, under the ``head(state, names)`` line: the
    ``player(result, her, names)`` view of the seat's combatant (before the start too: a
    player's seat never shows the setup), the ``setup(result)`` before the start, or the
    ``game_master(result, names)`` view (an empty or unknown seat); its :func:`summary` as
    ``data-record-summary``, for the list of saved battles. Once the fight has started the
    answer asks the page to fold its form (``data-calc-fold-form``): the setup and the battle
    file are one tap away. The battle file's own keys the page keeps from now on (the
    answer's ``keep``, :func:`.record.kept`) are its ``data-calc-keep``."""
    state = result["state"]
    names = {c["id"]: c["name"] for c in state["combatants"]}
    seat = result.get("seat", "")
    mine = next((c for c in state["combatants"] if c["id"] == seat), None)
    if mine is not None:
        body = player(result, mine, names)
    elif state["phase"] == "setup":
        body = setup(result)
    else:
        body = game_master(result, names)
    notice = state.get("record", {}).get("notice")
    return h("div", h("p", head(state, names), class_="battle-head"),
             h("p", notice, class_="battle-record", role="status") if notice else None,
             body, class_=class_, data_seat=seat or None,
             data_calc_fold_form="" if state["phase"] != "setup" else None,
             data_record_summary=summary(state, names),
             data_calc_keep=json.dumps(result["keep"], sort_keys=True) if result.get("keep")
             else None)


__all__ = ["Shown", "band", "condition", "condition_line", "event_button", "figure", "foes_of",
           "game_master_view", "group", "heading", "her_turn", "hidden_foes", "hidden_numbers",
           "legal_event", "log_list", "others", "player_view", "row", "seat_button",
           "seat_group", "seat_link_button", "setup_section", "summary", "table_view",
           "waiting", "whose_turn"]
