"""Healing in a post-magic-maid battle (issue 27), worked by hand from the rule text (seed 003,
“Wounds / Healing”): a treatment is an action rolling Int & Dex at the wounded one; 15
removes a moderate rending wound, 20 a heavy wound of either track, 25 the unconscious blunt
or the mortal rending wound (a higher tier also does: note ``healing-at-or-above-tier``).
Slight wounds and the moderate blunt one heal by an hour's rest, which a fight does not give.
Totals are the faces the log shows plus the bonuses, read against 10/15/20/25 in the test."""

from __future__ import annotations

import pytest

from calculators.post_magic_maid.sheet import add_wound, heal_wound

from pmm_battles import faces, lines, quick, refused, seed_where, state, tier, who

#: The healer rolls Int d20 + 2 and Dex d12 + 1 (rule: "roll Int & Dex"); Bob is wounded.
ANN = quick("ann", "heroes", die_int="d20", die_dex="d12", bonus_int=2, bonus_dex=1)
CAST = [ANN, quick("bob")]
#: The tier a treatment must reach for each wound, from the rule text.
NEEDS = {"rending_moderate": 2, "rending_heavy": 3, "blunt_heavy": 3,
         "blunt_unconscious": 4, "rending_mortal": 4}


def gm_set(cid: str, field: str, value: int) -> dict:
    return {"type": "gm-set", "combatant": cid, "field": field, "value": value, "seed": 1}


def ann_first(cast: list, *wounds: tuple[str, int]) -> list[dict]:
    """A start without a joker where Ann has the first turn, then Bob's ``wounds`` set."""
    start = seed_where(cast, [], {"type": "start"}, lambda st: st["turn"] == "ann"
                       and not st["pending"])
    return [start, *(gm_set("bob", f, n) for f, n in wounds)]


def treated_total(st: dict, event: int, penalty: int = 0) -> int:
    """Int face + Dex face + her bonuses (2 + 1) − the several-actions penalty."""
    return faces(st, "Ann's Int", event)[0] + faces(st, "Ann's Dex", event)[0] + 3 - penalty


def treat(wound: str, **more) -> dict:
    return {"type": "treat", "target": "bob", "wound": wound, **more}


@pytest.mark.parametrize("wound", sorted(NEEDS))
def test_a_treatment_reaching_the_wounds_tier_removes_one_wound_of_it(wound):
    events = ann_first(CAST, (wound, 1))
    n = len(events)
    ev = seed_where(CAST, events, treat(wound),
                    lambda st: tier(treated_total(st, n)) == NEEDS[wound], tries=6000)
    st = state(CAST, [*events, ev])
    assert tier(treated_total(st, n)) == NEEDS[wound]  # exactly the tier the rule names
    assert who(st, "bob")[wound] == 0
    assert who(st, "bob")["condition"] == "fine"
    line = next(l for l in lines(st, n) if "wound is healed" in l["text"])
    assert line["note"] == "healing-at-or-above-tier"
    assert "Healing" in line["rule"]


@pytest.mark.parametrize("wound", ["rending_heavy", "blunt_unconscious", "rending_mortal"])
def test_a_treatment_one_tier_short_leaves_the_wound(wound):
    events = ann_first(CAST, (wound, 1))
    n = len(events)
    ev = seed_where(CAST, events, treat(wound),
                    lambda st: tier(treated_total(st, n)) == NEEDS[wound] - 1, tries=6000)
    st = state(CAST, [*events, ev])
    assert who(st, "bob")[wound] == 1
    assert any("Not enough" in l["text"] and "Bob keeps it" in l["text"]
               for l in lines(st, n))


def test_a_25_removes_a_wound_needing_only_15():
    events = ann_first(CAST, ("rending_moderate", 2))
    n = len(events)
    ev = seed_where(CAST, events, treat("rending_moderate"),
                    lambda st: treated_total(st, n) >= 25, tries=6000)
    bob = who(state(CAST, [*events, ev]), "bob")
    assert bob["rending_moderate"] == 1  # one wound of the two, no more


