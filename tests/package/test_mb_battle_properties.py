"""Properties of the Magical Burst battle under any sequence of events (hypothesis, through
``battle_properties.play_drawn``, with the checks every system's sequences pass): no sequence
crashes or leaves Resolve, wounds, hit points, counters, the pool or actions out of their
ranges, or two combatants on one hex. Half the battles are on the hex grid (moves on the pad's hexes and
others, the game master placing and changing terrain, the talents that act on positions), half
off it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import CalculatorError
from calculators.magical_burst.fight.calculator import MB_BATTLE, RULES
from calculators.magical_burst.fight.overrides import SETTABLE
from calculators.magical_burst.fight.hexes import DIRECTIONS
from calculators.magical_burst.rules import AILMENTS

from battle_properties import SEEDS, play_drawn
from mb_battles import girl, human, minion, monster

STATS = st.integers(min_value=0, max_value=6)
#: Hexes within 2 of the origin: a crowded field, so moves meet foes, rough ground and mines.
NEAR = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]
GRID_TALENTS = ["gravity-wave", "curse-shift", "mines", "fear-aura", "lashing-ground"]
ABILITIES = ["action-burst", "boost", "lost-barrier", "veil", "mines", "blast-strike",
             "a-little-longer", "binding-attack"]

DIRECTION_NAMES = [name for name, _, _ in DIRECTIONS]
#: The talents :mod:`calculators.magical_burst.fight.talents` plays, drawn half the time.
TALENTS_PLAYED = ["ambush-tactics", "mind-leech", "overcharge-radiation", "lost-possession"]


@st.composite
def combatants(draw):
    out = []
    for index in range(draw(st.integers(min_value=1, max_value=3))):
        out.append(girl(f"g{index}", heart=draw(STATS), fury=draw(STATS),
                        judgment=draw(STATS), tenacity=draw(st.integers(0, 5)),
                        overcharge_heart=draw(st.integers(0, 13)),
                        overcharge_fury=draw(st.integers(0, 13)),
                        overcharge_judgment=draw(st.integers(0, 13)),
                        **({"bond_1_name": "Ren", "bond_1": 2} if draw(st.booleans()) else {}),
                        **draw(st.sampled_from([{}, {}, {"talent_1": "lost-long-range"},
                                                {"affinity": "striker",
                                                 "talent_2": "blast-strike"}]))))
    talent = draw(st.sampled_from(["lost-barrier", "binding-attack", "disruptive-strikes",
                                   "lost-monster-boost"]) | st.sampled_from(TALENTS_PLAYED)
                    | st.sampled_from(GRID_TALENTS))
    if talent == "lost-possession" or draw(st.booleans()):  # a human to possess
        out.append(human("h", tenacity=draw(st.integers(0, 5))))
    spread = draw(st.integers(min_value=1, max_value=3))
    bosses = draw(st.lists(st.sampled_from(["lost-armour", "lost-backlash", "lost-shake-off",
                                            "action-burst", "extra-action",
                                            "minion-creation", "lost-reincarnation",
                                            "blood-rain", "minion-explosion",
                                            "burst-attack"]),
                           max_size=spread, unique=True))
    if sum(2 if b == "extra-action" else 1 for b in bosses) > spread:
        bosses = bosses[:1] if bosses[:1] != ["extra-action"] or spread > 1 else []
    out.append(monster("m", spread=spread, level="row-12", attack=draw(STATS),
                       defence=draw(STATS), support=draw(STATS), boss_abilities=bosses,
                       talents=[talent],
                       pool=draw(st.integers(0, 10))))
    for index in range(draw(st.integers(min_value=0, max_value=2))):
        out.append(minion(f"n{index}", template="spider-nanny"))
    if draw(st.booleans()):
        hexes = draw(st.lists(st.sampled_from(NEAR), min_size=len(out), max_size=len(out),
                              unique=True))
        # now and then one of them stays off the grid, in a battle on it
        out = [{**c, "q": q, "r": r} if draw(st.integers(0, 5)) else c
               for c, (q, r) in zip(out, hexes)]
    return out


@st.composite
def an_event(draw, state: dict, ids: list[str]):
    """An event aimed at the state: mostly one of the legal ones with options, sometimes a
    game master's override or another table event, sometimes anything at all."""
    choice = draw(st.integers(min_value=0, max_value=11))
    if choice == 0:
        return draw(st.dictionaries(st.sampled_from(["type", "seed", "target", "ability"]),
                                    st.none() | st.integers() | st.text(max_size=5)
                                    | st.sampled_from(list(RULES.events)), max_size=4))
    who = draw(st.sampled_from(ids))
    if choice <= 2:
        kind = draw(st.sampled_from([e for e in RULES.events if e.startswith("gm-")]
                                    + ["gm-lift-belief"]))
        if kind == "gm-set":
            return {"type": kind, "combatant": who, "field": draw(st.sampled_from(list(SETTABLE))),
                    "value": draw(st.integers(min_value=-5, max_value=60)), "seed": draw(SEEDS)}
        if kind == "gm-status":
            return {"type": kind, "combatant": who,
                    "status": draw(st.sampled_from([a.id for a in AILMENTS])),
                    "change": draw(st.sampled_from(["add", "remove"]))}
        if kind == "gm-order":
            return {"type": kind, "order": draw(st.permutations(state["order"] or ids))}
        if kind == "gm-note":
            return {"type": kind, "text": draw(st.text(max_size=20))}
        if kind in ("gm-place", "gm-terrain"):
            q, r = draw(st.sampled_from(NEAR))
            return {"type": kind, "q": q, "r": r,
                    **({"combatant": who} if kind == "gm-place" else
                       {"feature": draw(st.sampled_from(["rough", "open"]))})}
        if kind == "gm-lift-belief":
            return {"type": "lift-belief", "combatant": who, "belief": draw(st.integers(0, 2))}
        return {"type": kind, "seed": draw(SEEDS)}
    if choice == 3:
        return {"type": "ability", "ability": draw(st.sampled_from(ABILITIES)),
                "role": draw(st.sampled_from(["", "attack"])),
                **({"points": 2} if draw(st.booleans()) else {})}
    if choice == 4:
        return {"type": "overcharge-effect", "combatant": who,
                "stat": draw(st.sampled_from(["heart", "fury", "judgment"])), "seed": draw(SEEDS)}
    if not state["legal"]:
        return {"type": draw(st.sampled_from(list(RULES.events))), "seed": draw(SEEDS)}
    playing = [e for e in state["legal"] if e["type"] != "end-battle"]
    ending = draw(st.integers(min_value=0, max_value=19)) == 0  # keep most battles going
    legal = draw(st.sampled_from(state["legal"] if ending or not playing else playing))
    event = {"type": legal["type"], "seed": draw(SEEDS)}
    if legal["type"] == "attack":
        event.update(target=draw(st.sampled_from(legal["targets"] or ids)),
                     range=draw(st.sampled_from(["melee", "ranged"])),
                     boosts=draw(st.integers(0, 1)),
                     effect=draw(st.sampled_from(["", "", "binding-attack"])),
                     barrier=draw(st.sampled_from([0, 0, 0, 1])),
                     interceptor=draw(st.sampled_from(["", "", "", *ids])),
                     fury_damage=draw(st.sampled_from([False, False, False, True])),
                     explosion=draw(st.sampled_from(["", "", "", "n0", *ids])))
    elif legal["type"] == "burst":
        event["nearby"] = draw(st.lists(st.sampled_from(ids), unique=True, max_size=3))
        creature = draw(st.sampled_from([None, None, {}, {"spread": 2, "level": "row-16"},
                                         {"spread": 9}, {"side": "monsters"}, "x"]))
        if creature is not None:
            event["creature"] = creature
    elif legal["type"] == "create-minions":
        event["count"] = draw(st.integers(1, legal["most"] + 1))
        if draw(st.booleans()):
            event["minion"] = draw(st.sampled_from([{}, {"template": "maintenance-imps"},
                                                    {"hp": 0}, {"kind": "girl"}, [1]]))
    elif legal["type"] == "challenge":
        event["ability"] = draw(st.sampled_from([*legal["abilities"], "deafening-scream"]))
        if not legal["on_grid"] or draw(st.integers(0, 3)) == 0:
            event["targets"] = draw(st.lists(st.sampled_from(legal["foes"] or ids), min_size=1,
                                             max_size=3, unique=True)
                                    | st.lists(st.sampled_from(ids), max_size=3))
        if legal["on_grid"] or draw(st.integers(0, 3)) == 0:
            event["direction"] = draw(st.sampled_from([*legal["lines"], *DIRECTION_NAMES]))
    elif legal["type"] == "line-attack":
        way = draw(st.sampled_from(legal["lines"] or [{"range": "ranged", "direction": ""}]))
        event.update(ability=legal["ability"], range=draw(st.sampled_from([way["range"],
                                                                          "melee", "ranged"])),
                     direction=draw(st.sampled_from([way["direction"], *DIRECTION_NAMES])))
        if not legal["on_grid"] or draw(st.integers(0, 3)) == 0:
            event["targets"] = draw(st.lists(st.sampled_from(legal["foes"] or ids), min_size=1,
                                             max_size=3, unique=True))
    elif legal["type"] == "minion-talent":
        event.update(talent=draw(st.sampled_from(["a-little-longer", "hello-there"])),
                     target=draw(st.sampled_from(ids)),
                     status=draw(st.sampled_from(["bound", "bleed"])))
    elif legal["type"] == "reincarnate":
        event.update(monster=legal["monster"],
                     minion=draw(st.sampled_from(legal["minions"] + ids)))
        del event["seed"]
    elif legal["type"] == "remove-ailments":
        event["action"] = draw(st.sampled_from(["major", "minor"]))
    elif legal["type"] in ("move", "reckless"):
        if legal["type"] == "move":
            event["disengage"] = draw(st.booleans())
        if legal["hexes"]:
            to = draw(st.sampled_from(legal["hexes"]))
            event.update(draw(st.sampled_from([{"q": to["q"], "r": to["r"]},
                                               {"q": to["q"], "r": to["r"]},
                                               dict(zip("qr", draw(st.sampled_from(NEAR)))),
                                               {}])))
    elif legal["type"] == "gravity-wave" and not legal["on_grid"]:
        event["targets"] = draw(st.lists(st.sampled_from(legal["targets"]), min_size=1,
                                         unique=True))
    elif legal["type"] == "curse-shift":
        source = draw(st.sampled_from(legal["sources"]))
        event.update({"from": source["id"], "target": draw(st.sampled_from(
            legal["targets"] + ids)), "statuses": draw(st.lists(st.sampled_from(
                source["statuses"] + ["stun"]), min_size=1, max_size=2))})
    elif legal["type"] == "end-ambush":
        event["first"] = draw(st.booleans())
    elif legal["type"] == "mind-leech":
        target = draw(st.sampled_from(legal["targets"]))
        event.update(target=draw(st.sampled_from([target["id"], *ids])),
                     bond=draw(st.sampled_from([*(b[0] for b in target["bonds"]), 2])),
                     belief=draw(st.text(max_size=12)))
    elif legal["type"] == "possess":
        del event["seed"]
        event["host"] = draw(st.sampled_from(legal["hosts"] + ["", *ids]))
    elif legal["type"] == "end-battle":
        if draw(st.booleans()):
            event["near"] = draw(st.lists(st.sampled_from(ids), unique=True, max_size=3))
        if draw(st.booleans()):
            del event["seed"]
    if legal["type"] in ("curse-shift", "lay-mine") or (
            legal["type"] == "move" and draw(st.integers(0, 3)) == 0):
        del event["seed"]
    return event


