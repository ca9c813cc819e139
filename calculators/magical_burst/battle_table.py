"""The Magical Burst battle at the table: the answer of ``mb-battle`` in the browser, one view
per seat, on the Western Roses tracker's machinery (the same widget, page layout and
``battle-*`` styles). Every control is a button (:func:`calculators.ui.set_button`) that
appends an event to the ``events`` input (with a fresh seed, the
:data:`~calculators.ui.RANDOM` marker, where the event rolls), so the log stays the whole
record, Undo is the widget's own, and the saved battle, its address and its share link all
carry the fight.

- Before the battle starts: the combatants with Remove, the ones the form describes ready to
  add (a saved girl or monster, a human, a monster built by the rules, a minion), and Start.
- The game master's seat (``seat`` empty): everyone in turn order with her numbers, the
  current one's actions (an attack is one tap on the target's Melee or Ranged), Next turn, the
  burst owed, and the log beside.
- A player's seat (``seat`` a girl's id): her Resolve, wounds and counters big, her actions on
  her turn, the latest lines of the log.
"""

from __future__ import annotations

from ..ui import RANDOM, set_button
from ..ui.markup import Html, h
from .battle_actions import EVENTS
from .overcharge import STAT_NAMES

#: Events whose outcome the dice decide: their button carries a fresh seed.
ROLLING = frozenset(e.name for e in EVENTS if e.rolls)
PLAYER_LINES = 6
GM_LINES = 60
#: The form's inputs describing a combatant to add, cleared once she is added.
NEW_KEYS = ("kind", "name", "tenacity", "spread", "level", "n", "main", "attack", "defence",
            "support", "damage_bonus", "boss_abilities", "talents", "pool", "template")
NEW_INPUTS = (*(f"new_{k}" for k in NEW_KEYS), "new_character", "character_of", "new_monster",
              "monster_of")
SIDES = ("girls", "monsters")


def event_button(label: str, event: dict, primary: bool = False,
                 title: str | None = None) -> Html:
    """A button appending ``event`` to the battle's log (seeded when it rolls)."""
    if event["type"] in ROLLING:
        event = {**event, "seed": RANDOM}
    return set_button(label, {"event": ""}, title=title, primary=primary,
                      append={"events": event})


def _group(label: str, *buttons: Html, class_: str = "battle-actions") -> Html:
    return h("div", *buttons, role="group", aria_label=label, class_=class_)


def _figure(label: str, value: object, class_: str = "") -> Html:
    return h("div", h("dt", label), h("dd", str(value)),
             class_=("battle-figure " + class_).strip())


def _numbers(c: dict, big: bool = False) -> Html:
    """Her Resolve (or hit points), wound, pool or counters, and the actions she has left."""
    figures = []
    if c["resolve"] is not None and c["kind"] != "human":
        figures.append(_figure("Resolve", f"{c['resolve']}/{c['max_resolve']}", "battle-hp"))
    if c["hp"] is not None:
        figures.append(_figure("HP", f"{c['hp']}/{c['max_hp']}", "battle-hp"))
    if c["kind"] in ("girl", "human"):
        figures.append(_figure("Wound", c["wound"]))
    if c["pool"] is not None:
        figures.append(_figure("Overcharge", c["pool"]))
    if c["kind"] == "girl":
        figures += [_figure(STAT_NAMES[s], c[f"overcharge_{s}"]) for s in STAT_NAMES]
    figures += [_figure("Major", c["major"]), _figure("Minor", c["minor"])]
    return h("dl", figures, class_="battle-numbers battle-numbers-big" if big else
             "battle-numbers")


def _condition(c: dict) -> str:
    statuses = ", ".join(s["name"].lower() for s in c["statuses"])
    return c["condition"] + (f"; {statuses}" if statuses else "")


def _legal(state: dict, kind: str) -> dict | None:
    return next((e for e in state["legal"] if e["type"] == kind), None)


def _heading(state: dict, names: dict) -> str:
    if state["phase"] == "setup":
        return "Not started: add the combatants, then Start the battle."
    if state["phase"] != "fighting":
        return "The battle has ended."
    return f"Round {state['round']}: {names[state['turn']]}'s turn."


def _pending(state: dict, names: dict, seat: str) -> Html | None:
    """The burst owed: the girl's player (or the game master) lets it happen."""
    owed = _legal(state, "burst")
    if owed is None:
        return None
    who, stat = names[owed["by"]], STAT_NAMES[owed["stat"]]
    if seat and owed["by"] != seat:
        return h("p", f"Waiting: {who}'s {stat} Burst.", class_="battle-waiting")
    others = [cid for cid in names if cid != owed["by"]]
    buttons = [event_button(f"{stat} Burst", {"type": "burst"}, primary=True)]
    if owed["stat"] == "judgment":
        buttons = [event_button("Burst: everyone nearby", {"type": "burst", "nearby": others},
                                primary=True),
                   event_button("Burst: no one nearby", {"type": "burst", "nearby": []})]
    return h("div", h("p", f"{who}'s {stat} counter reached 13: her {stat} Burst happens now."),
             _group(f"{who}'s burst", *buttons), class_="calc-prompt battle-pending")


