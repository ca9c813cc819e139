"""The tracker's controls and lines for the monster talents of :mod:`.talents`: a tap
for each event open now (ending the ambush turn, going first or not; Mind Leech on a girl's
bond; possessing a human or leaving), a line under a combatant for a false belief she holds or
the human it possesses, and the heading of an ambush turn."""

from __future__ import annotations

from collections.abc import Callable

from ...battle.table import group, heading, legal_event
from ...ui.markup import Html, h


def talent_groups(state: dict, names: dict, button: Callable[..., Html]) -> list[Html]:
    """One labelled group of buttons per talent event open to the combatant whose turn it is
    (``button(label, event)`` makes each)."""
    out = []
    if legal_event(state, "end-ambush"):
        out.append(group("End the ambush", button("Go first in round 1", {
            "type": "end-ambush", "first": True}), button("Keep its place", {
                "type": "end-ambush", "first": False})))
    leech = legal_event(state, "mind-leech")
    for girl in leech["targets"] if leech else []:
        out.append(group(f"Mind Leech on {names[girl['id']]}", *(
            button(f"Bond: {bond}", {"type": "mind-leech", "target": girl["id"], "bond": slot})
            for slot, bond in girl["bonds"])))
    possess = legal_event(state, "possess")
    if possess and possess["possessing"]:
        out.append(group("Possession", button(f"Leave {names[possess['possessing']]}'s mind",
                                              {"type": "possess", "host": ""})))
    elif possess:
        out.append(group("Possession", *(button(f"Possess {names[cid]}", {
            "type": "possess", "host": cid}) for cid in possess["hosts"])))
    return out


def talent_notes(state: dict, c: dict, names: dict) -> list[Html]:
    """Her false beliefs, the human it possesses, or the monster possessing her, one line
    each."""
    out = [h("p", f"False belief about “{b['about']}”: {b['belief']}", class_="battle-belief")
           for b in c.get("beliefs") or []]
    if c.get("possessing"):
        out.append(h("p", f"Possessing {names[c['possessing']]}", class_="battle-possessing"))
    out += [h("p", f"Possessed by {o['name']}: takes the magical damage it takes",
              class_="battle-possessing") for o in state["combatants"]
            if o.get("possessing") == c["id"]]
    return out


def talent_heading(state: dict, names: dict) -> str:
    """The line above every view; an ambush turn is before the first round."""
    if state["phase"] == "fighting" and state["round"] == 0:
        return f"Before the first round: {names[state['turn']]}'s ambush turn."
    return heading(state, names)


__all__ = ["talent_groups", "talent_heading", "talent_notes"]