def assert_in_range(state: dict) -> None:
    for c in state["combatants"]:
        if c["resolve"] is not None and c["kind"] != "human":
            assert 0 <= c["resolve"] <= c["max_resolve"], c
        assert 0 <= c["damage"], c
        assert c["damage"] < 6 or c["condition"] == "dead", c
        if c["kind"] == "minion":
            assert 0 <= c["hp"] <= c["max_hp"], c
            assert all(u >= 0 for u in c["uses"].values()), c
        if c["kind"] == "monster":
            assert 0 <= c["pool"], c
        for key in ("overcharge_heart", "overcharge_fury", "overcharge_judgment"):
            assert 0 <= c[key] <= 40, c
        assert 0 <= c["major"] <= 3 and 0 <= c["minor"] <= 1, c
    taken = [(c["q"], c["r"]) for c in state["combatants"] if c["q"] is not None
             and c["condition"] not in ("destroyed", "defeated") and not c.get("possessing")]
    assert len(taken) == len(set(taken)), "two combatants on one hex"
    for c in state["combatants"]:  # a monster in a mind stands on its host's hex
        host = next((o for o in state["combatants"] if o["id"] == c.get("possessing")), None)
        if host is not None and host["q"] is not None:
            assert (c["q"], c["r"]) == (host["q"], host["r"]), c


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_sequence_of_events_replays_stays_in_range_and_refuses_illegal_ones_unchanged(data):
    play(data, data.draw(combatants()))


