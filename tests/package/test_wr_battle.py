"""Worked Western Roses battles, each number worked out by hand from the rules (seed 000) and
from the dice the log shows; one group per rule of the battle tracker (issue 26, items 2-7)."""

from __future__ import annotations

import pytest

from calculators import CalculatorError
from calculators.western_roses.fight import WR_BATTLE

from wr_battles import deck, foe, lines, outcome, refused, rolls, run, seed_where, state, who

START = {"type": "start", "seed": 1}


def gm_set(cid: str, field: str, value: int, seed: int = 1) -> dict:
    return {"type": "gm-set", "combatant": cid, "field": field, "value": value, "seed": seed}


# --- Turn order ---------------------------------------------------------------------------

def test_turn_order_is_by_speed_highest_first():
    cs = [foe("slow", speed=3), foe("fast", speed=9), foe("mid", speed=6)]
    st = state(cs, [START])
    assert st["order"] == ["fast", "mid", "slow"]
    assert st["turn"] == "fast" and st["round"] == 1


@pytest.mark.parametrize("seed", range(1, 21))
def test_equal_speeds_go_by_a_versus_roll_on_speed_re_rolled_while_tied(seed):
    cs = [foe("ann", speed=6), foe("bea", speed=6)]
    st = state(cs, [{"type": "start", "seed": seed}])
    ann, bea = rolls(st, "Ann's speed"), rolls(st, "Bea's speed")
    assert len(ann) == len(bea) >= 1
    assert all(len(f) == 2 for f in ann + bea)  # speed 6: two dice
    assert all(sum(a) == sum(b) for a, b in zip(ann[:-1], bea[:-1]))  # earlier rolls tied
    winner = "ann" if sum(ann[-1]) > sum(bea[-1]) else "bea"
    assert sum(ann[-1]) != sum(bea[-1])
    assert st["order"][0] == winner


def test_two_speeds_that_roll_no_dice_are_settled_by_a_coin_and_the_gm_can_reorder():
    cs = [foe("ann", speed=2), foe("bea", speed=2)]
    events = [START]
    st = state(cs, events)
    assert sorted(st["order"]) == ["ann", "bea"]
    assert rolls(st, "coin"), "a tie no roll settles is settled by a coin, shown in the log"
    flipped = list(reversed(st["order"]))
    st2 = state(cs, [*events, {"type": "gm-order", "order": flipped}])
    assert st2["order"] == flipped and st2["turn"] == st["turn"]


# --- Start of her turn and the two actions ---------------------------------------------------

def test_insight_9_from_50_has_59_at_her_first_turn_and_68_after_concentrating():
    cs = [foe("aya", ins=9, speed=8), foe("bob", speed=5, x=3)]
    st = state(cs, [START])
    assert who(st, "aya")["spell_power"] == 50 + 9
    assert who(st, "bob")["spell_power"] == 50  # her turn has not come
    st = state(cs, [START, {"type": "concentrate"}])
    assert who(st, "aya")["spell_power"] == 59 + 9
    assert who(st, "aya")["meter"] == 2


def test_spell_power_never_passes_400():
    cs = [foe("aya", ins=9, speed=8, spell_power=395), foe("bob", speed=5)]
    st = state(cs, [START, {"type": "concentrate"}])
    assert who(st, "aya")["spell_power"] == 400


def test_a_librarian_with_her_familiar_holds_up_to_600():
    lib = {"id": "lib", "side": "heroes", "kind": "character", "familiar": True,
           "spell_power": 590, "character": {"name": "Lib", "profession": "librarian"}}
    st = state([lib, foe("bob", speed=0)], [START])
    ins = who(st, "lib")["ins"]
    assert who(st, "lib")["cap"] == 600
    assert who(st, "lib")["spell_power"] == min(600, 590 + ins)
    plain = {**lib, "spell_power": 400, "familiar": False}
    assert who(state([plain, foe("bob", speed=0)], [START]), "lib")["spell_power"] == 400


