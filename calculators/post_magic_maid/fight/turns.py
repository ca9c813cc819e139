"""Initiative by cards and the turns of a post-magic-maid battle (seed
``003_1585970b7e222c64.txt``, “Initiative / Actions”, “Blitz Points”).

The battle starts with the initiative draw: the one who acts draws first, then everyone else
taking part; the highest card goes first, aces high. A joker's holder picks who goes first and
who goes last (with both jokers, the one drawn last), a decision owed before the first turn.
The order lasts the encounter. A round is the order once through: what a Blitz Point gives
"this round" (an ace's or a joker's automatic 25, bonus d8s, spare aces) ends with it."""

from __future__ import annotations

from ...battle.state import FIGHTING, State
from .cards import AUTOMATIC, AUTOMATIC_RESULT, draw, has_automatic
from .citations import cite
from .conditions import OUT

INITIATIVE = cite("Initiative / Actions")
ROUND_NOTE = "round-is-the-order-once-through"
JOKER = "joker-order"


def drawing_order(state: State, acts: str) -> list[dict]:
    """Who draws, in turn: the one who acts, then the others as they were entered."""
    first = state.by_id(acts) if acts else state.combatants[0]
    return [first, *(c for c in state.combatants if c["id"] != first["id"])]


def start_battle(state: State, ev: dict) -> None:
    """Deal one initiative card each, order by rank (equal ranks in the order drawn), and
    either start the first turn or wait for the joker's holder to choose."""
    state.phase = FIGHTING
    state.round = 1
    drawers = drawing_order(state, ev["acts"])
    cards = draw(state, len(drawers), "the initiative draw")
    for c, card in zip(drawers, cards):
        c["card"] = card.label
    state.write("Initiative: " + "; ".join(f"{c['name']} draws {card.label}"
                                           for c, card in zip(drawers, cards)) + ".",
                *INITIATIVE)
    ranked = sorted((pair for pair in zip(drawers, cards) if pair[1].initiative is not None),
                    key=lambda pair: -pair[1].initiative)
    jokers = [c for c, card in zip(drawers, cards) if card.initiative is None]
    state.order = [c["id"] for c, _ in ranked] + [c["id"] for c in jokers]
    state.turn = 0
    state.write("Highest card first, aces high: " + ", ".join(
        state.by_id(cid)["name"] for cid in state.order) + "; equal cards keep the order they "
        "were drawn in. The cards go back and the deck is shuffled.", *INITIATIVE,
        note="equal-cards-in-draw-order")
    if jokers:
        chooser = jokers[-1]
        state.pending.append({"kind": JOKER, "by": chooser["id"]})
        also = " (the last joker drawn)" if len(jokers) > 1 else ""
        state.write(f"{chooser['name']} holds a joker{also}: she decides who goes first and who "
                    "goes last.", *INITIATIVE, note="initiative-joker-chooses")
        return
    begin_round(state)


def choose_order(state: State, ev: dict) -> None:
    """The joker holder's choice: ``first`` and ``last`` placed, everyone else between them in
    the card order, a joker's holder not named after those with cards."""
    chooser = state.by_id(state.pending.pop(0)["by"])
    middle = [cid for cid in state.order if cid not in (ev["first"], ev["last"])]
    state.order = [ev["first"], *middle] + ([ev["last"]] if ev["last"] != ev["first"] else [])
    state.write(f"{chooser['name']} chooses: {state.by_id(ev['first'])['name']} goes first, "
                f"{state.by_id(ev['last'])['name']} last. Order: " + ", ".join(
                    state.by_id(cid)["name"] for cid in state.order) + ".", *INITIATIVE,
                note="joker-holders-without-a-card")
    begin_round(state)


def begin_round(state: State) -> None:
    """Round ``state.round`` from the top of the order: last round's gifts expire."""
    for c in state.combatants:
        expired = [k for k, v in (("bonus d8s", c["d8s"]), ("spare aces", c["spare_aces"]),
                                  (f"automatic {AUTOMATIC_RESULT}", has_automatic(c))) if v]
        if expired and state.round > 1:
            state.write(f"{c['name']}'s unused " + " and ".join(expired) + " end with the "
                        "round.", *cite("Blitz Points"), note=ROUND_NOTE)
        c.update(d8s=0, spare_aces=0, rolled_round=False)
        c["statuses"] = [s for s in c["statuses"] if s["id"] != AUTOMATIC]
    state.turn = 0
    state.write(f"Round {state.round}.", *INITIATIVE, note=ROUND_NOTE)
    start_turn(state, state.by_id(state.current))


def start_turn(state: State, c: dict) -> None:
    """Her turn: nothing planned, rolled or burned yet; knocked out, she cannot act."""
    c.update(planned=0, taken=0, burned=False)
    if c["condition"] == OUT:
        state.write(f"{c['name']}'s turn: she is unconscious and cannot act.", *cite("Wounds"),
                    note="unconscious-cannot-act")
        return
    state.write(f"{c['name']}'s turn.", *INITIATIVE)


def next_turn(state: State) -> None:
    """End the turn: the next in the order acts, a new round when it comes back to the top."""
    if state.turn + 1 < len(state.order):
        state.turn += 1
        start_turn(state, state.by_id(state.current))
    else:
        state.round += 1
        begin_round(state)


__all__ = ["INITIATIVE", "JOKER", "begin_round", "choose_order", "next_turn", "start_battle",
           "start_turn"]