@st.composite
def talent_fight(draw):
    """A girl with a bond, a human, and a monster with one of :data:`TALENTS_PLAYED`."""
    return [girl("g0", judgment=draw(STATS), bond_1_name="Ren", bond_1=2,
                 overcharge_fury=draw(st.integers(0, 13))),
            human("h", tenacity=draw(st.integers(0, 5))),
            monster("m", level="row-14", spread=2, attack=draw(STATS), defence=draw(STATS),
                    support=draw(STATS),
                    talents=draw(st.lists(st.sampled_from(TALENTS_PLAYED), min_size=1,
                                          max_size=2, unique=True)))]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_talents_battles_play_replay_and_refuse_illegal_events_unchanged(data):
    """The same properties in a fight where the monster has two of the talents the battle
    plays (Ambush Tactics, Mind Leech, Overcharge Radiation, possession)."""
    play(data, data.draw(talent_fight()), end=True)


def play(data, cs: list, end: bool = False) -> None:
    """Up to 30 drawn events on ``cs``, each answer checked (the properties above); with
    ``end``, then an end of the battle (which a monster's Overcharge Radiation rolls at)."""
    ids = [c["id"] for c in cs]
    last = st.fixed_dictionaries({"type": st.just("end-battle"), "seed": SEEDS}, optional={
        "near": st.lists(st.sampled_from(ids), unique=True, max_size=2)})
    play_drawn(data, MB_BATTLE, cs, an_event, assert_in_range, last=last if end else None)


