"""Who joins a Magical Burst fight under way, and the boss abilities that play on others,
worked by hand from the rules (seed 002: "Overcharge" (the Heart Burst), "Monsters", "Boss
abilities" (Minion Creation, the rebirth in a minion, Blood Rain, Deafening Scream),
"Minions", "Space and time" (initiative)) and from the dice the log shows; the readings are
``heart-burst-creature``, ``joining-the-fight``, ``minion-creation-minions``,
``rebirth-in-a-minion`` and ``contest-ties``."""

from __future__ import annotations

from mb_battles import faces, girl, lines, minion, monster, refused, seed_where, state, who

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
    # her other counter at 13 owes no burst once she is the creature
    both = [girl("ann", overcharge_heart=13, overcharge_fury=13), monster("b", **BEAST)]
    start = opening(both, "ann")
    assert len(state(both, [start])["pending"]) == 2
    st = state(both, [start, {"type": "burst", "seed": 5}])
    assert st["pending"] == [] and who(st, "ann")["condition"] == "transformed"
    st = state(both, [start, {"type": "burst", "seed": 5},
                      {"type": "gm-set", "combatant": "ann", "field": "overcharge_judgment",
                       "value": 13, "seed": 1}])
    assert st["pending"] == []


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


# --- 2. Minion Creation and the rebirth in a minion ------------------------------------------

MAKER = {**BEAST, "boss_abilities": ["minion-creation", "lost-reincarnation"]}


def test_minion_creation_makes_one_minion_a_point_at_most_its_spread_a_turn():
    """Spread 2, a full pool of 10: 2 minions for 2 overcharge (10 → 8), each with the Minions
    section's 4 hit points and passive defence 4, on its side, each placed by its own 2d6 + 2;
    a third this turn is refused, and it has no Minor action left for one either."""
    cs = [girl("ann"), monster("b", **MAKER)]
    start = opening(cs, "b")
    make = {"type": "create-minions", "count": 2, "seed": 4}
    st = state(cs, [start, make])
    b = who(st, "b")
    assert b["pool"] == 8 and b["minor"] == 0 and b["major"] == 1
    made = [who(st, cid) for cid in ("b-minion-1", "b-minion-2")]
    for m in made:
        assert (m["kind"], m["side"], m["hp"], m["passive_defence"], m["attack"]) == (
            "minion", "monsters", 4, 4, 2)
        assert m["initiative"] == [sum(faces(st, f"{m['name']}'s initiative")) + 2]
    assert sorted(st["order"]) == ["ann", "b", "b-minion-1", "b-minion-2"]
    assert st["turn"] == "b"
    assert refused(cs, [start, make], {**make, "count": 1})[0]["field"] == "event.count"
    assert refused(cs, [start], {**make, "count": 3})[0]["field"] == "event.count"
    # next turn it makes more again
    st = state(cs, [start, make, *({"type": "end-turn", "seed": s} for s in range(2, 6))])
    assert st["turn"] == "b" and any(e["type"] == "create-minions" for e in st["legal"])


def test_made_minions_may_be_an_example_minion_and_bad_numbers_are_refused():
    """Spider nannies (Minions: 3 hit points, passive defence 5, Att & Supp 5)."""
    cs = [girl("ann"), monster("b", **MAKER)]
    start = opening(cs, "b")
    st = state(cs, [start, {"type": "create-minions", "count": 1, "seed": 4,
                            "minion": {"template": "spider-nanny"}}])
    nanny = who(st, "b-minion-1")
    assert (nanny["hp"], nanny["passive_defence"], nanny["attack"]) == (3, 5, 5)
    assert nanny["name"] == "Spider nanny 1"
    assert refused(cs, [start], {"type": "create-minions", "count": 1, "seed": 4,
                                 "minion": {"passive_defence": 3}})[0]["field"] == \
        "event.minion.passive_defence"
    assert refused(cs, [start], {"type": "ability", "ability": "minion-creation"})[0][
        "field"] == "event.ability"
    plain = [girl("ann"), monster("b", **BEAST)]
    assert refused(plain, [opening(plain, "b")], {"type": "create-minions", "seed": 4})


