"""The Magical Burst battle on the hex grid (seed 002, "Space and time", "Life and death",
"Help and hindrance", "Talents"), each case worked out by hand from the rule text and the dice
the log shows: hex distances, a move (a Minor action, one hex, a Major one to disengage),
rough terrain and reckless movement, Bound, melee range, and the talents that act on where
everyone stands (Fear Aura, Gravity Wave, Curse Shift, Mines, Lashing Ground). Off the grid
(no hex) nothing of this is enforced: the other battle tests run there unchanged."""

from __future__ import annotations

import re

import pytest

from calculators.magical_burst.fight.hexes import distance, line, neighbours
from mb_battles import faces, girl, gm_set, gm_status, human, lines, minion, monster, refused, \
    seed_where, state, who

BEAST = {"spread": 2, "level": "row-14", "attack": 4, "defence": 3, "support": 3}
POOL = 10  # a monster's full pool ("Monsters", reading monster-overcharge-pool)
#: The six steps between hexes that share a side, in cube coordinates (x + y + z = 0).
CUBE_STEPS = [(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)]


def at(entry: dict, q: int, r: int) -> dict:
    return {**entry, "q": q, "r": r}


def hexes_apart(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The test's own distance: cube coordinates, the largest difference of the three."""
    ax, az = a[0], a[1]
    bx, bz = b[0], b[1]
    return max(abs(ax - bx), abs(az - bz), abs((-ax - az) - (-bx - bz)))


def opening(cs: list, *ids: str) -> list[dict]:
    """Start with ``ids[0]`` first (a seed whose initiative puts her first), then the rest in
    the order given."""
    start = seed_where(cs, [], {"type": "start"},
                       lambda st: st["turn"] == ids[0] and st["order"].count(ids[0]) == 1)
    return [start, {"type": "gm-order", "order": list(ids)}]


def move(q: int, r: int, seed: int | None = None) -> dict:
    return {"type": "move", "q": q, "r": r, **({"seed": seed} if seed is not None else {})}


def rough(q: int, r: int) -> dict:
    return {"type": "gm-terrain", "q": q, "r": r, "feature": "rough"}


def field(errors: list[dict]) -> str:
    return errors[0]["field"]


# --- the grid -----------------------------------------------------------------------------------

def test_hex_distance_is_the_fewest_steps_between_hexes():
    """Breadth-first search over the six cube steps from the origin, to 5 steps out."""
    seen = {(0, 0, 0): 0}
    frontier = [(0, 0, 0)]
    while frontier:
        nxt = []
        for x, y, z in frontier:
            for dx, dy, dz in CUBE_STEPS:
                h = (x + dx, y + dy, z + dz)
                if h not in seen and seen[(x, y, z)] < 5:
                    seen[h] = seen[(x, y, z)] + 1
                    nxt.append(h)
        frontier = nxt
    assert len(seen) == 1 + 6 * (1 + 2 + 3 + 4 + 5)
    for (x, _, z), steps in seen.items():
        assert distance((0, 0), (x, z)) == steps == hexes_apart((0, 0), (x, z))
        assert distance((2, -1), (x + 2, z - 1)) == steps
    assert {h for _, h in neighbours((0, 0))} == {(x, z) for x, _, z in CUBE_STEPS}


# --- moving -------------------------------------------------------------------------------------

def test_a_move_is_one_hex_to_a_free_hex_next_to_hers_for_a_minor_action():
    cs = [at(girl("ann"), 0, 0), at(human("ren"), 1, 0), at(monster("b", **BEAST), 5, 0)]
    events = opening(cs, "ann", "b", "ren")
    st = state(cs, [*events, move(1, -1)])
    ann = who(st, "ann")
    assert (ann["q"], ann["r"], ann["minor"], ann["major"]) == (1, -1, 0, 1)
    assert field(refused(cs, events, move(2, 0))) == "event.q"  # two hexes away
    assert "Ren's hex" in refused(cs, events, move(1, 0))[0]["message"]  # one person a hex
    assert field(refused(cs, events, {"type": "move"})) == "event.q"  # on the grid: name it


def test_leaving_a_hex_next_to_an_enemy_is_a_major_action():
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 1, 0)]
    events = opening(cs, "ann", "b")
    # (0, 1) is next to the monster too: leaving its side is what counts.
    st = state(cs, [*events, move(0, 1)])
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (0, 1)
    assert "disengaging" in lines(st)[-1]
    attacked = [*events, {"type": "attack", "target": "b", "range": "melee", "seed": 3}]
    assert refused(cs, attacked, move(-1, 0))  # her Major is spent: the Minor will not do


