"""The Magical Burst battle at the table: the answer of ``mb-battle`` as HTML, whose turn it
is, every combatant in turn order with her numbers, and the log with the rule and dice of each
line."""

from __future__ import annotations

from ..ui.markup import Html, h, join
from ..ui.tables import data_table

LOG_LINES = 60


def _numbers(c: dict) -> str:
    """Resolve, hit points or wounds, pool or counters, in a few words."""
    parts = []
    if c["resolve"] is not None:
        parts.append(f"Resolve {c['resolve']}/{c['max_resolve']}")
    if c["hp"] is not None:
        parts.append(f"HP {c['hp']}/{c['max_hp']}")
    if c["wound"]:
        parts.append(f"wound {c['wound']}")
    if c["pool"] is not None:
        parts.append(f"pool {c['pool']}")
    if c["kind"] == "girl":
        parts.append("overcharge " + "/".join(str(v) for k, v in c["sheet"].items()
                                               if k.startswith("overcharge_")))
    return ", ".join(parts)


def render_table(result: dict) -> Html:
    """The state: heading, the combatants in turn order, the log (latest last)."""
    state = result["state"]
    by_id = {c["id"]: c for c in state["combatants"]}
    names = {cid: c["name"] for cid, c in by_id.items()}
    head = ("Not started" if state["phase"] == "setup" else "Ended" if state["phase"] == "ended"
            else f"Round {state['round']}: {names[state['turn']]}'s turn")
    order = state["order"] or list(by_id)
    rows = [[names[cid], by_id[cid]["condition"], _numbers(by_id[cid]),
             ", ".join(s["name"] for s in by_id[cid]["statuses"]) or "—"] for cid in order]
    log = [h("li", line["text"], h("small", " — ", line["rule"]))
           for line in state["log"][-LOG_LINES:]]
    return h("div", h("p", head, class_="battle-head"),
             data_table("Combatants in turn order", ["Name", "Condition", "Numbers",
                                                     "Ailments"], rows),
             h("ol", join(log), class_="battle-log"), class_="mb-battle")
