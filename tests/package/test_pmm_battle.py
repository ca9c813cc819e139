"""Worked post-magic-maid battles (issue 27), each number worked out by hand from the rules
(seed 003: “Initiative / Actions”, “Blitz Points”, “Contested actions”, “Wounds”) and from the
cards and dice the log shows; one group per rule of the tracker."""

from __future__ import annotations

import pytest

from calculators import CalculatorError
from calculators.post_magic_maid.character import EXAMPLE as AOI_SHEET

from pmm_battles import (FACES, RANK, blitz_cards, faces, initiative_cards, lines, quick,
                         refused, run, seed_where, state, tier, who)

HEROES = [quick("ann", "heroes", die_str="d8", die_dex="d12", bonus_str=1, bonus_dex=2),
          quick("bea", "heroes"), quick("cat"), quick("dot")]


def start(acts: str = "", seed: int = 1) -> dict:
    return {"type": "start", "seed": seed, **({"acts": acts} if acts else {})}


def no_joker(st: dict) -> bool:
    return all(card != "Joker" for _, card in initiative_cards(st))


def started(cs: list, first: str) -> list[dict]:
    """A start without a joker in which ``first`` has the first turn (the test's seed search)."""
    return [seed_where(cs, [], {"type": "start"},
                       lambda st: no_joker(st) and st["turn"] == first)]


def gm_set(cid: str, field: str, value: int) -> dict:
    return {"type": "gm-set", "combatant": cid, "field": field, "value": value, "seed": 1}


# --- Initiative by cards ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(1, 31))
def test_initiative_is_the_highest_card_first_aces_high_the_actor_drawing_first(seed):
    cs = HEROES
    st = state(cs, [start("cat", seed)])
    drawn = initiative_cards(st)
    assert [name for name, _ in drawn] == ["Cat", "Ann", "Bea", "Dot"]  # the actor first
    if not no_joker(st):
        return
    by_rank = sorted(range(len(drawn)), key=lambda i: (-RANK[drawn[i][1]], i))
    assert [who(st, st["order"][k])["name"] for k in range(4)] == [drawn[i][0] for i in by_rank]
    assert st["round"] == 1 and st["turn"] == st["order"][0]


def test_an_ace_goes_before_a_king():
    cs = HEROES[:2]
    ev = seed_where(cs, [], start(), lambda st: {c for _, c in initiative_cards(st)} == {"A", "K"})
    st = state(cs, [ev])
    ace = next(n for n, c in initiative_cards(st) if c == "A")
    assert who(st, st["order"][0])["name"] == ace


def test_a_joker_holder_chooses_first_and_last_before_anyone_acts():
    cs = HEROES
    ev = seed_where(cs, [], start(), lambda st: [c for _, c in initiative_cards(st)].count(
        "Joker") == 1)
    st = state(cs, [ev])
    drawn = initiative_cards(st)
    holder = next(n for n, c in drawn if c == "Joker")
    holder_id = holder.lower()
    assert st["legal"] == [{"type": "joker-order", "by": holder_id, "choices": st["order"]}]
    assert refused(cs, [ev], {"type": "plan", "actions": 1})
    others = [n.lower() for n, c in drawn if c != "Joker"]
    first, last = others[-1], others[0]  # reverse the cards' verdict on purpose
    st = state(cs, [ev, {"type": "joker-order", "first": first, "last": last}])
    ranked = sorted((n.lower() for n, c in drawn if c != "Joker"),
                    key=lambda n: -RANK[dict(drawn)[n.title()]])
    middle = [n for n in ranked if n not in (first, last)] + [holder_id]
    assert st["order"] == [first, *middle, last]
    assert st["turn"] == first


def test_with_both_jokers_the_last_drawn_decides():
    cs = [*HEROES, quick("eve"), quick("fay")]
    ev = seed_where(cs, [], start(), lambda st: [c for _, c in initiative_cards(st)].count(
        "Joker") == 2, tries=6000)
    st = state(cs, [ev])
    holders = [n.lower() for n, c in initiative_cards(st) if c == "Joker"]
    assert st["legal"][0]["by"] == holders[1]
    errors = refused(cs, [ev], {"type": "joker-order", "first": "ann", "last": "ann"})
    assert errors[0]["field"] == "event.last"


def test_the_order_lasts_the_encounter_and_rounds_go_through_it():
    cs = HEROES[:3]
    events = [seed_where(cs, [], start(), no_joker)]
    order = state(cs, events)["order"]
    events += [{"type": "end-turn"}] * 4
    st = state(cs, events)
    assert st["order"] == order
    assert st["round"] == 2 and st["turn"] == order[1]