def test_rough_terrain_takes_her_minor_and_major_to_leave_and_reckless_movement_a_minor():
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 6, 0)]
    events = [rough(0, 0), *opening(cs, "ann", "b")]
    st = state(cs, [*events, move(1, 0)])
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (0, 0)
    minor_only = [*events, gm_set("ann", "major", 0)]
    assert refused(cs, minor_only, move(1, 0))
    for band, holds in (("low", lambda t: t <= 10), ("high", lambda t: t >= 14)):
        ev = seed_where(cs, minor_only, {"type": "reckless", "q": 1, "r": 0}, lambda s: holds(
            sum(faces(s, "Ann's reckless movement")) + 3))
        st = state(cs, [*minor_only, ev])
        ann = who(st, "ann")
        # "On a 10 or less you fail to move and take 2 damage ... On a 14+ you move and take no
        # damage."
        assert (ann["q"], ann["resolve"]) == ((0, 18 - 2) if band == "low" else (1, 18)), band
        assert ann["minor"] == 0


def test_entering_rough_terrain_is_an_ordinary_move_and_open_ground_clears_it():
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 6, 0)]
    events = [rough(1, 0), *opening(cs, "ann", "b")]
    assert who(state(cs, [*events, move(1, 0)]), "ann")["minor"] == 0
    cleared = [rough(0, 0), {"type": "gm-terrain", "q": 0, "r": 0, "feature": "open"},
               *opening(cs, "ann", "b")]
    st = state(cs, [*cleared, move(1, 0)])
    assert (who(st, "ann")["major"], st["rough"]) == (1, [])


def test_a_bound_girl_leaves_an_enemys_side_only_recklessly_for_her_major():
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 1, 0)]
    events = [*opening(cs, "ann", "b"), gm_status("ann", "bound")]
    assert "reckless" in refused(cs, events, move(-1, 0))[0]["message"]
    st = state(cs, [*events, {"type": "reckless", "q": -1, "r": 0, "seed": 1}])
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (0, 1)
    far = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 4, 0)]
    st = state(far, [*opening(far, "ann", "b"), gm_status("ann", "bound"), move(-1, 0)])
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (0, 1)  # bound: Major


def test_reckless_movement_is_refused_where_nothing_holds_her_on_the_grid():
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 4, 0)]
    assert refused(cs, opening(cs, "ann", "b"), {"type": "reckless", "q": 1, "r": 0, "seed": 1})


def test_off_the_grid_a_move_names_no_hex_and_the_table_says_when_she_disengages():
    cs = [girl("ann"), monster("b", **BEAST)]
    events = opening(cs, "ann", "b")
    assert who(state(cs, [*events, {"type": "move", "disengage": True}]), "ann")["major"] == 0
    assert who(state(cs, [*events, {"type": "move"}]), "ann")["minor"] == 0
    assert field(refused(cs, events, move(1, 0))) == "event.q"


# --- range --------------------------------------------------------------------------------------

def test_a_melee_attack_needs_a_foe_next_to_her_and_a_ranged_one_does_not():
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 3, 0)]
    events = opening(cs, "ann", "b")
    melee = {"type": "attack", "target": "b", "range": "melee", "seed": 2}
    assert field(refused(cs, events, melee)) == "event.target"
    state(cs, [*events, {**melee, "range": "ranged"}])
    off = [at(girl("ann"), 0, 0), monster("b", **BEAST)]  # the monster has no hex
    state(off, [*opening(off, "ann", "b"), melee])


LONG = {"talent_1": "lost-long-range"}  # "your maximum range becomes 4 instead of 3"


@pytest.mark.parametrize("far, melee, ranged, long_ranged", [
    (1, True, False, False), (2, False, True, True), (3, False, True, True),
    (4, False, False, True), (5, False, False, False)])
def test_melee_reaches_the_next_hex_ranged_2_to_3_hexes_and_4_with_the_longer_range_talent(
        far, melee, ranged, long_ranged):
    """"Life and death": melee only adjacent hexes, ranged two to three hexes away; the
    longer-range talent makes the maximum range 4. Out of range: a field error, nothing
    changes; in range: the attack is rolled."""
    for sheet, rng, allowed in (({}, "melee", melee), ({}, "ranged", ranged),
                                (LONG, "ranged", long_ranged), (LONG, "melee", melee)):
        cs = [at(girl("ann", **sheet), 0, 0), at(monster("b", **BEAST), far, 0)]
        events = opening(cs, "ann", "b")
        ev = {"type": "attack", "target": "b", "range": rng, "seed": 2}
        if allowed:
            assert any(line.startswith("Ann attacks B") for line in lines(state(cs, [*events, ev])))
        else:
            assert field(refused(cs, events, ev)) == "event.target"


