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

from ...battle import panels
from ...battle.table import (Shown, condition, condition_line, event_button, figure,
                             game_master_view, group, her_turn, legal_event, player_view, row,
                             setup_section, table_view, waiting, whose_turn)
from ...battle.events import rolling
from ...ui.markup import Html, h
from ..monsters import BOSS_BY_ID
from ..overcharge import STAT_NAMES
from .actions import MINOR
from .abilities import LINES, SCREAM, SCREAM_RADIUS
from .belkan import BELKAN, NAME as BELKAN_NAME
from .events import EVENTS
from .hexes import DIRECTIONS, distance
from .overrides import SETTABLE
from .statuses import AILMENT_NAMES
from .talent_table import talent_groups, talent_heading, talent_notes

#: Events whose outcome the dice may decide (they declare a seed: ending the battle rolls a
#: monster's Overcharge Radiation, a move rolls when it sets off a mine): their button carries
#: a fresh seed.
ROLLING = rolling(EVENTS)
PLAYER_LINES = 6
GM_LINES = 60
#: The form's quick entry of a combatant to add: its kind, kept for the next one (a minion
#: after a minion), then her fields, cleared once she is added.
NEW_KEYS = ("kind", "name", "tenacity", "spread", "level", "n", "main", "attack", "defence",
            "support", "damage_bonus", "boss_abilities", "talents", "pool", "template", "q", "r")
#: The move pad: the six hexes next to hers, laid out as they lie (pointy-top hexes), her own
#: in the middle.
PAD = ("North-west", None, "North-east", "West", "here", "East", "South-west", None,
       "South-east")
NEW_INPUTS = (*(f"new_{k}" for k in NEW_KEYS[1:]), "new_character", "character_of",
              "new_monster", "monster_of")
SIDES = ("girls", "monsters")
#: The game master's place pad of a combatant, opened by a button (``tool`` place:<id>).
PLACE = "place"


def _main(c: dict) -> tuple[int, int] | None:
    """Her main number out of its most: Resolve, or a minion's hit points."""
    if c["resolve"] is not None and c["kind"] != "human":
        return c["resolve"], c["max_resolve"]
    if c["hp"] is not None:
        return c["hp"], c["max_hp"]
    return None


def _exact(c: dict) -> str:
    main = _main(c)
    label = "Resolve" if c["resolve"] is not None and c["kind"] != "human" else "HP"
    return (f"{label} {main[0]}/{main[1]}, " if main else "") + condition(c)


#: How a player sees the others: Resolve (or hit points) and condition; a band of it.
SHOWN = Shown(exact=_exact, main=_main)


def _button(label: str, event: dict, primary: bool = False, title: str | None = None) -> Html:
    return event_button(label, event, ROLLING, primary=primary, title=title)


def _numbers(c: dict, big: bool = False) -> Html:
    """Her Resolve (or hit points), wound, pool or counters, and the actions she has left."""
    figures = []
    if c["resolve"] is not None and c["kind"] != "human":
        figures.append(figure("Resolve", f"{c['resolve']}/{c['max_resolve']}", "battle-hp"))
    if c["hp"] is not None:
        figures.append(figure("HP", f"{c['hp']}/{c['max_hp']}", "battle-hp"))
    if c["kind"] in ("girl", "human"):
        figures.append(figure("Wound", c["wound"]))
    if c["pool"] is not None:
        figures.append(figure("Overcharge", c["pool"]))
    if c["kind"] == "girl":
        figures += [figure(STAT_NAMES[s], c[f"overcharge_{s}"]) for s in STAT_NAMES]
    if BELKAN in c["talents"] and c["kind"] == "girl":
        figures.append(figure(BELKAN_NAME, f"+{c['belkan']}"))
    figures += [figure("Major", c["major"]), figure("Minor", c["minor"])]
    if c["q"] is not None:
        figures.append(figure("Hex", f"({c['q']}, {c['r']})"))
    return h("dl", figures, class_="battle-numbers battle-numbers-big" if big else
             "battle-numbers")


def _pending(state: dict, names: dict, seat: str) -> Html | None:
    """The burst owed: the girl's player (or the game master) lets it happen."""
    owed = legal_event(state, "burst")
    if owed is None:
        return None
    who, stat = names[owed["by"]], STAT_NAMES[owed["stat"]]
    if seat and owed["by"] != seat:
        return waiting(state, seat, owed["by"], f"{who}'s {stat} Burst")
    others = [cid for cid in names if cid != owed["by"]]
    buttons = [_button(f"{stat} Burst", {"type": "burst"}, primary=True)]
    if owed["stat"] == "judgment":
        buttons = [_button("Burst: everyone nearby", {"type": "burst", "nearby": others},
                                primary=True),
                   _button("Burst: no one nearby", {"type": "burst", "nearby": []})]
    return h("div", h("p", f"{who}'s {stat} counter reached 13: her {stat} Burst happens now."),
             group(f"{who}'s burst", *buttons), class_="calc-prompt battle-pending")