# --- Actions --------------------------------------------------------------------------------

def _act(check: str = "str-dex", **more) -> dict:
    return {"type": "act", "check": check, **more}


def test_three_actions_are_rolled_at_minus_5_minus_10_and_minus_15():
    cs = HEROES[:2]
    events = [*started(cs, "ann"), {"type": "plan", "actions": 3}]
    for n in range(3):
        events.append({**_act(), "seed": 10 + n})
    st = state(cs, events)
    for place, penalty in zip(range(3), (5, 10, 15)):
        index = len(events) - 3 + place
        str_face, = faces(st, "Ann's Str", index)[:1]
        dex_face, = faces(st, "Ann's Dex", index)[:1]
        total = str_face + dex_face + 1 + 2 - penalty  # Str +1, Dex +2
        line = next(l["text"] for l in lines(st, index) if "action" in l["text"])
        assert f"action {place + 1} of 3" in line
        assert f"= {total}," in line
        assert ("no tier" in line) == (tier(total) == 0)
    assert who(st, "ann")["taken"] == 3
    errors = refused(cs, events, {**_act(), "seed": 1})
    assert "planned 3 actions" in errors[0]["message"]


def test_one_action_is_without_penalty_and_the_first_roll_without_a_plan_is_one():
    cs = HEROES[:2]
    events = [*started(cs, "ann"), {**_act(), "seed": 5}]
    st = state(cs, events)
    total = faces(st, "Ann's Str", 1)[0] + faces(st, "Ann's Dex", 1)[0] + 3
    assert any("action 1 of 1: Str & Dex" in l["text"] and f"= {total}," in l["text"]
               for l in lines(st, 1))
    assert refused(cs, events, {"type": "plan", "actions": 2})  # too late to plan more


def test_a_d6_and_a_d12_roll_within_their_faces_with_the_dice_of_her_attributes():
    cs = HEROES[:2]
    st = state(cs, [*started(cs, "ann"), {**_act("str-dex"), "seed": 99}])
    roll = next(d for l in st["log"] for d in l["dice"] if d["label"] == "Ann's Dex")
    assert roll["dice"] == "1d12"
    assert next(d for l in st["log"] for d in l["dice"] if d["label"] == "Ann's Str")[
        "dice"] == "1d8"


def test_both_dice_on_their_top_face_gain_a_blitz_point():
    cs = [quick("ann", "heroes", die_str="d6", die_wll="d6"), quick("bob")]
    events = started(cs, "ann")
    ev = seed_where(cs, events, _act("str-wll"),
                    lambda st: faces(st, "Ann's", 1) == [6, 6])
    st = state(cs, [*events, ev])
    assert who(st, "ann")["blitz"] == 3 + 1
    assert any("gains a Blitz Point (3 → 4)" in l["text"] for l in st["log"])


def test_an_assist_two_tiers_above_raises_the_action_one_tier():
    cs = [quick("ann", "heroes", die_str="d6", die_dex="d6"),
          quick("bea", "heroes", die_int="d20", die_lck="d20", bonus_int=5, bonus_lck=5),
          quick("bob")]
    events = started(cs, "ann")

    def case(st):  # the action in the 10 tier, the assist in the 20 or 25 tier
        mine = faces(st, "Ann's", 1)
        helper = faces(st, "Bea's", 1)
        return len(mine) == 2 and tier(sum(mine)) == 1 and tier(sum(helper) + 10) >= 3
    ev = seed_where(cs, events, _act("int-lck", helper="bea", helper_check="int-lck"), case)
    st = state(cs, [*events, ev])
    helper_tier = tier(sum(faces(st, "Bea's", 1)) + 10)
    expected = min(4, 1 + helper_tier - 1 - 2 + 1)  # 10 with 20 → 15; with 25 → 20
    words = {2: "the 15 tier", 3: "the 20 tier"}[expected]
    assert f"Ann's 10-tier roll counts as {words}, with Bea's help." in \
        [l["text"] for l in lines(st, 1)]


def _die(st: dict, label: str, since: int) -> str:
    """The dice (``1d20``) of the roll labelled ``label``."""
    return next(d["dice"] for l in lines(st, since) for d in l["dice"] if d["label"] == label)


ACTOR = quick("ann", "heroes", die_str="d6", die_dex="d6")
#: Bea's own pair is Int d20 + 5 and Lck d12 + 2; her Str and Dex are d8s without bonus.
HELPER = quick("bea", "heroes", die_int="d20", die_lck="d12", die_str="d8", die_dex="d8",
               bonus_int=5, bonus_lck=2)