def test_the_longer_range_talent_loses_the_2_melee_damage():
    cs = [at(girl("ann", fury=6, **LONG), 0, 0), at(minion("imp", template="spider-nanny"), 1, 0)]
    events = opening(cs, "ann", "imp")
    ev = seed_where(cs, events, {"type": "attack", "target": "imp", "range": "melee"},
                    lambda st: faces(st, "Ann's damage") in ([1], [2])
                    and 6 not in faces(st, "Ann's attack"))
    st = state(cs, [*events, ev])
    assert who(st, "imp")["hp"] == 3 - faces(st, "Ann's damage")[0]  # 1d6, no +2 in melee


def test_a_monster_s_ranged_attack_is_refused_next_to_her_and_off_the_grid_anything_goes():
    cs = [at(monster("b", **BEAST), 0, 0), at(girl("ann"), 0, 1)]
    events = opening(cs, "b", "ann")
    assert field(refused(cs, events, {"type": "attack", "target": "ann", "range": "ranged",
                                      "seed": 1})) == "event.target"
    off = [monster("b", **BEAST), at(girl("ann"), 0, 1)]
    state(off, [*opening(off, "b", "ann"), {"type": "attack", "target": "ann",
                                            "range": "ranged", "seed": 1}])


def test_the_tracker_offers_ranged_only_at_foes_2_to_3_hexes_away():
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST), 1, 0), at(monster("c", **BEAST), 0, 3),
          at(monster("d", **BEAST), -4, 0), monster("e", **BEAST)]
    st = state(cs, opening(cs, "ann", "b", "c", "d", "e"))
    attack = next(e for e in st["legal"] if e["type"] == "attack")
    assert attack["melee"] == ["b", "e"] and attack["ranged"] == ["c", "e"]


def test_a_minion_explosion_reaches_the_hexes_next_to_the_minion_not_the_monster():
    boss = monster("b", **BEAST, boss_abilities=["minion-explosion"])
    cs = [at(boss, 0, 0), at(minion("imp", template="spider-nanny", side="monsters"), 5, 0),
          at(girl("ann"), 6, 0), at(girl("bea"), 1, 0)]
    events = opening(cs, "b", "imp", "ann", "bea")
    blast = {"type": "attack", "range": "melee", "explosion": "imp", "seed": 3}
    assert field(refused(cs, events, {**blast, "target": "bea"})) == "event.target"
    state(cs, [*events, {**blast, "target": "ann"}])
    attack = next(e for e in state(cs, events)["legal"] if e["type"] == "attack")
    assert attack["blasts"]["imp"] == ["ann"]


# --- the ranges of abilities, intercepting, the line of an attack -------------------------------

def centre(h: tuple[int, int]) -> tuple[float, float]:
    """A pointy-top hex's centre on the page, hexes 1 wide across their flat sides."""
    return h[0] + h[1] / 2, h[1] * 3 ** 0.5 / 2


def test_a_line_passes_through_the_hex_nearest_each_of_its_points():
    """The test's own line: from centre to centre, a point every 1/N of the way; the hex a
    point lies in is the one whose centre is nearest (hexes are the nearest-centre cells).
    Points that lie on an edge (two centres as near) are left to the engine's tie rule."""
    hexes = [(q, r) for q in range(-4, 5) for r in range(-4, 5)]
    for b in [(3, 0), (3, -1), (1, 2), (-2, 3), (4, -3), (-3, -1), (0, 4), (2, 1)]:
        drawn = line((0, 0), b)
        n = hexes_apart((0, 0), b)
        assert len(drawn) == n + 1 and drawn[0] == (0, 0) and drawn[-1] == b
        for i, got in enumerate(drawn):
            px, py = (centre(b)[k] * i / n for k in (0, 1))
            near = sorted(hexes, key=lambda h: (centre(h)[0] - px) ** 2 + (centre(h)[1] - py) ** 2)
            d = [(centre(h)[0] - px) ** 2 + (centre(h)[1] - py) ** 2 for h in near[:2]]
            if d[1] - d[0] > 1e-9:
                assert got == near[0], (b, i)
    assert line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]


@pytest.mark.parametrize("where, allowed", [
    ((1, 0), True),     # on the line from (0, 0) to (3, 0)
    ((2, 0), True),     # on the line too
    ((4, 0), True),     # next to the target
    ((3, -1), True),    # next to the target
    ((1, -1), False),   # beside the line, two from the target
    ((-1, 0), False)])  # behind the attacker
