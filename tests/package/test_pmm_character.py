"""``pmm-character``: characters worked by hand from the seed's rules and examples, every broken
rule reported on its control, random builds, rolls against the exact odds, and the CLI."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import CalculatorError
from calculators.params import BOOL, CHOICE, INT, TEXT
from calculators.post_magic_maid.advancement import dice_after_points
from calculators.post_magic_maid.character import CHECKS, EXAMPLE, PMM_CHARACTER
from calculators.post_magic_maid.sheet import RULE_PAGES, add_wound
from cli_runs import run_cli
from rule_links import assert_rules_linked

RUN = PMM_CHARACTER.run

#: A new character with nothing chosen past the dice: Int d12, Str d6, Dex d8, Cha d8, Wll d6,
#: Lck d20 (the declared defaults).
NEW = {"name": "New"}


def errors_of(params: dict) -> list[tuple[str, str]]:
    with pytest.raises(CalculatorError) as caught:
        RUN(params)
    return [(e.field, e.message) for e in caught.value.errors]


def attr(result: dict, attribute: str) -> dict:
    return next(a for a in result["attributes"] if a["id"] == attribute)


def ability(result: dict, name: str) -> dict:
    return next(a for a in result["abilities"] if a["name"] == name)


# --- Characters worked by hand ------------------------------------------------------------

def test_the_example_character_worked_by_hand():
    # Aoi: Int d12 takes the first and third +1 (allowed: not a d6) = +2; Dex d8 the second
    # +1 and three specializations = +4, which earns one die advancement point (Dex's
    # specialization advanced three times). That point moves Str d6 -> d8 (Str and Wll share
    # the smallest die, d6). Swordfighting: single at creation (+5) and one since (+3) = +8;
    # First aid and Tea ceremony share one double at creation, +2 each: two creation bonuses.
    # Level-ups: 1 single + 3 specializations + 1 die = 5 of 6, so 1 left; the next point
    # advances Wll, the last d6.
    r = RUN(EXAMPLE)
    assert (attr(r, "int")["die"], attr(r, "int")["bonus"]) == ("d12", 2)
    assert (attr(r, "dex")["die"], attr(r, "dex")["bonus"]) == ("d8", 4)
    assert (attr(r, "str")["start"], attr(r, "str")["die"]) == ("d6", "d8")
    assert [a["bonus"] for a in r["abilities"]] == [8, 2, 2]
    assert r["creation"]["ability_bonuses_left"] == 0 and r["creation"]["pluses_left"] == 0
    assert r["level_ups"]["spent"] == {"abilities": 1, "specializations": 3, "dice": 1}
    assert r["level_ups"]["left"] == 1 and r["left"]["total"] == 1
    assert r["die_points"] == {"earned": 1, "from": ["Dex specialization"], "spent": 1,
                               "left": 0, "next": {"die": "d6", "to": "d8",
                                                   "attributes": ["Wll"]}}


def test_the_creation_pluses_give_three_plus_ones_or_a_plus_two():
    # Seed "Character Creation": +1 in three attributes, or +1 in one and +2 in another.
    spread = RUN({**NEW, "plus_1": "str", "plus_2": "dex", "plus_3": "lck"})
    assert [a["bonus"] for a in spread["attributes"]] == [0, 1, 1, 0, 0, 1]
    stacked = RUN({**NEW, "plus_1": "str", "plus_2": "dex", "plus_3": "dex"})
    assert [a["bonus"] for a in stacked["attributes"]] == [0, 1, 2, 0, 0, 0]
    assert stacked["left"]["pluses"] == 0 and RUN(NEW)["left"]["pluses"] == 3


def test_the_seeds_swordfighting_example_earns_its_point_with_three_bonuses_since_creation():
    # Seed "Acquiring die advancement points": +5 at creation, then two singles and a +2 from
    # a double (5 + 3 + 1 + 2 = 11), or two +2s and one single (5 + 3 + 4 = 12): either earns
    # the point. The doubles' other halves go on Riding; 2 + 1 = 3 level-ups, 4 for the second.
    base = {**NEW, "level_ups": 4, "ab1_kind": "rolled", "ab1_name": "Swordfighting",
            "ab1_start": "single", "ab2_kind": "rolled", "ab2_name": "Riding"}
    one = RUN({**base, "ab1_single": 2, "ab1_double": 1, "ab2_double": 1})
    assert ability(one, "Swordfighting")["bonus"] == 11
    assert ability(one, "Swordfighting")["earns_point"] and one["die_points"]["earned"] == 1
    assert one["level_ups"]["spent"]["abilities"] == 3
    two = RUN({**base, "ab1_single": 1, "ab1_double": 2, "ab2_double": 2})
    assert ability(two, "Swordfighting")["bonus"] == 12
    assert two["die_points"]["from"] == ["Swordfighting"]
    assert two["level_ups"]["spent"]["abilities"] == 3  # 1 single + 2 doubles
    # Riding's two +2s came from the same two doubles, so Riding has 2 of 3, no point.
    assert not ability(two, "Riding")["earns_point"]
    # "It is not possible to apply more than two additional single-ability bonuses."
    assert errors_of({**base, "ab1_single": 3})[0][0] == "ab1_single"


def test_the_most_one_ability_can_reach_is_plus_13_with_five_bonuses():
    # Three singles (+5 +3 +1) and two doubles (+2 +2) = +13 (seed "Note"); the doubles' other
    # halves go on Riding. 3 singles + 2 doubles = 5 level-ups, no creation bonus used.
    r = RUN({**NEW, "level_ups": 5, "ab1_kind": "rolled", "ab1_single": 3, "ab1_double": 2,
             "ab2_kind": "rolled", "ab2_double": 2})
    assert r["abilities"][0]["bonus"] == 13 and r["level_ups"]["left"] == 0


def test_an_ability_gained_after_creation_counts_its_first_bonus():
    # Three singles on a new ability after creation: +9 and a die advancement point
    # (interpretation truncated-swordfighting-example).
    r = RUN({**NEW, "level_ups": 3, "ab1_kind": "rolled", "ab1_single": 3})
    assert r["abilities"][0]["bonus"] == 9 and r["die_points"]["earned"] == 1


def test_a_passive_ability_from_creation_needs_three_more_passive_bonuses_for_a_point():
    base = {**NEW, "ab1_kind": "passive", "ab1_start": "passive"}
    assert RUN({**base, "level_ups": 2, "ab1_passive": 2})["die_points"]["earned"] == 0
    r = RUN({**base, "level_ups": 3, "ab1_passive": 3})
    assert r["die_points"]["earned"] == 1 and r["abilities"][0]["bonus"] == 0
    assert r["abilities"][0]["passives"] == 4


def test_an_attribute_with_a_creation_plus_earns_its_point_at_plus_4():
    # Seed: +1 from creation, then three specializations (+4) before the point is earned.
    r = RUN({**NEW, "plus_1": "cha", "level_ups": 3, "spec_cha": 3})
    assert attr(r, "cha")["bonus"] == 4 and r["die_points"]["from"] == ["Cha specialization"]
    # The most: +2 from creation and three specializations, +5.
    top = RUN({**NEW, "plus_1": "cha", "plus_2": "int", "plus_3": "cha", "level_ups": 3,
               "spec_cha": 3})
    assert attr(top, "cha")["bonus"] == 5


def test_the_seeds_die_advancement_example_both_d6s_then_the_four_d8s():
    # Two specializations at 3 earn two points; both d6s (Str, Wll) advance: then the four
    # d8s (Str, Dex, Cha, Wll) are the ones the next point may advance; after a third point
    # on Dex, the remaining three.
    base = {**NEW, "spec_int": 3, "spec_lck": 3, "spec_cha": 3}
    two = RUN({**base, "level_ups": 11, "adv_str": 1, "adv_wll": 1})
    assert two["die_points"]["next"] == {"die": "d8", "to": "d12",
                                         "attributes": ["Str", "Dex", "Cha", "Wll"]}
    three = RUN({**base, "level_ups": 12, "adv_str": 1, "adv_wll": 1, "adv_dex": 1})
    assert three["die_points"]["next"]["attributes"] == ["Str", "Cha", "Wll"]
    assert attr(three, "dex")["die"] == "d12"


def test_two_doubles_at_creation_give_four_abilities_plus_2():
    r = RUN({**NEW, **{f"ab{n}_kind": "rolled" for n in range(1, 5)},
             **{f"ab{n}_start": "double" for n in range(1, 5)}})
    assert [a["bonus"] for a in r["abilities"]] == [2, 2, 2, 2]
    assert r["creation"]["ability_bonuses_left"] == 0 and r["left"]["halves"] == 0


def test_a_half_placed_double_is_left_to_place_not_an_error():
    half = RUN({**NEW, "ab1_kind": "rolled", "ab1_start": "double"})
    assert half["creation"]["ability_bonuses_left"] == 1 and half["left"]["halves"] == 1
    # Both +2s of later doubles on one ability: two doubles, each with a half to place.
    later = RUN({**NEW, "level_ups": 2, "ab1_kind": "rolled", "ab1_double": 2})
    assert later["level_ups"]["spent"]["abilities"] == 2 and later["left"]["halves"] == 2


# --- Each broken rule on its control ------------------------------------------------------

@pytest.mark.parametrize("change, field, words", [
    ({"die_int": "d6"}, "die_wll", "3 attributes roll a d6"),
    ({"die_lck": "d12"}, "die_lck", "2 attributes roll a d12"),
    ({"plus_1": "int", "plus_2": "int"}, "plus_2", "two different attributes"),
    ({"plus_3": "wll"}, "plus_3", "may not go to an attribute rolled with a d6"),
    ({"level_ups": 1, "spec_int": 2}, "level_ups", "2 level-ups are spent"),
    ({"level_ups": 9, "spec_int": 3, "adv_lck": 1}, "adv_lck", "only the smallest die"),
    ({"level_ups": 5, "spec_int": 3, "adv_str": 2}, "adv_str", "only the smallest die"),
    ({"level_ups": 9, "spec_int": 3, "adv_str": 1, "adv_wll": 1}, "adv_wll",
     "1 is earned"),
    ({"level_ups": 9, "spec_int": 3, "spec_dex": 3, "adv_lck": 2}, "adv_lck",
     "track ends at d32"),
    ({"ab1_kind": "rolled", "ab1_start": "passive"}, "ab1_start", "Passive ability bonus"),
    ({"ab1_kind": "passive", "ab1_start": "single"}, "ab1_start", "only passive"),
    ({"level_ups": 3, "ab1_kind": "rolled", "ab1_start": "single", "ab1_single": 3},
     "ab1_single", "at most 3"),
    ({"level_ups": 2, "ab1_kind": "rolled", "ab1_start": "double", "ab1_double": 2,
      "ab2_kind": "rolled", "ab2_double": 2}, "ab1_double", "at most 2"),
    ({"ab1_kind": "rolled", "ab1_start": "single", "ab2_kind": "passive",
      "ab2_start": "passive", "ab3_kind": "rolled", "ab3_start": "double"}, "ab3_start",
     "3 ability bonuses at creation"),
])
def test_each_broken_rule_is_reported_on_its_control_naming_the_rule(change, field, words):
    found = errors_of({**NEW, **change})
    assert any(f == field and words in m for f, m in found), found
    assert all(m.endswith(").") for _, m in found), "every message names its section"


def test_every_broken_rule_is_reported_at_once():
    found = errors_of({**NEW, "die_int": "d6", "plus_1": "int", "plus_2": "int",
                       "level_ups": 0, "spec_cha": 1})
    assert {f for f, _ in found} == {"die_wll", "plus_2", "level_ups"}


# --- Wound tracks -------------------------------------------------------------------------

ZERO = {"blunt_slight": 0, "blunt_moderate": 0, "blunt_heavy": 0, "blunt_unconscious": 0,
        "rending_slight": 0, "rending_moderate": 0, "rending_heavy": 0, "rending_mortal": 0}


def test_a_wound_on_a_full_tier_moves_up_until_it_finds_room():
    # Blunt slight holds 4; the fifth slight wound lands on moderate (seed "Wounds"); with
    # moderate full too it lands on heavy (note wound-overflow).
    full_slight = {**ZERO, "blunt_slight": 4}
    assert add_wound(full_slight, "blunt", 1) == {**full_slight, "blunt_moderate": 1}
    two_full = {**full_slight, "blunt_moderate": 3}
    assert add_wound(two_full, "blunt", 1) == {**two_full, "blunt_heavy": 1}
    assert add_wound(ZERO, "rending", 3) == {**ZERO, "rending_heavy": 1}
    topped = {**ZERO, "rending_mortal": 1}
    assert add_wound(topped, "rending", 4) is None and add_wound(topped, "rending", 1)


def test_the_sheet_offers_where_the_next_wound_of_each_tier_lands():
    r = RUN({**NEW, "blunt_slight": 4, "rending_mortal": 1})
    blunt = {t["name"]: t for t in r["wounds"]["blunt"]}
    assert blunt["slight"]["lands"] == "moderate"
    assert blunt["slight"]["take"]["blunt_moderate"] == 1
    rending = {t["name"]: t for t in r["wounds"]["rending"]}
    assert rending["mortal"]["take"] is None and rending["slight"]["lands"] == "slight"
    html = PMM_CHARACTER.render(r)
    assert "full: lands on moderate" in html


# --- Random builds ------------------------------------------------------------------------

def legal(param):
    if param.kind == INT:
        return st.integers(param.minimum, param.maximum)
    if param.kind == BOOL:
        return st.booleans()
    if param.kind == CHOICE:
        return st.sampled_from(param.values)
    assert param.kind == TEXT
    return st.text(st.characters(min_codepoint=32, max_codepoint=0x7e),
                   max_size=param.maximum or 10)


BUILD = [p for p in PMM_CHARACTER.params if not p.hidden]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_build_validates_or_names_the_controls_at_fault(data):
    raw = {p.name: data.draw(legal(p), label=p.name)
           for p in BUILD if data.draw(st.booleans(), label=f"set {p.name}")}
    names = {p.name for p in PMM_CHARACTER.params}
    try:
        r = RUN(raw)
    except CalculatorError as exc:
        assert all(e.field in names and e.message.endswith(".") for e in exc.errors)
        assert_rules_linked(exc.errors, RULE_PAGES)
        return
    steps = sum(a["advanced"] for a in r["attributes"])
    # The dice after that many points, by the advancement table's own walk.
    assert sorted(a["die"] for a in r["attributes"]) == sorted(dice_after_points(steps))
    assert r["level_ups"]["left"] >= 0 and r["die_points"]["left"] >= 0
    assert all(0 <= a["bonus"] <= 5 for a in r["attributes"])
    assert all(0 <= a["bonus"] <= 13 for a in r["abilities"])
    assert r["left"]["total"] >= 0 and r["creation"]["ability_bonuses_left"] >= 0


ATTRS = ("int", "str", "dex", "cha", "wll", "lck")


@st.composite
def near_legal_builds(draw):
    """Builds that mostly keep the creation rules (the dice dealt 2/2/1/1, the +1s and the
    creation bonuses where they may go, plenty of level-ups, die advances mostly on the d6s),
    so the derivations and not only the refusals are exercised."""
    raw = {p.name: draw(legal(p), label=p.name) for p in BUILD}
    dice = draw(st.permutations(["d6", "d6", "d8", "d8", "d12", "d20"]), label="dice")
    raw.update({f"die_{a}": d for a, d in zip(ATTRS, dice)})
    first, second = draw(st.lists(st.sampled_from(ATTRS), min_size=2, max_size=2, unique=True))
    third = draw(st.sampled_from([a for a in ATTRS if raw[f"die_{a}"] != "d6"]))
    raw.update({"plus_1": first, "plus_2": second, "plus_3": third, "level_ups": 200})
    for n in range(1, 11):
        kind = raw[f"ab{n}_kind"]
        starts = {"rolled": ["none", "single", "double"], "passive": ["none", "passive"],
                  "": ["none"]}[kind] if n <= 2 else ["none"]
        raw[f"ab{n}_start"] = draw(st.sampled_from(starts), label=f"ab{n}_start")
    for a in ATTRS:
        steps = [0, 0, 1] if raw[f"die_{a}"] == "d6" else [0, 0, 0, 0, 1, 2]
        raw[f"adv_{a}"] = draw(st.sampled_from(steps), label=f"adv_{a}")
    return raw


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=near_legal_builds())
def test_near_legal_builds_derive_a_consistent_sheet_or_name_the_controls(raw):
    try:
        r = RUN(raw)
    except CalculatorError as exc:
        names = {p.name for p in PMM_CHARACTER.params}
        assert all(e.field in names for e in exc.errors)
        assert_rules_linked(exc.errors, RULE_PAGES)
        return
    steps = sum(a["advanced"] for a in r["attributes"])
    assert sorted(a["die"] for a in r["attributes"]) == sorted(dice_after_points(steps))
    assert steps <= r["die_points"]["earned"]
    # Level-ups spent, counted again from the inputs: a level-up per specialization, per single
    # or passive bonus since creation, per die step, and per double (at least half the +2s).
    halves = sum(a["halves_after"] for a in r["abilities"])
    assert (r["level_ups"]["spent"]["specializations"]
            == sum(raw[f"spec_{a}"] for a in ATTRS))
    assert r["level_ups"]["spent"]["abilities"] >= sum(
        a["singles_after"] + a["passives_after"] for a in r["abilities"]) + (halves + 1) // 2
    for a in r["attributes"]:
        assert a["bonus"] == a["creation"] + raw[f"spec_{a['id']}"] <= 5


# --- Rolls --------------------------------------------------------------------------------

def rolled(seed: int, check: str = "int-dex", **more) -> dict:
    return RUN({**EXAMPLE, "roll": check, "seed": seed, **more})["roll"]


def test_the_dice_shown_and_the_bonuses_sum_to_the_total():
    # Aoi's Int & Dex with Swordfighting: +2 Int, +4 Dex, +8 Swordfighting.
    for seed in range(50):
        roll = rolled(seed, ability="ab1")
        faces = [d["face"] for d in roll["dice"]]
        assert [d["die"] for d in roll["dice"]] == ["d12", "d8"]
        assert 1 <= faces[0] <= 12 and 1 <= faces[1] <= 8
        assert [p["bonus"] for p in roll["parts"]] == [2, 4, 8]
        assert roll["total"] == sum(faces) + 14
        assert roll["tier"] == sum(roll["total"] >= d for d in (10, 15, 20, 25))
        assert roll["blitz_point"] == (faces == [12, 8])


def test_the_same_seed_rolls_the_same_dice():
    assert rolled(1234) == rolled(1234)
    assert len({tuple(d["face"] for d in rolled(s)["dice"]) for s in range(40)}) > 10


def test_rolls_over_many_seeds_match_the_exact_tier_odds():
    # Str & Wll on a new character: d6 + d6, no bonus. Tiers by hand from the 36 outcomes:
    # totals 10-12 reach the 10 tier (3 + 2 + 1 = 6 of 36), nothing reaches 15; double six is
    # the Blitz Point (1 of 36).
    n = 6000
    tiers, blitz = Counter(), 0
    for seed in range(n):
        roll = RUN({**NEW, "roll": "str-wll", "seed": seed})["roll"]
        tiers[roll["tier"]] += 1
        blitz += roll["blitz_point"]
    expected = {0: Fraction(30, 36), 1: Fraction(6, 36)}
    for tier, p in expected.items():
        assert abs(tiers[tier] / n - float(p)) < 0.015, (tier, tiers)
    assert set(tiers) <= {0, 1}
    assert abs(blitz / n - 1 / 36) < 0.008


def test_a_roll_of_bigger_dice_matches_the_odds_calculator_within_a_tolerance():
    # Int & Dex of Aoi, +6 (d12 + d8 + 2 + 4): the check calculator's exact tiers.
    from calculators.post_magic_maid.checks import PMM_CHECK
    exact = PMM_CHECK.run({"die_a": "d12", "die_b": "d8", "bonus": 6})["exact"]["per_action"][0]
    n = 6000
    counts = Counter(rolled(seed)["tier"] for seed in range(n))
    for tier, p in enumerate(exact["tiers"]):
        assert abs(counts[tier] / n - float(Fraction(p))) < 0.02, (tier, counts)


def test_a_blitz_point_offers_one_button_that_adds_it_to_her_points():
    seed = next(s for s in range(5000) if rolled(s, "str-wll")["blitz_point"])
    roll = rolled(seed, "str-wll")
    assert roll["dice"][0]["face"] == 8 and roll["dice"][1]["face"] == 6  # Str d8, Wll d6
    assert roll["add_blitz"]["set"] == {"blitz": 4, "banked": True}
    html = PMM_CHARACTER.render(RUN({**EXAMPLE, "roll": "str-wll", "seed": seed}))
    assert "Add the Blitz Point: 3 → 4" in html
    after = RUN({**EXAMPLE, "roll": "str-wll", "seed": seed, "blitz": 4, "banked": True})
    assert after["roll"]["add_blitz"] is None and after["roll"]["banked"]
    assert "Added to her Blitz Points" in PMM_CHARACTER.render(after)
    plain = next(s for s in range(50) if not rolled(s, "str-wll")["blitz_point"])
    assert rolled(plain, "str-wll")["add_blitz"] is None


def test_the_roll_is_one_element_for_the_log_with_its_entry_and_key():
    html = PMM_CHARACTER.render(RUN({**EXAMPLE, "roll": "int-dex", "seed": 7, "ability": "ab1"}))
    roll = rolled(7, ability="ab1")
    assert html.count("data-roll-entry=") == 1
    assert 'data-roll-key="int-dex:7"' in html
    assert roll["entry"].startswith("Int & Dex: d12 → ")
    assert "+8 Swordfighting" in roll["entry"] and f"= {roll['total']}" in roll["entry"]


def test_every_check_is_offered_once_with_a_roll_button_and_an_odds_link():
    r = RUN(EXAMPLE)
    assert [c["id"] for c in r["checks"]] == [c for c, _ in CHECKS] and len(CHECKS) == 15
    html = PMM_CHARACTER.render(r)
    assert html.count("Roll</button>") == 15
    dex_int = next(c for c in r["checks"] if c["id"] == "int-dex")
    assert dex_int["odds"] == {"die_a": "d12", "die_b": "d8", "bonus": 6}
    assert "../checks/?pmm-check.die_a=d12&amp;pmm-check.die_b=d8&amp;pmm-check.bonus=6#pmm-check" in html


def test_an_ability_for_the_roll_must_be_hers_and_add_to_rolls():
    assert errors_of({**EXAMPLE, "ability": "ab5"})[0][0] == "ability"
    passive = {**NEW, "ab1_kind": "passive", "ab1_start": "passive", "ability": "ab1"}
    assert errors_of(passive)[0][0] == "ability"
    assert errors_of({**EXAMPLE, "roll": "int-dex"})[0][0] == "seed"


def test_names_typed_by_the_player_are_escaped():
    html = PMM_CHARACTER.render(RUN({**EXAMPLE, "ab1_name": "<img src=x onerror=alert(1)>"}))
    assert "<img" not in html and "&lt;img" in html


# --- The character file on the command line ------------------------------------------------

def cli(*args: str, stdin: str | None = None) -> tuple[int, dict]:
    return run_cli("pmm-character", *args, stdin=stdin)


def test_the_cli_reads_a_character_file_and_prints_the_sheet(tmp_path):
    sheet = tmp_path / "aoi.json"
    sheet.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    status, out = cli("--sheet", str(sheet))
    assert status == 0 and out["name"] == "Aoi" and out["level_ups"]["left"] == 1
    status, out = cli("--sheet", "-", "--level-ups", "5", stdin=json.dumps(EXAMPLE))
    assert status == 0 and out["level_ups"]["left"] == 0


def test_the_cli_names_the_broken_rule_and_exits_2():
    status, out = cli("--sheet", "-", stdin=json.dumps({**EXAMPLE, "plus_3": "wll"}))
    assert status == 2 and out["errors"][0]["field"] == "plus_3"
    status, out = cli("--sheet", "-", stdin="[1, 2]")
    assert status == 2 and out["errors"]


def test_abilities_after_a_blank_row_stay_on_the_sheet_with_what_was_entered():
    """Ability 2 left blank used to drop abilities 3-10 from the answer
    without a word. Each keeps its slot, name and bonus; a Use button can pick one."""
    rows = {f"ab{n}_kind": "passive" if n == 10 else "rolled" for n in range(3, 11)}
    rows.update({f"ab{n}_name": f"Skill {n}" for n in range(3, 11)})
    sheet = RUN({**NEW, "level_ups": 1, "ab1_kind": "rolled", "ab1_name": "Swordfighting",
                 "ab1_start": "single", "ab2_kind": "", "ab3_start": "single",
                 "ab4_single": 1, **rows, "ability": "ab4", "roll": "int-str", "seed": 1})
    assert [(a["slot"], a["name"]) for a in sheet["abilities"]] == [
        ("ab1", "Swordfighting"), *((f"ab{n}", f"Skill {n}") for n in range(3, 11))]
    # A single-ability bonus at creation, and one bought with the level-up: the first single
    # on an ability is +5 (seed, "Single-ability bonus": +5, then +3, then +1).
    assert ability(sheet, "Skill 3")["bonus"] == 5 and ability(sheet, "Skill 4")["bonus"] == 5
    assert sheet["ability"]["slot"] == "ab4"
