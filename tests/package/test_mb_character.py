"""``mb-character``: characters worked by hand against seed 002's creation and advancement
rules, every broken rule on its own control, random choices that either validate or name a
field, the sheet's buttons pressed as the site script presses them, and rolls from the sheet
checked against the dice rule and the odds calculator."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import CalculatorError
from calculators.magical_burst.character import MB_CHARACTER, PARAMS, RULE_PAGES
from calculators.magical_burst.checks import MB_CHECK

from cli_runs import run_cli
from rule_links import assert_rules_linked
from test_mb_tracker import press

#: The page's example, worked by hand: bonds 4 + 3 + 3 + 2 = 12 of 12; mundane 3 + 3 + 2 = 8 of
#: 8, none above 5; magical Heart 3 + Fury 4 + Judgment 2 = 9 of 9, none above 6; Striker with
#: Bypass (Common), Blast Strike (Striker) and Follow Up (Striker) as the three picks.
AKANE = dict(MB_CHARACTER.example)


def run(**changes):
    return MB_CHARACTER.run({**AKANE, **changes})


def errors(**changes) -> dict[str, str]:
    with pytest.raises(CalculatorError) as caught:
        run(**changes)
    return {e.field: e.message for e in caught.value.errors}


def two_d6_at_least(n: int) -> float:
    """P(2d6 >= n), by listing the 36 faces."""
    return sum(a + b >= n for a, b in itertools.product(range(1, 7), repeat=2)) / 36


def test_the_example_spends_every_creation_point_and_nothing_is_left():
    result = run()
    left = {x["label"]: x["value"] for x in result["left"]}
    assert left == {"Bond points left": 0, "Mundane points left": 0, "Magical points left": 0,
                    "Talent picks left": 0, "Powers left": 0, "Experience left": 0}


def test_the_example_sheet_derives_roles_talents_and_resolve():
    result = run()
    roles = {r["role"]: (r["stat"], r["value"]) for r in result["roles"]}
    assert roles == {"attack": ("fury", 4), "defence": ("heart", 3), "support": ("judgment", 2)}
    names = [t["name"] for t in result["talents"]]
    # The two Striker starting talents, Boost and Recover (everyone), then the three picks.
    assert set(names[:-3]) == {"Follow Target", "Want it Hard, Want it Now", "Boost", "Recover"}
    assert names[-3:] == ["Bypass", "Blast Strike", "Follow Up"]
    assert result["resolve"]["maximum"] == 18 and result["resolve"]["now"] == 18


def test_mundane_checks_give_the_chance_of_two_d6_plus_the_stat():
    checks = {c["stat"]: c for c in run()["checks"]}
    # Communication 3: 2d6 >= 6 is 26/36; Insight 2: 2d6 >= 7 is 21/36; major 13+: 2d6 >= 10.
    assert checks["communication"]["p_success"] == pytest.approx(two_d6_at_least(6))
    assert checks["insight"]["p_success"] == pytest.approx(21 / 36)
    assert checks["insight"]["p_major"] == pytest.approx(two_d6_at_least(11))


def test_a_magical_check_explodes_so_beats_the_plain_chance():
    # Fury 4, 13+: plain 2d6 needs 9+ (10/36); with exploding sixes a 6 and anything makes 9+
    # already counted, and 6,1 → 6+1+(next die) adds more: strictly above the plain chance.
    fury = next(c for c in run()["checks"] if c["stat"] == "fury")
    assert fury["p_major"] > two_d6_at_least(9)
    assert fury["p_success"] == pytest.approx(MB_CHECK.run(
        {"kind": "magical", "stat": 4})["p_success"])


# --- Each broken rule, on its control ------------------------------------------------------

@pytest.mark.parametrize("changes, field, words", [
    ({"bond_4": 3}, "bond_4", "13 of the 12 bond points"),
    ({"insight": 3}, "insight", "9 of the 8 mundane points"),
    ({"communication": 6, "tenacity": 0, "insight": 2}, "communication", "above 5 at creation"),
    ({"heart": 2, "fury": 7, "judgment": 0}, "fury", "above 6 at creation"),
    ({"judgment": 3}, "judgment", "10 of the 9 magical points"),
    ({"support_stat": "fury"}, "support_stat", "already her Attack stat"),
    ({"talent_2": "create-barrier"}, "talent_2", "Talent without its affinity"),
    ({"talent_3": "dampen-overcharge"}, "talent_3", "Talent without its affinity"),
    ({"talent_1": "blast-strike", "talent_2": "dash-strike"}, "talent_1", "general talent is a Common"),
    ({"talent_2": "make-up"}, "talent_2", "second pick is a Striker talent"),
    ({"talent_3": "bypass"}, "talent_3", "already on her sheet"),
    ({"power_2": "lost-flight"}, "power_2", "Two different powers"),
    ({"fury_raised": 5, "xp": 5}, "fury_raised", "magical stat to 8 at most"),
    ({"insight_raised": 5, "xp": 5}, "insight_raised", "mundane stat to 6 at most"),
    ({"reverted": 3, "xp": 6}, "reverted", "At most 2"),
    ({"fury_raised": 2, "xp": 1}, "xp", "2 experience is spent and 1 earned"),
    ({"talent_4": "create-barrier", "xp": 4}, "talent_4", "Talent without its affinity"),
    ({"resolve": 18, "damage": 3, "wound_dice": 9}, "resolve", "maximum is 12"),
    ({"damage": 3, "wound_dice": 13}, "wound_dice", "from 2 to 12"),
])
def test_each_broken_rule_is_reported_on_its_control_naming_the_rule(changes, field, words):
    found = errors(**changes)
    assert field in found, found
    assert words in found[field]
    # Every message names the rule-book section it comes from, in brackets.
    assert re.search(r"\((My Ordinary Life|Magical attributes|Bonds|Character creation|"
                     r"Character advancement|Affinities & Talents|Life and death)", found[field])
    # … and links it to the page presenting it.
    with pytest.raises(CalculatorError) as caught:
        run(**changes)
    rule = next(e.rule for e in caught.value.errors if e.field == field)
    assert rule is not None and rule.section in found[field], found[field]


def test_a_bond_over_four_points_is_refused_on_its_control():
    # “Bonds”: a bond is 1 to 4 points; the control itself takes 0 (no bond) to 4.
    assert "at most 4" in errors(bond_1=5, bond_2=2)["bond_1"]


def test_every_broken_rule_is_gathered_at_once():
    found = errors(bond_4=3, insight=3, judgment=3, talent_2="create-barrier",
                   support_stat="fury")
    assert set(found) == {"bond_4", "insight", "judgment", "talent_2", "support_stat"}


def test_a_talent_of_another_affinity_is_bought_with_five_experience():
    # Learnt with experience: Create Barrier (Guardian) costs 5 for a Striker.
    result = run(talent_4="create-barrier", xp=5)
    assert result["experience"]["spent"] == 5 and result["experience"]["left"] == 0


def test_experience_spent_adds_the_base_costs_worked_by_hand():
    # Fury +1 (1) + Insight +1 (1) + one reverted change (2) + Make-Up, Common (3)
    # + Create Barrier, Guardian (5) = 12; earned 15, so 3 left.
    result = run(fury_raised=1, insight_raised=1, reverted=1, talent_4="make-up",
                 talent_5="create-barrier", xp=15)
    exp = result["experience"]
    assert (exp["spent"], exp["left"]) == (12, 3)
    bought = {a["id"]: a["times"] for a in exp["advances"]}
    assert bought == {"mundane-stat": 1, "magical-stat": 1, "revert-permanent-change": 1,
                      "common-or-affinity-talent": 1, "other-affinity-talent": 1}
    stats = {s["id"]: s["now"] for s in result["stats"]}
    assert stats["fury"] == 5 and stats["insight"] == 3


def test_the_free_talents_do_not_use_a_pick():
    result = run(free_belkan_system=True, free_lost_long_range=True)
    assert result["picks"]["left"] == 0
    assert {"Belkan System"} <= {t["name"] for t in result["talents"]}


def test_an_unfinished_character_shows_what_is_left_and_breaks_no_rule():
    result = MB_CHARACTER.run({"name": "New girl", "bond_1": 4, "heart": 2})
    left = {x["label"]: x["value"] for x in result["left"]}
    assert left["Bond points left"] == 8 and left["Mundane points left"] == 8
    assert left["Magical points left"] == 7 and left["Talent picks left"] == 3


# --- Resolve and wounds, from the source's own example --------------------------------------

def test_the_sources_wound_example_three_levels_and_tenacity_four_is_3d6_minus_4():
    # “Life and death”: 3 wound levels (5 damage) and Tenacity 4 cost 3d6 − 4; dice of 12
    # take 8 off 18, a maximum of 10.
    result = run(tenacity=4, insight=1, damage=5, wound_dice=12)
    r = result["resolve"]
    assert (r["level"], r["penalty"], r["maximum"], r["now"]) == (3, 8, 10, 10)


def test_wound_dice_no_higher_than_tenacity_cost_nothing():
    r = run(damage=1, wound_dice=2)["resolve"]  # 2 − Tenacity 3 < 0: no loss
    assert (r["penalty"], r["maximum"]) == (0, 18)


def test_the_wound_penalty_applies_to_rolls_unless_transformed_and_bound_adds_minus_two():
    checks = {c["stat"]: c["modifier"] for c in run(damage=3)["checks"]}
    assert checks["insight"] == -3 and checks["fury"] == -3
    assert {c["modifier"] for c in run(damage=3, transformed=True)["checks"]} == {0}
    assert {c["modifier"] for c in run(ailment_bound=True)["checks"]} == {-2}


def test_six_damage_is_death():
    assert run(damage=6)["resolve"]["dead"] is True


@pytest.mark.parametrize("damage", [7, 12, 40])
def test_more_than_six_damage_is_accepted_and_is_death(damage):
    """7 used to be refused ("at most 6"). Seed 002, "Life and death": "At 6 points
    of damage a person dies"; more damage leaves her no less dead."""
    r = run(damage=damage)["resolve"]
    assert (r["dead"], r["damage"], r["level"]) == (True, damage, 4)
    shown = re.sub(r"<[^>]+>", "", MB_CHARACTER.render(run(damage=damage)))
    assert f"Dead: {damage} damage since her Resolve ran out" in shown


