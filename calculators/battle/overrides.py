"""The game master's overrides, as events of their own: set any number, add or remove a
status, skip a turn, reorder the turns, note a ruling (on the battle or on one combatant), or
choose how players see their foes' numbers. The tool never stands between the table and its
rulings, and the log still says who decided what."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import FieldError
from ..params import CHOICE, JSON, TEXT, Param
from .events import EventType
from .state import FIGHTING, State

GM = "The game master"
BY_GM = "the game master, at any time"

#: Longest note the game master may write into the log.
MAX_NOTE = 200

#: How a player's view shows the numbers of the combatants on other sides than hers (the
#: ``foes`` field of ``gm-show``): exactly, as a band of her main number ("bloodied"), or
#: not at all. Her own side's numbers are always exact.
EXACT, BAND, HIDDEN = "exact", "band", "hidden"
SHOW_CHOICES = ((EXACT, "Exact numbers"), (BAND, "A band (unhurt, hurt, bloodied, down)"),
                (HIDDEN, "Hidden"))
#: Where the state keeps the choice (``state.data``), and the notes pinned to combatants.
SHOWN_KEY, NOTES_KEY = "foes_shown", "gm_notes"


def foes_shown(state: State) -> str:
    """How players see their foes' numbers now (exact until the game master says else)."""
    return state.data.get(SHOWN_KEY, EXACT)


def notes(state: State) -> dict[str, str]:
    """The game master's note on each combatant who has one, by id."""
    return dict(state.data.get(NOTES_KEY, {}))


@dataclass(frozen=True)
class Settable:
    """A number the game master may set: its label and the bounds it must keep for a
    combatant (HP at most her max, spell power at most her cap…); ``has``, when given, says
    which combatants have that number at all (a monster's pool, a minion's hit points)."""

    label: str
    bounds: Callable[[dict], tuple[int, int]]
    has: Callable[[dict], bool] | None = None


def fixed(low: int, high: int) -> Callable[[dict], tuple[int, int]]:
    """Bounds that are the same for every combatant (a :class:`Settable`'s ``bounds``)."""
    return lambda c: (low, high)


@dataclass(frozen=True)
class OverrideHooks:
    """What a system does around an override.

    Attributes:
        settable: the numbers ``gm-set`` may set, by the combatant key they live under.
        statuses: the status ids ``gm-status`` may add or remove, with their names.
        after_set: runs after a number changed (HP above a threshold wakes her…).
        next_turn: ends the current turn and starts the next (rolling with the state's dice).
        turns_repeat: an id may stand in the turn order more than once (Magical Burst's Extra
            Action and Fury Burst give a combatant two turns a round).
        her: the possessive the log uses for a combatant ("its" for a monster), "her" unless
            the system says otherwise.
    """

    settable: Mapping[str, Settable]
    statuses: Mapping[str, str]
    after_set: Callable[[State, dict, str, int], None]
    next_turn: Callable[[State], None]
    turns_repeat: bool = False
    her: Callable[[dict], str] = lambda c: "her"


def combatant_field(label: str = "Combatant") -> Param:
    """A field naming a combatant by her id."""
    return Param("combatant", label, kind=TEXT, required=True, maximum=40,
                 help="Her id in the battle's combatants.")


def check_combatant(state: State, cid: str, field: str = "combatant") -> list[FieldError]:
    if state.has(cid):
        return []
    known = ", ".join(c["id"] for c in state.combatants)
    return [FieldError(field, f"No combatant has the id “{cid}”; the ids are: {known}.")]