def _line_attacks(state: dict, names: dict) -> list[Html]:
    """A line attack's buttons, each naming its talent: on the grid one a range and direction
    with foes on the line ("Blast Strike: ranged east: Wolf"); off it, one on all her foes."""
    out = []
    for line in (e for e in state["legal"] if e["type"] == "line-attack"):
        name = "Blast Strike" if line["ability"] == "blast-strike" else "Burst Attack"
        base = {"type": "line-attack", "ability": line["ability"]}
        if not line["on_grid"]:
            out.append(group(name, _button(f"{name}: ranged, on all foes", {
                **base, "range": "ranged", "targets": line["foes"]})))
            continue
        out += [group(name, *(
            _button(f"{name}: {x['range']} {x['direction']}".rstrip() + ": "
                    + ", ".join(names[t] for t in x["foes"]),
                    {**base, "range": x["range"], "direction": x["direction"]})
            for x in line["lines"]))] if line["lines"] else []
    return out


def _bank(state: dict) -> int:
    """The Belkan System bonus the one whose turn it is has banked, to spend on a roll (0:
    none)."""
    c = next((x for x in state["combatants"] if x["id"] == state["turn"]), None)
    return c["belkan"] if c and c["kind"] == "girl" and BELKAN in c["talents"] else 0


def _actions(state: dict, names: dict, end_label: str) -> list[Html]:
    """The current combatant's actions: Melee and Ranged at each target, the moves, and
    ending her turn (``end_label``)."""
    out = []
    attack = legal_event(state, "attack")
    bank = _bank(state)
    for target in attack["targets"] if attack else []:
        if target not in attack["melee"] + attack["ranged"]:
            continue
        out.append(group(f"Attack {names[target]}",
                          h("span", names[target], class_="battle-target"),
                          *(_button(label, {"type": "attack", "target": target,
                                                 "range": rng})
                            for rng, label in (("melee", "Melee"), ("ranged", "Ranged"))
                            if target in attack[rng]),
                          *([_button(f"Melee +{bank}", {"type": "attack", "target": target,
                                                        "range": "melee", "belkan": True},
                                     title=f"Melee, using the {BELKAN_NAME} bonus")]
                            if bank and target in attack["melee"] else []),
                          class_="battle-actions battle-attack"))
    for minion in attack["explosions"] if attack else []:
        foes = attack["blasts"][minion]
        out.append(group(f"Minion Explosion from {names[minion]}", *(
            _button(f"At {names[t]}", {"type": "attack", "target": t, "range": "melee",
                                       "explosion": minion}) for t in foes)))
    talent = legal_event(state, "minion-talent")
    if talent and "a-little-longer" in talent["talents"] and talent["monsters"]:
        out.append(group("A Little Longer", *(
            _button(f"Heal {names[m]}", {"type": "minion-talent", "talent": "a-little-longer",
                                         "target": m}) for m in talent["monsters"])))
    for foe in talent["foes"] if talent and "hello-there" in talent["talents"] else []:
        out.append(group(f"Hello There on {names[foe]}", *(
            _button(label, {"type": "minion-talent", "talent": "hello-there", "target": foe,
                            "status": status})
            for status, label in (("bound", "Bound"), ("bleed", "Bleed")))))
    area = legal_event(state, "challenge")
    for ability in area["abilities"] if area and area["foes"] else []:
        if ability in LINES and area["on_grid"]:
            out += [group(BOSS_BY_ID[ability].name, *(
                _button(f"{way}: " + ", ".join(names[t] for t in foes),
                        {"type": "challenge", "ability": ability, "direction": way})
                for way, foes in area["lines"].items()))] if area["lines"] else []
        elif ability == SCREAM and area["on_grid"]:
            out += [group(BOSS_BY_ID[ability].name, _button(
                f"Within {SCREAM_RADIUS}: " + ", ".join(names[t] for t in area["circle"]),
                {"type": "challenge", "ability": ability}))] if area["circle"] else []
        else:
            out.append(group(BOSS_BY_ID[ability].name, _button(
                "On all its foes", {"type": "challenge", "ability": ability,
                                    "targets": area["foes"]})))
    out += _line_attacks(state, names)
    create = legal_event(state, "create-minions")
    if create:
        out.append(group("Minion Creation", *(
            _button(f"Make {n} minion{'s' if n > 1 else ''}",
                    {"type": "create-minions", "count": n})
            for n in range(1, create["most"] + 1))))
    out += talent_groups(state, names, _button)
    out += _grid_talents(state, names)
    out += [p for p in (_pad(state, "move"), _pad(state, "reckless")) if p is not None]
    off_grid = [(kind, label) for kind, label in (("move", "Move"),
                                                  ("reckless", "Reckless movement"))
                if (legal_event(state, kind) or {}).get("hexes") == []]
    simple = [_button(label, {"type": kind})
              for kind, label in (("rise", "Rise again"), *off_grid)
              if legal_event(state, kind)]
    remove = legal_event(state, "remove-ailments")
    if remove:
        with_minor = {"action": MINOR} if remove["action"] == MINOR else {}
        simple.append(_button("Remove ailments", {"type": "remove-ailments", **with_minor}))
        if bank:
            simple.append(_button(f"Remove ailments +{bank}",
                                  {"type": "remove-ailments", **with_minor, "belkan": True},
                                  title=f"Using the {BELKAN_NAME} bonus"))
    if legal_event(state, "end-turn"):
        simple.append(_button(end_label, {"type": "end-turn"}, primary=True,
                                   title="Ends this turn and starts the next one."))
    if simple:
        out.append(group(f"{names[state['turn']]}'s actions", *simple))
    return out