@pytest.mark.parametrize("damage, level", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_damage_below_six_is_a_wound_level_and_not_death(damage, level):
    """Seed 002, "Life and death": 1-2 damage is a 1st level wound, 3-4 a 2nd, 5 a 3rd."""
    r = run(damage=damage)["resolve"]
    assert (r["dead"], r["level"]) == (False, level)


# --- Buttons, pressed as the site script does ----------------------------------------------

def state_after(state: dict, action: dict, seed: int = 12345) -> dict:
    return press(state, action, seed)


def test_a_bond_gained_raises_it_and_earns_one_experience():
    state = dict(AKANE)
    bond = run()["bonds"]["rows"][1]  # the poetry club, 3
    gain = next(a for a in bond["actions"] if a["id"] == "gain")
    after = MB_CHARACTER.run(state_after(state, gain))
    club = after["bonds"]["rows"][1]
    assert (club["start"], club["now"], after["experience"]["earned"]) == (3, 4, 1)
    # The creation budget is still the creation points: no bond point over budget.
    assert after["bonds"]["spent"] == 12


def test_a_bond_lost_to_hostile_magic_earns_nothing():
    bond = run()["bonds"]["rows"][0]
    lost = next(a for a in bond["actions"] if a["id"] == "lose-to-magic")
    after = MB_CHARACTER.run(state_after(dict(AKANE), lost))
    assert after["bonds"]["rows"][0]["now"] == 3 and after["experience"]["earned"] == 0


def test_the_tracker_on_the_sheet_sets_her_own_counters():
    state = {**AKANE, "overcharge_fury": 6}
    fury = next(s for s in run(overcharge_fury=6)["overcharge"]["stats"] if s["stat"] == "fury")
    apply = next(a for a in fury["actions"] if a["id"] == "apply")
    assert "overcharge_fury" in apply["set"] and "fury" not in apply["set"]
    after = MB_CHARACTER.run(state_after(state, apply))
    assert after["overcharge"]["stats"][1]["counter"] == 0
    assert after["overcharge"]["applied"]["label"] == "Fury major flair"
    night = MB_CHARACTER.run(state_after({**state, "overcharge_heart": 3},
                                         run(overcharge_heart=3)["overcharge"]["new_night"]))
    assert [s["counter"] for s in night["overcharge"]["stats"]] == [0, 0, 0]


# --- Rolls from the sheet -------------------------------------------------------------------

def roll(stat: str, seed: int, **changes) -> dict:
    return run(roll=stat, seed=seed, **changes)["roll"]


@pytest.mark.parametrize("stat", ["communication", "fury", "judgment"])
def test_the_dice_shown_sum_to_the_total_shown(stat):
    for seed in range(300):
        r = roll(stat, seed, modifier=1, damage=1)
        faces = [f for chain in r["chains"] for f in chain]
        assert sum(faces) == r["dice_total"]
        assert r["dice_total"] + r["value"] + r["modifier"] == r["total"]
        assert r["modifier"] == 1 - 2  # the modifier and the first wound level's −2
        for chain in r["chains"]:
            assert all(f == 6 for f in chain[:-1]) and 1 <= chain[-1] <= 5 or len(chain) == 1


def test_a_mundane_roll_never_explodes_and_adds_no_overcharge():
    for seed in range(300):
        r = roll("insight", seed)
        assert all(len(chain) == 1 for chain in r["chains"]) and r["gained"] == 0


def test_a_magical_rolls_overcharge_is_its_sixes_plus_its_boosts():
    for seed in range(300):
        r = roll("heart", seed, boosts=1)
        assert len(r["chains"]) == 3
        sixes = sum(f == 6 for chain in r["chains"] for f in chain)
        assert r["gained"] == sixes + 1


def test_the_same_seed_rolls_the_same_dice():
    assert roll("fury", 4242) == roll("fury", 4242)
    assert any(roll("fury", s)["chains"] != roll("fury", 4242)["chains"] for s in range(5))


@pytest.mark.parametrize("stat, kind, value", [("fury", "magical", 4), ("tenacity", "mundane", 3)])
def test_rolls_over_many_seeds_match_the_odds_calculators_exact_chance(stat, kind, value):
    n = 6000
    exact = MB_CHECK.run({"kind": kind, "stat": value})
    outcomes = [roll(stat, seed)["outcome"] for seed in range(n)]  # each sheet rolled once
    hits = sum(outcome != "failure" for outcome in outcomes)
    majors = sum(outcome == "critical-success" for outcome in outcomes)
    for count, p in ((hits, exact["p_success"]), (majors, exact["p_major"])):
        sigma = math.sqrt(p * (1 - p) / n)
        assert abs(count / n - p) < 4.5 * sigma, (count / n, p)


def test_the_add_button_sets_her_counter_and_the_roll_then_shows_it_added_once():
    seed = next(s for s in range(500) if roll("fury", s)["gained"] >= 1)
    state = {**AKANE, "overcharge_fury": 2, "roll": "fury", "seed": seed}
    first = MB_CHARACTER.run(state)["roll"]
    after_state = state_after(state, first["add"])
    after = MB_CHARACTER.run(after_state)
    assert after["overcharge"]["stats"][1]["counter"] == 2 + first["gained"]
    assert after["roll"]["add"] is None
    assert after["roll"]["added"] == {"before": 2, "after": 2 + first["gained"]}
    assert after["roll"]["chains"] == first["chains"]


def test_a_pending_gain_holds_back_that_stats_apply_button():
    seed = next(s for s in range(500) if roll("fury", s)["gained"] >= 1)
    fury = run(overcharge_fury=6, roll="fury", seed=seed)["overcharge"]["stats"][1]
    assert "apply" not in [a["id"] for a in fury["actions"]]


def test_the_roll_is_in_the_answer_with_its_log_line_and_key():
    html = MB_CHARACTER.render(run(roll="fury", seed=7))
    assert 'data-roll-key="fury:7"' in html
    entry = re.search(r'data-roll-entry="([^"]*)"', html).group(1)
    assert entry.startswith("Fury check: 2d6! → ")


# --- Random choices ---------------------------------------------------------------------------

def legal_value(p):
    if p.kind == "int":
        return st.integers(p.minimum, min(p.maximum, p.minimum + 12))
    if p.kind == "bool":
        return st.booleans()
    if p.kind == "choice":
        return st.sampled_from(p.values)
    return st.text(max_size=10)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_random_choices_either_validate_or_name_each_broken_control(data):
    chosen = data.draw(st.lists(st.sampled_from(PARAMS), unique_by=lambda p: p.name))
    raw = {p.name: data.draw(legal_value(p)) for p in chosen}
    names = {p.name for p in PARAMS}
    try:
        result = MB_CHARACTER.run(raw)
    except CalculatorError as exc:
        for e in exc.errors:
            assert e.field in names and e.message.endswith((".", ")")), e
        assert_rules_linked(exc.errors, RULE_PAGES)
        return
    MB_CHARACTER.render(result)
    assert result["experience"]["left"] >= 0
    for x in result["left"][:3]:
        assert x["value"] >= 0


def test_using_a_talent_adds_its_cost_to_the_counter_of_the_stat_in_that_role():
    # Blast Strike: 1 overcharge on the Attack stat; Akane's Attack stat is Fury (at 2).
    talents = {t["id"]: t for t in run(overcharge_fury=2)["talents"]}
    use = talents["blast-strike"]["use"]
    assert use["set"]["overcharge_fury"] == 3
    after = MB_CHARACTER.run(state_after({**AKANE, "overcharge_fury": 2}, use))
    assert after["overcharge"]["stats"][1]["counter"] == 3
    # Bypass costs 1 on Support, Judgment here; Recover costs nothing: no button.
    assert talents["bypass"]["use"]["set"] == {"overcharge_judgment": 1, "applied": "none",
                                               "applied_at": "", "entry_seed": ""}
    assert talents["recover"]["use"] is None


# --- The character file on the command line ---------------------------------------------------

def cli(*args: str, stdin: str | None = None) -> tuple[int, dict]:
    return run_cli("mb-character", *args, stdin=stdin)


def test_the_cli_reads_her_file_and_prints_the_derived_sheet(tmp_path):
    import json

    sheet = tmp_path / "akane.json"
    sheet.write_text(json.dumps(AKANE), encoding="utf-8")
    status, result = cli("--sheet", str(sheet))
    assert status == 0 and result["name"] == "Akane Hoshino"
    assert {s["id"]: s["now"] for s in result["stats"]}["fury"] == 4
    status, raised = cli("--sheet", str(sheet), "--fury-raised", "1", "--xp", "1")
    assert status == 0 and {s["id"]: s["now"] for s in raised["stats"]}["fury"] == 5


def test_the_cli_reads_her_file_from_standard_input():
    import json

    status, result = cli("--sheet", "-", stdin=json.dumps({**AKANE, "roll": "fury", "seed": 7}))
    assert status == 0 and result["roll"]["key"] == "fury:7"


def test_a_file_that_breaks_a_rule_exits_2_naming_the_control():
    import json

    status, result = cli("--sheet", "-", stdin=json.dumps({**AKANE, "bond_4": 3}))
    assert status == 2
    assert [e["field"] for e in result["errors"]] == ["bond_4"]
    status, result = cli("--sheet", "-", stdin="[1, 2]")
    assert status == 2 and result["errors"][0]["field"] == "sheet"