def override_events(hooks: OverrideHooks) -> tuple[EventType, ...]:
    """The game master's event types for a system's ``hooks``."""

    def check_set(state: State, ev: dict) -> list[FieldError]:
        errors = check_combatant(state, ev["combatant"])
        if errors:
            return errors
        settable, c = hooks.settable[ev["field"]], state.by_id(ev["combatant"])
        if settable.has is not None and not settable.has(c):
            return [FieldError("field", f"{c['name']} has no {settable.label.lower()}.")]
        low, high = settable.bounds(c)
        if not low <= ev["value"] <= high:
            return [FieldError("value", f"{hooks.settable[ev['field']].label} must be from "
                                        f"{low} to {high} for {c['name']}; got "
                                        f"{ev['value']}.")]
        return []

    def apply_set(state: State, ev: dict) -> None:
        c = state.by_id(ev["combatant"])
        old = c[ev["field"]]
        c[ev["field"]] = ev["value"]
        state.write(f"{c['name']}: {hooks.settable[ev['field']].label} set to {ev['value']} "
                    f"(was {old}).", GM)
        hooks.after_set(state, c, ev["field"], old)

    def check_status(state: State, ev: dict) -> list[FieldError]:
        errors = check_combatant(state, ev["combatant"])
        if errors:
            return errors
        c = state.by_id(ev["combatant"])
        has = any(s["id"] == ev["status"] for s in c["statuses"])
        if ev["change"] == "remove" and not has:
            return [FieldError("status", f"{c['name']} does not have the "
                                         f"{hooks.statuses[ev['status']]} status.")]
        return []

    def apply_status(state: State, ev: dict) -> None:
        c = state.by_id(ev["combatant"])
        name = hooks.statuses[ev["status"]]
        c["statuses"] = [s for s in c["statuses"] if s["id"] != ev["status"]]
        if ev["change"] == "add":
            c["statuses"].append({"id": ev["status"], "rounds": ev["rounds"], "failures": 0,
                                  "turns": 0})
            lasting = f" for {ev['rounds']} of {hooks.her(c)} turns" if ev["rounds"] else ""
            state.write(f"{c['name']} now has the {name} status{lasting}.", GM)
        else:
            state.write(f"{c['name']} no longer has the {name} status.", GM)

    def check_fighting(state: State, ev: dict) -> list[FieldError]:
        if state.phase != FIGHTING:
            return [FieldError("", "Only during the fight (after start, before its end).")]
        return []

    def apply_skip(state: State, ev: dict) -> None:
        state.write(f"{state.by_id(state.current)['name']}'s turn is skipped.", GM)
        state.pending.clear()
        hooks.next_turn(state)

    def check_order(state: State, ev: dict) -> list[FieldError]:
        errors = check_fighting(state, ev)
        if errors:
            return errors
        order = ev["order"]
        # The same ids as often as the order holds them (each once, unless turns repeat).
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(state.order):
            listed = ("every turn once (an id twice for two turns a round)"
                      if hooks.turns_repeat else "every combatant's id once")
            return [FieldError("order", f"The order must list {listed}: "
                                        + ", ".join(state.order) + ".")]
        return []

    def apply_order(state: State, ev: dict) -> None:
        # The turn going on keeps going on: the same occurrence of her id in the new order.
        current = state.order[state.turn]
        seen = state.order[:state.turn].count(current)
        state.order = [str(cid) for cid in ev["order"]]
        state.turn = [i for i, cid in enumerate(state.order) if cid == current][seen]
        state.write("Turn order set: " + ", ".join(state.by_id(cid)["name"] for cid in
                                                     state.order) + ".", GM)

    def check_note(state: State, ev: dict) -> list[FieldError]:
        if ev["combatant"]:
            return check_combatant(state, ev["combatant"])
        if not ev["text"].strip():
            return [FieldError("text", "A note on the battle needs its text.")]
        return []

    def apply_note(state: State, ev: dict) -> None:
        if not ev["combatant"]:
            state.write(ev["text"], GM)
            return
        c = state.by_id(ev["combatant"])
        pinned = state.data.setdefault(NOTES_KEY, {})
        if ev["text"].strip():
            pinned[c["id"]] = ev["text"]
            state.write(f"Note on {c['name']}: {ev['text']}", GM)
        else:
            pinned.pop(c["id"], None)
            state.write(f"The note on {c['name']} is cleared.", GM)

    def apply_show(state: State, ev: dict) -> None:
        state.data[SHOWN_KEY] = ev["foes"]
        words = {EXACT: "exactly", BAND: "as a band (unhurt, hurt, bloodied, down)",
                 HIDDEN: "not at all"}[ev["foes"]]
        state.write(f"Players now see their foes' numbers {words}.", GM)

    status_choices = tuple(hooks.statuses.items())
    return (
        EventType("gm-set", "Set a number", "Sets one of a combatant's numbers; what follows "
                  "from it (waking, falling, death, a will check) follows as it would in play, "
                  "with the event's seed for any roll.",
                  (combatant_field(),
                   Param("field", "Number", kind=CHOICE, default=next(iter(hooks.settable)),
                         choices=tuple((k, s.label) for k, s in hooks.settable.items())),
                   Param("value", "Value", required=True, minimum=-10_000, maximum=10_000)),
                  BY_GM, check_set, apply_set, rolls=True),
        EventType("gm-status", "Add or remove a status", "Adds a status effect (for a number "
                  "of the combatant's turns, or until removed) or removes one.",
                  (combatant_field(),
                   Param("status", "Status", kind=CHOICE, default=status_choices[0][0],
                         choices=status_choices),
                   Param("change", "Add or remove", kind=CHOICE, default="add",
                         choices=(("add", "Add"), ("remove", "Remove"))),
                   Param("rounds", "Turns it lasts", minimum=1, maximum=100,
                         help="The combatant's own turns; leave out for until removed or "
                              "shaken off.")),
                  BY_GM, check_status, apply_status),
        EventType("gm-skip-turn", "Skip the turn", "Ends the turn of the combatant whose turn "
                  "it is, with any decision still owed, and starts the next.", (), BY_GM,
                  check_fighting, apply_skip, rolls=True),
        EventType("gm-order", "Set the turn order", "Replaces the turn order (the "
                  f"{'initiative' if hooks.turns_repeat else 'speed'} rolls included); the "
                  "combatant whose turn it is keeps it.",
                  (Param("order", "Order", kind=JSON, required=True,
                         help=("Every turn's combatant id" if hooks.turns_repeat
                               else "Every combatant's id") + ", the first to act first."),),
                  BY_GM, check_order, apply_order),
        EventType("gm-note", "Note a ruling", "Writes a line of the game master's into the "
                  "log; with a combatant, also pins it on her (shown on her row) until another "
                  "note on her replaces it (an empty one clears it).",
                  (Param("text", "Note", kind=TEXT, default="", maximum=MAX_NOTE,
                         help="Empty only on a combatant: it clears her note."),
                   Param("combatant", "Combatant", kind=TEXT, maximum=40,
                         help="Her id, to pin the note on her; leave out for the battle.")),
                  BY_GM, check_note, apply_note),
        EventType("gm-show", "Show foes' numbers", "Chooses how each player's view shows the "
                  "numbers of the combatants on other sides than hers: exactly, as a band of "
                  "her main number, or hidden (the log's lines about them included).",
                  (Param("foes", "Foes' numbers", kind=CHOICE, default=EXACT,
                         choices=SHOW_CHOICES),),
                  BY_GM, lambda state, ev: [], apply_show),
    )


__all__ = ["BAND", "EXACT", "GM", "HIDDEN", "SHOW_CHOICES", "OverrideHooks", "Settable",
           "check_combatant", "combatant_field", "fixed", "foes_shown", "notes",
           "override_events"]
