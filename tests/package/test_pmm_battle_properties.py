"""Properties of the post-magic-maid battle under any sequence of events (hypothesis, through
``battle_properties.play_drawn``): no sequence crashes or leaves Blitz Points, wounds, bonus
d8s, spare aces or actions out of their ranges, with the checks every system's sequences
pass."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators.post_magic_maid.fight.calculator import PMM_BATTLE, RULES
from calculators.post_magic_maid.fight.overrides import SETTABLE
from calculators.post_magic_maid.character import CHECKS
from calculators.post_magic_maid.sheet import WOUND_FIELDS

from calculators.interpretations import load_interpretations

from battle_properties import SEEDS, play_drawn
from pmm_battles import quick

NOTES = {n.id for n in load_interpretations("calculators.post_magic_maid")}

DICE = ("d6", "d8", "d12", "d20")
ATTRS = ("int", "str", "dex", "cha", "wll", "lck")
CHECK_IDS = [c for c, _ in CHECKS]
CAPACITY = {field: w.capacity for fields in WOUND_FIELDS.values() for field, w in fields}


@st.composite
def combatants(draw):
    count = draw(st.integers(min_value=2, max_value=5))
    out = []
    for index in range(count):
        numbers = {f"die_{a}": draw(st.sampled_from(DICE)) for a in ATTRS}
        numbers.update({f"bonus_{a}": draw(st.integers(min_value=0, max_value=5))
                        for a in ATTRS})
        numbers["blitz"] = draw(st.integers(min_value=0, max_value=4))
        out.append(quick(f"c{index}", "heroes" if index % 2 else "foes", **numbers))
    return out


@st.composite
def an_event(draw, state: dict, ids: list[str]):
    """An event aimed at the state: mostly a legal one with its options, sometimes a game
    master's override (a wound set, for treatments to heal), sometimes anything at all."""
    choice = draw(st.integers(min_value=0, max_value=9))
    if choice == 0:
        return draw(st.dictionaries(st.sampled_from(["type", "seed", "target", "check", "d8s"]),
                                    st.none() | st.integers() | st.text(max_size=5)
                                    | st.sampled_from(list(RULES.events)), max_size=4))
    if choice == 1:
        return {"type": "gm-set", "combatant": draw(st.sampled_from(ids)),
                "field": draw(st.sampled_from(list(SETTABLE))),
                "value": draw(st.integers(min_value=-2, max_value=12)), "seed": draw(SEEDS)}
    if choice == 3:  # a wound in range, for a treatment to heal
        field = draw(st.sampled_from(list(CAPACITY)))
        return {"type": "gm-set", "combatant": draw(st.sampled_from(ids)), "field": field,
                "value": draw(st.integers(min_value=0, max_value=CAPACITY[field])),
                "seed": draw(SEEDS)}
    if choice == 2:
        return {"type": "gm-status", "combatant": draw(st.sampled_from(ids)),
                "status": "automatic-25", "change": draw(st.sampled_from(["add", "remove"]))}
    legal = state["legal"]
    if not legal:
        return {"type": "end-turn"}
    pick = draw(st.sampled_from(legal))
    kind, seed = pick["type"], draw(SEEDS)
    if kind == "start":
        return {"type": kind, "acts": draw(st.sampled_from(ids)), "seed": seed}
    if kind == "joker-order":
        return {"type": kind, "first": draw(st.sampled_from(ids)),
                "last": draw(st.sampled_from(ids))}
    if kind == "plan":
        return {"type": kind, "actions": draw(st.integers(min_value=1, max_value=4))}
    if kind == "give-ace":
        return {"type": kind, "target": draw(st.sampled_from(pick["targets"]))}
    if kind == "act":
        event = {"type": kind, "check": draw(st.sampled_from(CHECK_IDS)), "seed": seed,
                 "d8s": draw(st.integers(min_value=0, max_value=pick["d8s"]))
                 if not pick["automatic"] else 0,
                 "bonus": draw(st.integers(min_value=-10, max_value=10))}
        if draw(st.booleans()):
            event.update(target=draw(st.sampled_from(pick["targets"])),
                         track=draw(st.sampled_from(["blunt", "rending"])))
        if pick["helpers"] and draw(st.booleans()):
            event.update(helper=draw(st.sampled_from(pick["helpers"])),
                         helper_check=draw(st.sampled_from(CHECK_IDS)))
        if pick["against"] and draw(st.booleans()):
            event.update(against=draw(st.sampled_from(pick["against"])),
                         against_check=draw(st.sampled_from(CHECK_IDS)))
        return event
    if kind == "treat":
        wound = draw(st.sampled_from(pick["wounds"]))
        return {"type": kind, "target": wound["target"], "seed": seed,
                "wound": draw(st.sampled_from([wound["wound"], *CAPACITY])),
                "bonus": draw(st.integers(min_value=-10, max_value=10))}
    if kind == "end-battle":
        return {"type": kind}
    return {"type": kind, "seed": seed}


def in_range(state: dict) -> None:
    for c in state["combatants"]:
        assert c["blitz"] >= 0 and c["d8s"] >= 0 and c["spare_aces"] >= 0
        assert 0 <= c["taken"] <= 10 and 0 <= c["planned"] <= 10
        for field, capacity in CAPACITY.items():
            assert 0 <= c[field] <= capacity
        assert c["condition"] in ("fine", "unconscious", "bleeding", "dying")
    for line in state["log"]:  # every reading a line follows is on the notes page
        assert not line["note"] or line["note"] in NOTES
        assert line["note_url"].endswith(f"#{line['note']}") if line["note"] else True
    if state["phase"] == "fighting":
        assert sorted(state["order"]) == sorted(c["id"] for c in state["combatants"])
        assert state["round"] >= 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_sequence_replays_stays_in_range_and_refuses_illegal_events_unchanged(data):
    play_drawn(data, PMM_BATTLE, data.draw(combatants()), an_event, in_range)
