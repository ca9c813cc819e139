"""Worked battles for what a spellcard does besides an attack, abilities, a check rolled at the
table and collecting dropped spell power at a distance the table measured (issue 26, items 3,
6 and 7). Every number is worked out here from the rule text and the dice the log shows:
healing adds the dice rolled up to her max; Shield halves damage, rounded up ("Rounding"); a
card's rounds are counted on its caster's turns; collecting takes ¾, ½, ¼ or all, rounded down."""

from __future__ import annotations

import math

import pytest

from wr_battles import deck, foe, outcome, refused, rolls, seed_where, state, who

START = {"type": "start", "seed": 1}
MEND, PURIFY, LIGHT = 2, 3, 0  # entries of the example deck: 1d heal (self), Recover, AOE 1


def gm_set(cid: str, field: str, value: int) -> dict:
    return {"type": "gm-set", "combatant": cid, "field": field, "value": value, "seed": 1}


def guardian_deck(*cards: dict) -> dict:
    return {"caster": {"element": "fire", "shot_type": "magic-missile", "profession": "guardian"},
            "cards": [{"card": card, "copies": 1} for card in cards]}


def test_a_healing_card_heals_the_dice_it_rolls_and_never_past_her_max():
    aya = foe("aya", speed=8, hp=60, deck=deck(), hand=[MEND, MEND])
    events = [START, gm_set("aya", "hp", 40), {"type": "cast", "card": MEND, "seed": 5}]
    st = state([aya, foe("bob", speed=5)], events)
    faces = rolls(st, "heals")
    assert len(faces) == 1 and len(faces[0]) == 1  # 1d hit points
    assert who(st, "aya")["hp"] == 40 + faces[0][0]
    near_full = [START, gm_set("aya", "hp", 59)]
    high = seed_where([aya, foe("bob", speed=5)], near_full, {"type": "cast", "card": MEND},
                      lambda s: rolls(s, "heals")[0][0] >= 2)
    assert who(state([aya, foe("bob", speed=5)], [*near_full, high]), "aya")["hp"] == 60


def test_recover_removes_every_status_of_its_target():
    aya = foe("aya", speed=8, deck=deck(), hand=[PURIFY])
    events = [START, {"type": "gm-status", "combatant": "bob", "status": "stun"},
              {"type": "gm-status", "combatant": "bob", "status": "fear"},
              {"type": "cast", "card": PURIFY, "target": "bob", "seed": 2}]
    st = state([aya, foe("bob", speed=5)], events)
    assert who(st, "bob")["statuses"] == []


def test_an_aoe_1_card_strikes_the_four_neighbours_of_its_target_but_not_a_diagonal():
    cs = [foe("aya", speed=9, int=15, pwr=15, deck=deck(), hand=[LIGHT], spell_power=300),
          foe("bob", speed=5, x=3), foe("cat", speed=4, x=3, y=1),
          foe("dan", speed=3, x=4, y=1)]
    cast = seed_where(cs, [START], {"type": "cast", "card": LIGHT, "target": "bob"},
                      lambda s: any("strikes at" in line["text"] for line in s["log"]))
    st = state(cs, [START, cast])
    struck = [line["text"].split("strikes at ")[1].split(":")[0] for line in st["log"]
              if "strikes at" in line["text"]]
    assert struck[:1] == ["Bob"] and "Cat" in struck and "Dan" not in struck


def test_a_shield_halves_damage_rounded_up_until_the_start_of_her_next_turn():
    ward = {"name": "Ward", "type": "defensive", "special": [{"skill": "shield"}]}
    gwen = foe("gwen", speed=8, hp=80, deck=guardian_deck(ward), hand=[0])
    bob = foe("bob", speed=5, int=12, x=2)
    events = [START, {"type": "cast", "card": 0, "target": "gwen", "seed": 3},
              {"type": "end-turn", "seed": 4}]
    hit = seed_where([gwen, bob], events, {"type": "attack", "target": "gwen",
                                           "attack": "danmaku"},
                     lambda s: who(s, "gwen")["hp"] < 80)
    st = state([gwen, bob], [*events, hit])
    damage = sum(rolls(st, "Bob's damage", 3)[0])  # 4d for intelligence 12, nothing added
    dodge = rolls(st, "Gwen's dodge", 3)[0]
    assert outcome(dodge, 0, 12) in ("failure", "critical-failure")
    assert who(st, "gwen")["hp"] == 80 - math.ceil(damage / 2)
    # the 1-round card ends as her next turn starts: the next hit is whole
    st = state([gwen, bob], [*events, hit, {"type": "end-turn", "seed": 6}])
    assert st["effects"] == [] and any(line["text"] == "Ward ends." for line in st["log"])