def _pad_cells(c: dict, events: dict[str, dict]) -> list[Html]:
    """The pad's nine cells around her hex: a button for each direction with an event in
    ``events``, her hex in the middle, gaps elsewhere."""
    cells = []
    for name in PAD:
        if name == "here":
            cells.append(h("span", f"({c['q']}, {c['r']})", class_="battle-pad-gap"))
        elif name not in events:
            cells.append(h("span", "", class_="battle-pad-gap"))
        else:
            to = events[name]
            cells.append(_button(name, to, title=f"To ({to['q']}, {to['r']})"))
    return cells


def _placeable(state: dict, c: dict) -> bool:
    """Whether the game master may place ``c``: not once the battle has ended, in a battle
    where no one is on the grid (the theatre of the mind: the setup form's hexes put them
    there), or for a monster in its host's mind (it goes where its host goes)."""
    return not (state["phase"] == "ended" or c.get("possessing") or all(
        o["q"] is None for o in state["combatants"]))


def _place_button(result: dict, c: dict) -> Html | None:
    """The button opening (or closing) ``c``'s place pad, out of the way until asked for."""
    if not _placeable(result["state"], c):
        return None
    return panels.tool_button(result, PLACE, c, f"Place {c['name']}…", "Done placing",
                              "Move her on the grid (no action, no mine), off it, or make "
                              "her hex rough or open.")


def _placing(result: dict, c: dict) -> Html | None:
    """The game master's taps for where ``c`` stands (gm-place, gm-terrain), once asked for:
    a pad moving her to a free hex next to hers, off the grid, and her hex rough or open; off
    the grid, onto the free hex nearest (0, 0)."""
    state = result["state"]
    if not _placeable(state, c) or not panels.opened(result, PLACE, c["id"]):
        return None
    taken = {(o["q"], o["r"]) for o in state["combatants"]
             if o["q"] is not None and o["id"] != c["id"] and not o.get("possessing")}
    place = {"type": "gm-place", "combatant": c["id"]}
    if c["q"] is None:
        free = next(at for at in sorted(((q, r) for q in range(-9, 10) for r in range(-9, 10)),
                                        key=lambda at: (distance(at, (0, 0)), at[1], at[0]))
                    if at not in taken)
        return h("div", group(f"Place {c['name']}", _button(
            f"Onto the grid at ({free[0]}, {free[1]})", {**place, "q": free[0], "r": free[1]})),
            class_="battle-move battle-placing")
    steps = {name: {**place, "q": c["q"] + dq, "r": c["r"] + dr} for name, dq, dr in DIRECTIONS
             if (c["q"] + dq, c["r"] + dr) not in taken}
    rough = [c["q"], c["r"]] in state.get("rough", [])
    terrain = {"type": "gm-terrain", "q": c["q"], "r": c["r"],
               "feature": "open" if rough else "rough"}
    return h("div", h("p", f"Place {c['name']} (the game master's: no action, no mine):",
                      class_="battle-move-to"),
             group(f"Place {c['name']}", *_pad_cells(c, steps), class_="battle-pad"),
             group(f"{c['name']}'s hex", _button("Off the grid", place),
                   _button("Make it open ground" if rough else "Make it rough terrain",
                           terrain)),
             class_="battle-move battle-placing")