def test_a_defeated_monster_is_reborn_in_a_minion_with_its_resolve_divided_then_halved():
    """Spread 2 on the × 14 row: 28 Resolve; 2 minions at the start. The first rebirth: 28 ÷ 2
    = 14, 2 of its 10 overcharge; the second: 14 halved = 7, 2 more (8 → 6)."""
    cs = [girl("ann"), monster("b", **MAKER), minion("imp", template="maintenance-imps"),
          minion("nan", template="spider-nanny")]
    start = opening(cs, "ann")
    down = {"type": "gm-set", "combatant": "b", "field": "resolve", "value": 0, "seed": 1}
    rebirth = {"type": "reincarnate", "monster": "b", "minion": "imp"}
    assert refused(cs, [start], rebirth)[0]["field"] == "event.monster"  # not defeated
    st = state(cs, [start, down])
    assert {"type": "reincarnate", "by": None, "monster": "b", "minions": ["imp", "nan"]} in \
        st["legal"]
    st = state(cs, [start, down, rebirth])
    b = who(st, "b")
    assert (b["condition"], b["resolve"], b["pool"]) == ("fighting", 14, 8)
    assert who(st, "imp")["condition"] == "transformed"
    assert "imp" not in [t for e in st["legal"] if e["type"] == "attack" for t in e["targets"]]
    again = [start, down, rebirth, down, {"type": "reincarnate", "monster": "b", "minion": "nan"}]
    b = who(state(cs, again), "b")
    assert (b["resolve"], b["pool"]) == (7, 6)
    assert refused(cs, [start, down, rebirth, down], rebirth)[0]["field"] == "event.minion"
    poor = {"type": "gm-set", "combatant": "b", "field": "pool", "value": 1, "seed": 1}
    assert refused(cs, [start, poor, down], rebirth)[0]["field"] == "event.monster"


# --- Blood Rain and Deafening Scream: Support against everyone in the area -------------------

def test_blood_rain_bleeds_each_target_whose_support_loses_to_the_monsters():
    """1 overcharge (10 → 9) and its Major action; one Support roll of the monster's (2d6! + 3)
    against each target's; a target fails on a lower total, or an equal one with fewer sixes,
    or equal sixes and a lower stat; a full tie fails the monster (reading contest-ties)."""
    screamer = {**BEAST, "boss_abilities": ["blood-rain", "deafening-scream"]}
    cs = [girl("ann"), girl("bea", judgment=0), monster("b", **screamer),
          minion("imp", template="maintenance-imps")]
    start = opening(cs, "b")
    for seed in range(1, 9):
        ev = {"type": "challenge", "ability": "blood-rain", "targets": ["ann", "bea", "imp"],
              "seed": seed}
        st = state(cs, [start, ev])
        mine = faces(st, "B's Support (Blood Rain)")
        m = (sum(mine) + 3, mine.count(6), 3)
        for cid, name, stat in (("ann", "Ann", 3), ("bea", "Bea", 0), ("imp", "Imp", 2)):
            theirs = faces(st, f"{name}'s Support against Blood Rain")
            fails = m > (sum(theirs) + stat, theirs.count(6), stat)
            assert (any(s["id"] == "bleed" for s in who(st, cid)["statuses"])) == fails
        b = who(st, "b")
        # a monster loses a point of its pool for each six it rolls (Monsters)
        assert (b["pool"], b["major"]) == (max(0, 9 - mine.count(6)), 0)
    assert refused(cs, [start], {**ev, "targets": ["b"]})[0]["field"] == "event.targets"
    assert refused(cs, [start], {**ev, "targets": []})[0]["field"] == "event.targets"
    assert refused(cs, [start], {"type": "ability", "ability": "blood-rain"})[0]["field"] == \
        "event.ability"
    plain = [girl("ann"), monster("b", **BEAST)]
    assert refused(plain, [opening(plain, "b")], {**ev, "targets": ["ann"]})[0]["field"] == \
        "event.ability"


