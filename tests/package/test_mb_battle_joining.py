"""Who joins a Magical Burst fight under way, worked by hand from the rules (seed 002:
"Overcharge" (the Heart Burst), "Monsters", "Boss abilities" (Minion Creation and the
rebirth in a minion), "Minions", "Space and time" (initiative)) and from the dice the log
shows; the readings are ``heart-burst-creature`` and ``joining-the-fight``."""

from __future__ import annotations

from mb_battles import faces, girl, lines, monster, refused, seed_where, state, who

BEAST = {"spread": 2, "level": "row-14", "attack": 4, "defence": 3, "support": 3}
#: Ren is her strongest bond (2), the club her weaker one (1).
BONDS = {"bond_1_name": "Her brother Ren", "bond_1": 2, "bond_2_name": "The club", "bond_2": 1}


def opening(cs: list, first: str) -> dict:
    """A start whose initiative gives ``first`` the first turn (the test's own search)."""
    return seed_where(cs, [], {"type": "start"}, lambda st: st["turn"] == first)


def initiative(st: dict, name: str) -> int:
    """Her initiative total from the dice the log shows: 2d6 + Support ("Space and time")."""
    return sum(faces(st, f"{name}'s initiative"))


# --- 1. A Heart Burst's creature joins the fight ---------------------------------------------

def test_a_heart_burst_makes_a_spread_1_creature_that_joins_by_its_initiative():
    """Ann (Heart, Fury, Judgment 3: Attack, Defence and Support 3) bursts at Heart 13: her
    strongest bond drops 2 → 1, and the creature (spread 1 on the × 12 row: Resolve 12, her
    3/3/3, a full pool) rolls 2d6 + 3 and stands in the order by that total."""
    cs = [girl("ann", overcharge_heart=13, **BONDS), monster("b", **BEAST)]
    start = opening(cs, "ann")
    st = state(cs, [start, {"type": "burst", "seed": 5}])
    ann, it = who(st, "ann"), who(st, "ann-creature")
    assert ann["overcharge_heart"] == 0 and ann["sheet"]["bond_1_now"] == 1
    assert ann["sheet"]["bond_2_now"] == 1 and ann["condition"] == "fighting"
    assert (it["kind"], it["resolve"], it["max_resolve"]) == ("monster", 12, 12)
    assert (it["attack"], it["defence"], it["support"], it["pool"]) == (3, 3, 3, 10)
    assert it["side"] not in ("girls", "monsters")  # a side of its own
    assert "“Her brother Ren”" in " ".join(lines(st))
    # the order: everyone by total, then stat; a tie with those already there goes after them
    totals = {"ann": initiative(st, "Ann") + 3, "b": initiative(st, "B") + 3}
    mine = initiative(st, "Ann's creature") + 3
    assert it["initiative"] == [mine]
    before = [cid for cid in st["order"] if cid != "ann-creature"]
    place = next((i for i, cid in enumerate(before) if mine > totals[cid]), len(before))
    assert st["order"] == before[:place] + ["ann-creature"] + before[place:]
    assert st["turn"] == "ann"  # her turn goes on


def test_the_creature_acts_when_the_order_reaches_it_and_is_defeated_at_0_resolve():
    cs = [girl("ann", overcharge_heart=13, **BONDS), monster("b", **BEAST)]
    events = [opening(cs, "ann"), {"type": "burst", "seed": 5}]
    st = state(cs, events)
    for seed in range(2, 8):  # round on until it is the creature's turn
        if st["turn"] == "ann-creature":
            break
        events.append({"type": "end-turn", "seed": seed})
        st = state(cs, events)
    assert st["turn"] == "ann-creature"
    assert (who(st, "ann-creature")["major"], who(st, "ann-creature")["minor"]) == (1, 1)
    assert any(e["type"] == "attack" for e in st["legal"])
    st = state(cs, [*events, {"type": "gm-set", "combatant": "ann-creature",
                              "field": "resolve", "value": 0, "seed": 1}])
    assert who(st, "ann-creature")["condition"] == "defeated"


def test_a_heart_burst_that_leaves_her_no_bond_makes_her_the_creature():
    """One bond at 1: the burst takes it to 0, she sheds her human body; the creature takes
    her place in the order, and she takes no more turns."""
    cs = [girl("ann", overcharge_heart=13, bond_1_name="Ren", bond_1=1),
          monster("b", **BEAST)]
    start = opening(cs, "ann")
    before = state(cs, [start])["order"]
    st = state(cs, [start, {"type": "burst", "seed": 5}])
    assert who(st, "ann")["condition"] == "transformed"
    assert who(st, "ann")["sheet"]["bond_1_now"] == 0
    assert st["order"] == ["ann-creature" if cid == "ann" else cid for cid in before]
    st = state(cs, [start, {"type": "burst", "seed": 5}, {"type": "end-turn", "seed": 2},
                    {"type": "end-turn", "seed": 3}])
    assert st["turn"] == "ann-creature" and st["round"] == 2


def test_the_game_master_builds_the_creature_by_the_monsters_rules_or_is_refused():
    """Spread 2 on the × 16 row: Resolve 2 × 16 = 32, on the monsters' side; a spread of 9, a
    boss ability beyond its spread or a creature for a Fury Burst are refused, unchanged."""
    cs = [girl("ann", overcharge_heart=13, **BONDS), monster("b", **BEAST)]
    start = opening(cs, "ann")
    built = {"name": "Thorn Knight", "spread": 2, "level": "row-16", "attack": 5,
             "side": "monsters", "boss_abilities": ["lost-armour", "blood-rain"]}
    st = state(cs, [start, {"type": "burst", "seed": 5, "creature": built}])
    knight = who(st, "ann-creature")
    assert (knight["name"], knight["resolve"], knight["side"], knight["attack"]) == (
        "Thorn Knight", 32, "monsters", 5)
    assert refused(cs, [start], {"type": "burst", "seed": 5, "creature": {"spread": 9}})[0][
        "field"] == "event.creature.spread"
    too_many = {"boss_abilities": ["lost-armour", "blood-rain"]}  # spread 1: one selection
    assert refused(cs, [start], {"type": "burst", "seed": 5, "creature": too_many})[0][
        "field"] == "event.creature.boss_abilities"
    assert refused(cs, [start], {"type": "burst", "seed": 5, "creature": {"id": "x"}})[0][
        "field"] == "event.creature"
    fury = [girl("ann", overcharge_fury=13), monster("b", **BEAST)]
    assert refused(fury, [opening(fury, "ann")], {"type": "burst", "seed": 5,
                                                 "creature": {}})[0]["field"] == "event.creature"