def test_sturdy_adds_50_max_hp_while_it_lasts_and_takes_them_back_after():
    bulk = {"name": "Bulk", "type": "defensive",
            "duration": {"rounds": 2}, "special": [{"skill": "sturdy"}]}
    gwen = foe("gwen", speed=8, hp=60, deck=guardian_deck(bulk), hand=[0], spell_power=300)
    cs = [gwen, foe("bob", speed=5)]
    events = [START, {"type": "cast", "card": 0, "target": "gwen", "seed": 3},
              gm_set("gwen", "hp", 100)]
    assert who(state(cs, events), "gwen")["max_hp"] == 110
    events += [{"type": "end-turn", "seed": 4}, {"type": "end-turn", "seed": 5}]  # round 2
    assert who(state(cs, events), "gwen")["max_hp"] == 110  # its second round
    events += [{"type": "end-turn", "seed": 6}, {"type": "end-turn", "seed": 7}]  # round 3
    st = state(cs, events)
    assert who(st, "gwen")["max_hp"] == 60 and who(st, "gwen")["hp"] == 60


def test_stay_still_stuns_its_target_for_her_next_turn():
    card = {"name": "Freeze frame", "type": "special", "special": [{"skill": "stay-still"}]}
    deck_ = {"caster": {"element": "fire", "shot_type": "magic-missile",
                        "profession": "carefree-soul"},
             "cards": [{"card": card, "copies": 1}]}
    cs = [foe("aya", speed=8, deck=deck_, hand=[0]), foe("bob", speed=5)]
    events = [START, {"type": "cast", "card": 0, "target": "bob", "seed": 3},
              {"type": "end-turn", "seed": 4}]
    st = state(cs, events)
    assert st["turn"] == "bob" and who(st, "bob")["actions"] == 0


def shrine_maiden(cid: str, **more) -> dict:
    return {"id": cid, "side": "heroes", "kind": "character",
            "character": {"name": cid.title(), "profession": "shrine-maiden", **more}}


def test_a_shrine_maiden_heals_2d_twice_and_a_third_time_is_refused():
    cs = [shrine_maiden("rei"), foe("bob", speed=0, hp=80)]
    heal = {"type": "ability", "ability": "profession:shrine-maiden", "target": "bob"}
    events = [START, gm_set("bob", "hp", 30), {**heal, "seed": 7}]
    st = state(cs, events)
    faces = rolls(st, "healing")[0]
    assert len(faces) == 2 and who(st, "bob")["hp"] == 30 + sum(faces)
    assert who(st, "rei")["actions"] == 1
    events += [{**heal, "seed": 8}, {"type": "end-turn", "seed": 9},
               {"type": "end-turn", "seed": 10}]
    assert refused(cs, events, {**heal, "seed": 11})[0]["field"] == "event.ability"


def test_lightning_takes_4d_on_a_failed_charisma_save_against_12():
    iku = shrine_maiden("iku", ability_1="manipulation:electricity", profession="carefree-soul")
    cs = [iku, foe("bob", speed=0, hp=80, cha=9)]
    bolt = {"type": "ability", "ability": "manipulation:electricity", "target": "bob"}
    struck = seed_where(cs, [START], bolt, lambda s: who(s, "bob")["hp"] < 80)
    st = state(cs, [START, struck])
    save, bolt_faces = rolls(st, "charisma save")[0], rolls(st, "lightning")[0]
    assert len(save) == 3 and outcome(save, 0, 12) in ("failure", "critical-failure")
    assert len(bolt_faces) == 4 and who(st, "bob")["hp"] == 80 - sum(bolt_faces)
    assert who(st, "bob")["meter"] == 3  # taking damage
    assert refused(cs, [START, struck], {**bolt, "seed": 3})  # once a day


def test_an_ability_without_numbers_is_logged_as_used_and_spends_the_action():
    cs = [shrine_maiden("rei", ability_1="ley-lines"), foe("bob", speed=0)]
    st = state(cs, [START, {"type": "ability", "ability": "ley-lines"}])
    assert who(st, "rei")["actions"] == 1
    assert any("uses Ley Lines" in line["text"] for line in st["log"])


