"""spellcard: every cost rule against costs worked by hand from the seed 000 tables, the
contradictions pinned to the reading taken, and every refusal naming its field and rule."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from calculators import CalculatorError, run
from calculators.interpretations import load_interpretations
from calculators.western_roses.spellcards import cost_of

ROOT = Path(__file__).resolve().parents[2]

# A caster with no discount, so costs are the tables' sums.
PLAIN = {"element": "fire", "shot_type": "spectrum-mystery", "profession": "carefree-soul"}


def card(caster: dict | None = None, **fields) -> dict:
    return {"caster": {**PLAIN, **(caster or {})}, **fields}


def cost(**fields) -> int:
    return cost_of(card(**fields))["cost"]


#: Each interpretation note's title: a message names the note it follows by its title.
TITLE = {n.id: n.title for n in load_interpretations("calculators.western_roses")}


def refused(document: dict) -> dict[str, str]:
    """Field → message of every error the card raises (fails if it prices)."""
    with pytest.raises(CalculatorError) as info:
        cost_of(document)
    return {e.field: e.message for e in info.value.errors}


# --- Summing one skill per section ---------------------------------------------------------

def test_the_format_example_costs_45_less_10_for_magic_missile():
    # Burst 0 + Single Target 10 + Instantaneous 0 + 3d 15 + own element 0 + Divine Insight 20.
    example = {"caster": {"element": "fire", "shot_type": "magic-missile",
                          "profession": "shrine-maiden", "level": 1},
               "type": "attack", "bomb": False, "to_hit": "burst", "targets": 1, "aoe": 0,
               "duration": {"rounds": 1, "homing": False}, "attack": {"dice": 3, "modifier": 0},
               "element": "fire", "special": [{"skill": "divine-insight"}]}
    result = cost_of(example)
    assert result["cost"] == 35
    assert result["breakdown"][-1]["cost"] == -10
    assert "Efficiency" in result["breakdown"][-1]["item"]


@pytest.mark.parametrize("fields,expected", [
    ({"attack": {"dice": 4}}, 10 + 20),
    ({"attack": {"dice": 8}, "targets": 3}, 50 + 100),
    ({"attack": {"dice": 5}, "to_hit": "roll-power"}, -10 + 10 + 40),
    ({"attack": {"dice": 6}, "duration": {"rounds": 3}}, 10 + 50 + 60),
    ({"attack": {"dice": 6}, "duration": {"rounds": 4, "homing": True}}, 10 + 200 + 60),
    ({"attack": {"dice": 7}, "duration": {"rounds": 5, "homing": False}}, 10 + 200 + 80),
    ({"attack": {"dice": 2}, "targets": 4, "duration": {"rounds": 5, "homing": True}},
     80 + 300 + 10),
])
def test_a_card_costs_the_sum_of_one_skill_from_each_section(fields, expected):
    assert cost(**fields) == expected


@pytest.mark.parametrize("modifier,expected", [(1, 10), (5, 50), (6, 70), (8, 110), (10, 150)])
def test_modifier_points_cost_10_each_to_plus_5_and_20_each_after(modifier, expected):
    # 2d (10) and a single target (10) around the modifier.
    assert cost(attack={"dice": 2, "modifier": modifier}) == 20 + expected


def test_a_card_adding_up_to_less_than_20_costs_20():
    # Roll against intelligence −10, Single Target 10, 1d 5: 5, raised to 20.
    result = cost_of(card(to_hit="roll-intelligence", attack={"dice": 1}))
    assert result["cost"] == 20
    assert [line["cost"] for line in result["breakdown"]] == [-10, 10, 0, 5, 0, 15]


# --- Targets and AOE (contradiction: the worked example's 70) ------------------------------

def test_an_aoe_alone_includes_its_single_target():
    assert cost(aoe=3, attack={"dice": 1}) == 100 + 5
    assert cost(targets=1, aoe=1, attack={"dice": 1}) == 40 + 5


def test_aoe_with_two_targets_is_the_aoe_plus_twice_the_target_skill_not_the_examples_70():
    # interpretation aoe-with-several-targets: AOE 3 (100) + 2 × Two Targets (20) = 140.
    result = cost_of(card(targets=2, aoe=3, attack={"dice": 1}))
    assert result["cost"] == 140 + 5
    assert [line["cost"] for line in result["breakdown"][1:3]] == [100, 40]


def test_aoe_5_with_four_targets_costs_150_plus_160():
    assert cost(targets=4, aoe=5, attack={"dice": 1}) == 310 + 5


# --- Elemental affinity (contradiction: the prose's 10 and 20) -----------------------------

@pytest.mark.parametrize("element,expected", [("fire", 0), ("water", 40), ("wind", 40),
                                              ("light", 80), ("spirit", 80)])
def test_another_element_costs_40_in_the_same_cycle_and_80_in_the_other(element, expected):
    assert cost(attack={"dice": 2}, element=element) == 20 + expected


def test_a_spirit_caster_pays_40_for_darkness_and_80_for_wind_not_10_and_20():
    # interpretation elemental-affinity-costs: the table, not the prose example.
    spirit = {"element": "spirit"}
    assert cost(caster=spirit, attack={"dice": 2}, element="darkness") == 20 + 40
    assert cost(caster=spirit, attack={"dice": 2}, element="wind") == 20 + 80


# --- Bombs and Efficiency ------------------------------------------------------------------

def test_a_20_cost_attack_card_costs_40_as_a_bomb():
    # The Type section's own example.
    assert cost(attack={"dice": 2}) == 20
    assert cost(attack={"dice": 2}, bomb=True) == 40


def test_the_bomb_doubles_the_minimum_cost_not_the_raw_sum():
    assert cost(to_hit="roll-power", attack={"dice": 1}, bomb=True) == 40


def test_a_bomb_may_have_an_aoe_but_not_two_targets():
    assert cost(aoe=2, attack={"dice": 1}, bomb=True) == 2 * (60 + 5)
    errors = refused(card(targets=2, attack={"dice": 1}, bomb=True))
    assert "single target" in errors["targets"]


@pytest.mark.parametrize("fields,expected", [
    ({"attack": {"dice": 2}}, 10),
    ({"attack": {"dice": 2}, "bomb": True}, 30),
    ({"attack": {"dice": 8}}, 100),
])
def test_efficiency_takes_10_off_after_the_minimum_and_the_bomb(fields, expected):
    # interpretation efficiency-after-minimum-and-bomb.
    assert cost(caster={"shot_type": "magic-missile"}, **fields) == expected


def test_bomb_doubling_and_efficiency_are_lines_of_their_own():
    result = cost_of(card(caster={"shot_type": "magic-missile"}, attack={"dice": 4}, bomb=True))
    items = [line["item"] for line in result["breakdown"]]
    assert items[-2].startswith("Bomb") and result["breakdown"][-2]["cost"] == 30
    assert items[-1].startswith("Efficiency") and result["breakdown"][-1]["cost"] == -10
    assert result["cost"] == 50


# --- Special skills ------------------------------------------------------------------------

def special(skill: str, **extra) -> list[dict]:
    return [{"skill": skill, **extra}]


def test_die_costs_200_and_400_as_a_bomb():
    assert cost(type="special", special=special("die")) == 200
    assert cost(type="special", special=special("die"), bomb=True) == 400
    assert cost(caster={"shot_type": "magic-missile"}, type="special", special=special("die"),
                bomb=True) == 390


def test_skills_that_are_bombs_already_are_not_doubled():
    # interpretation skills-that-are-bombs.
    result = cost_of(card(type="special", special=special("what-was-i-doing-again")))
    assert result["cost"] == 20 and result["card"]["bomb"] is True
    drunk = {"profession": "drunken-master"}
    assert cost(caster=drunk, type="special", special=special("bob-and-weave"), bomb=True) == 20
    guardian = {"profession": "guardian"}
    assert cost(caster=guardian, type="defensive", special=special("body-shield")) == 20


def test_drinking_skills_double_to_their_printed_bomb_costs():
    drunk = {"profession": "drunken-master"}
    assert cost(caster=drunk, type="special", special=special("drunk-as-i-please"),
                bomb=True) == 40
    assert cost(caster=drunk, type="special", special=special("have-a-drink"), bomb=True) == 100


def test_healing_costs_double_when_the_card_is_not_instantaneous():
    # interpretation healing-doubled-not-the-card: only the skill doubles.
    maiden = {"profession": "shrine-maiden"}
    assert cost(caster=maiden, type="defensive", special=special("2d-hit-points")) == 10 + 40
    assert cost(caster=maiden, type="defensive", duration={"rounds": 3},
                special=special("2d-hit-points")) == 10 + 50 + 80
    assert cost(caster=maiden, type="defensive", targets="self", duration={"rounds": 2},
                special=special("4d-hit-points")) == 0 + 20 + 200


@pytest.mark.parametrize("dolls,expected", [(0, 20), (1, 20), (2, 20), (3, 30), (4, 40),
                                            (7, 70)])
def test_dual_strike_costs_10_per_active_doll_with_a_minimum_of_20(dolls, expected):
    dolls_caster = {"profession": "doll-master"}
    assert cost(caster=dolls_caster, type="special",
                special=special("dual-strike", dolls=dolls)) == expected


def test_doll_cremation_costs_20_plus_its_attack_power():
    dolls = {"profession": "doll-master"}
    assert cost(caster=dolls, type="special", attack={"dice": 5, "modifier": 6},
                special=special("doll-cremation")) == 20 + 40 + 50 + 20
    assert "attack" in refused(card(caster=dolls, type="special",
                                    special=special("doll-cremation")))


@pytest.mark.parametrize("steps", [1, 2, 5])
def test_lethal_damage_steps_cost_20_per_10_damage(steps):
    maid = {"profession": "combat-maid"}
    assert cost(caster=maid, special=[{"skill": "6d-damage"},
                                      {"skill": "plus-10-damage", "count": steps}]) \
        == 10 + 30 + 20 * steps


def test_lethal_dice_replace_the_attack_powers_dice():
    # interpretation lethal-dice-replace-attack-dice.
    maid = {"profession": "combat-maid"}
    assert cost(caster=maid, attack={"modifier": 2}, special=special("7d-damage")) == 10 + 20 + 40
    errors = refused(card(caster=maid, attack={"dice": 3}, special=special("7d-damage")))
    assert "attack.dice" in errors


def test_taunt_takes_targets_and_a_duration():
    guardian = {"profession": "guardian"}
    assert cost(caster=guardian, type="defensive", targets=3,
                duration={"rounds": 3, "homing": True}, special=special("taunt")) == 50 + 100 + 20


def test_defender_cards_target_the_charge_without_paying_for_a_target():
    guardian = {"profession": "guardian"}
    assert cost(caster=guardian, type="defensive", duration={"rounds": 2},
                special=special("shield")) == 20 + 50
    assert "targets" in refused(card(caster=guardian, type="defensive", targets=1,
                                     special=special("shield")))
    assert cost(caster=guardian, type="defensive", targets="self",
                special=special("sturdy")) == 50


def test_divine_fire_goes_only_with_an_attack_power():
    maiden = {"profession": "shrine-maiden"}
    assert cost(caster=maiden, attack={"dice": 4}, special=special("divine-fire")) == 20 + 80
    errors = refused(card(caster=maiden, attack={"dice": 4}, targets=2,
                          special=special("divine-fire")))
    assert "attack power" in errors["targets"]


def test_goddesss_element_makes_the_goddesss_element_free():
    maiden = {"element": "water", "profession": "shrine-maiden", "goddess_element": "light"}
    assert cost(caster=maiden, attack={"dice": 2}, element="light") == 20 + 80
    result = cost_of(card(caster=maiden, attack={"dice": 2},
                          special=special("goddesss-element")))
    assert result["cost"] == 20 and result["card"]["element"] == "light"


def test_intelligent_design_is_the_cards_attack_power():
    librarian = {"profession": "librarian"}
    assert cost(caster=librarian, special=special("intelligent-design")) == 10 + 80
    assert "attack" in refused(card(caster=librarian, attack={"dice": 2},
                                    special=special("intelligent-design")))


def test_divine_insight_with_an_attack_power_charges_both_with_a_note():
    # interpretation divine-insight-with-attack-power.
    maiden = {"profession": "shrine-maiden"}
    result = cost_of(card(caster=maiden, attack={"dice": 2}, special=special("divine-insight")))
    assert result["cost"] == 10 + 10 + 20
    assert any("Divine Insight" in note for note in result["notes"])


def test_a_card_over_600_is_priced_and_no_one_can_cast_it():
    result = cost_of(card(targets=4, aoe=5, duration={"rounds": 5, "homing": True},
                          attack={"dice": 8}))
    assert result["cost"] == 150 + 160 + 300 + 100
    assert result["castable"] is False and result["who"] == "no-one"


@pytest.mark.parametrize("profession, castable", [("librarian", True), ("guardian", False)])
def test_a_card_between_400_and_600_needs_a_librarians_familiar(profession, castable):
    # 150 (AOE 5) + 2 × 80 (four targets) + 100 (8d) = 410: over 400, under 400 + 200.
    result = cost_of(card(caster={"profession": profession}, targets=4, aoe=5,
                          attack={"dice": 8}))
    assert result["cost"] == 410
    assert result["castable"] is castable and result["who"] == "familiar"
    assert result["needs_familiar"] is castable
    assert any("familiar" in note for note in result["notes"])


# --- Refusals ------------------------------------------------------------------------------

def test_an_attack_card_without_an_attack_power_is_refused_beside_the_attack_field():
    errors = refused(card(type="attack", targets=2))
    assert TITLE["attack-cards-need-damage"] in errors["attack"] and "Attack-type" in errors["attack"]


@pytest.mark.parametrize("profession, skill", [("combat-maid", "6d-damage"),
                                               ("shrine-maiden", "divine-insight"),
                                               ("librarian", "intelligent-design")])
def test_a_skill_that_sets_the_damage_stands_in_for_the_attack_power(profession, skill):
    assert cost_of(card(caster={"profession": profession}, type="attack",
                        special=special(skill)))["cost"] >= 20


def test_an_attack_card_aimed_at_the_caster_herself_is_refused():
    errors = refused(card(type="attack", targets="self", attack={"dice": 2}))
    assert "cannot target the caster herself" in errors["targets"]


def test_a_defensive_card_with_no_skill_at_all_is_refused():
    errors = refused(card(type="defensive", targets=2, duration={"rounds": 3, "homing": False}))
    assert TITLE["defensive-cards-need-an-effect"] in errors["special"]


def test_a_guardian_card_cannot_target_both_her_charge_and_herself():
    guardian = {"profession": "guardian"}
    errors = refused(card(caster=guardian, type="defensive",
                          special=[{"skill": "shield"}, {"skill": "sturdy"}]))
    assert TITLE["defender-and-training-apart"] in errors["special[1].skill"]
    # Each alone is a working card.
    assert cost_of(card(caster=guardian, type="defensive", special=special("shield")))["cost"] == 50
    assert cost_of(card(caster=guardian, type="defensive", special=special("sturdy")))["cost"] == 50


@pytest.mark.parametrize("to_hit", ["roll-intelligence", "roll-power"])
def test_a_self_targeted_card_refuses_a_to_hit_roll(to_hit):
    errors = refused(card(type="defensive", targets="self", to_hit=to_hit))
    assert "Self" in errors["to_hit"]


def test_a_self_targeted_card_accepts_burst():
    # interpretation burst-on-self-targeted-cards: Recover (40) on herself, Burst free.
    assert cost(caster={"profession": "shrine-maiden"}, type="defensive", targets="self",
                to_hit="burst", special=special("recover")) == 40


def test_a_defensive_card_refuses_attack_power_and_an_element():
    errors = refused(card(type="defensive", attack={"dice": 2}, element="water"))
    assert "Defensive-type" in errors["attack"]
    assert "attack-type" in errors["element"]


def test_a_special_skill_of_another_profession_is_refused_at_its_path():
    errors = refused(card(type="attack", attack={"dice": 1},
                          special=[{"skill": "divine-insight"}]))
    assert "Shrine Maiden" in errors["special[0].skill"]


@pytest.mark.parametrize("fields,field", [
    ({"type": "special", "special": [{"skill": "stay-still"}], "to_hit": "roll-power"}, "to_hit"),
    ({"type": "special", "special": [{"skill": "die"}], "duration": {"rounds": 2}}, "duration"),
    ({"type": "special", "special": [{"skill": "die"}, {"skill": "stay-still"}]}, "special"),
])
def test_an_impulse_skill_stands_alone(fields, field):
    assert field in refused(card(**fields))


def test_a_standalone_card_accepts_written_out_defaults_that_buy_no_skill():
    # interpretation default-card-fields.
    assert cost(type="special", special=special("stay-still"), to_hit="burst", aoe=0,
                duration={"rounds": 1, "homing": False}, bomb=False) == 40
    assert "targets" in refused(card(type="special", special=special("stay-still"), targets=1))


def test_a_study_skill_stands_alone():
    librarian = {"profession": "librarian"}
    assert cost(caster=librarian, type="special", special=special("read-a-book")) == 80
    errors = refused(card(caster=librarian, type="special", targets=2,
                          special=special("read-a-book")))
    assert "stands alone" in errors["targets"]


def test_a_special_skill_that_does_not_say_so_cannot_be_a_bomb():
    # interpretation special-skills-and-bombs.
    assert "bomb" in refused(card(type="special", special=special("stay-still"), bomb=True))
    maiden = {"profession": "shrine-maiden"}
    assert "bomb" in refused(card(caster=maiden, attack={"dice": 2}, bomb=True,
                                  special=special("divine-insight")))


@pytest.mark.parametrize("fields,field", [
    ({"targets": 5}, "targets"), ({"targets": 0}, "targets"), ({"aoe": 6}, "aoe"),
    ({"duration": {"rounds": 6}}, "duration.rounds"),
    ({"duration": {"rounds": 1, "homing": True}}, "duration.homing"),
    ({"attack": {"dice": 9}}, "attack.dice"), ({"attack": {"dice": 2, "modifier": -1}},
                                                "attack.modifier"),
    ({"element": "ice"}, "element"), ({"type": "buff"}, "type"), ({"to_hit": "roll"}, "to_hit"),
    ({"special": [{"skill": "fireball"}]}, "special[0].skill"), ({"colour": "red"}, "colour"),
    ({"attack": {}}, "attack.dice"),
])
def test_out_of_range_values_are_refused_at_their_path(fields, field):
    assert field in refused(card(**fields))


def test_a_card_without_a_caster_is_refused():
    with pytest.raises(CalculatorError) as info:
        cost_of({"attack": {"dice": 1}})
    assert info.value.errors[0].field == "caster"


def test_every_problem_is_reported_at_once():
    errors = refused(card(targets=9, aoe=9, attack={"dice": 9}))
    assert {"targets", "aoe", "attack.dice"} <= set(errors)


# --- The calculator and the command line ---------------------------------------------------

def test_the_calculator_accepts_the_card_as_json_text():
    document = card(attack={"dice": 3})
    assert run("spellcard", {"card": json.dumps(document)})["cost"] == 25


def test_the_command_line_reads_a_card_file(tmp_path):
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card(aoe=1, attack={"dice": 4})), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "calculators", "spellcard", "--card",
                           str(path)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cost"] == 60


def test_the_command_line_reports_a_broken_rule_with_status_2():
    text = json.dumps(card(type="defensive", attack={"dice": 1}))
    done = subprocess.run([sys.executable, "-m", "calculators", "spellcard", "--card", "-"],
                          cwd=ROOT, input=text, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert json.loads(done.stdout)["errors"][0]["field"] == "attack"


# --- An independent oracle over the standard sections -------------------------------------

# The seed's tables, typed here from the text rather than read from the package's data.
SEED_TARGETS = {"self": 0, 1: 10, 2: 20, 3: 50, 4: 80}
SEED_AOE = {1: 40, 2: 60, 3: 100, 4: 120, 5: 150}
SEED_DURATION = {(1, False): 0, (2, False): 20, (3, False): 50, (4, False): 100,
                 (5, False): 200, (2, True): 50, (3, True): 100, (4, True): 200, (5, True): 300}
SEED_DICE = {1: 5, 2: 10, 3: 15, 4: 20, 5: 40, 6: 60, 7: 80, 8: 100}
SEED_CYCLE = {"fire": 1, "water": 1, "wood": 1, "metal": 1, "wind": 1,
              "light": 2, "darkness": 2, "spirit": 2}


def oracle(to_hit, targets, aoe, duration, dice, modifier, element, bomb, magic_missile):
    """The rules as the site reads them, written out separately: None when refused."""
    if targets == "self":  # an attack card damages opponents (attack-cards-need-damage)
        return None
    if bomb and targets not in ("self", 1):
        return None
    total = 0 if to_hit == "burst" else -10
    if aoe == 0:
        total += SEED_TARGETS[targets]
    elif targets == 1:
        total += SEED_AOE[aoe]
    else:
        total += SEED_AOE[aoe] + 2 * SEED_TARGETS[targets]
    total += SEED_DURATION[duration] + SEED_DICE[dice]
    total += 10 * min(modifier, 5) + 20 * max(modifier - 5, 0)
    if element != "fire":
        total += 40 if SEED_CYCLE[element] == SEED_CYCLE["fire"] else 80
    total = max(total, 20) * (2 if bomb else 1)
    return max(total - 10, 10) if magic_missile else total


GRID = list(itertools.product(
    ["burst", "roll-intelligence", "roll-power"], ["self", 1, 2, 3, 4], [0, 1, 3, 5],
    [(1, False), (2, True), (5, False)], [1, 8], [0, 6], ["fire", "wind", "spirit"],
    [False, True], [False, True]))


def test_every_combination_of_standard_skills_matches_the_oracle():
    for combo in GRID:
        to_hit, targets, aoe, (rounds, homing), dice, modifier, element, bomb, mm = combo
        document = card(caster={"shot_type": "magic-missile" if mm else "spectrum-mystery"},
                        to_hit=to_hit, targets=targets, aoe=aoe,
                        duration={"rounds": rounds, "homing": homing},
                        attack={"dice": dice, "modifier": modifier}, element=element, bomb=bomb)
        expected = oracle(*combo[:3], (rounds, homing), *combo[4:])
        if expected is None:
            with pytest.raises(CalculatorError):
                cost_of(document)
        else:
            result = cost_of(document)
            assert result["cost"] == expected, combo
            assert sum(line["cost"] for line in result["breakdown"]) == expected, combo