@pytest.mark.parametrize("helper_tier, counts_as", [(3, 2), (4, 3), (2, 1)])
def test_a_helper_rolls_her_own_pair_and_two_tiers_above_raise_the_action_one(helper_tier,
                                                                             counts_as):
    """Ann rolls Str & Dex on two d6 (a 10-tier result); Bea assists with Int & Lck, her own
    dice and bonuses. The rule text: 10 assisted by 20 counts as 15, by 25 as 20; an assist
    only one tier above (15) raises nothing."""
    cs = [ACTOR, HELPER, quick("bob")]
    events = started(cs, "ann")

    def case(st):
        mine, helper = faces(st, "Ann's", 1), faces(st, "Bea's", 1)
        return tier(sum(mine)) == 1 and tier(sum(helper) + 5 + 2) == helper_tier
    ev = seed_where(cs, events, _act("str-dex", helper="bea", helper_check="int-lck"), case)
    st = state(cs, [*events, ev])
    assert (_die(st, "Bea's Int", 1), _die(st, "Bea's Lck", 1)) == ("1d20", "1d12")
    assert not faces(st, "Bea's Str", 1)
    helper_line = next(l["text"] for l in lines(st, 1) if l["text"].startswith("Bea assists"))
    assert "Int & Lck" in helper_line and "+ 5 Int + 2 Lck" in helper_line
    words = {2: "the 15 tier", 3: "the 20 tier"}.get(counts_as)
    said = f"Ann's 10-tier roll counts as {words}, with Bea's help." if counts_as > 1 else \
        "Ann's 10-tier roll stays the 10 tier: Bea's help raises it only from 2 tiers above it."
    assert said in [l["text"] for l in lines(st, 1)]


@pytest.mark.parametrize("pair, dice", [
    ("str-dex", {"die_str": "d6", "die_dex": "d6"}),
    ("cha-wll", {"die_cha": "d6", "die_wll": "d6", "die_str": "d20", "die_dex": "d20"})])
def test_a_contest_goes_by_the_difference_in_tiers_and_a_contested_attack_wounds_by_it(pair,
                                                                                     dice):
    """Ann's Str & Dex (two d20 + 5 + 5) reaches 20 (tier 3); Bob contests on the pair named
    for him, his own two d6s, reaching 10 (tier 1): 3 − 1 = 2, a 15-tier success for Ann, and
    her attack's wound is a moderate one."""
    cs = [quick("ann", "heroes", die_str="d20", die_dex="d20", bonus_str=5, bonus_dex=5),
          quick("bob", **dice)]
    events = started(cs, "ann")

    def case(st):
        mine, theirs = faces(st, "Ann's", 1), faces(st, "Bob's", 1)
        return tier(sum(mine) + 10) == 3 and tier(sum(theirs)) == 1
    ev = seed_where(cs, events, _act(target="bob", track="blunt", against="bob",
                                     against_check=pair), case)
    st = state(cs, [*events, ev])
    first, second = (a.title() for a in pair.split("-"))
    assert (_die(st, f"Bob's {first}", 1), _die(st, f"Bob's {second}", 1)) == ("1d6", "1d6")
    assert any(l["text"].startswith(f"Bob contests: {first} & {second}") for l in lines(st, 1))
    assert any("Tiers 3 against 1: Ann prevails with the 15 tier" in l["text"]
               for l in lines(st, 1))
    bob = who(st, "bob")
    assert (bob["blunt_slight"], bob["blunt_moderate"]) == (0, 1)  # 20 against 10: a 15 wound


def test_a_contest_of_equal_tiers_is_a_tier_0_result_whatever_the_pairs():
    cs = [quick("ann", "heroes", die_str="d8", die_dex="d8"),
          quick("bob", die_int="d8", die_lck="d8")]
    events = started(cs, "ann")

    def case(st):
        mine, theirs = faces(st, "Ann's", 1), faces(st, "Bob's", 1)
        return tier(sum(mine)) == tier(sum(theirs)) == 2
    ev = seed_where(cs, events, _act(target="bob", against="bob", against_check="int-lck"),
                    case)
    st = state(cs, [*events, ev])
    assert any("neither prevails" in l["text"] for l in lines(st, 1))
    assert all(who(st, "bob")[k] == 0 for k in ("blunt_slight", "blunt_moderate"))


# --- Wounds ---------------------------------------------------------------------------------