MONSTER_INPUTS = ("name", "spread", "level", "n", "main", "attack", "defence", "support",
                  "damage_bonus", "boss_abilities", "talents", "pool", "resolve", "nope")


@settings(max_examples=150, deadline=None)
@given(st.one_of(
    st.dictionaries(st.sampled_from(MONSTER_INPUTS),
                    st.text(max_size=12) | st.integers(-5, 600) | st.booleans()
                    | st.lists(st.sampled_from(ABILITIES + ["lost-armour", "x"]), max_size=4)),
    st.lists(st.integers(), max_size=2), st.text(max_size=20)))
def test_any_saved_monster_is_offered_to_add_or_refused_on_its_input(record):
    """Whatever a saved monster's record holds (a record of another version, a hand-edited
    export, JSON text): the battle offers it with a fresh id, or refuses it on
    ``new_monster`` only."""
    try:
        adding = MB_BATTLE.run({"combatants": [girl("new")], "new_monster": record})["adding"]
    except CalculatorError as exc:
        assert {e.field for e in exc.errors} == {"new_monster"}
        return
    if isinstance(record, str) and not record.strip():  # an empty input: no one to add
        assert adding == []
        return
    [offered] = adding
    assert offered["entry"]["kind"] == "monster" and offered["entry"]["id"] != "new"