# --- Minion Explosion: an attack from a minion's place -----------------------------------------

def test_minion_explosion_destroys_the_minion_and_adds_1d6_to_a_hit():
    """Attack 4 against Ann's Defence 0 (her Heart): 1 overcharge, the imp destroyed whether
    the attack hits or not; a hit deals 1d6 + 2 (melee) ± 2 a six + 1d6 ("Life and death",
    "Boss abilities")."""
    cs = [girl("ann", heart=0), monster("b", **BEAST, boss_abilities=["minion-explosion"]),
          minion("imp", template="maintenance-imps")]
    start = opening(cs, "b")
    seen = set()
    for seed in range(1, 12):
        ev = {"type": "attack", "target": "ann", "range": "melee", "explosion": "imp",
              "seed": seed}
        st = state(cs, [start, ev])
        a, d = faces(st, "B's attack"), faces(st, "Ann's defence")
        hit = (sum(a) + 4, a.count(6), 4) > (sum(d) + 0, d.count(6), 0)
        seen.add(hit)
        assert who(st, "imp")["condition"] == "destroyed" and who(st, "imp")["hp"] == 0
        assert who(st, "b")["pool"] == max(0, 10 - 1 - a.count(6))
        extra = faces(st, "Minion Explosion damage")
        if hit:
            damage = faces(st, "B's damage")[0] + 2 + 2 * (a.count(6) - d.count(6)) + extra[0]
            assert who(st, "ann")["resolve"] == max(0, 18 - max(0, damage))
        else:
            assert extra == [] and who(st, "ann")["resolve"] == 18
    assert seen == {True, False}
    assert refused(cs, [start], {**ev, "target": "imp"})[0]["field"] == "event.explosion"
    assert refused(cs, [start], {**ev, "explosion": "ann"})[0]["field"] == "event.explosion"
    plain = [girl("ann"), monster("b", **BEAST), minion("imp", template="maintenance-imps")]
    assert refused(plain, [opening(plain, "b")], ev)[0]["field"] == "event.explosion"


# --- The minions' own talents ----------------------------------------------------------------

def test_a_spider_nanny_heals_its_monster_1d6_plus_2_and_binds_or_bleeds_a_girl():
    """Spider nanny (Minions): A Little Longer 2/Scene, Hello There 1/Scene. The monster at 10
    of its 28 Resolve gets back 1d6 + 2; Hello There leaves Ann bleeding; a use spent is gone,
    and A Little Longer heals only a monster of the nanny's side."""
    cs = [girl("ann"), monster("b", **BEAST), minion("nan", template="spider-nanny")]
    start = opening(cs, "nan")
    hurt = {"type": "gm-set", "combatant": "b", "field": "resolve", "value": 10, "seed": 1}
    heal = {"type": "minion-talent", "talent": "a-little-longer", "target": "b", "seed": 3}
    st = state(cs, [start, hurt, heal])
    assert who(st, "b")["resolve"] == 10 + faces(st, "A Little Longer")[0] + 2
    nan = who(st, "nan")
    assert nan["uses"]["a-little-longer"] == 1 and nan["major"] == 0
    bleed = {"type": "minion-talent", "talent": "hello-there", "target": "ann",
             "status": "bleed", "seed": 3}
    st = state(cs, [start, bleed])
    assert [s["id"] for s in who(st, "ann")["statuses"]] == ["bleed"]
    assert who(st, "nan")["uses"]["hello-there"] == 0
    assert refused(cs, [start], {**heal, "target": "ann"})[0]["field"] == "event.target"
    again = [start, bleed, *({"type": "end-turn", "seed": s} for s in range(2, 5))]
    assert state(cs, again)["turn"] == "nan"
    assert refused(cs, again, bleed)[0]["field"] == "event.talent"  # 1/Scene, spent
    assert refused(cs, [start], {"type": "ability", "ability": "hello-there"})[0]["field"] == \
        "event.ability"