def test_intercepting_a_ranged_attack_needs_her_next_to_the_target_or_on_its_line(where, allowed):
    """"Help and hindrance": she intercepts if adjacent to the intended target or on the line
    of a ranged attack."""
    cs = [at(monster("b", **BEAST), 0, 0), at(girl("ann"), 3, 0), at(girl("bea"), *where)]
    events = opening(cs, "b", "ann", "bea")
    ev = {"type": "attack", "target": "ann", "range": "ranged", "interceptor": "bea", "seed": 5}
    if allowed:
        assert any(line_.startswith("Bea intercepts") or line_.startswith("B attacks Ann")
                   for line_ in lines(state(cs, [*events, ev])))
    else:
        assert field(refused(cs, events, ev)) == "event.interceptor"


def test_intercepting_a_melee_attack_needs_her_next_to_the_target():
    cs = [at(monster("b", **BEAST), 0, 0), at(girl("ann"), 1, 0), at(girl("bea"), -1, 0)]
    events = opening(cs, "b", "ann", "bea")
    ev = {"type": "attack", "target": "ann", "range": "melee", "interceptor": "bea", "seed": 5}
    assert field(refused(cs, events, ev)) == "event.interceptor"
    moved = [at(monster("b", **BEAST), 0, 0), at(girl("ann"), 1, 0), at(girl("bea"), 2, 0)]
    state(moved, [*opening(moved, "b", "ann", "bea"), ev])


@pytest.mark.parametrize("far, allowed", [(1, True), (3, True), (4, False)])
def test_hello_there_reaches_a_target_within_range_1_to_3(far, allowed):
    """"Minions": Hello There applies Bound or Bleeding to a target within range 1-3; the
    tracker offers it only on such a foe."""
    cs = [at(minion("nan", template="spider-nanny"), 0, 0), at(girl("ann"), 0, far)]
    events = opening(cs, "nan", "ann")
    ev = {"type": "minion-talent", "talent": "hello-there", "target": "ann", "status": "bound",
          "seed": 3}
    offered = next(e for e in state(cs, events)["legal"] if e["type"] == "minion-talent")
    assert ("ann" in offered["foes"]) == allowed
    if allowed:
        assert [x["id"] for x in who(state(cs, [*events, ev]), "ann")["statuses"]] == ["bound"]
    else:
        assert field(refused(cs, events, ev)) == "event.target"


# --- the line abilities --------------------------------------------------------------------------

STRIKER = {"affinity": "striker", "talent_2": "blast-strike"}
#: Foes east of (0, 0) at 1, 2, 3 and 4 hexes, and one north-east of the line's first hex.
LINE_FOES = [monster("e1", **BEAST), monster("e2", **BEAST), monster("e3", **BEAST),
             monster("e4", **BEAST), monster("ne", **BEAST)]
LINE_HEXES = [(1, 0), (2, 0), (3, 0), (4, 0), (1, -1)]


def struck(st: dict, rng: str = "ranged") -> list[str]:
    """Who defends against the one roll of a line attack (strike_all's lines)."""
    return [m.group(1) for m in map(re.compile(rf"^(\w+) \({rng}\): ").match, lines(st)) if m]


@pytest.mark.parametrize("sheet, hit", [({}, ["E1", "E2", "E3"]),
                                        (LONG, ["E1", "E2", "E3", "E4"])])
def test_blast_strike_east_hits_the_foes_on_the_line_out_to_her_range(sheet, hit):
    """Blast Strike: a basic attack on a straight line within her attack range (3, or 4 with
    the longer-range talent): from (0, 0) east, (1, 0) to (3, 0), never (1, -1); Ann takes
    its 1 Attack overcharge (Fury, her Attack)."""
    cs = [at(girl("ann", **STRIKER, **sheet), 0, 0),
          *(at(m, *h) for m, h in zip(LINE_FOES, LINE_HEXES))]
    events = opening(cs, "ann", "e1", "e2", "e3", "e4", "ne")
    ev = {"type": "line-attack", "ability": "blast-strike", "range": "ranged",
          "direction": "East", "seed": 6}
    st = state(cs, [*events, ev])
    assert struck(st) == hit
    assert who(st, "ann")["major"] == 0 and who(st, "ann")["overcharge_fury"] == 1
    offered = next(e for e in state(cs, events)["legal"] if e["type"] == "line-attack")
    assert {"range": "ranged", "direction": "East", "foes": [h.lower() for h in hit]} in \
        offered["lines"]
    assert field(refused(cs, events, {**ev, "direction": "South-west"})) == "event.direction"
    assert field(refused(cs, events, {**ev, "targets": ["e1"]})) == "event.targets"