@pytest.mark.parametrize("target", [None, 12])
def test_a_roll_shows_her_dice_and_spends_no_action_even_out_of_her_turn(target):
    cs = [foe("aya", speed=8), foe("bob", speed=5, ins=10)]
    event = {"type": "roll", "combatant": "bob", "check": "ins", "seed": 4,
             **({"target": target} if target else {})}
    st = state(cs, [START, event])
    faces = rolls(st, "Bob's insight")[0]
    assert len(faces) == 3  # one die per 3 points of 10
    line = who(st, "bob")["last_roll"]["text"]
    assert f"= {sum(faces)}" in line
    if target:
        assert outcome(faces, 0, 12).replace("-", " ") in line
    assert who(st, "aya")["actions"] == 2 and who(st, "bob")["actions"] == 0


@pytest.mark.parametrize("spaces, share", [(0, 122), (1, 92), (2, 61), (3, 31)])
def test_dropped_power_is_collected_at_the_distance_the_table_measured(spaces, share):
    """All of 122 on her space, ¾ (91.5) from 1, ½ (61) from 2, ¼ (30.5) from 3, each divided
    result rounded up (seed 000, "Basic rolls")."""
    cs = [foe("aya", speed=8, ins=9), foe("bob", hp=40, speed=5, x=9)]
    events = [START, gm_set("bob", "spell_power", 122), gm_set("bob", "hp", -1),
              {"type": "end-turn", "seed": 2}]
    before = who(state(cs, events), "aya")["spell_power"]
    st = state(cs, [*events, {"type": "collect", "from": "bob", "spaces": spaces}])
    assert who(st, "aya")["spell_power"] == before + share
    assert refused(cs, events, {"type": "collect", "from": "bob", "spaces": 4})
    assert refused(cs, events, {"type": "collect", "from": "bob"})  # 9 spaces on the map


def test_a_two_target_card_strikes_both_and_a_third_target_is_refused():
    twin = {"name": "Twin shot", "type": "attack", "targets": 2, "attack": {"dice": 2}}
    deck_ = {"caster": {"element": "fire", "shot_type": "magic-missile",
                        "profession": "carefree-soul"}, "cards": [{"card": twin, "copies": 1}]}
    cs = [foe("aya", speed=9, deck=deck_, hand=[0], spell_power=300),
          foe("bob", speed=5, x=1), foe("cat", speed=4, x=2), foe("dan", speed=3, x=3)]
    cast = {"type": "cast", "card": 0, "target": "bob", "also": ["cat"], "seed": 8}
    st = state(cs, [START, cast])
    struck = [line["text"].split("strikes at ")[1].split(":")[0] for line in st["log"]
              if "strikes at" in line["text"]]
    assert struck == ["Bob", "Cat"]
    assert len(rolls(st, "Aya's damage")) == 2 and all(len(f) == 2 for f in
                                                        rolls(st, "Aya's damage"))
    assert refused(cs, [START], {**cast, "also": ["cat", "dan"]})[0]["field"] == "event.also"
    assert refused(cs, [START], {**cast, "also": ["bob"]})[0]["field"] == "event.also"
    assert refused(cs, [START], {**cast, "also": ["zed"]})[0]["field"] == "event.also[0]"


def test_a_lasting_card_whose_caster_dies_counts_down_on_her_turn_and_ends():
    # Sturdy for 2 rounds on Cat: +50 max HP through round 2, gone when round 3 reaches
    # Gwen's place in the order, although Gwen died in round 1 (reading
    # lasting-card-of-a-dead-caster).
    bulk = {"name": "Bulk", "type": "defensive",
            "duration": {"rounds": 2}, "special": [{"skill": "sturdy"}]}
    cs = [foe("gwen", speed=8, hp=60, deck=guardian_deck(bulk), hand=[0], spell_power=300),
          foe("bob", speed=5), foe("cat", speed=4, hp=40)]
    events = [START, {"type": "cast", "card": 0, "target": "cat", "seed": 3},
              gm_set("gwen", "hp", -5)]
    st = state(cs, events)
    assert who(st, "gwen")["condition"] == "dead" and who(st, "cat")["max_hp"] == 90
    events += [{"type": "end-turn", "seed": 4}, {"type": "end-turn", "seed": 5},
               {"type": "end-turn", "seed": 6}]  # Gwen's place in round 2 passes: Bob acts
    st = state(cs, events)
    assert st["turn"] == "bob" and st["round"] == 2 and who(st, "cat")["max_hp"] == 90
    events += [{"type": "end-turn", "seed": 7}, {"type": "end-turn", "seed": 8}]  # round 3
    st = state(cs, events)
    assert st["round"] == 3 and who(st, "cat")["max_hp"] == 40
    assert st["effects"] == [] and any(line["text"] == "Bulk ends." for line in st["log"])