def test_a_starting_spell_power_above_her_cap_is_refused_on_its_field_not_lowered():
    """Seed 000, "Spell Power": she may hold 400 at a time (600 with a Librarian's familiar),
    so a start above that is a mistake to name, not a number to change silently."""
    lib = {"id": "lib", "side": "heroes", "kind": "character", "spell_power": 590,
           "character": {"name": "Lib", "profession": "librarian"}}
    errors = refused([lib, foe("bob")], [])
    assert [e["field"] for e in errors] == ["combatants[0].spell_power"]
    assert "at most 400" in errors[0]["message"]
    assert refused([foe("aya", spell_power=401), foe("bob")], [])[0]["field"] == \
        "combatants[0].spell_power"
    assert who(state([foe("aya", spell_power=400), foe("bob")], []), "aya")["spell_power"] == 400


def test_she_has_two_actions_and_a_third_is_refused_without_changing_the_battle():
    cs = [foe("aya", speed=8), foe("bob", speed=5, x=3)]
    events = [START, {"type": "concentrate"}, {"type": "nothing"}]
    before = run(cs, events)
    errors = refused(cs, events, {"type": "concentrate"})
    assert errors[0]["field"] == "event" and "no action left" in errors[0]["message"]
    assert run(cs, events) == before
    st = state(cs, [*events, {"type": "end-turn", "seed": 2}])
    assert st["turn"] == "bob" and who(st, "bob")["actions"] == 2


def test_moving_is_limited_by_speed_a_diagonal_step_counting_one():
    cs = [foe("aya", speed=3), foe("bob", speed=1, x=9)]
    st = state(cs, [START, {"type": "move", "x": 3, "y": 3}])
    assert (who(st, "aya")["x"], who(st, "aya")["y"]) == (3, 3)
    assert refused(cs, [START], {"type": "move", "x": 4, "y": 0})[0]["field"] == "event.x"


# --- Attacks -----------------------------------------------------------------------------