def test_a_melee_blast_strike_hits_every_hex_next_to_her():
    cs = [at(girl("ann", **STRIKER), 0, 0),
          *(at(m, *h) for m, h in zip(LINE_FOES, LINE_HEXES))]
    events = opening(cs, "ann", "e1", "e2", "e3", "e4", "ne")
    st = state(cs, [*events, {"type": "line-attack", "ability": "blast-strike",
                              "range": "melee", "seed": 6}])
    assert sorted(struck(st, "melee")) == ["E1", "Ne"]


def test_off_the_grid_a_line_attack_and_blood_rain_take_the_table_s_targets():
    cs = [girl("ann", **STRIKER), monster("b", **BEAST), monster("c", **BEAST)]
    st = state(cs, [*opening(cs, "ann", "b", "c"),
                    {"type": "line-attack", "ability": "blast-strike", "targets": ["c"],
                     "seed": 6}])
    assert struck(st) == ["C"]
    rain = [monster("b", **BEAST, boss_abilities=["blood-rain"]), girl("ann"), girl("bea")]
    events = opening(rain, "b", "ann", "bea")
    st = state(rain, [*events, {"type": "challenge", "ability": "blood-rain",
                                "targets": ["bea"], "seed": 2}])
    assert [line_ for line_ in lines(st) if line_.startswith(("Ann: ", "Bea: "))][0][:4] == "Bea:"
    assert field(refused(rain, events, {"type": "challenge", "ability": "blood-rain",
                                        "direction": "East", "seed": 2})) == "event.direction"


def test_blood_rain_on_the_grid_challenges_the_foes_on_its_line():
    """Blood Rain: Support against everyone on a straight line within its attack range: from
    (0, 0) east, Ann at (2, 0) and Bea at (3, 0); not Cai at (4, 0) nor Dee at (0, 1)."""
    cs = [at(monster("b", **BEAST, boss_abilities=["blood-rain"]), 0, 0),
          at(girl("ann"), 2, 0), at(girl("bea"), 3, 0), at(girl("cai"), 4, 0),
          at(girl("dee"), 0, 1)]
    events = opening(cs, "b", "ann", "bea", "cai", "dee")
    st = state(cs, [*events, {"type": "challenge", "ability": "blood-rain",
                              "direction": "East", "seed": 2}])
    assert [line_.split(":")[0] for line_ in lines(st)
            if re.match(r"^(Ann|Bea|Cai|Dee): 2d6", line_)] == ["Ann", "Bea"]
    assert field(refused(cs, events, {"type": "challenge", "ability": "blood-rain",
                                      "targets": ["ann"], "seed": 2})) == "event.targets"
    challenge = next(e for e in state(cs, events)["legal"] if e["type"] == "challenge")
    assert challenge["lines"] == {"East": ["ann", "bea"], "South-east": ["dee"]}


def test_deafening_scream_on_the_grid_challenges_the_foes_within_3_hexes():
    """Deafening Scream: Support against all targets in the radius-3 circle centred on the
    monster (reading scream-circle: its foes). From (0, 0): Ann at (1, 0) is 1 away, Bea at
    (0, 2) 2, Cai at (-3, 0) 3, Dee at (2, 2) 4 (cube (2, -4, 2)); its ally Eve at (1, -1)
    is 1 away but no foe. Ann, Bea and Cai are challenged, not Dee nor Eve."""
    assert [hexes_apart((0, 0), h) for h in [(1, 0), (0, 2), (-3, 0), (2, 2)]] == [1, 2, 3, 4]
    cs = [at(monster("b", **BEAST, boss_abilities=["deafening-scream"]), 0, 0),
          at(girl("ann"), 1, 0), at(girl("bea"), 0, 2), at(girl("cai"), -3, 0),
          at(girl("dee"), 2, 2), at(monster("eve", **BEAST), 1, -1)]
    events = opening(cs, "b", "ann", "bea", "cai", "dee", "eve")
    challenge = next(e for e in state(cs, events)["legal"] if e["type"] == "challenge")
    assert sorted(challenge["circle"]) == ["ann", "bea", "cai"]
    st = state(cs, [*events, {"type": "challenge", "ability": "deafening-scream", "seed": 2}])
    assert sorted(line_.split(":")[0] for line_ in lines(st)
                  if re.match(r"^(Ann|Bea|Cai|Dee|Eve): 2d6", line_)) == ["Ann", "Bea", "Cai"]
    assert who(st, "b")["pool"] == POOL - 1
    assert field(refused(cs, events, {"type": "challenge", "ability": "deafening-scream",
                                      "targets": ["dee"], "seed": 2})) == "event.targets"
    far = [at(monster("b", **BEAST, boss_abilities=["deafening-scream"]), 0, 0),
           at(girl("dee"), 2, 2)]
    assert field(refused(far, opening(far, "b", "dee"), {
        "type": "challenge", "ability": "deafening-scream", "seed": 2})) == "event.ability"


