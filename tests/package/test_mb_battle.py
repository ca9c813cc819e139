"""Worked Magical Burst battles, each number worked out by hand from the rules (seed 002:
"Space and time", "Life and death", "Help and hindrance", "Monsters", "Boss abilities",
"Minions", "Overcharge") and from the dice the log shows; one group per item of issue 27's
Magical Burst part."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html import unescape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import CalculatorError

from mb_battles import (START, faces, girl, gm_set, gm_status, human, lines, minion, monster,
                        refused, rolls, seed_where, state, who)

BEAST = {"spread": 2, "level": "row-14", "attack": 4, "defence": 3, "support": 3}


def order(*ids: str) -> dict:
    return {"type": "gm-order", "order": list(ids)}


def opening(combatants: list, *ids: str) -> list[dict]:
    """Start with ``ids[0]``'s turn first (a seed whose initiative puts her first), then the
    rest in the order given (the game master's reorder keeps whose turn it is)."""
    start = seed_where(combatants, [], {"type": "start"},
                       lambda st: st["turn"] == ids[0] and st["order"].count(ids[0]) == 1)
    return [start, order(*ids)]


def attack(target: str, **fields) -> dict:
    return {"type": "attack", "target": target, "range": "melee", **fields}


def beats(a_total: int, a_sixes: int, a_stat: int, d_total: int, d_sixes: int,
          d_stat: int) -> bool:
    """"Life and death": the higher total hits; a tie goes to more sixes, then the higher
    stat; nothing breaks a full tie, so it misses."""
    return (a_total, a_sixes, a_stat) > (d_total, d_sixes, d_stat)


# --- 1. Combatants: girls from their sheets, humans, monsters and minions by the rules ------

def test_a_girl_comes_from_her_character_sheet_with_her_counters():
    st = state([girl("ann", fury=4, overcharge_fury=3), human("ren")], [])
    ann = who(st, "ann")
    assert (ann["attack"], ann["defence"], ann["support"]) == (4, 3, 3)
    assert ann["resolve"] == ann["max_resolve"] == 18
    assert ann["overcharge_fury"] == 3 and ann["roles"]["attack"] == "fury"


def test_a_spread_2_main_monster_gets_two_boss_abilities_and_no_third():
    two = monster("beast", **BEAST, boss_abilities=["lost-armour", "blood-rain"])
    assert who(state([two], []), "beast")["boss_abilities"] == ["lost-armour", "blood-rain"]
    three = monster("beast", **BEAST,
                    boss_abilities=["lost-armour", "blood-rain", "deafening-scream"])
    errors = refused([three], [])
    assert errors[0]["field"] == "combatants[0].boss_abilities"
    assert "spread 2" in errors[0]["message"]


def test_extra_action_counts_as_two_selections_and_only_the_main_monster_has_any():
    assert refused([monster("b", **BEAST, boss_abilities=["extra-action", "blood-rain"])], [])
    assert state([monster("b", **BEAST, boss_abilities=["extra-action"])], [])
    errors = refused([monster("b", **BEAST, main=False, boss_abilities=["blood-rain"])], [])
    assert "main monster" in errors[0]["message"]


def test_a_second_action_burst_needs_spread_3():
    twice = ["action-burst", "action-burst"]
    assert refused([monster("b", **BEAST, boss_abilities=twice)], [])
    assert state([monster("b", **{**BEAST, "spread": 3}, boss_abilities=twice)], [])


@pytest.mark.parametrize("spread, level, n, resolve", [
    (1, "row-12", 0, 12), (2, "row-14", 0, 28), (3, "row-16", 0, 48), (3, "row-18", 0, 54),
    (2, "row-18-plus-n", 5, 41), (2, "row-14", 5, 28)])
def test_resolve_is_spread_times_the_rows_number_plus_n_on_the_open_row(spread, level, n,
                                                                       resolve):
    st = state([monster("b", spread=spread, level=level, n=n)], [])
    assert who(st, "b")["resolve"] == resolve


@pytest.mark.parametrize("level, allowed", [("row-12", 1), ("row-14", 2), ("row-16", 3),
                                            ("row-18", 4), ("row-18-plus-n", 5)])
def test_talents_allowed_rise_by_one_a_row(level, allowed):
    pool = ["fear-aura", "binding-attack", "veil", "mines", "memory-blaze", "lost-teleport"]
    assert state([monster("b", level=level, talents=pool[:allowed])], [])
    assert refused([monster("b", level=level, talents=pool[:allowed + 1])], [])


def test_monsters_start_with_a_full_pool_and_the_gm_may_set_any_number():
    st = state([monster("b", **BEAST), monster("c", **BEAST, pool=4, resolve=50)], [])
    assert who(st, "b")["pool"] == 10 and who(st, "c")["pool"] == 4
    assert who(st, "c")["resolve"] == 50


def test_minions_follow_the_minion_rules():
    imps = who(state([minion("imp", template="maintenance-imps")], []), "imp")
    assert (imps["hp"], imps["passive_defence"], imps["attack"], imps["support"]) == (4, 6, 2, 2)
    assert imps["uses"] == {"veil": 1, "mines": 3}
    assert refused([minion("m", passive_defence=8)], [])
    assert refused([minion("m", minion_talents=[{"talent": "fear-aura", "uses": 1}])], [])
    assert refused([minion("m", minion_talents=[{"talent": "veil", "uses": 1}] * 3)], [])


# --- 2. Initiative --------------------------------------------------------------------------

def test_a_girl_with_support_3_rolling_4_and_5_has_initiative_12():
    cs = [girl("ann", judgment=3), monster("b", **BEAST)]
    start = seed_where(cs, [], {"type": "start"},
                       lambda st: rolls(st, "Ann's initiative") == [[4, 5]])
    st = state(cs, [start])
    assert who(st, "ann")["initiative"] == [12]


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_bound_girl_rolls_initiative_2_lower_as_every_roll_of_hers(seed):
    """Seed 002, "Help and hindrance": Bound characters take −2 to all rolls; initiative is a
    roll, 2d6 + Support (Judgment), so a bound girl with Judgment 3 has her dice + 3 − 2."""
    cs = [girl("ann", judgment=3, ailment_bound=True), monster("b", **BEAST)]
    st = state(cs, [{"type": "start", "seed": seed}])
    [dice] = rolls(st, "Ann's initiative")
    assert who(st, "ann")["initiative"] == [sum(dice) + 3 - 2]


def test_initiative_never_explodes_and_a_human_rolls_tenacity():
    cs = [girl("ann", judgment=3), human("ren", tenacity=2), monster("b", **BEAST)]
    for seed in range(1, 60):
        st = state(cs, [{"type": "start", "seed": seed}])
        ren = rolls(st, "Ren's initiative")
        assert len(ren) == 1 and len(ren[0]) == 2
        assert who(st, "ren")["initiative"] == [sum(ren[0]) + 2]
        assert all(len(r) == 2 for r in rolls(st, "Ann's initiative"))


def test_initiative_ties_go_to_the_higher_stat():
    cs = [girl("ann", judgment=2), girl("bea", judgment=4)]
    start = seed_where(cs, [], {"type": "start"}, lambda st: who(st, "ann")["initiative"]
                       == who(st, "bea")["initiative"])
    assert state(cs, [start])["order"] == ["bea", "ann"]


def test_extra_action_gives_a_monster_a_second_turn_in_the_order():
    cs = [girl("ann"), monster("b", **BEAST, boss_abilities=["extra-action"])]
    st = state(cs, [START])
    assert sorted(st["order"]) == ["ann", "b", "b"]
    assert len(who(st, "b")["initiative"]) == 2


# --- 3. A round -------------------------------------------------------------------------------

def test_a_major_and_a_minor_action_a_turn():
    cs = [girl("ann"), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b"), {"type": "move"}]
    st = state(cs, events)
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (1, 0)
    # a second Minor action comes out of the Major one; then nothing is left
    st = state(cs, [*events, {"type": "move"}])
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (0, 0)
    assert refused(cs, [*events, {"type": "move"}], {"type": "move"})


def test_bleeding_costs_2_at_the_start_of_each_round():
    cs = [girl("ann"), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b"), gm_status("ann", "bleed"),
              {"type": "end-turn", "seed": 1}]
    assert who(state(cs, events), "ann")["resolve"] == 18
    st = state(cs, [*events, {"type": "end-turn", "seed": 1}])  # round 2 begins
    assert st["round"] == 2 and who(st, "ann")["resolve"] == 16


def test_a_stunned_girl_has_one_action():
    cs = [girl("ann"), monster("b", **BEAST)]
    events = [*opening(cs, "b", "ann"), gm_status("ann", "stun"),
              {"type": "end-turn", "seed": 1}, {"type": "move"}]
    st = state(cs, events)
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (0, 0)


def test_removing_the_stun_with_her_action_gives_the_other_back():
    cs = [girl("ann", judgment=6), monster("b", **BEAST)]
    events = [*opening(cs, "b", "ann"), gm_status("ann", "stun"),
              {"type": "end-turn", "seed": 1}]
    ev = seed_where(cs, events, {"type": "remove-ailments", "action": "minor"},
                    lambda st: not who(st, "ann")["statuses"])
    st = state(cs, [*events, ev])
    total = sum(faces(st, "Ann's roll to remove ailments")) + 6
    assert total >= 11  # 11-13 removes one ailment, her only one
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (1, 0)


def test_bound_is_minus_2_on_every_roll_and_moving_takes_the_major_action():
    cs = [girl("ann", fury=4), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b"), gm_status("ann", "bound")]
    st = state(cs, [*events, {"type": "move"}])
    assert (who(st, "ann")["major"], who(st, "ann")["minor"]) == (0, 1)
    st = state(cs, [*events, {**attack("b"), "seed": 3}])
    rolled = faces(st, "Ann's attack")
    assert f"= {sum(rolled) + 4 - 2} against" in " ".join(lines(st))


def test_a_monster_that_shakes_off_removes_a_status_at_the_start_of_a_round():
    cs = [girl("ann"), monster("b", **BEAST, boss_abilities=["lost-shake-off"])]
    events = [*opening(cs, "ann", "b"), gm_status("b", "bound"), gm_status("b", "stun"),
              {"type": "end-turn", "seed": 1}, {"type": "end-turn", "seed": 1}]
    assert [s["id"] for s in who(state(cs, events), "b")["statuses"]] == ["stun"]


# --- 4. Attacks and damage --------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(1, 31))
def test_an_attack_hits_by_the_rule_and_deals_1d6_plus_2_plus_2_a_six(seed):
    cs = [girl("ann", fury=4), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b")]
    st = state(cs, [*events, {**attack("b"), "seed": seed}])
    a, d = faces(st, "Ann's attack"), faces(st, "B's defence")
    a6, d6 = a.count(6), d.count(6)
    hit = beats(sum(a) + 4, a6, 4, sum(d) + 3, d6, 3)
    damage = faces(st, "Ann's damage")
    assert bool(damage) == hit
    expected = max(0, damage[0] + 2 + 2 * (a6 - d6)) if hit else 0
    assert who(st, "b")["resolve"] == 28 - expected
    assert who(st, "ann")["overcharge_fury"] == a6  # her sixes on Fury, her Attack
    assert who(st, "b")["pool"] == 10 - d6  # its sixes come off its pool


def test_a_monster_rolling_two_sixes_on_an_attack_loses_2_overcharge():
    cs = [girl("ann"), monster("b", **BEAST)]
    events = [*opening(cs, "b", "ann")]
    ev = seed_where(cs, events, attack("ann"),
                    lambda st: faces(st, "B's attack").count(6) == 2)
    assert who(state(cs, [*events, ev]), "b")["pool"] == 8


def test_a_ranged_attack_deals_1d6_and_a_minion_has_passive_defence():
    cs = [girl("ann", fury=4), minion("imp", template="spider-nanny")]
    events = [*opening(cs, "ann", "imp")]
    for seed in range(1, 25):
        st = state(cs, [*events, attack("imp", range="ranged", seed=seed)])
        a = faces(st, "Ann's attack")
        hit = beats(sum(a) + 4, a.count(6), 4, 5, 0, 5)
        if hit:
            dealt = max(0, faces(st, "Ann's damage")[0] + 2 * a.count(6))
            assert who(st, "imp")["hp"] == max(0, 3 - dealt)
        else:
            assert who(st, "imp")["hp"] == 3


def test_a_non_magical_attack_on_a_magical_creature_deals_1():
    cs = [human("ren", tenacity=5), monster("b", **{**BEAST, "defence": 0})]
    events = [*opening(cs, "ren", "b")]
    ev = seed_where(cs, events, attack("b"), lambda st: faces(st, "Ren's damage") == []
                    and who(st, "b")["resolve"] < 28)
    st = state(cs, [*events, ev])
    assert who(st, "b")["resolve"] == 27
    assert len(rolls(st, "Ren's attack")) == 1  # Tenacity, no explosion


def test_armour_takes_2_off_to_at_least_1_and_backlash_hurts_the_girl_who_attacks():
    cs = [girl("ann", fury=6), monster("b", **BEAST, boss_abilities=["lost-armour",
                                                                      "lost-backlash"])]
    events = [*opening(cs, "ann", "b")]
    ev = seed_where(cs, events, attack("b"), lambda st: bool(faces(st, "Ann's damage")))
    st = state(cs, [*events, ev])
    a, d = faces(st, "Ann's attack"), faces(st, "B's defence")
    raw = max(0, faces(st, "Ann's damage")[0] + 2 + 2 * (a.count(6) - d.count(6)))
    dealt = max(1, raw - 2) if raw > 1 else raw
    assert who(st, "b")["resolve"] == 28 - dealt
    assert who(st, "ann")["resolve"] == 18 - faces(st, "backlash")[0]


def test_a_barrier_takes_5_a_point_of_overcharge():
    cs = [girl("ann", fury=6), monster("b", **BEAST, talents=["lost-barrier"])]
    events = [*opening(cs, "ann", "b")]
    ev = seed_where(cs, events, attack("b", barrier=1), lambda st: bool(faces(st, "Ann's "
                                                                                "damage")))
    st = state(cs, [*events, ev])
    a, d = faces(st, "Ann's attack"), faces(st, "B's defence")
    raw = max(0, faces(st, "Ann's damage")[0] + 2 + 2 * (a.count(6) - d.count(6)))
    assert who(st, "b")["resolve"] == 28 - max(0, raw - 5)
    assert who(st, "b")["pool"] == 10 - 1 - d.count(6)


def test_a_binding_attack_costs_1_and_binds_on_a_hit():
    cs = [girl("ann", heart=0), monster("b", **BEAST, talents=["binding-attack"])]
    events = [*opening(cs, "b", "ann")]
    ev = seed_where(cs, events, attack("ann", effect="binding-attack"),
                    lambda st: bool(faces(st, "B's damage")))
    st = state(cs, [*events, ev])
    assert [s["id"] for s in who(st, "ann")["statuses"]] == ["bound"]
    assert who(st, "b")["pool"] == 10 - 1 - faces(st, "B's attack").count(6)
    assert refused([girl("ann"), monster("b", **BEAST)], [*opening(cs, "b", "ann")],
                   {**attack("ann", effect="binding-attack"), "seed": 1})


def test_boosts_add_a_die_and_a_point_of_overcharge_each():
    cs = [girl("ann", fury=4), monster("b", **BEAST)]
    st = state(cs, [*opening(cs, "ann", "b"), attack("b", boosts=2, seed=5)])
    rolled = rolls(st, "Ann's attack")
    assert len(rolled[0]) == 4
    assert who(st, "ann")["overcharge_fury"] == faces(st, "Ann's attack").count(6) + 2


# --- 5. Resolve and wounds --------------------------------------------------------------------

def test_damage_beyond_resolve_is_ignored_and_later_damage_makes_wounds():
    cs = [girl("ann", tenacity=2), monster("b", **{**BEAST, "attack": 12})]
    events = [*opening(cs, "b", "ann"), gm_set("ann", "resolve", 1)]
    ev = seed_where(cs, events, attack("ann"), lambda st: who(st, "ann")["resolve"] == 0)
    st = state(cs, [*events, ev])
    assert who(st, "ann")["condition"] == "down" and who(st, "ann")["damage"] == 0
    # the next hit is a wound: 1-2 level 1, 3-4 level 2, 5 level 3, 6 dead
    events = [*events, ev, {"type": "end-turn", "seed": 1}, {"type": "end-turn", "seed": 1}]
    ev2 = seed_where(cs, events, attack("ann"), lambda st: who(st, "ann")["damage"] > 0)
    st = state(cs, [*events, ev2])
    ann = who(st, "ann")
    level = 1 if ann["damage"] <= 2 else 2 if ann["damage"] <= 4 else 3 if \
        ann["damage"] == 5 else 4
    assert ann["wound"] == level
    if level < 4:
        dice = faces(st, "Ann's wound dice")
        assert len(dice) == level
        assert ann["max_resolve"] == 18 - max(0, sum(dice) - 2)
    else:
        assert ann["condition"] == "dead"


def test_a_human_has_three_wound_levels_and_dies_at_6():
    cs = [human("ren"), monster("b", **BEAST)]
    events = [*opening(cs, "b", "ren")]
    st = state(cs, [*events, gm_set("ren", "damage", 3)])
    assert who(st, "ren")["wound"] == 2
    st = state(cs, [*events, gm_set("ren", "damage", 6)])
    assert who(st, "ren")["condition"] == "dead"


@pytest.mark.parametrize("seed", range(1, 31))
def test_rising_again_by_its_table(seed):
    cs = [girl("ann", judgment=6), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b"), gm_set("ann", "resolve", 0)]
    st = state(cs, [*events, {"type": "rise", "seed": seed}])
    rolled = faces(st, "Ann's roll to rise again")
    total = sum(rolled) + 6
    band_oc, bonus = (2, 0) if total <= 10 else (1, 3) if total <= 13 else (1, 6)
    assert who(st, "ann")["overcharge_judgment"] == rolled.count(6) + band_oc
    assert who(st, "ann")["resolve"] == 0  # back only at the start of her next turn
    st = state(cs, [*events, {"type": "rise", "seed": seed}, {"type": "end-turn", "seed": 1},
                    {"type": "end-turn", "seed": seed}])
    assert who(st, "ann")["resolve"] == faces(st, "Ann's Resolve")[0] + bonus


@pytest.mark.parametrize("seed", range(1, 21))
def test_intercepting_by_its_two_bands(seed):
    cs = [girl("ann", heart=3), girl("bea", heart=0),
          monster("b", **{**BEAST, "attack": 12})]
    events = [*opening(cs, "b", "ann", "bea")]
    st = state(cs, [*events, attack("bea", interceptor="ann", seed=seed)])
    damage = faces(st, "B's damage")
    if not damage:
        return
    a, d = faces(st, "B's attack"), faces(st, "Bea's defence")
    dealt = max(0, damage[0] + 2 + 2 * (a.count(6) - d.count(6)))
    total = sum(faces(st, "Ann's interception")) + 3
    if total <= 10:
        assert (who(st, "ann")["resolve"], who(st, "bea")["resolve"]) == (18, 18 - dealt)
    elif total <= 13:
        assert (who(st, "ann")["resolve"], who(st, "bea")["resolve"]) == (18 - dealt, 18)
    else:
        assert (who(st, "ann")["resolve"], who(st, "bea")["resolve"]) == (18 - dealt // 2, 18)


@pytest.mark.parametrize("seed", range(1, 31))
def test_removing_ailments_by_its_two_bands(seed):
    cs = [girl("ann", judgment=6), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b"), gm_status("ann", "bleed"), gm_status("ann", "bound")]
    st = state(cs, [*events, {"type": "remove-ailments", "ailment": "bound", "seed": seed}])
    total = sum(faces(st, "Ann's roll to remove ailments")) + 6 - 2  # bound: −2
    left = [s["id"] for s in who(st, "ann")["statuses"]]
    assert left == (["bleed", "bound"] if total <= 10 else ["bleed"] if total <= 13 else [])


@pytest.mark.parametrize("seed", range(1, 16))
def test_reckless_movement_by_its_three_bands(seed):
    cs = [girl("ann", judgment=6), monster("b", **BEAST)]
    st = state(cs, [*opening(cs, "ann", "b"), {"type": "reckless", "seed": seed}])
    total = sum(faces(st, "Ann's reckless movement")) + 6
    assert who(st, "ann")["resolve"] == (18 if total >= 14 else 16)
    assert who(st, "ann")["minor"] == 0


# --- 6. Overcharge in the fight ---------------------------------------------------------------

def test_a_stage_reached_calls_for_its_effect_rolled_from_the_events_seed():
    cs = [girl("ann", overcharge_fury=6), monster("b", **BEAST)]
    ev = {"type": "overcharge-effect", "combatant": "ann", "stat": "fury", "seed": 9}
    st = state(cs, [START, ev])
    tens, units = faces(st, "Fury major flairs, tens"), faces(st, "Fury major flairs, units")
    assert f"({'Fury major flairs'}, {10 * tens[0] + units[0]})" in " ".join(lines(st))
    assert who(st, "ann")["overcharge_fury"] == 0
    assert refused(cs, [START, ev], {**ev, "seed": 10})  # at 0 it calls for nothing


def test_13_makes_the_burst_owed_at_once_and_a_judgment_burst_blasts_those_nearby():
    cs = [girl("ann", overcharge_judgment=12), girl("bea", judgment=0), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b", "bea"), gm_set("ann", "overcharge_judgment", 13)]
    st = state(cs, events)
    assert st["pending"] == [{"combatant": "ann", "burst": "judgment"}]
    assert refused(cs, events, {"type": "move"})
    st = state(cs, [*events, {"type": "burst", "nearby": ["bea", "b"], "seed": 2}])
    assert who(st, "ann")["overcharge_judgment"] == 0
    for cid, stat, name in (("bea", 0, "Bea"), ("b", 3, "B")):
        total = sum(faces(st, f"{name}'s Support against the blast")) + stat
        caught = total < 26  # twice the 13 released
        after = who(st, cid)["resolve"]
        assert after == (max(0, (18 if cid == "bea" else 28) - 13) if caught else
                         (18 if cid == "bea" else 28))


def test_a_fury_burst_gives_two_turns_a_round_and_no_overcharge():
    cs = [girl("ann", overcharge_fury=13), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b"), {"type": "burst", "seed": 1}]
    st = state(cs, events)
    assert st["order"] == ["ann", "ann", "b"] and who(st, "ann")["frenzy"]
    st = state(cs, [*events, attack("b", seed=4)])
    assert who(st, "ann")["overcharge_fury"] == 13  # sixes give her nothing in the frenzy


def test_the_end_of_the_battle_hands_her_counters_back_to_her_sheet():
    cs = [girl("ann", overcharge_heart=2), monster("b", **BEAST)]
    st = state(cs, [*opening(cs, "ann", "b"), attack("b", seed=3), {"type": "end-battle"}])
    sheet = who(st, "ann")["sheet"]
    assert sheet["overcharge_heart"] == 2 + faces(st, "Ann's defence").count(6) \
        if faces(st, "Ann's defence") else sheet["overcharge_heart"] == 2
    assert sheet["overcharge_fury"] == faces(st, "Ann's attack").count(6)
    assert st["phase"] == "ended" and st["legal"] == []


# --- The engine's contract ---------------------------------------------------------------------

def test_illegal_events_are_refused_with_field_errors():
    cs = [girl("ann"), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b")]
    assert refused(cs, events, attack("nobody", seed=1))[0]["field"] == "event.target"
    assert refused(cs, events, attack("ann", seed=1))[0]["field"] == "event.target"
    assert refused(cs, events, {"type": "rise", "seed": 1})
    assert refused(cs, events, {"type": "ability", "ability": "veil"})[0]["field"] == \
        "event.ability"
    assert refused(cs, [], {"type": "move"})
    assert refused(cs, events, {"type": "attack", "target": "b"})[0]["field"] == "event.seed"


def test_the_cli_reads_a_battle_file_and_one_more_event(tmp_path):
    battle = {"combatants": [girl("ann"), monster("b", **BEAST)], "events": [START]}
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(battle))
    done = subprocess.run([sys.executable, "-m", "calculators", "mb-battle", "--battle",
                           str(path), "--event", '{"type": "end-turn", "seed": 2}'],
                          capture_output=True, text=True, check=True)
    out = json.loads(done.stdout)
    assert len(out["battle"]["events"]) == 2
    bad = subprocess.run([sys.executable, "-m", "calculators", "mb-battle", "--battle", "-",
                          "--event", '{"type": "rise", "seed": 1}'],
                         input=json.dumps(battle), capture_output=True, text=True)
    assert bad.returncode == 2 and json.loads(bad.stdout)["errors"]


# --- Talents and abilities ----------------------------------------------------------------------

def test_action_burst_spends_1_overcharge_for_one_more_major_action_once_a_turn():
    cs = [girl("ann"), monster("b", **BEAST, boss_abilities=["action-burst"])]
    events = [*opening(cs, "b", "ann"), {"type": "ability", "ability": "action-burst"}]
    st = state(cs, events)
    assert who(st, "b")["pool"] == 9 and who(st, "b")["major"] == 2
    assert refused(cs, events, {"type": "ability", "ability": "action-burst"})


def test_a_monster_pays_a_1_plus_cost_with_the_points_it_chooses():
    cs = [girl("ann"), monster("b", **BEAST, talents=["lost-barrier"])]  # 1+, no action
    events = opening(cs, "b", "ann")
    st = state(cs, [*events, {"type": "ability", "ability": "lost-barrier", "points": 3}])
    assert who(st, "b")["pool"] == 7 and who(st, "b")["major"] == 1
    assert refused(cs, [*events, gm_set("b", "pool", 2)],
                   {"type": "ability", "ability": "lost-barrier", "points": 3})


@pytest.mark.parametrize("talent, own", [("gravity-wave", "gravity-wave"),
                                         ("curse-shift", "curse-shift"), ("mines", "lay-mine")])
def test_the_generic_ability_event_sends_a_talent_with_its_own_event_there(talent, own):
    cs = [girl("ann"), monster("b", **BEAST, talents=[talent])]
    errors = refused(cs, opening(cs, "b", "ann"), {"type": "ability", "ability": talent,
                                                    "points": 1})
    assert errors[0]["field"] == "event.ability" and errors[0]["message"].endswith(f": {own}.")


def test_a_girls_talent_takes_its_overcharge_on_the_stat_behind_its_role():
    # And Your Enemies Closer: 1 overcharge on Defence, which is Heart by default
    cs = [girl("ann", affinity="guardian"), monster("b", **BEAST)]
    st = state(cs, [*opening(cs, "ann", "b"),
                    {"type": "ability", "ability": "and-your-enemies-closer"}])
    assert who(st, "ann")["overcharge_heart"] == 1


def test_a_minion_spends_a_use_of_its_talent():
    cs = [girl("ann"), minion("imp", template="maintenance-imps")]  # Veil – 1/Scene
    events = [*opening(cs, "imp", "ann"), {"type": "ability", "ability": "veil"}]
    assert who(state(cs, events), "imp")["uses"]["veil"] == 0
    assert refused(cs, events, {"type": "ability", "ability": "veil"})


def test_disruptive_strikes_give_the_girl_a_point_on_the_stat_its_die_names():
    cs = [girl("ann"), monster("b", **BEAST, talents=["disruptive-strikes"])]
    for seed in range(1, 8):
        st = state(cs, [*opening(cs, "b", "ann"), attack("ann", seed=seed)])
        face = faces(st, "Disruptive Strikes")[0]
        stat = "heart" if face <= 2 else "fury" if face <= 4 else "judgment"
        heart_sixes = faces(st, "Ann's defence").count(6)  # her Defence is Heart
        assert who(st, "ann")[f"overcharge_{stat}"] == 1 + (heart_sixes if stat == "heart"
                                                             else 0)


def test_memory_blaze_adds_2_damage_once_the_monster_is_at_half_its_resolve():
    cs2 = [girl("ann", fury=6), monster("b", **{**BEAST, "defence": 0},
                                        talents=["memory-blaze"], resolve=15)]
    events = opening(cs2, "ann", "b")
    ev = seed_where(cs2, events, attack("b"), lambda s: who(s, "b")["blazing"])
    st = state(cs2, [*events, ev, {"type": "end-turn", "seed": 1}])
    ev2 = seed_where(cs2, [*events, ev, {"type": "end-turn", "seed": 1}], attack("ann"),
                     lambda s: bool(faces(s, "B's damage", since=4)))
    st = state(cs2, [*events, ev, {"type": "end-turn", "seed": 1}, ev2])
    a, d = faces(st, "B's attack"), faces(st, "Ann's defence")
    dealt = max(0, faces(st, "B's damage")[0] + 2 + 2 * (a.count(6) - d.count(6)) + 2)
    assert who(st, "ann")["resolve"] == 18 - dealt


def test_a_burst_skipped_past_by_the_game_master_is_owed_again_at_her_next_turn():
    cs = [girl("ann", overcharge_heart=13), monster("b", **BEAST)]
    events = [*opening(cs, "ann", "b"), {"type": "gm-skip-turn", "seed": 1}]
    assert state(cs, events)["pending"] == []
    st = state(cs, [*events, {"type": "end-turn", "seed": 1}])
    assert st["turn"] == "ann" and st["pending"] == [{"combatant": "ann", "burst": "heart"}]


def test_the_game_master_sets_only_a_number_the_combatant_has():
    cs = [human("ren"), minion("imp", template="maintenance-imps"), monster("b", **BEAST)]
    events = opening(cs, "b", "ren", "imp")
    assert refused(cs, events, gm_set("imp", "resolve", 0))[0]["field"] == "event.field"
    assert refused(cs, events, gm_set("ren", "pool", 3))[0]["field"] == "event.field"
    st = state(cs, [*events, gm_set("imp", "hp", 0)])
    assert who(st, "imp")["condition"] == "destroyed"


# --- The monster builder ---------------------------------------------------------------------

def test_the_monster_builder_gives_the_budgets_and_an_entry_the_battle_reads_alike():
    from calculators.magical_burst.monster_builder import MB_MONSTER

    built = MB_MONSTER.run({"name": "Mother", "spread": 2, "level": "row-14",
                            "boss_abilities": ["lost-armour", "blood-rain"],
                            "talents": ["veil"]})
    assert built["resolve"] == 2 * 14 and built["pool"] == 10
    assert built["budget"] == {"talents": 2, "boss_picks": 2, "boss_picks_used": 2}
    st = state([{**built["entry"], "id": "mother", "side": "monsters"}], [])
    assert who(st, "mother")["resolve"] == 28
    assert who(st, "mother")["boss_abilities"] == ["lost-armour", "blood-rain"]
    with pytest.raises(Exception) as refusal:
        MB_MONSTER.run({"spread": 2, "boss_abilities": ["lost-armour", "blood-rain",
                                                         "deafening-scream"]})
    assert refusal.value.errors[0].field == "boss_abilities"


def test_a_saved_monster_is_added_from_its_record_as_the_builder_keeps_it():
    """The builder's collection keeps a monster's inputs as the form's text; picked in the
    battle (``new_monster``, the whole record), it is offered to add with its numbers read:
    Resolve spread 3 × 16 = 48 ("Power levels"), the pool the game master set."""
    from calculators import get

    record = {"name": "Clockwork Mother", "spread": "3", "level": "row-16", "n": "0",
              "main": "true", "attack": "5", "defence": "4", "support": "3",
              "damage_bonus": "0", "boss_abilities": json.dumps(["lost-armour", "blood-rain"]),
              "talents": "[\"veil\"]", "pool": "7", "resolve": ""}
    battle = get("mb-battle")
    [offered] = battle.run({"combatants": [girl("ann")], "new_monster": json.dumps(record),
                            "monster_of": "r1"})["adding"]
    assert offered["name"] == "Clockwork Mother"
    entry = {**offered["entry"], "side": "monsters"}
    assert entry["spread"] == 3 and entry["boss_abilities"] == ["lost-armour", "blood-rain"]
    mother = who(state([girl("ann"), entry], []), entry["id"])
    assert (mother["resolve"], mother["max_resolve"], mother["pool"]) == (48, 48, 7)
    with pytest.raises(Exception) as refusal:
        battle.run({"new_monster": {**record, "spread": "0"}})
    assert [e.field for e in refusal.value.errors] == ["new_monster"]
    assert "Spread" in refusal.value.errors[0].message


# --- The monster builder's pickers: names or ids, each unknown one refused on its field ------

def test_the_pickers_take_names_as_their_ids_and_keep_the_id_list_shape():
    from calculators.magical_burst.monster_builder import MB_MONSTER

    by_name = MB_MONSTER.run({"spread": 2, "level": "row-14",
                              "boss_abilities": ["Blood Rain", "name lost (damage reduction)"],
                              "talents": json.dumps(["Veil"])})
    assert by_name["entry"]["boss_abilities"] == ["blood-rain", "lost-armour"]
    assert by_name["entry"]["talents"] == ["veil"]
    assert [a["name"] for a in by_name["abilities"]] == [
        "Blood Rain", "Name lost (damage reduction)", "Veil"]


@pytest.mark.parametrize("field, value", [("boss_abilities", ["Blood Rain", "Dragon Breath"]),
                                          ("talents", ["no-such-talent"]),
                                          ("talents", "{\"veil\": 1}")])
def test_an_unknown_pick_or_a_list_of_another_shape_is_refused_on_its_field(field, value):
    from calculators.magical_burst.monster_builder import MB_MONSTER

    with pytest.raises(Exception) as refusal:
        MB_MONSTER.run({"spread": 2, field: value})
    [error] = refusal.value.errors
    assert error.field == field
    assert "Dragon Breath" in error.message or "no-such-talent" in error.message \
        or "list of names" in error.message


def test_the_pickers_offer_a_monster_no_minion_talent_and_the_rule_refuses_one_typed():
    """"Minions": A Little Longer and Hello There are talents only minions have."""
    from calculators.magical_burst.monsters import MONSTER_FIELDS

    talents = next(p for p in MONSTER_FIELDS if p.name == "talents")
    offered = {p.label for p in talents.picks if p.listed}
    assert "Veil" in offered and not offered & {"A Little Longer", "Hello There"}
    errors = refused([monster("b", **BEAST, talents=["Hello There"])], [])
    assert errors[0]["field"] == "combatants[0].talents"
    assert "Only minions" in errors[0]["message"]


@pytest.mark.parametrize("spread, taken", [(2, False), (3, True)])
def test_a_second_action_burst_picked_by_name_is_refused_below_spread_3(spread, taken):
    """"Boss abilities", Action Burst: a monster with a Spread of 3 or higher can take it a
    second time, so spread 2 may not (two selections would fit its budget of 2)."""
    from source_texts import MAGICAL_BURST, seed_text

    from calculators.magical_burst.monster_builder import MB_MONSTER

    assert "Spread of 3 or higher can take this ability a second time" in \
        seed_text(MAGICAL_BURST)
    inputs = {"spread": spread, "boss_abilities": ["Action Burst", "action-burst"]}
    if taken:
        assert MB_MONSTER.run(inputs)["budget"]["boss_picks_used"] == 2
        return
    with pytest.raises(Exception) as refusal:
        MB_MONSTER.run(inputs)
    [error] = refusal.value.errors
    assert error.field == "boss_abilities" and "from spread 3" in error.message


def test_a_boss_ability_taken_once_by_the_rules_is_offered_once_and_refused_twice():
    from calculators.magical_burst.monster_builder import MB_MONSTER
    from calculators.magical_burst.monsters import BOSS_PICKS

    assert next(p for p in BOSS_PICKS if p.value == "blood-rain").most == 1
    with pytest.raises(Exception) as refusal:
        MB_MONSTER.run({"spread": 2, "boss_abilities": ["Blood Rain", "blood-rain"]})
    assert [e.message for e in refusal.value.errors] == ["Blood Rain is taken once."]


# --- Quick entry: several minions in one step, the kind kept --------------------------------

def test_three_imps_are_added_in_one_step_numbered_and_the_kind_stays_minion():
    from calculators import get

    battle = get("mb-battle")
    inputs = {"combatants": [girl("ann")], "new_kind": "minion", "new_name": "Imp",
              "new_template": "maintenance-imps", "new_count": "3"}
    html = battle.render(battle.run(inputs))
    [add] = re.findall(r'aria-label="Add Imp 1, Imp 2, Imp 3".*?data-calc-set="([^"]*)"[^>]*>'
                       r'To the monsters<', html)
    values = json.loads(unescape(add))
    everyone = json.loads(values["combatants"])
    imps = everyone[1:]
    assert [(c["id"], c["name"], c["side"]) for c in imps] == [
        ("imp-1", "Imp 1", "monsters"), ("imp-2", "Imp 2", "monsters"),
        ("imp-3", "Imp 3", "monsters")]
    assert values["new_name"] == values["new_count"] == "" and "new_kind" not in values
    assert [who(state(everyone, []), c["id"])["hp"] for c in imps] == [
        who(state([minion("m", template="maintenance-imps")], []), "m")["hp"]] * 3


PICK_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12)
                         | st.sampled_from(["Veil", "veil", " FEAR AURA ", "hello-there"]),
                         lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                         max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(raw=PICK_JSON | PICK_JSON.map(json.dumps))
def test_any_json_for_a_pick_list_is_its_ids_or_one_error_on_its_field(raw):
    """Independent of the code: a list of text, each an id or a name (any case, spaces at
    either end dropped) of a monster talent or a minion's, reads as those ids in order; a
    blank is none; anything else is refused on the field."""
    from calculators.magical_burst.adversaries import MONSTER_TALENTS_BY_ID
    from calculators.magical_burst.monsters import MONSTER_FIELDS

    talents = next(p for p in MONSTER_FIELDS if p.name == "talents")
    known = {key.lower(): t.id for t in MONSTER_TALENTS_BY_ID.values() for key in (t.id, t.name)}
    value = raw
    if isinstance(raw, str):
        try:
            value = json.loads(raw) if raw.strip() else None
        except ValueError:
            value = ...  # not JSON: refused
    expected = None
    if isinstance(value, list) and all(isinstance(x, str) and x.strip().lower() in known
                                       for x in value):
        expected = [known[x.strip().lower()] for x in value]
    elif value is None:
        expected = talents.default
    try:
        assert talents.coerce(raw) == expected
    except CalculatorError as exc:
        assert expected is None and [e.field for e in exc.errors] == ["talents"]


def test_picks_go_with_the_pick_list_editor_only():
    from calculators.params import JSON, Param, Pick

    with pytest.raises(ValueError):
        Param("t", "Talents", kind=JSON, picks=(Pick("veil", "Veil"),))
    with pytest.raises(ValueError):
        Param("t", "Talents", kind=JSON, editor="pick-list")