def _pad(state: dict, kind: str) -> Html | None:
    """The move pad (``kind`` "move") or the reckless one: a button for each free hex next to
    hers, where she stands in the middle; ``None`` off the grid or when she cannot."""
    legal = legal_event(state, kind)
    if legal is None or not legal["hexes"]:
        return None
    c = next(o for o in state["combatants"] if o["id"] == state["turn"])
    cells = _pad_cells(c, {x["direction"]: {"type": kind, "q": x["q"], "r": x["r"]}
                           for x in legal["hexes"]})
    leaving = f" to leave {legal['held']}" if legal["held"] else ""
    words = (f"Move a hex: {' and '.join(a.capitalize() for a in legal['actions'])} action"
             f"{'s' if len(legal['actions']) > 1 else ''}{leaving}." if kind == "move" else
             f"Or move recklessly: {legal['action'].capitalize()} action{leaving}, on 2d6! + "
             "Support.")
    label = "Move pad" if kind == "move" else "Reckless movement pad"
    return h("div", h("p", words, class_="battle-move-to"), group(label, *cells,
                                                                   class_="battle-pad"),
             class_="battle-move")


def _grid_talents(state: dict, names: dict) -> list[Html]:
    """Gravity Wave (one tap: everyone in range), a mine (one tap) and Curse Shift (a status
    of someone's, to a target in range)."""
    out = []
    wave = legal_event(state, "gravity-wave")
    if wave:
        out.append(group("Gravity Wave", _button(
            "Gravity Wave on " + ", ".join(names[t] for t in wave["targets"]),
            {"type": "gravity-wave"} if wave["on_grid"] else
            {"type": "gravity-wave", "targets": wave["targets"]})))
    if legal_event(state, "lay-mine"):
        out.append(group("Mines", _button("Lay a mine", {"type": "lay-mine"})))
    curse = legal_event(state, "curse-shift")
    for source in curse["sources"] if curse else []:
        for status in source["statuses"]:
            targets = [t for t in curse["targets"] if t != source["id"]]
            out.append(group(f"Curse Shift: {names[source['id']]}'s {status}",
                             h("span", f"Shift {names[source['id']]}'s {status}",
                               class_="battle-target"),
                             *(_button(f"Curse Shift to {names[t]}", {"type": "curse-shift",
                                                          "from": source["id"], "target": t,
                                                          "statuses": [status]})
                               for t in targets)))
    return out


def _rebirth(state: dict, c: dict, names: dict) -> Html | None:
    """A defeated monster's rebirth, one button a living minion of its side."""
    owed = next((e for e in state["legal"] if e["type"] == "reincarnate"
                 and e["monster"] == c["id"]), None)
    if owed is None:
        return None
    return group(f"{c['name']}'s rebirth", *(
        _button(f"Reborn in {names[m]}", {"type": "reincarnate", "monster": c["id"],
                                          "minion": m}) for m in owed["minions"]))


def _player(result: dict, c: dict, names: dict) -> Html:
    state = result["state"]
    mine_now = her_turn(state, c)
    return player_view(state, c, whose_turn(state, names, mine_now), [
        _numbers(c, big=True), condition_line(condition(c)),
        *talent_notes(state, c, names),
        _pending(state, names, c["id"]),
        _actions(state, names, "End the turn") if mine_now and not state["pending"] else None,
    ], PLAYER_LINES, SHOWN)


def _adjust(result: dict, c: dict) -> Html | None:
    return panels.adjust_panel(result, c, SETTABLE, AILMENT_NAMES, panels.buttons(ROLLING))


def _game_master(result: dict, names: dict) -> Html:
    state = result["state"]
    by_id = {c["id"]: c for c in state["combatants"]}
    rows = []
    for index, cid in enumerate(state["order"]):  # an id may stand twice: the turn is a place
        c = by_id[cid]
        current = state["phase"] == "fighting" and state["turn_index"] == index
        first = index == state["order"].index(cid)  # her tools on her first place only
        rows.append(row(c, current, _numbers(c), h("p", condition(c), class_="battle-condition"),
                        *talent_notes(state, c, names),
                        _actions(state, names, "Next turn") if current and not state["pending"]
                        else None, _rebirth(state, c, names) if first else None,
                        *(panels.gm_tools(result, c, current, _adjust(result, c),
                                          _place_button(result, c), seat=c["kind"] == "girl")
                          if first else [panels.latest(result) if current else None]),
                        _placing(result, c) if first else None))
    return game_master_view(state, _pending(state, names, ""), rows, _button, GM_LINES,
                            winners=False)


def _setup(result: dict) -> Html:
    return setup_section(result, NEW_INPUTS,
                         _button("Start the battle", {"type": "start"}, primary=True),
                         "Pick a saved girl or monster, or fill in a human, a monster or a minion "
                         "in the form below to add one.", sides=SIDES, keep_one=False)


def render_table(result: dict) -> Html:
    """The answer as the table uses it: the seat's view, or the setup before the start."""
    return table_view(result, "mb-battle wr-battle", talent_heading, _setup, _player,
                      _game_master)