def test_off_the_grid_deafening_scream_takes_the_table_s_targets():
    cs = [monster("b", **BEAST, boss_abilities=["deafening-scream"]), girl("ann"), girl("bea")]
    events = opening(cs, "b", "ann", "bea")
    st = state(cs, [*events, {"type": "challenge", "ability": "deafening-scream",
                              "targets": ["bea"], "seed": 2}])
    assert [line_.split(":")[0] for line_ in lines(st)
            if re.match(r"^(Ann|Bea): 2d6", line_)] == ["Bea"]
    assert field(refused(cs, events, {"type": "challenge", "ability": "deafening-scream",
                                      "seed": 2})) == "event.targets"


# --- newcomers ----------------------------------------------------------------------------------

MAKER = {**BEAST, "boss_abilities": ["minion-creation"]}


def hex_at(st: dict, cid: str) -> tuple:
    return who(st, cid)["q"], who(st, cid)["r"]


def test_made_minions_stand_on_the_first_free_hexes_next_to_their_monster():
    """The fixed order is north-west (0, -1), north-east (1, -1), west (-1, 0)…: Ann holds the
    first, so the two minions take (1, -1) and (-1, 0); the game master may move one."""
    cs = [at(monster("b", **MAKER), 0, 0), at(girl("ann"), 0, -1)]
    events = [*opening(cs, "b", "ann"), {"type": "create-minions", "count": 2, "seed": 4}]
    st = state(cs, events)
    assert [hex_at(st, m) for m in ("b-minion-1", "b-minion-2")] == [(1, -1), (-1, 0)]
    st = state(cs, [*events, {"type": "gm-place", "combatant": "b-minion-1", "q": 3, "r": 3}])
    assert hex_at(st, "b-minion-1") == (3, 3)
    off = [monster("b", **MAKER), at(girl("ann"), 0, -1)]
    st = state(off, [*opening(off, "b", "ann"), {"type": "create-minions", "seed": 4}])
    assert hex_at(st, "b-minion-1") == (None, None)


BONDS = {"bond_1_name": "Her brother Ren", "bond_1": 2}


def test_a_heart_burst_s_creature_stands_next_to_her_or_in_her_hex_when_it_becomes_her():
    cs = [at(girl("ann", overcharge_heart=13, **BONDS), 0, 0), at(monster("b", **BEAST), 1, -1)]
    st = state(cs, [seed_where(cs, [], {"type": "start"}, lambda s: s["turn"] == "ann"),
                    {"type": "burst", "seed": 5}])
    assert hex_at(st, "ann-creature") == (0, -1) and hex_at(st, "ann") == (0, 0)
    alone = [at(girl("ann", overcharge_heart=13, bond_1_name="Ren", bond_1=1), 0, 0),
             at(monster("b", **BEAST), 1, -1)]
    st = state(alone, [seed_where(alone, [], {"type": "start"}, lambda s: s["turn"] == "ann"),
                       {"type": "burst", "seed": 5}])
    assert hex_at(st, "ann-creature") == (0, 0) and hex_at(st, "ann") == (None, None)


def test_a_possessing_monster_stands_on_its_host_s_hex_and_goes_where_it_goes():
    """It enters Ren's mind (Minor): it stands on Ren's hex (2, 0) and may not move by itself;
    Ren's move (1, 0) → … carries it; leaving, it steps onto the first free hex next to Ren
    (north-west first)."""
    cs = [at(monster("b", **BEAST, talents=["lost-possession"]), 5, 5), at(human("ren"), 2, 0),
          at(girl("ann"), 3, 3)]
    events = [*opening(cs, "b", "ren", "ann"), {"type": "possess", "host": "ren"}]
    st = state(cs, events)
    assert hex_at(st, "b") == (2, 0)
    assert field(refused(cs, events, move(2, -1))) == "event"
    assert not any(e["type"] in ("move", "reckless") for e in st["legal"])
    assert field(refused(cs, events, {"type": "gm-place", "combatant": "b", "q": 0,
                                      "r": 0})) == "event.combatant"
    moved = [*events, {"type": "end-turn", "seed": 1}, move(3, 0)]
    st = state(cs, moved)
    assert hex_at(st, "ren") == hex_at(st, "b") == (3, 0)
    left = [*moved, {"type": "end-turn", "seed": 1}, {"type": "end-turn", "seed": 2},
            {"type": "possess", "host": ""}]
    st = state(cs, left)
    assert st["turn"] == "b" and hex_at(st, "b") == (3, -1) and hex_at(st, "ren") == (3, 0)


