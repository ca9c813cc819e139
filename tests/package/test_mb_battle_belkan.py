"""Belkan System in the Magical Burst battle (seed 002, the common magical talents), worked by
hand from the rule text: she can no longer make ranged attacks; each melee hit banks +2 for a
magical roll of the scene, stacking up to three times (+6); she declares its use before the
roll (reading belkan-bank: the whole bank goes on that roll).

The hits are certain: Ann's attack is 2d6! + Fury 6, at least 8, against a minion's passive
defence 4; a hit deals at most 1d6 + 2 = 8, so each of four 12-hit-point minions takes one and
stands."""

from __future__ import annotations

import re

from mb_battles import (faces, girl, gm_status, lines, minion, monster, refused, seed_where,
                        state, who)

BEAST = {"spread": 2, "level": "row-14", "attack": 4, "defence": 3, "support": 3}
BELKAN = {"talent_1": "belkan-system"}
STRIKER_BELKAN = {"affinity": "striker", "talent_1": "belkan-system",
                  "talent_2": "blast-strike"}
DUMMIES = [minion(f"m{i}", hp=12, passive_defence=4) for i in range(1, 5)]
ANN = girl("ann", fury=6, **BELKAN)
CAST = [ANN, *DUMMIES]
ORDER = ("ann", "m1", "m2", "m3", "m4")


def opening(cs: list, *ids: str) -> list[dict]:
    start = seed_where(cs, [], {"type": "start"},
                       lambda st: st["turn"] == ids[0] and st["order"].count(ids[0]) == 1)
    return [start, {"type": "gm-order", "order": list(ids)}]


def at(entry: dict, q: int, r: int) -> dict:
    return {**entry, "q": q, "r": r}


def hit(target: str, seed: int) -> list[dict]:
    """Ann's melee attack on one minion, then the round's other turns pass."""
    return [{"type": "attack", "target": target, "range": "melee", "seed": seed},
            *[{"type": "end-turn", "seed": 1}] * len(ORDER)]


def test_a_ranged_attack_is_refused_off_and_on_the_grid_naming_the_talent():
    cs = [girl("ann", **BELKAN), monster("b", **BEAST)]
    errors = refused(cs, opening(cs, "ann", "b"),
                     {"type": "attack", "target": "b", "range": "ranged", "seed": 1})
    assert errors[0]["field"] == "event.range" and "Belkan System" in errors[0]["message"]
    grid = [at(girl("ann", **BELKAN), 0, 0), at(monster("b", **BEAST), 3, 0)]
    events = opening(grid, "ann", "b")
    errors = refused(grid, events, {"type": "attack", "target": "b", "range": "ranged",
                                    "seed": 1})
    assert errors[0]["field"] == "event.range" and "Belkan System" in errors[0]["message"]
    attack = next(e for e in state(grid, events)["legal"] if e["type"] == "attack")
    assert attack["ranged"] == [] and attack["melee"] == []  # three hexes: out of melee


def test_a_ranged_line_attack_is_refused_and_not_offered():
    cs = [at(girl("ann", **STRIKER_BELKAN), 0, 0), at(monster("b", **BEAST), 2, 0)]
    events = opening(cs, "ann", "b")
    errors = refused(cs, events, {"type": "line-attack", "ability": "blast-strike",
                                  "range": "ranged", "direction": "East", "seed": 1})
    assert errors[0]["field"] == "event.range" and "Belkan System" in errors[0]["message"]
    lines = [x for e in state(cs, events)["legal"] if e["type"] == "line-attack"
             for x in e["lines"]]
    assert all(x["range"] == "melee" for x in lines)
    off = [girl("ann", **STRIKER_BELKAN), monster("b", **BEAST)]
    errors = refused(off, opening(off, "ann", "b"), {
        "type": "line-attack", "ability": "blast-strike", "range": "ranged", "targets": ["b"],
        "seed": 1})
    assert errors[0]["field"] == "event.range"


def test_three_melee_hits_bank_6_and_a_fourth_keeps_6():
    events = opening(CAST, *ORDER)
    banks = []
    for i, seed in enumerate((11, 12, 13, 14), 1):
        events += hit(f"m{i}", seed)
        st = state(CAST, events)
        banks.append(who(st, "ann")["belkan"])
    assert banks == [2, 4, 6, 6]
    assert sum(1 for line in lines(st) if re.match(r"Ann attacks M\d \(melee\).*a hit\.$",
                                                   line)) == 4


def test_the_bank_goes_on_the_attack_roll_s_total_and_then_is_empty():
    events = opening(CAST, *ORDER) + hit("m1", 11) + hit("m2", 12) + hit("m3", 13)
    before = len(events)
    st = state(CAST, [*events, {"type": "attack", "target": "m4", "range": "melee", "seed": 21,
                                "belkan": True}])
    dice = faces(st, "Ann's attack", since=before)
    attack = next(line for line in lines(st, before) if line.startswith("Ann attacks M4"))
    total = int(re.search(r"= (\d+) against", attack).group(1))
    assert total == sum(dice) + 6 + 6  # 2d6! + Fury 6 + the bank of three hits
    # the hit banks +2 anew after the bank was spent on its roll
    assert who(st, "ann")["belkan"] == 2


def test_using_the_bank_needs_one_and_the_talent():
    errors = refused(CAST, opening(CAST, *ORDER), {"type": "attack", "target": "m1",
                                                   "range": "melee", "seed": 1, "belkan": True})
    assert errors[0]["field"] == "event.belkan"
    plain = [girl("ann", fury=6), *DUMMIES]
    errors = refused(plain, opening(plain, *ORDER), {
        "type": "attack", "target": "m1", "range": "melee", "seed": 1, "belkan": True})
    assert errors[0]["field"] == "event.belkan"


def test_the_bank_goes_on_a_roll_to_remove_ailments_too():
    """Any magical roll: after one hit (+2), a Bound Ann's ailment roll is 2d6! + Support 3
    + 2 − 2 (Bound, "Help and hindrance")."""
    events = [*opening(CAST, *ORDER), *hit("m1", 11), gm_status("ann", "bound")]
    before = len(events)
    st = state(CAST, [*events, {"type": "remove-ailments", "action": "minor", "seed": 3,
                                "belkan": True}])
    dice = faces(st, "Ann's roll to remove ailments", since=before)
    line = next(x for x in lines(st, before) if x.startswith("Ann tries to shake off"))
    assert int(re.search(r"= (\d+):", line).group(1)) == sum(dice) + 3 + 2 - 2, line
    assert who(st, "ann")["belkan"] == 0