def test_a_physical_hit_deals_the_weapons_dice_plus_one_per_two_power():
    cs = [foe("oni", pwr=15, speed=8), foe("bob", cha=3, hp=80, speed=5, x=1)]
    attack = {"type": "attack", "target": "bob", "attack": "physical"}
    event = seed_where(cs, [START], attack, lambda st: who(st, "bob")["hp"] < 80)
    st = state(cs, [START, event])
    power, charisma = rolls(st, "Oni's power", 1), rolls(st, "Bob's charisma", 1)
    assert sum(power[-1]) > sum(charisma[-1])  # the last versus roll is the hit
    faces = rolls(st, "Oni's damage", 1)[0]
    assert len(faces) == 1  # bare fists: 1d
    assert who(st, "bob")["hp"] == 80 - (faces[0] + 15 // 2)
    assert who(st, "oni")["meter"] == 1 and who(st, "bob")["meter"] == 3


def test_danmaku_damage_is_one_die_per_three_intelligence_taken_when_the_dodge_fails():
    cs = [foe("aya", int=15, speed=8), foe("bob", ins=6, hp=80, speed=5, x=2)]
    attack = {"type": "attack", "target": "bob", "attack": "danmaku"}
    event = seed_where(cs, [START], attack, lambda st: not st["pending"])
    st = state(cs, [START, event])
    damage, dodge = rolls(st, "Aya's damage", 1)[0], rolls(st, "Bob's dodge", 1)[0]
    assert len(damage) == 5 and len(dodge) == 2
    assert outcome(dodge, 0, 12) in ("failure", "critical-failure")
    assert who(st, "bob")["hp"] == 80 - sum(damage)


def test_danmaku_out_of_range_is_refused_and_range_grows_with_spell_power():
    cs = [foe("aya", range=4, speed=8, spell_power=300), foe("bob", speed=5, x=6)]
    # range 4 reaches 3 spaces; 300 + 12 spell power held at her turn: +3, so 6 spaces
    st = state(cs, [START])
    assert who(st, "aya")["reach"]["danmaku"] == 4 + 3 - 1
    far = [foe("aya", range=4, speed=8), foe("bob", speed=5, x=4)]
    assert refused(far, [START], {"type": "attack", "target": "bob", "seed": 3})[0]["field"] \
        == "event.target"


def _dodged_12(cs):
    attack = {"type": "attack", "target": "bob", "attack": "danmaku"}
    return seed_where(cs, [START], attack,
                      lambda st: bool(st["pending"]) and st["pending"][0]["damage"] == 12,
                      tries=3000)


@pytest.mark.parametrize("wanted", ["success", "failure", "critical-failure"])
def test_grazing_a_12_damage_danmaku_gives_24_costs_6_or_costs_12(wanted):
    cs = [foe("aya", int=12, speed=8), foe("bob", ins=6, hp=80, speed=5, x=2)]
    events = [START, _dodged_12(cs)]
    sp_before = who(state(cs, events), "bob")["spell_power"]

    def graze_outcome(st):
        faces = rolls(st, "Bob's graze", 2)
        return bool(faces) and outcome(faces[0], 0, 12).replace("critical-success",
                                                                 "success") == wanted

    graze = seed_where(cs, events, {"type": "graze", "attempt": True}, graze_outcome)
    bob = who(state(cs, [*events, graze]), "bob")
    expected = {"success": (80, sp_before + 24), "failure": (80 - 6, sp_before),
                "critical-failure": (80 - 12, sp_before)}[wanted]
    assert (bob["hp"], bob["spell_power"]) == expected


def test_not_grazing_after_a_dodge_takes_nothing_and_play_waits_for_the_choice():
    cs = [foe("aya", int=12, speed=8), foe("bob", ins=6, hp=80, speed=5, x=2)]
    events = [START, _dodged_12(cs)]
    st = state(cs, events)
    assert st["legal"] == [{"type": "graze", "by": "bob", "damage": 12, "difficulty": 12}]
    assert refused(cs, events, {"type": "end-turn", "seed": 1})[0]["field"] == "event"
    st = state(cs, [*events, {"type": "graze", "attempt": False, "seed": 1}])
    assert who(st, "bob")["hp"] == 80 and not st["pending"]


def test_a_spellcard_is_dodged_against_the_casters_higher_of_int_and_power():
    cs = [foe("aya", int=10, pwr=15, speed=8, deck=deck(), hand=[1]),  # Water shot: 3d, burst
          foe("bob", ins=6, hp=200, speed=5, x=2)]
    events = [START, gm_set("aya", "spell_power", 300)]
    card = who(state(cs, events), "aya")["hand"][0]
    assert card["name"] == "Water shot"
    cast = {"type": "cast", "card": 1, "target": "bob", "seed": 4}
    st = state(cs, [*events, cast])
    damage, dodge = rolls(st, "Aya's damage", 2), rolls(st, "Bob's dodge", 2)
    assert len(damage[0]) == 3
    dodge_line = next(line["text"] for line in lines(st, 2) if "tries to dodge" in line["text"])
    assert "against 15" in dodge_line
    dodged = outcome(dodge[0], 0, 15) in ("success", "critical-success")
    assert bool(st["pending"]) == dodged
    assert who(st, "bob")["hp"] == (200 if dodged else 200 - sum(damage[0]))
    aya = who(st, "aya")
    assert aya["spell_power"] == 300 - card["cost"]
    assert aya["discard"] == ["Water shot"] and aya["hand"] == []


# --- Spell-meter and hand ----------------------------------------------------------------

def test_an_empty_hand_draws_one_card_from_the_shuffled_deck_as_the_battle_begins():
    cs = [foe("aya", speed=8, deck=deck()), foe("bob", speed=5, deck=deck(), hand=[1, 1])]
    st = state(cs, [START])
    assert len(who(st, "aya")["hand"]) == 1 and who(st, "aya")["deck_left"] == 19
    assert [c["entry"] for c in who(st, "bob")["hand"]] == [1, 1]  # held cards: no draw
    assert who(st, "bob")["deck_left"] == 18
    shuffles = {tuple(c["entry"] for c in who(state(cs, [{"type": "start", "seed": s}]),
                                              "aya")["hand"]) for s in range(1, 30)}
    assert len(shuffles) > 1, "the deck is shuffled: different seeds draw different cards"


def test_a_meter_at_4_that_takes_damage_draws_one_card_and_keeps_2():
    cs = [foe("oni", pwr=15, speed=8), foe("bob", cha=3, hp=80, speed=5, x=1, deck=deck())]
    events = [START, gm_set("bob", "meter", 4)]
    attack = {"type": "attack", "target": "bob", "attack": "physical"}
    event = seed_where(cs, events, attack, lambda st: who(st, "bob")["hp"] < 80)
    bob = who(state(cs, [*events, event]), "bob")
    assert bob["meter"] == 2
    assert len(bob["hand"]) == 2 and bob["deck_left"] == 18


def test_a_hit_without_damage_adds_1_and_concentrating_at_4_draws_and_keeps_1():
    cs = [foe("aya", speed=8, deck=deck()), foe("bob", speed=5)]
    st = state(cs, [START, gm_set("aya", "meter", 4), {"type": "concentrate"}])
    assert who(st, "aya")["meter"] == 1 and len(who(st, "aya")["hand"]) == 2


def test_casting_spends_the_cost_and_discards_the_card_and_refuses_what_she_cannot_pay():
    cs = [foe("aya", speed=8, deck=deck()), foe("bob", speed=5, x=1)]
    st = state(cs, [START])
    card = who(st, "aya")["hand"][0]
    target = {"target": "bob"}
    poor = [START, gm_set("aya", "spell_power", card["cost"] - 1)]
    assert refused(cs, poor, {"type": "cast", "card": card["entry"], **target, "seed": 1})[0][
        "field"] == "event.card"
    rich = [START, gm_set("aya", "spell_power", 300)]
    st = state(cs, [*rich, {"type": "cast", "card": card["entry"], **target, "seed": 1}])
    aya = who(st, "aya")
    assert aya["spell_power"] == 300 - card["cost"]
    assert aya["discard"] == [card["name"]] and aya["hand"] == []
    other = next(e for e in range(4) if e != card["entry"])
    assert refused(cs, rich, {"type": "cast", "card": other, **target, "seed": 1})[0][
        "field"] == "event.card"


def test_the_battle_end_empties_every_meter_and_drawn_cards_stay_in_hand():
    cs = [foe("aya", speed=8, deck=deck(), side="heroes"), foe("bob", speed=5)]
    events = [START, gm_set("aya", "meter", 3), {"type": "end-battle", "winner": "heroes",
                                                  "seed": 1}]
    st = state(cs, events)
    assert who(st, "aya")["meter"] == 0 and len(who(st, "aya")["hand"]) == 1
    assert st["phase"] == "ended" and st["legal"] == []
    assert refused(cs, events, {"type": "concentrate"})


# --- Falling --------------------------------------------------------------------------------

def test_below_a_quarter_of_max_hp_she_is_mortally_wounded_and_checks_her_will():
    cs = [foe("aya", speed=8), foe("bob", hp=40, speed=5)]
    st = state(cs, [START, gm_set("bob", "hp", 10)])
    assert who(st, "bob")["condition"] == "fine"  # exactly a quarter is not below it
    st = state(cs, [START, gm_set("bob", "hp", 9, seed=5)])
    will = rolls(st, "Bob's will", 1)
    assert len(will) == 1 and len(will[0]) == 4  # will 12: 4 dice
    expected = "unconscious" if outcome(will[0], 0, 12) in ("failure", "critical-failure") \
        else "mortally-wounded"
    assert who(st, "bob")["condition"] == expected


def test_unconscious_for_five_of_her_turns_then_a_charisma_roll_each_turn():
    cs = [foe("aya", speed=8), foe("bob", hp=40, cha=3, speed=5, x=9)]
    knock = seed_where(cs, [START], gm_set("bob", "hp", 9),
                       lambda st: who(st, "bob")["condition"] == "unconscious")
    events = [START, knock]
    st = state(cs, events)
    assert who(st, "bob")["spell_power"] == 0
    for turn in range(1, 7):
        events += [{"type": "end-turn", "seed": 10 + turn}]  # aya → bob
        st = state(cs, events)
        bob = who(st, "bob")
        assert st["turn"] == "bob"
        woke = rolls(st, "Bob's charisma", len(events) - 1)
        if turn <= 5:
            assert bob["actions"] == 0 and bob["spell_power"] == 0 and not woke
        else:
            assert len(woke) == 1
            awake = outcome(woke[0], 0, 12) in ("success", "critical-success")
            assert (bob["condition"] == "mortally-wounded") == awake
        events += [{"type": "end-turn", "seed": 50 + turn}]  # bob → aya


def test_the_turn_she_wakes_she_acts_and_her_will_checks_begin_again_at_her_next_turn():
    """Seed 000, "Mortal Wounds": the will checks last "until … you fall unconscious"; on
    her sixth turn she rolls charisma to wake, and the turn she wakes is hers to act
    (reading unconscious-turns). With will 0 (no dice) any will check fails, so one made the
    turn she wakes would put her straight back under."""
    cs = [foe("aya", speed=8), foe("bob", hp=40, cha=18, speed=5, x=9)]
    knock = seed_where(cs, [START], gm_set("bob", "hp", 9),
                       lambda st: who(st, "bob")["condition"] == "unconscious")
    events = [START, knock, gm_set("bob", "will", 0)]
    for turn in range(5):
        events += [{"type": "end-turn", "seed": 10 + turn}, {"type": "end-turn", "seed": 1}]
    events += [seed_where(cs, events, {"type": "end-turn"},
                          lambda st: who(st, "bob")["condition"] == "mortally-wounded")]
    st = state(cs, events)
    bob = who(st, "bob")
    assert st["turn"] == "bob" and bob["actions"] == 2
    assert not rolls(st, "Bob's will", len(events) - 1)
    st = state(cs, [*events, {"type": "end-turn", "seed": 3}, {"type": "end-turn", "seed": 4}])
    assert st["turn"] == "bob" and len(rolls(st, "Bob's will", len(events) + 1)) == 1
    assert who(st, "bob")["condition"] == "unconscious"


def test_dying_drops_all_spell_power_which_another_collects_on_her_next_turn_by_distance():
    cs = [foe("aya", speed=8, ins=9), foe("bob", hp=40, speed=5, x=1)]
    events = [START, gm_set("bob", "spell_power", 101), gm_set("bob", "hp", -1)]
    st = state(cs, events)
    assert who(st, "bob")["condition"] == "dead" and who(st, "bob")["spell_power"] == 0
    assert refused(cs, events, {"type": "collect", "from": "bob"})  # not until her next turn
    events += [{"type": "end-turn", "seed": 2}]  # bob is dead: aya again, round 2
    st = state(cs, events)
    assert st["turn"] == "aya" and st["round"] == 2
    before = who(st, "aya")["spell_power"]
    st = state(cs, [*events, {"type": "collect", "from": "bob"}])
    assert who(st, "aya")["spell_power"] == before + 76  # ¾ of 101 is 75.75: rounded up
    assert st["dropped"] == []


def test_destroyed_at_minus_100_and_hp_never_set_below_it():
    cs = [foe("aya", speed=8), foe("bob", hp=40, speed=5)]
    assert who(state(cs, [START, gm_set("bob", "hp", -100)]), "bob")["condition"] == "destroyed"
    assert refused(cs, [START], gm_set("bob", "hp", -101))[0]["field"] == "event.value"


# --- Statuses and overrides ---------------------------------------------------------------

def test_a_stunned_character_loses_her_turn_and_a_one_turn_stun_then_wears_off():
    cs = [foe("aya", speed=8), foe("bob", speed=5)]
    events = [START, {"type": "gm-status", "combatant": "bob", "status": "stun", "rounds": 1},
              {"type": "end-turn", "seed": 3}]
    st = state(cs, events)
    assert st["turn"] == "bob" and who(st, "bob")["actions"] == 0
    assert who(st, "bob")["statuses"] == []
    assert who(st, "bob")["spell_power"] == 50 + 12


def test_a_failed_knockdown_save_costs_2d_and_her_actions_but_not_her_spell_power():
    cs = [foe("aya", speed=8), foe("bob", cha=6, hp=80, speed=5)]
    events = [START, {"type": "gm-status", "combatant": "bob", "status": "knockdown"}]
    fell = seed_where(cs, events, {"type": "end-turn"},
                      lambda st: who(st, "bob")["hp"] < 80)
    st = state(cs, [*events, fell])
    save, ground = rolls(st, "Bob's charisma save", 2), rolls(st, "hits the ground", 2)
    assert outcome(save[0], 2, 12) in ("failure", "critical-failure")  # youkai Hardy +2
    assert len(ground[0]) == 2 and who(st, "bob")["hp"] == 80 - sum(ground[0])
    assert who(st, "bob")["actions"] == 0 and who(st, "bob")["spell_power"] == 50 + 12


def test_every_override_is_an_event_in_the_log_naming_the_game_master():
    cs = [foe("aya", speed=8), foe("bob", speed=5)]
    events = [START, gm_set("bob", "pwr", 20), {"type": "gm-note", "text": "Rain falls."},
              {"type": "gm-skip-turn", "seed": 4}]
    st = state(cs, events)
    gm = [line for line in st["log"] if line["rule"] == "The game master"]
    assert [line["event"] for line in gm] == [1, 2, 3]
    assert who(st, "bob")["pwr"] == 20 and st["turn"] == "bob"


# --- The battle as a value -----------------------------------------------------------------

def test_the_answer_carries_the_new_log_and_undo_is_the_log_without_its_last_event():
    cs = [foe("aya", speed=8), foe("bob", speed=5, x=2)]
    answer = run(cs, [START], {"type": "attack", "target": "bob", "seed": 9})
    assert answer["battle"]["events"][-1] == {"type": "attack", "target": "bob",
                                              "attack": "danmaku", "seed": 9}
    undone = answer["battle"]["events"][:-1]
    assert run(cs, undone) == run(cs, [START])


def test_an_unknown_event_or_bad_field_is_a_field_error_and_a_bad_log_sets_its_event_aside():
    """A new event is refused on its field; an event of the file that today's rules refuse
    (a second start) opens as a ruling in the log naming it and why, not a refused battle."""
    cs = [foe("aya", speed=8), foe("bob", speed=5)]
    assert refused(cs, [START], {"type": "fly"})[0]["field"] == "event.type"
    assert refused(cs, [START], {"type": "attack", "target": "zed", "seed": 1})[0][
        "field"] == "event.target"
    opened = WR_BATTLE.run({"combatants": cs, "events": [START, {"type": "start", "seed": 2}]})
    ruling = opened["state"]["log"][-1]
    assert ruling["event"] == 1 and "event 1 (start)" in ruling["text"]
    assert "already started" in ruling["text"]
    assert opened["state"]["record"]["refused"] == [1]
    assert "refuse event 1" in opened["state"]["record"]["notice"]


def test_combatant_errors_name_the_combatant_and_her_field():
    with pytest.raises(CalculatorError) as caught:
        WR_BATTLE.run({"combatants": [foe("a"), foe("b", hp=0), foe("a")], "events": []})
    fields = {e.field for e in caught.value.errors}
    assert fields == {"combatants[1].hp", "combatants[2].id"}


# --- Combatants from a share link ---------------------------------------------------------

def test_a_share_link_gives_the_same_combatant_as_her_file_on_the_builder_pages_inputs():
    import json
    from urllib.parse import urlencode  # the browser's encoding, by an independent encoder

    from calculators.western_roses.character import WR_CHARACTER
    from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK

    changed = {"name": "Aya — “crow” tengu", "race": "tengu", "shot_type": "tengu-gale",
               "profession": "shrine-maiden", "element": "water", "goddess_element": "light",
               "deck": json.dumps(EXAMPLE_DECK["cards"])}
    link = ("https://example.org/western-roses/character/?"
            + urlencode({f"wr-character.{k}": v for k, v in changed.items()}
                        | {"other-widget.name": "Not her"}) + "#wr-character")
    file = {**WR_CHARACTER.defaults(), **changed}
    by_link = state([{"id": "aya", "side": "h", "kind": "link", "link": link},
                     foe("bob", speed=0)], [START])
    by_file = state([{"id": "aya", "side": "h", "kind": "character", "character": file},
                     foe("bob", speed=0)], [START])
    for c in by_link["combatants"]:
        c.pop("kind")
    for c in by_file["combatants"]:
        c.pop("kind")
    assert by_link == by_file
    assert who(by_link, "aya")["name"] == "Aya — “crow” tengu"
    assert refused([{"id": "aya", "side": "h", "kind": "link",
                     "link": "https://example.org/?x.name=1"}], [], {"type": "start", "seed": 1}
                   )[0]["field"] == "combatants[0].link"


def test_someone_unconscious_cannot_dodge_danmaku_and_takes_the_damage_rolled():
    cs = [foe("aya", int=15, speed=8), foe("bob", hp=40, speed=5, x=2)]
    knock = seed_where(cs, [START], gm_set("bob", "hp", 9),
                       lambda st: who(st, "bob")["condition"] == "unconscious")
    st = state(cs, [START, knock, {"type": "attack", "target": "bob", "seed": 8}])
    damage = rolls(st, "Aya's damage", 2)[0]
    assert not rolls(st, "Bob's dodge", 2) and not st["pending"]
    assert who(st, "bob")["hp"] == max(-100, 9 - sum(damage))