def test_waking_the_unconscious_lets_her_act_again():
    events = ann_first(CAST, ("blunt_unconscious", 1))
    n = len(events)
    assert who(state(CAST, events), "bob")["condition"] == "unconscious"
    ev = seed_where(CAST, events, treat("blunt_unconscious"),
                    lambda st: treated_total(st, n) >= 25, tries=20000)
    st = state(CAST, [*events, ev, {"type": "end-turn"}])
    assert st["turn"] == "bob" and who(st, "bob")["condition"] == "fine"
    assert any(e["type"] == "act" for e in st["legal"])


def test_a_treatment_is_an_action_at_her_places_penalty():
    """Two actions planned: the treatment is the first, at −5 (“every action including the
    first incurs a -5 penalty”); a third action is refused."""
    events = [*ann_first(CAST, ("rending_heavy", 1)), {"type": "plan", "actions": 2},
              {**treat("rending_heavy"), "seed": 4}]
    n = len(events) - 1
    st = state(CAST, events)
    total = treated_total(st, n, penalty=5)
    line = next(l["text"] for l in lines(st, n) if "action 1 of 2" in l["text"])
    assert "treats Bob's heavy rending wound" in line and f"= {total}," in line
    assert who(st, "ann")["taken"] == 1
    events.append({"type": "act", "check": "str-dex", "seed": 5})
    assert "planned 2 actions" in refused(CAST, events, {**treat("rending_heavy"),
                                                         "seed": 6})[0]["message"]


def test_rest_heals_slight_and_moderate_blunt_wounds_so_no_roll_treats_them():
    for wound in ("blunt_slight", "rending_slight", "blunt_moderate"):
        events = ann_first(CAST, (wound, 1))
        errors = refused(CAST, events, {**treat(wound), "seed": 1})
        assert errors[0]["field"] == "event.wound"
        assert "rest" in errors[0]["message"] and "not during the fight" in errors[0]["message"]


def test_illegal_treatments_are_refused_with_their_fields_and_change_nothing():
    events = ann_first(CAST, ("rending_heavy", 1))
    assert refused(CAST, events, {**treat("blunt_heavy"), "seed": 1})[0]["field"] == \
        "event.wound"  # Bob has no heavy blunt wound
    assert refused(CAST, events, {**treat("rending_heavy"), "target": "zed",
                                  "seed": 1})[0]["field"] == "event.target"
    assert refused(CAST, events, {**treat("nowhere"), "seed": 1})[0]["field"] == "event.wound"
    assert refused(CAST, events, {**treat("rending_heavy"), "d8s": 1,
                                  "seed": 1})[0]["field"] == "event.d8s"
    assert refused(CAST, [], {**treat("rending_heavy"), "seed": 1})  # not started


def test_the_tracker_offers_every_wound_a_roll_can_heal_and_no_other():
    events = ann_first(CAST, ("rending_heavy", 1), ("blunt_slight", 2), ("blunt_heavy", 1))
    offer = next(e for e in state(CAST, events)["legal"] if e["type"] == "treat")
    assert {(w["target"], w["wound"], w["needs"]) for w in offer["wounds"]} == {
        ("bob", "rending_heavy", 3), ("bob", "blunt_heavy", 3)}


def test_the_sheet_heals_one_wound_of_the_tier_as_the_battle_does():
    counts = {f: 0 for f in ("blunt_slight", "blunt_moderate", "blunt_heavy",
                             "blunt_unconscious", "rending_slight", "rending_moderate",
                             "rending_heavy", "rending_mortal")}
    hurt = add_wound(add_wound(counts, "blunt", 3), "blunt", 3)
    assert heal_wound(hurt, "blunt_heavy") == {**counts, "blunt_heavy": 1}
    assert heal_wound(counts, "blunt_heavy") is None


