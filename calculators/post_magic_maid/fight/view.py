"""What a reader (and the views built on the engine) sees of a post-magic-maid battle state:
JSON with each combatant's numbers, the order, whose turn, the decision owed, the legal events
and the log, and for each saved character what goes back to her character builder (the page's
views of it are :mod:`.table`)."""

from __future__ import annotations

from ...battle.share_link import LINK
from ...battle.state import State
from ...battle.turns import Gate
from ...battle.view import state_view
from ..resolution import action_penalty
from ..sheet import TREATED, WOUND_FIELDS
from .cards import has_automatic
from .citations import note_url
from .combatants import CHARACTER
from .conditions import OUT, WOUND_KEYS
from .turns import JOKER

SHOWN = ("id", "name", "side", "kind", "dice", "bonuses", "abilities", "blitz", *WOUND_KEYS,
         "condition", "card", "spare_aces", "d8s", "planned", "taken", "burned")


def next_penalty(c: dict) -> int | None:
    """The penalty of her next action this turn (``None`` once she has taken those planned)."""
    planned = c["planned"] or 1
    return None if c["taken"] >= planned else action_penalty(c["taken"] + 1, planned)


def sheet(c: dict) -> dict:
    """A saved character's numbers as her character builder's inputs, to hand back after the
    battle: her Blitz Points (burned and gained) and her wounds."""
    return {"blitz": c["blitz"], **{k: c[k] for k in WOUND_KEYS}}


def combatant_view(c: dict) -> dict:
    """One combatant's numbers, both wound tracks tier by tier, her next penalty, and for a
    character (from her file or her link) her ``sheet``."""
    out = {**{k: c[k] for k in SHOWN},
           "automatic": has_automatic(c),
           "next_penalty": next_penalty(c),
           "tracks": {track: [{"name": w.name, "tier": w.tier, "count": c[field],
                               "capacity": w.capacity} for field, w in fields]
                      for track, fields in WOUND_FIELDS.items()}}
    if c["kind"] in (CHARACTER, LINK):
        out["sheet"] = sheet(c)
    return out


def legal(state: State) -> list[dict]:
    """The events the table may send now (the game master's overrides aside), each with the
    choices its fields can take."""
    return Gate.menu(state, _start, _joker_owed, _turn)


def _start(state: State) -> list[dict]:
    return [{"type": "start", "by": None, "acts": [c["id"] for c in state.combatants]}]


def _joker_owed(state: State, owed: dict) -> list[dict] | None:
    """The joker's holder's choice, while she owes it."""
    if owed["kind"] == JOKER:
        return [{"type": JOKER, "by": owed["by"], "choices": list(state.order)}]
    return None


def _turn(state: State, c: dict) -> list[dict]:
    """What the combatant ``c`` whose turn it is may do."""
    out: list[dict] = []
    if c["condition"] != OUT:
        others = [o["id"] for o in state.combatants if o["id"] != c["id"]]
        standing = [o["id"] for o in state.combatants if o["id"] != c["id"]
                    and o["condition"] != OUT]
        if not c["taken"]:
            out.append({"type": "plan", "by": c["id"]})
            if c["blitz"] and not c["burned"]:
                out.append({"type": "burn", "by": c["id"]})
        if c["spare_aces"]:
            out.append({"type": "give-ace", "by": c["id"], "targets": others})
        if next_penalty(c) is not None:
            out.append({"type": "act", "by": c["id"], "penalty": next_penalty(c),
                        "automatic": has_automatic(c), "d8s": c["d8s"], "targets": others,
                        "helpers": standing, "against": standing,
                        "abilities": [a["id"] for a in c["abilities"]]})
            wounds = [{"target": o["id"], "wound": field, "needs": tier}
                      for o in state.combatants for field, tier in TREATED.items() if o[field]]
            if wounds:
                out.append({"type": "treat", "by": c["id"], "penalty": next_penalty(c),
                            "automatic": has_automatic(c), "wounds": wounds,
                            "helpers": standing})
    out += [{"type": "end-turn", "by": c["id"]}, {"type": "end-battle", "by": None}]
    return out


def view(state: State) -> dict:
    """The JSON of a state."""
    return state_view(state, "post-magic-maid", combatant_view, legal, note_url)


__all__ = ["combatant_view", "legal", "next_penalty", "sheet", "view"]