def _actions(state: dict, names: dict, end_label: str) -> list[Html]:
    """The current combatant's actions: Melee and Ranged at each target, the moves, and
    ending her turn (``end_label``)."""
    out = []
    attack = _legal(state, "attack")
    for target in attack["targets"] if attack else []:
        out.append(_group(f"Attack {names[target]}",
                          h("span", names[target], class_="battle-target"),
                          *(event_button(label, {"type": "attack", "target": target,
                                                 "range": rng})
                            for rng, label in (("melee", "Melee"), ("ranged", "Ranged"))),
                          class_="battle-actions battle-attack"))
    simple = [event_button(label, {"type": kind})
              for kind, label in (("rise", "Rise again"), ("move", "Move"),
                                  ("reckless", "Reckless movement"),
                                  ("remove-ailments", "Remove ailments"))
              if _legal(state, kind)]
    if _legal(state, "end-turn"):
        simple.append(event_button(end_label, {"type": "end-turn"}, primary=True,
                                   title="Ends this turn and starts the next one."))
    if simple:
        out.append(_group(f"{names[state['turn']]}'s actions", *simple))
    return out


def _log(state: dict, last: int) -> Html:
    """The latest ``last`` lines of the log, newest last (the rest are in the battle file)."""
    lines = state["log"][-last:]
    start = len(state["log"]) - len(lines) + 1
    return h("div", h("p", f"Lines 1 to {start - 1} are in the battle file (Copy a link, or "
                           f"the Events input).") if start > 1 else None,
             h("ol", [h("li", line["text"], h("small", f" ({line['rule']})"))
                      for line in lines], class_="battle-log", start=start))


def _seat_button(label: str, seat: str) -> Html:
    return set_button(label, {"seat": seat, "event": ""})


def _player(state: dict, c: dict, names: dict) -> Html:
    mine_now = state["phase"] == "fighting" and state["turn"] == c["id"]
    turn = (_heading(state, names) if state["phase"] != "fighting" else "Your turn."
            if mine_now else f"Waiting: {names[state['turn']]}'s turn.")
    return h("section", h("h3", c["name"]), h("p", turn, class_="battle-turn"),
             _numbers(c, big=True),
             h("p", "Condition: ", _condition(c), class_="battle-condition"),
             _pending(state, names, c["id"]),
             _actions(state, names, "End the turn") if mine_now and not state["pending"]
             else None,
             h("h4", "Latest"), _log(state, PLAYER_LINES),
             _seat_button("Game master's view", ""),
             class_="battle-player", aria_label=f"{c['name']}'s view")


def _row(state: dict, c: dict, names: dict, index: int) -> Html:
    current = state["phase"] == "fighting" and state["turn_index"] == index
    return h("li", h("div", h("strong", c["name"]), f" ({c['side']})",
                     h("span", " · now" if current else "", class_="battle-now"),
                     class_="battle-who"),
             _numbers(c), h("p", _condition(c), class_="battle-condition"),
             _actions(state, names, "Next turn") if current and not state["pending"] else None,
             _group(f"{c['name']}'s seat", _seat_button(f"Play as {c['name']}", c["id"]),
                    class_="battle-actions battle-seat") if c["kind"] == "girl" else None,
             class_="battle-row", aria_current="true" if current else None)


def _game_master(state: dict, names: dict) -> Html:
    by_id = {c["id"]: c for c in state["combatants"]}
    return h("div",
             h("section", _pending(state, names, ""),
               h("ol", [_row(state, by_id[cid], names, i) for i, cid in enumerate(state["order"])],
                 class_="battle-order", aria_label="Turn order"),
               _group("End the battle", event_button("End the battle", {"type": "end-battle"}))
               if _legal(state, "end-battle") else None,
               class_="battle-main"),
             h("aside", h("h3", "Log"), _log(state, GM_LINES), class_="battle-side",
               aria_label="Log", tabindex="0"),
             class_="battle-gm")


def _setup(result: dict) -> Html:
    people = result["battle"]["combatants"]
    rows = [h("li", h("strong", c["name"]), f" ({c['side']})",
              _group(f"Remove {c['name']}",
                     set_button("Remove", {"combatants": people[:i] + people[i + 1:],
                                           "event": ""})))
            for i, c in enumerate(result["state"]["combatants"])]
    adding = [h("div", h("p", f"Add {a['name']}:"),
                _group(f"Add {a['name']}", *(set_button(
                    f"To the {side}", {"combatants": [*people, {**a["entry"], "side": side}],
                                       **{k: "" for k in NEW_INPUTS}})
                    for side in SIDES)), class_="battle-add")
              for a in result["adding"]]
    return h("section", h("ul", rows, class_="battle-setup", aria_label="Combatants")
             if rows else None,
             adding or h("p", "Pick a saved girl or monster, or fill in a human, a monster or "
                              "a minion in the form below to add one."),
             _group("Start", event_button("Start the battle", {"type": "start"},
                                          primary=True)) if people else None)


def render_table(result: dict) -> Html:
    """The answer as the table uses it: the seat's view, or the setup before the start."""
    state = result["state"]
    names = {c["id"]: c["name"] for c in state["combatants"]}
    seat = result.get("seat", "")
    mine = next((c for c in state["combatants"] if c["id"] == seat), None)
    if state["phase"] == "setup":
        body = _setup(result)
    elif mine is not None:
        body = _player(state, mine, names)
    else:
        body = _game_master(state, names)
    return h("div", h("p", _heading(state, names), class_="battle-head"), body,
             class_="mb-battle wr-battle", data_seat=seat or None)
