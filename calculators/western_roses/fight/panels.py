"""The tracker's controls beyond an attack, all taps: a combatant's Roll (a check the table
asks for, kept in the log and shown beside her), her abilities, collecting dropped spell
power at the distance the table measures, the move pad, and the game master's adjustments
(the engine's :mod:`calculators.battle.panels`, with the numbers and statuses of Western
Roses and a Roll for her).

A control needing more than one tap (the move pad's destination, one combatant's
adjustments) is opened by a button setting the hidden ``tool`` input (``move:<x>:<y>``,
``adjust:<id>``); the event it finally sends closes it (:func:`.buttons.event_button`).
"""

from __future__ import annotations

from ...battle import panels
from ...battle.table import group, legal_event
from ...ui import RANDOM, set_button
from ...ui.markup import Html, h
from ..combat import STATUS_EFFECTS
from .buttons import ROLLING, event_button
from .checks import CHECKS
from .conditions import GONE
from .damage import collected
from .overrides import SETTABLE
from .positions import MAX_PICKUP, distance

MOVE, ADJUST = "move", "adjust"
#: The move pad: a step in each of the eight directions (a diagonal is one space), its
#: centre the move itself.
PAD = (("Up-left", -1, -1), ("Up", 0, -1), ("Up-right", 1, -1), ("Left", -1, 0), None,
       ("Right", 1, 0), ("Down-left", -1, 1), ("Down", 0, 1), ("Down-right", 1, 1))
#: The numbers the game master's adjustments offer, with the labels the panel gives them.
ADJUSTED = {"hp": "HP", "spell_power": "Spell power", "meter": "Meter", "actions": "Actions",
            "x": "Column", "y": "Row"}
STATUSES = {sid: s.name for sid, s in STATUS_EFFECTS.items()}


def tool(result: dict) -> tuple[str, list[str]]:
    """The open tool and its arguments (``("move", ["3", "-1"])``), or ``("", [])``."""
    return panels.tool(result, (MOVE, ADJUST))


def _living(state: dict) -> list[dict]:
    return [o for o in state["combatants"] if o["condition"] not in GONE]


def roll_section(c: dict) -> Html:
    """Her Roll buttons (a stat or her will) and the roll she made last, beside them."""
    buttons = [event_button(word.capitalize(), {"type": "roll", "combatant": c["id"],
                                                "check": key}, keep_tool=True)
               for key, word in CHECKS.items()]
    last = c["last_roll"]
    return h("div", group(f"{c['name']} rolls", h("span", "Roll", class_="battle-target"),
                          *buttons, class_="battle-actions battle-roll-buttons"),
             h("p", last["text"], class_="battle-roll", data_roll_entry=last["text"],
               data_roll_key=last["key"]) if last else None,
             class_="battle-rolls", aria_live="polite")


def ability_groups(state: dict) -> list[Html]:
    """Her abilities used as an action (manipulation, her profession's): one the tracker plays
    has a button per living target, any other Use."""
    legal = legal_event(state, "ability")
    if legal is None:
        return []
    out = []
    for a in (a for a in legal["abilities"] if not a["always_on"]):
        if a["played"] and a["uses_left"] <= 0:
            buttons = [h("span", "no use left today")]
        elif a["played"]:
            buttons = [event_button(f"On {o['name']}", {"type": "ability", "ability": a["id"],
                                                         "target": o["id"], "seed": RANDOM},
                                    title=a["text"]) for o in _living(state)]
        else:
            buttons = [event_button("Use", {"type": "ability", "ability": a["id"]},
                                    title=a["text"])]
        out.append(group(f"Ability: {a['name']}", h("span", a["name"], class_="battle-target"),
                         *buttons, class_="battle-actions battle-ability"))
    return out


def collect_groups(state: dict, names: dict) -> list[Html]:
    """Dropped spell power open to her: one button per distance the table may measure,
    each with what she would collect from there."""
    legal = legal_event(state, "collect")
    if legal is None:
        return []
    out = []
    for pool in legal["pools"]:
        who = names[pool["from"]]
        buttons = [event_button(f"{spaces} space{'' if spaces == 1 else 's'}: "
                                f"{collected(pool['amount'], spaces)}",
                                {"type": "collect", "from": pool["from"], "spaces": spaces})
                   for spaces in range(MAX_PICKUP + 1)]
        out.append(group(f"Collect {who}'s spell power",
                         h("span", f"Collect {who}'s {pool['amount']} spell power "
                                   f"({pool['distance']} spaces away on the map):",
                           class_="battle-target"),
                         *buttons, class_="battle-actions battle-collect"))
    return out


def _draft(c: dict, args: list[str]) -> tuple[int, int]:
    """The pad's destination, or where she stands when it is not one she can reach (an
    address edited by hand)."""
    try:
        x, y = int(args[0]), int(args[1])
    except (IndexError, ValueError):
        return c["x"], c["y"]
    return (x, y) if distance(c, {"x": x, "y": y}) <= c["speed"] else (c["x"], c["y"])


def move_controls(result: dict, c: dict) -> Html | None:
    """Move: a button opening the pad; the pad steps a destination within her speed, and its
    centre moves her there."""
    state = result["state"]
    if legal_event(state, "move") is None or c["speed"] < 1:
        return None
    kind, args = tool(result)
    if kind != MOVE:
        return group(f"{c['name']} moves", set_button(
            "Move…", {"tool": f"{MOVE}:{c['x']}:{c['y']}"},
            title="Pick where she moves, up to her speed."), class_="battle-actions")
    x, y = _draft(c, args)
    here = {"x": x, "y": y}
    cells = []
    for step in PAD:
        if step is None:
            cells.append(event_button("Move here", {"type": "move", "x": x, "y": y},
                                      primary=True) if (x, y) != (c["x"], c["y"])
                         else h("span", "here", class_="battle-pad-gap"))
            continue
        label, dx, dy = step
        to = {"x": x + dx, "y": y + dy}
        cells.append(set_button(label, {"tool": f"{MOVE}:{to['x']}:{to['y']}"})
                     if distance(c, to) <= c["speed"] else
                     h("span", "", class_="battle-pad-gap"))
    far = distance(c, here)
    return h("div", h("p", f"Move to ({x}, {y}): {far} of her {c['speed']} spaces.",
                      class_="battle-move-to"),
             group("Move pad", *cells, class_="battle-pad"),
             group("Move", set_button("Cancel the move", {"tool": ""})),
             class_="battle-move")


def adjust_button(c: dict, result: dict) -> Html:
    return panels.adjust_button(result, c)


def adjust_panel(result: dict, c: dict) -> Html | None:
    """The game master's adjustments of ``c``, when open (the engine's panel over the numbers
    of :data:`ADJUSTED` and every status), and a roll for her during the fight (rolls are made
    then only)."""
    fighting = result["state"]["phase"] == "fighting"
    return panels.adjust_panel(result, c, SETTABLE, STATUSES, panels.buttons(ROLLING),
                               ADJUSTED, roll_section(c) if fighting else None)