def test_an_attack_wounds_in_its_tier_and_a_full_tier_passes_the_wound_up():
    cs = [quick("ann", "heroes", die_str="d20", die_dex="d20"), quick("bob")]
    events = started(cs, "ann")
    ev = seed_where(cs, events, _act(target="bob", track="rending"),
                    lambda st: tier(sum(faces(st, "Ann's", 1))) == 1)
    st = state(cs, [*events, ev])
    assert who(st, "bob")["rending_slight"] == 1
    # three slight rending wounds fill the tier: the next slight one lands as moderate
    full = [*events, gm_set("bob", "rending_slight", 3), ev]
    st = state(cs, full)
    bob = who(st, "bob")
    assert (bob["rending_slight"], bob["rending_moderate"]) == (3, 1)


def test_the_unconscious_blunt_wound_stops_her_acting():
    cs = HEROES[:2]
    events = [*started(cs, "ann"), gm_set("ann", "blunt_unconscious", 1)]
    st = state(cs, events)
    assert who(st, "ann")["condition"] == "unconscious"
    assert refused(cs, events, {**_act(), "seed": 1})[0]["message"].startswith("Ann is "
                                                                               "unconscious")
    assert [e["type"] for e in st["legal"]] == ["end-turn", "end-battle"]


def test_an_attack_below_10_deals_no_wound():
    cs = [quick("ann", "heroes", die_str="d6", die_dex="d6"), quick("bob")]
    events = started(cs, "ann")
    ev = seed_where(cs, events, _act(target="bob"),
                    lambda st: sum(faces(st, "Ann's", 1)) < 10)
    bob = who(state(cs, [*events, ev]), "bob")
    assert all(bob[k] == 0 for k in bob if k.startswith(("blunt_", "rending_")))


# --- Blitz Points ---------------------------------------------------------------------------

def _kinds(cards: list[str]) -> tuple[int, int, int]:
    """(aces, jokers, face cards) among the cards shown."""
    return cards.count("A"), cards.count("Joker"), sum(c in FACES for c in cards)


def test_a_blitz_draw_with_an_ace_and_two_face_cards_gives_an_automatic_25_and_two_d8():
    cs = HEROES[:2]
    events = [*started(cs, "ann"), {"type": "plan", "actions": 2}]
    burn = seed_where(cs, events, {"type": "burn"},
                      lambda st: _kinds(blitz_cards(st, 2)) == (1, 0, 2))
    events.append(burn)
    st = state(cs, events)
    ann = who(st, "ann")
    assert len(blitz_cards(st, 2)) == 7
    assert (ann["blitz"], ann["automatic"], ann["d8s"], ann["spare_aces"]) == (2, True, 2, 0)
    events.append({**_act(), "seed": 7})  # her first roll, at −5: an automatic 25 all the same
    st = state(cs, events)
    assert not faces(st, "Ann's", 3)
    assert any("an automatic 25" in l["text"] and "the 25 tier" in l["text"]
               for l in lines(st, 3))
    events.append({**_act(), "d8s": 2, "seed": 8})  # her second, at −10, with both d8s
    st = state(cs, events)
    d8 = faces(st, "bonus d8", 4)
    assert len(d8) == 2 and all(1 <= f <= 8 for f in d8)
    total = faces(st, "Ann's Str", 4)[0] + faces(st, "Ann's Dex", 4)[0] + 3 - 10 + sum(d8)
    assert any(f"= {total}," in l["text"] for l in lines(st, 4))
    assert who(st, "ann")["d8s"] == 0


def test_a_joker_gives_everyone_after_her_this_round_an_automatic_25():
    cs = HEROES
    events = [seed_where(cs, [], start(), no_joker)]
    order = state(cs, events)["order"]
    events.append({"type": "end-turn"})  # the second in the order burns
    burn = seed_where(cs, events, {"type": "burn"},
                      lambda st: _kinds(blitz_cards(st, 2))[1] >= 1)
    st = state(cs, [*events, burn])
    auto = {c["id"]: c["automatic"] for c in st["combatants"]}
    aces = _kinds(blitz_cards(st, 2))[0]
    assert auto[order[0]] is False
    assert auto[order[1]] is (aces >= 1)
    assert auto[order[2]] and auto[order[3]]
    # the round ends: an automatic 25 not used is lost
    st = state(cs, [*events, burn, {"type": "end-turn"}, {"type": "end-turn"},
                    {"type": "end-turn"}])
    assert st["round"] == 2 and not who(st, order[3])["automatic"]


def test_a_spare_ace_can_be_given_away_this_round():
    cs = HEROES[:2]
    events = started(cs, "ann")
    burn = seed_where(cs, events, {"type": "burn"},
                      lambda st: _kinds(blitz_cards(st, 1))[0] >= 2, tries=6000)
    events.append(burn)
    spare = _kinds(blitz_cards(state(cs, events), 1))[0] - 1
    assert who(state(cs, events), "ann")["spare_aces"] == spare
    events.append({"type": "give-ace", "target": "bea"})
    st = state(cs, events)
    assert who(st, "bea")["automatic"] and who(st, "ann")["spare_aces"] == spare - 1