# --- the talents that act on positions ----------------------------------------------------------

ATTACK_TOTAL = re.compile(r"^Ann attacks B \(\w+\): .* = (\d+) against")


@pytest.mark.parametrize("where, penalty", [((1, 0), 2), ((3, 0), 0)])
def test_fear_aura_takes_2_off_the_rolls_of_enemies_in_its_melee_range(where, penalty):
    cs = [at(girl("ann"), 0, 0), at(monster("b", **BEAST, talents=["fear-aura"]), *where)]
    rng = "melee" if penalty else "ranged"
    st = state(cs, [*opening(cs, "ann", "b"),
                    {"type": "attack", "target": "b", "range": rng, "seed": 4}])
    total = next(int(m.group(1)) for m in map(ATTACK_TOTAL.match, lines(st)) if m)
    assert total == sum(faces(st, "Ann's attack")) + 3 - penalty  # Attack is her Fury, 3
    assert ("Fear Aura" in " ".join(lines(st))) == bool(penalty)


def test_gravity_wave_costs_2_pulls_a_foe_at_3_to_2_and_attacks_those_it_pulled():
    cs = [at(monster("b", **BEAST, talents=["gravity-wave"]), 0, 0), at(girl("ann"), 3, 0),
          at(girl("bea"), 0, 4)]
    events = opening(cs, "b", "ann", "bea")
    st = state(cs, [*events, {"type": "gravity-wave", "seed": 5}])
    ann, bea, b = who(st, "ann"), who(st, "bea"), who(st, "b")
    assert hexes_apart((ann["q"], ann["r"]), (0, 0)) == 2
    assert (bea["q"], bea["r"]) == (0, 4) and not faces(st, "Bea's defence")  # 4 away
    a, d = faces(st, "B's attack (Gravity Wave)"), faces(st, "Ann's defence")
    assert b["pool"] == POOL - 2 - a.count(6)  # its sixes come off its pool too
    hit = (sum(a) + 4, a.count(6), 4) > (sum(d) + 3, d.count(6), 3)
    # At 2 hexes the attack is ranged: 1d6, ±2 a six, no +2 of melee.
    dealt = max(0, sum(faces(st, "B's damage")) + 2 * (a.count(6) - d.count(6))) if hit else 0
    assert ann["resolve"] == 18 - dealt
    poor = [at(monster("b", **BEAST, talents=["gravity-wave"], pool=1), 0, 0),
            at(girl("ann"), 3, 0)]
    assert refused(poor, opening(poor, "b", "ann"), {"type": "gravity-wave", "seed": 5})


def test_curse_shift_moves_statuses_to_a_target_at_range_1_to_2_for_1_each():
    cs = [at(monster("b", **BEAST, talents=["curse-shift"]), 0, 0), at(girl("ann"), 2, 0),
          at(girl("bea"), 3, 0)]
    events = [*opening(cs, "b", "ann", "bea"), gm_status("b", "bound"), gm_status("b", "bleed")]
    st = state(cs, [*events, {"type": "curse-shift", "target": "ann", "statuses": ["bound"]}])
    assert [s["id"] for s in who(st, "b")["statuses"]] == ["bleed"]
    assert [s["id"] for s in who(st, "ann")["statuses"]] == ["bound"]
    assert who(st, "b")["pool"] == POOL - 1
    both = {"type": "curse-shift", "target": "ann", "statuses": ["bound", "bleed"]}
    assert who(state(cs, [*events, both]), "b")["pool"] == POOL - 2
    assert field(refused(cs, events, {**both, "target": "bea"})) == "event.target"  # 3 away


def _mine_then(cs: list, *after: dict) -> list[dict]:
    """The monster lays a mine in its hex (0, 0) and steps west; then Ann's turn."""
    return [*opening(cs, "b", "ann"), {"type": "lay-mine"}, move(-1, 0),
            {"type": "end-turn", "seed": 1}, *after]


def test_a_mine_costs_1_and_goes_off_when_someone_enters_a_hex_next_to_it():
    cs = [at(monster("b", **BEAST, talents=["mines"]), 0, 0), at(girl("ann"), 3, 0)]
    laid = state(cs, _mine_then(cs)[:3])
    assert who(laid, "b")["pool"] == POOL - 1 and who(laid, "b")["minor"] == 0
    assert laid["mines"] == [{"owner": "b", "q": 0, "r": 0, "primed": False}]
    near = _mine_then(cs, move(2, 0))  # 2 from the mine: nothing yet
    assert state(cs, near)["mines"]
    assert field(refused(cs, near, move(1, 0))) == "event.seed"  # it will roll
    st = state(cs, [*near, move(1, 0, seed=3)])
    assert st["mines"] == [] and faces(st, "B's attack (the mine)") and faces(st,
                                                                          "Ann's defence")
    assert any("sets off" in text for text in lines(st))


