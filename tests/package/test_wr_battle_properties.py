"""Properties of the Western Roses battle under any sequence of events (hypothesis, through
``battle_properties.play_drawn``): no sequence crashes or leaves spell power, HP, the
spell-meter or actions out of their ranges, with the checks every system's sequences pass."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators.western_roses.fight import RULES, WR_BATTLE
from calculators.western_roses.fight.overrides import SETTABLE
from calculators.western_roses.combat import STATUS_EFFECTS

from battle_properties import SEEDS, play_drawn
from wr_battles import deck, foe

STATUSES = sorted(STATUS_EFFECTS)


@st.composite
def combatants(draw):
    count = draw(st.integers(min_value=2, max_value=3))
    out = []
    for index in range(count):
        numbers = {k: draw(st.integers(min_value=0, max_value=24))
                   for k in ("pwr", "cha", "int", "ins", "speed")}
        numbers.update(hp=draw(st.integers(min_value=1, max_value=60)),
                       range=draw(st.integers(min_value=0, max_value=8)),
                       x=draw(st.integers(min_value=0, max_value=3)),
                       y=draw(st.integers(min_value=0, max_value=2)),
                       spell_power=draw(st.integers(min_value=0, max_value=400)),
                       side="heroes" if index % 2 else "foes")
        if draw(st.booleans()):
            numbers["deck"] = deck()
        out.append(foe(f"c{index}", **numbers))
    return out


@st.composite
def an_event(draw, state: dict, ids: list[str]):
    """An event aimed at the state: mostly one of the legal ones with its options, sometimes
    a game master's override, sometimes anything at all."""
    choice = draw(st.integers(min_value=0, max_value=9))
    if choice == 0:
        return draw(st.dictionaries(st.sampled_from(["type", "seed", "target", "card", "x"]),
                                    st.none() | st.integers() | st.text(max_size=5)
                                    | st.sampled_from(list(RULES.events)), max_size=4))
    if choice <= 2:
        kind = draw(st.sampled_from([e for e in RULES.events if e.startswith("gm-")]
                                    + ["roll"]))
        who = draw(st.sampled_from(ids))
        if kind == "roll":
            return {"type": kind, "combatant": who, "seed": draw(SEEDS),
                    "check": draw(st.sampled_from(["pwr", "cha", "int", "ins", "will"])),
                    **({"target": draw(st.integers(min_value=0, max_value=30))}
                       if draw(st.booleans()) else {})}
        if kind == "gm-set":
            return {"type": kind, "combatant": who, "field": draw(st.sampled_from(list(SETTABLE))),
                    "value": draw(st.integers(min_value=-150, max_value=700)),
                    "seed": draw(SEEDS)}
        if kind == "gm-status":
            return {"type": kind, "combatant": who, "status": draw(st.sampled_from(STATUSES)),
                    "change": draw(st.sampled_from(["add", "remove"])),
                    **({"rounds": draw(st.integers(min_value=1, max_value=3))}
                       if draw(st.booleans()) else {})}
        if kind == "gm-order":
            return {"type": kind, "order": draw(st.permutations(state["order"] or ids))}
        if kind == "gm-note":
            return {"type": kind, "text": draw(st.text(max_size=20))}
        return {"type": kind, "seed": draw(SEEDS)}
    if not state["legal"]:
        return {"type": draw(st.sampled_from(list(RULES.events))), "seed": draw(SEEDS)}
    playing = [e for e in state["legal"] if e["type"] != "end-battle"]
    ending = draw(st.integers(min_value=0, max_value=19)) == 0  # keep most battles going
    legal = draw(st.sampled_from(state["legal"] if ending or not playing else playing))
    event = {"type": legal["type"], "seed": draw(SEEDS)}
    if legal["type"] == "move":
        me = next(c for c in state["combatants"] if c["id"] == legal["by"])
        event.update(x=me["x"] + draw(st.integers(min_value=-3, max_value=3)),
                     y=me["y"] + draw(st.integers(min_value=-3, max_value=3)))
    elif legal["type"] == "attack":
        targets = [t["id"] for t in legal["targets"]] or ids
        event.update(target=draw(st.sampled_from(targets)),
                     attack=draw(st.sampled_from(["physical", "danmaku"])))
    elif legal["type"] == "cast":
        entries = [c["entry"] for c in legal["cards"]] or [0]
        event.update(card=draw(st.sampled_from(entries)), target=draw(st.sampled_from(ids)))
        if draw(st.integers(min_value=0, max_value=3)) == 0:
            event["also"] = draw(st.lists(st.sampled_from(ids), max_size=3))
    elif legal["type"] == "graze":
        event["attempt"] = draw(st.booleans())
    elif legal["type"] == "ability":
        event["ability"] = "Flight"
    elif legal["type"] == "collect":
        event["from"] = draw(st.sampled_from([p["from"] for p in legal["pools"]]))
        if draw(st.booleans()):
            event["spaces"] = draw(st.integers(min_value=0, max_value=4))
    elif legal["type"] == "end-battle":
        event["winner"] = draw(st.sampled_from(["", "heroes", "foes"]))
    if legal["type"] in ("concentrate", "nothing", "ability", "move", "collect"):
        del event["seed"]
    return event


def assert_in_range(state: dict) -> None:
    for c in state["combatants"]:
        assert 0 <= c["spell_power"] <= c["cap"], c
        assert -100 <= c["hp"] <= c["max_hp"], c
        assert 0 <= c["meter"] <= 4, c
        assert 0 <= c["actions"] <= 2, c


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_sequence_of_events_replays_stays_in_range_and_refuses_illegal_ones_unchanged(data):
    play_drawn(data, WR_BATTLE, data.draw(combatants()), an_event, assert_in_range)