def test_burning_is_once_a_turn_before_any_roll_and_needs_a_point():
    cs = [quick("ann", "heroes", blitz=1), quick("bob")]
    events = [*started(cs, "ann"), {"type": "burn", "seed": 1}]
    assert who(state(cs, events), "ann")["blitz"] == 0
    assert "already burned" in refused(cs, events, {"type": "burn", "seed": 2})[0]["message"]
    cs2 = [quick("ann", "heroes", blitz=0), quick("bob")]
    ev = started(cs2, "ann")
    assert "no Blitz Point" in refused(cs2, ev, {"type": "burn", "seed": 2})[0]["message"]
    ev2 = [*started(cs, "ann"), {**_act(), "seed": 3}]
    assert "before her first roll" in refused(cs, ev2, {"type": "burn", "seed": 2})[0][
        "message"]


# --- Combatants -----------------------------------------------------------------------------

def test_a_saved_character_brings_her_dice_bonuses_abilities_blitz_and_wounds():
    cs = [{"id": "aoi", "side": "heroes", "kind": "character", "character": AOI_SHEET},
          quick("bob")]
    st = state(cs, [])
    aoi = who(st, "aoi")
    # The example: Int d12 with +1 twice; Dex d8 with +1 and three specializations; Str's
    # d6 advanced once to a d8; Swordfighting +5 at creation and +3 since.
    assert aoi["dice"]["int"] == "d12" and aoi["bonuses"]["int"] == 2
    assert aoi["dice"]["dex"] == "d8" and aoi["bonuses"]["dex"] == 1 + 3
    assert aoi["dice"]["str"] == "d8"
    assert {"id": "ab1", "name": "Swordfighting", "bonus": 5 + 3} in aoi["abilities"]
    assert aoi["blitz"] == 3 and aoi["blunt_slight"] == 1


def test_the_end_of_the_battle_hands_her_blitz_points_and_wounds_back_to_her_sheet():
    """Aoi's sheet holds 3 Blitz Points ("Each character begins with three") and one slight
    blunt wound. She burns one (3 − 1 = 2); Bob's attack in the 10 tier gives her a second
    slight blunt wound (the tier holds 4). Her sheet after the battle says so, as her
    character builder's inputs."""
    from calculators.post_magic_maid.character import PMM_CHARACTER

    cs = [{"id": "aoi", "side": "heroes", "kind": "character", "character": AOI_SHEET},
          quick("bob")]
    events = started(cs, "aoi")
    events.append(seed_where(cs, events, {"type": "burn"},
                             lambda st: "Joker" not in blitz_cards(st, 1)))
    events.append({"type": "end-turn"})
    events.append(seed_where(cs, events, _act(target="aoi", track="blunt"),
                             lambda st: tier(sum(faces(st, "Bob's", 3))) == 1))
    st = state(cs, [*events, {"type": "end-battle"}])
    back = who(st, "aoi")["sheet"]
    assert back == {"blitz": 2, "blunt_slight": 2, **{k: 0 for k in back
                                                      if k not in ("blitz", "blunt_slight")}}
    assert len(back) == 1 + 8  # her Blitz Points and the eight tiers of her two tracks
    after = PMM_CHARACTER.run({**AOI_SHEET, **back})
    assert after["blitz"] == 2
    assert "sheet" not in who(st, "bob")  # a quick entry has no sheet to go back to
    assert "go back to her sheet" in st["log"][-1]["text"]


def test_bad_combatants_and_events_are_refused_with_their_fields():
    with pytest.raises(CalculatorError) as exc:
        run([quick("a"), quick("a")], [])
    assert exc.value.as_json()["errors"][0]["field"] == "combatants[1].id"
    with pytest.raises(CalculatorError) as exc:
        run([quick("a", die_str="d7")], [])
    assert exc.value.as_json()["errors"][0]["field"] == "combatants[0].die_str"
    cs = HEROES[:2]
    assert refused(cs, [], {"type": "start", "seed": 1, "acts": "zed"})[0]["field"] == \
        "event.acts"
    events = started(cs, "ann")
    assert refused(cs, events, {**_act(), "ability": "ab1", "seed": 1})[0]["field"] == \
        "event.ability"
    assert refused(cs, events, {**_act(), "d8s": 1, "seed": 1})[0]["field"] == "event.d8s"
    assert refused(cs, events, {**_act(), "target": "ann", "seed": 1})[0]["field"] == \
        "event.target"