def test_she_may_treat_herself_and_the_roll_names_its_reading():
    events = [*ann_first(CAST), gm_set("ann", "rending_moderate", 1)]
    n = len(events)
    ev = seed_where(CAST, events, {**treat("rending_moderate"), "target": "ann"},
                    lambda st: tier(treated_total(st, n)) >= 2)
    st = state(CAST, [*events, ev])
    assert who(st, "ann")["rending_moderate"] == 0
    line = next(l for l in lines(st, n) if "treats Ann's moderate rending wound" in l["text"])
    assert line["note"] == "treatment-in-the-fight"


# --- an assisted treatment (seed “Contested actions / assists”: an assist on any action) -----

#: Bea assists on two d20s without bonuses (her Str & Dex d6s, for the pair tapped for her).
BEA = quick("bea", "heroes", die_int="d20", die_dex="d20", die_str="d6")
HELPED = [ANN, BEA, quick("bob")]


def helped_tier(st: dict, event: int, label: str = "Bea's") -> int:
    """Bea's own roll's tier: her faces added (no bonuses), read against 10/15/20/25."""
    return tier(sum(faces(st, label, event)))


@pytest.mark.parametrize("helper_tier, healed", [(3, True), (2, False)])
def test_a_10_treatment_with_a_helpers_20_counts_as_15_and_heals_a_wound_needing_15(
        helper_tier, healed):
    """Ann's treatment reaches 10 (tier 1); Bea's assist two tiers above it (20) raises it to
    15, which a moderate rending wound needs; an assist one tier above (15) raises nothing."""
    events = ann_first(HELPED, ("rending_moderate", 1))
    n = len(events)
    ev = seed_where(HELPED, events, treat("rending_moderate", helper="bea"),
                    lambda st: tier(treated_total(st, n)) == 1
                    and helped_tier(st, n) == helper_tier, tries=20000)
    st = state(HELPED, [*events, ev])
    assert len(faces(st, "Bea's Int", n)) == len(faces(st, "Bea's Dex", n)) == 1  # Int & Dex
    assert who(st, "bob")["rending_moderate"] == (0 if healed else 1)
    said = "Ann's 10-tier roll counts as the 15 tier, with Bea's help." if healed else \
        "Ann's 10-tier roll stays the 10 tier: Bea's help raises it only from 2 tiers above it."
    assert any(l["text"] == said and l["note"] == "assist-capped-at-top-tier"
               for l in lines(st, n))


def test_a_treatments_helper_rolls_the_pair_named_for_her():
    events = ann_first(HELPED, ("rending_moderate", 1))
    n = len(events)
    st = state(HELPED, [*events, {**treat("rending_moderate", helper="bea",
                                          helper_check="str-dex"), "seed": 3}])
    line = next(l for l in lines(st, n) if l["text"].startswith("Bea assists"))
    assert [d["dice"] for d in line["dice"]] == ["1d6", "1d20"]  # her Str d6, her Dex d20
    assert not faces(st, "Bea's Int", n)


def test_illegal_helpers_of_a_treatment_are_refused_on_the_helper_field():
    events = ann_first(HELPED, ("rending_moderate", 1))
    for helper, words in (("ann", "her own helper"), ("zed", "No combatant")):
        errors = refused(HELPED, events, {**treat("rending_moderate", helper=helper),
                                          "seed": 1})
        assert errors[0]["field"] == "event.helper" and words in errors[0]["message"]
    knocked = [*ann_first(HELPED, ("blunt_unconscious", 1))]  # Bob is out
    errors = refused(HELPED, knocked, {**treat("blunt_unconscious", helper="bob"), "seed": 1})
    assert errors[0]["field"] == "event.helper" and "unconscious" in errors[0]["message"]


def test_the_tracker_offers_the_conscious_others_as_a_treatments_helpers():
    events = ann_first(HELPED, ("blunt_unconscious", 1))
    offer = next(e for e in state(HELPED, events)["legal"] if e["type"] == "treat")
    assert offer["helpers"] == ["bea"]