def test_a_mine_deals_4_more_to_whoever_steps_onto_it_and_outlasts_its_monster():
    # Ann next to the monster as it lays the mine: she is in range already, so it waits.
    cs = [at(monster("b", **BEAST, talents=["mines"]), 0, 0), at(girl("ann"), 1, 0)]
    events = [*opening(cs, "b", "ann"), {"type": "lay-mine"}, move(-1, 0),
              gm_set("b", "resolve", 0), {"type": "end-turn", "seed": 1}]
    assert who(state(cs, events), "b")["condition"] == "defeated"
    ev = seed_where(cs, events, move(0, 0), lambda s: who(s, "ann")["resolve"] < 18)
    st = state(cs, [*events, ev])
    a, d = faces(st, "B's attack (the mine)"), faces(st, "Ann's defence")
    assert (sum(a) + 4, a.count(6), 4) > (sum(d) + 3, d.count(6), 3)  # it hit
    # A basic melee attack: 1d6 + 2, ±2 a six; then 4 more on the mine's own hex.
    dealt = sum(faces(st, "B's damage")) + 2 + 2 * (a.count(6) - d.count(6)) + 4
    assert who(st, "ann")["resolve"] == 18 - min(18, dealt)


def test_a_mine_laid_with_someone_in_range_goes_off_harmlessly_as_she_steps_out():
    """Talents, Mines: stepping away from a mine laid next to her sets it off harmlessly."""
    cs = [at(monster("b", **BEAST, talents=["mines"]), 0, 0), at(girl("ann"), 1, 0)]
    events = [*opening(cs, "b", "ann"), {"type": "lay-mine"}, move(-1, 0),
              {"type": "end-turn", "seed": 1}]
    st = state(cs, [*events, move(2, 0, seed=2)])
    assert st["mines"] == [] and not faces(st, "Ann's defence")
    assert who(st, "ann")["resolve"] == 18 and "no one in its range" in lines(st)[-1]


def test_the_game_masters_placing_sets_off_no_mine():
    cs = [at(monster("b", **BEAST, talents=["mines"]), 0, 0), at(girl("ann"), 3, 0)]
    st = state(cs, _mine_then(cs, {"type": "gm-place", "combatant": "ann", "q": 1, "r": 0}))
    assert st["mines"] and (who(st, "ann")["q"], who(st, "ann")["r"]) == (1, 0)
    assert refused(cs, _mine_then(cs), {"type": "gm-place", "combatant": "ann", "q": -1,
                                        "r": 0})  # the monster's hex


def test_lashing_ground_makes_the_hexes_next_to_it_rough_for_others_but_itself():
    cs = [at(monster("b", **BEAST, talents=["lashing-ground"]), 0, 0),
          at(minion("imp", template="spider-nanny"), 1, 0), at(girl("ann"), 5, 0)]
    st = state(cs, opening(cs, "imp", "b", "ann"))
    imp_move = next(e for e in st["legal"] if e["type"] == "move")
    assert imp_move["actions"] == ["minor", "major"] and "Lashing Ground" in imp_move["held"]
    st = state(cs, [*opening(cs, "imp", "b", "ann"), {"type": "end-turn", "seed": 1}])
    assert next(e for e in st["legal"] if e["type"] == "move")["actions"] == ["minor"]


def test_a_hex_is_both_q_and_r_or_neither():
    cs = [{**girl("ann"), "q": 1}, monster("b", **BEAST)]
    assert field(refused(cs, [])) == "combatants[0].r"


def test_the_forms_hex_places_a_saved_monster_added_and_a_quick_one():
    from calculators.magical_burst.fight.calculator import MB_BATTLE

    record = {"name": "Clockwork Mother", "spread": "2", "level": "row-14"}
    offered = MB_BATTLE.run({"combatants": [girl("ann")], "new_monster": record,
                             "monster_of": "r1", "new_q": 2, "new_r": -1, "new_name": "Ren",
                             "new_kind": "human"})["adding"]
    assert [(a["name"], a["entry"]["q"], a["entry"]["r"]) for a in offered] == [
        ("Ren", 2, -1), ("Clockwork Mother", 2, -1)]


def test_two_combatants_on_one_hex_are_refused_at_the_setup():
    cs = [at(girl("ann"), 1, 1), at(monster("b", **BEAST), 1, 1)]
    assert field(refused(cs, [])) == "combatants[1].q"
