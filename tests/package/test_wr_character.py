"""``wr-character``: characters checked by hand against the rules of seed 000 ("Character
Creation" and the sections its steps point to), each broken rule on its control, random
characters, and rolls from the sheet checked against an independent count of the dice."""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import CalculatorError, get
from calculators.errors import RuleRef
from calculators.western_roses.character import EXAMPLE, PARAMS, RULE_PAGES
from calculators.western_roses.spellcards.calculators import EXAMPLE_DECK
from cli_runs import run_cli
from rule_links import assert_rules_linked

CALC = get("wr-character")


def run(**choices):
    return CALC.run(choices)


def by_id(rows, key="id"):
    return {row[key]: row for row in rows}


def errors_of(**choices) -> dict[str, list[str]]:
    with pytest.raises(CalculatorError) as caught:
        CALC.run(choices)
    out: dict[str, list[str]] = {}
    for e in caught.value.errors:
        out.setdefault(e.field, []).append(e.message)
    return out


# --- Characters worked by hand -------------------------------------------------------------

def test_the_page_example_oni_fourth_strike_guardian():
    """Worked by hand from the tables of "Shot-types", "Races", "Professions", "Skills",
    "Abilities":
    PWR 9 (Fourth Strike) + 3 (oni) + 6 bonus = 18 → 6d;  CHA 9 + 6 = 15 → 5d;
    INT 5 - 1 (oni) + 4 = 8 → 2d;  INS 5 + 3 = 8 → 2d.  Bonus points 6+6+4+3 = 19, 1 left.
    Dexterity base ⌈(15 + 18) / 2⌉ = ⌈16.5⌉ = 17, + 3 points = 20 → 6d.
    Flying base = CHA 15, + 4 = 19 → 6d.  Sense base = INS 8, + 3 = 11 → 3d.
    Will ⌈(15 + 8) / 2⌉ = ⌈11.5⌉ = 12.  Skill points 4 + 3 + 3 = 10, none left.
    HP 120 (Fourth Strike) + 20 (Guardian) + 20 (Hard to Kill) = 160; speed 4; range 2.
    Guardian: minor armor, minor weapon, 100 yen."""
    sheet = CALC.run(EXAMPLE)
    stats = by_id(sheet["stats"])
    assert [(stats[k]["value"], stats[k]["dice"]) for k in ("pwr", "cha", "int", "ins")] == \
        [(18, 6), (15, 5), (8, 2), (8, 2)]
    skills = by_id(sheet["skills"])
    assert (skills["dexterity"]["base"], skills["dexterity"]["value"],
            skills["dexterity"]["dice"]) == (17, 20, 6)
    assert (skills["flying"]["value"], skills["flying"]["dice"]) == (19, 6)
    assert (skills["sense"]["value"], skills["sense"]["dice"]) == (11, 3)
    assert skills["will"]["value"] == 12
    assert sheet["bonus_points"] == {"spent": 19, "budget": 20, "left": 1}
    assert sheet["skill_points"]["left"] == 0
    assert (sheet["hp"]["value"], sheet["speed"]["value"], sheet["range"]["value"]) == (160, 4, 2)
    assert [t["item"] for t in sheet["hp"]["from"]] == ["Shot-type: Fourth Strike",
                                                       "Guardian, level 1", "Hard to Kill"]
    assert sheet["equipment"] == ["minor armor", "minor weapon"] and sheet["yen"] == 100
    assert sheet["to_choose"] == []


def test_the_basic_rolls_example_pony_power_12_rolls_4d_and_oni_power_18_rolls_6d():
    """Basic rolls: "a pony with a power of 12 … four dice … an oni with a power of 18 … six".
    Pony Spectrum Mystery Guardian: PWR 6 + 6 bonus points = 12 (a Carefree Soul would have
    13)."""
    pony = run(shot_type="spectrum-mystery", race="pony", profession="guardian", bonus_pwr=6)
    assert (by_id(pony["stats"])["pwr"]["value"], by_id(pony["stats"])["pwr"]["dice"]) == (12, 4)
    assert by_id(CALC.run(EXAMPLE)["stats"])["pwr"]["dice"] == 6


def test_skill_focus_example_intuition_12_rolls_4d_plus_2():
    """Abilities, Skill Focus: "an intuition of 12 and Intuition Focus has an effective
    intuition of 14"; reading skill-bonuses-are-roll-modifiers: 4d+2. Spectrum Mystery INS 7,
    moon hare +2, 3 bonus points: INS 12 = base intuition."""
    sheet = run(shot_type="spectrum-mystery", race="moon-hare", profession="guardian", bonus_ins=3,
                ability_1="skill-focus", focus_skill_1="intuition")
    intuition = by_id(sheet["checks"])["intuition"]
    assert (intuition["value"], intuition["dice"], intuition["modifier"]) == (12, 4, 2)
    # The focus is not on sense, which is also INS-based.
    assert by_id(sheet["checks"])["sense"]["modifier"] == 0


def test_two_stat_base_from_the_reading_charisma_7_insight_8_gives_will_8():
    """Reading skill-base-is-the-average: charisma 7 and insight 8 give a base will of 8.
    Homing Amulets pony Guardian: CHA 6 + 1 bonus = 7, INS 8."""
    sheet = run(shot_type="homing-amulets", race="pony", profession="guardian", bonus_cha=1)
    assert by_id(sheet["skills"])["will"]["base"] == 8


def test_a_pony_takes_two_abilities_and_her_racial_improvise_bonus():
    """Pony (Races): a second ability; +4 to improvise rolls. Keen Senses +2 to sense and
    intuition, and Skill Focus (sense) +2 more: sense rolls at +4, intuition at +2."""
    sheet = run(race="pony", ability_1="keen-senses", ability_2="skill-focus",
                focus_skill_2="sense")
    checks = by_id(sheet["checks"])
    assert (checks["sense"]["modifier"], checks["intuition"]["modifier"],
            checks["improvise"]["modifier"]) == (4, 2, 4)
    assert [f["name"] for f in sheet["features"] if f["step"] == "Ability"] == \
        ["Keen Senses", "Skill Focus (Sense)"]


def test_a_carefree_tengu_gets_plus_one_to_each_stat_and_two_more_speed():
    """Tengu Gale 4/9/5/10, speed 7; tengu PWR -2, CHA +2, speed +2; Carefree Soul +1 to the
    four: PWR 3, CHA 12, INT 6, INS 11; speed 9. Stealth base = CHA 12."""
    sheet = run(shot_type="tengu-gale", race="tengu", profession="carefree-soul")
    assert [s["value"] for s in sheet["stats"]] == [3, 12, 6, 11]
    assert sheet["speed"]["value"] == 9
    assert by_id(sheet["skills"])["stealth"]["base"] == 12
    assert by_id(sheet["checks"])["pwr"]["dice"] == 1


def test_frilly_clothing_adds_to_charisma_and_the_skills_based_on_it():
    """Reading frilly-clothing-on-the-sheet. Spectrum Mystery CHA 7, pony +0, Guardian +0,
    1 bonus point → 8, Frilly Clothing +1 → 9, a third die; flying base 9."""
    sheet = run(shot_type="spectrum-mystery", profession="guardian", bonus_cha=1,
                ability_1="frilly-clothing")
    cha = by_id(sheet["stats"])["cha"]
    assert (cha["value"], cha["dice"]) == (9, 3)
    assert "standard clothing" in cha["from"][-1]["note"]
    assert by_id(sheet["skills"])["flying"]["base"] == 9


def test_battle_checks_roll_insight_with_dodge_and_graze_abilities():
    """Dodging danmaku and grazing are insight rolls against 12 (Attacking and Dodging,
    Grazing); Shoot and I'll Move +2 to dodge, Graze Points +4 to graze."""
    sheet = run(race="pony", ability_1="shoot-and-ill-move", ability_2="graze-points")
    checks = by_id(sheet["checks"])
    assert (checks["dodge-danmaku"]["modifier"], checks["dodge-danmaku"]["target"]) == (2, 12)
    assert checks["graze"]["modifier"] == 4
    assert checks["graze"]["value"] == by_id(sheet["stats"])["ins"]["value"]


def test_the_deck_size_follows_level_librarian_and_grimoire():
    """Spellcards: 15 + 5 per level cards, 4 per level kinds; Librarian +5 / +1, Grimoire
    +5 / +1. A level-2 pony Librarian with the Grimoire: 15 + 10 + 5 + 5 = 35 cards,
    8 + 1 + 1 = 10 kinds."""
    sheet = run(race="pony", profession="librarian", level=2, ability_1="grimoire")
    assert (sheet["deck"]["max_cards"], sheet["deck"]["max_kinds"]) == (35, 10)
    assert run()["deck"]["max_cards"] == 20


def shrine_maiden(**more):
    caster = EXAMPLE_DECK["caster"]
    return dict(shot_type=caster["shot_type"], profession="shrine-maiden",
                element=caster["element"], goddess_element=caster["goddess_element"],
                ability_1="hard-to-kill", **more)


def test_a_deck_is_checked_with_the_character_as_caster():
    """The deck checker's example deck, held by the same caster built as a character, gets
    the deck checker's own verdict (20 cards of 4 kinds, legal) and costs."""
    from calculators.western_roses.spellcards.deck import check_deck

    cards = copy.deepcopy(EXAMPLE_DECK["cards"])
    sheet = run(**shrine_maiden(deck=cards))
    direct = check_deck(EXAMPLE_DECK)
    assert sheet["deck"]["total_cards"] == direct["total_cards"] == 20
    assert sheet["deck"]["total_cost"] == direct["total_cost"]
    assert sheet["deck"]["legal"]


def test_unmade_choices_are_listed_not_errors():
    sheet = run(race="youkai", profession="shrine-maiden")
    assert {t["field"] for t in sheet["to_choose"]} == {"natural_weapon", "goddess_element",
                                                       "ability_1"}
    named = run(race="youkai", natural_weapon="claws", ability_1="ley-lines")
    weapon = next(f for f in named["features"] if f["name"].startswith("Natural weapon"))
    assert weapon["name"] == "Natural weapon: claws" and "2d" in weapon["text"]


# --- Broken rules, each on its control -----------------------------------------------------

def test_bonus_points_over_budget_are_named_on_a_bonus_field_with_the_rule():
    errors = errors_of(bonus_pwr=10, bonus_cha=8, bonus_int=5)
    assert list(errors) == ["bonus_int"]
    assert errors["bonus_int"] == ["Over budget: 23 of the 20 bonus points are spent "
                                   "(Bonus Points)."]
    with pytest.raises(CalculatorError) as caught:
        CALC.run({"bonus_pwr": 10, "bonus_cha": 8, "bonus_int": 5})
    assert caught.value.as_json()["errors"][0]["rule"] == {
        "section": "Bonus Points", "url": "western-roses/character-creation/#bonus-points"}


def test_skill_points_over_budget():
    errors = errors_of(skill_flying=6, skill_stealth=5)
    assert "11 of the 10 skill points" in errors["skill_stealth"][0]


def test_an_elemental_manipulation_needs_her_affinity():
    errors = errors_of(element="water", ability_1="manipulation:fire")
    assert "needs a fire affinity; hers is water" in errors["ability_1"][0]
    # Ice needs water; earth is not elemental.
    run(element="water", ability_1="manipulation:ice")
    run(element="fire", ability_1="manipulation:earth")


def test_a_pony_takes_at_most_one_manipulation_and_no_ability_twice():
    assert "At most 1 manipulation" in errors_of(
        element="fire", ability_1="manipulation:fire", ability_2="manipulation:earth")["ability_2"][0]
    assert "picked twice" in errors_of(ability_1="hard-to-kill",
                                       ability_2="hard-to-kill")["ability_2"][0]
    assert "picked twice" in errors_of(ability_1="skill-focus", focus_skill_1="sense",
                                       ability_2="skill-focus", focus_skill_2="sense")["focus_skill_2"][0]
    run(ability_1="skill-focus", focus_skill_1="sense", ability_2="skill-focus",
        focus_skill_2="will")


def test_a_card_of_another_profession_is_refused_on_the_deck():
    """The goddess's-wrath card uses a Shrine Maiden's divine skill; a Guardian may not."""
    errors = errors_of(profession="guardian", deck=copy.deepcopy(EXAMPLE_DECK["cards"][:1]))
    assert list(errors) == ["deck"]
    assert "cards[0]" in errors["deck"][0]
    # Linked to the rule: the Divine Skills section of the spellcards page.
    with pytest.raises(CalculatorError) as caught:
        CALC.run({"profession": "guardian", "deck": copy.deepcopy(EXAMPLE_DECK["cards"][:1])})
    rules = [e.rule for e in caught.value.errors if "Divine Skills" in e.message]
    assert rules and all(r == RuleRef("Divine Skills", "western-roses/spellcards/#divine")
                         for r in rules)


def test_deck_limits_broken_are_reported_on_the_deck():
    cards = copy.deepcopy(EXAMPLE_DECK["cards"])
    cards[1]["copies"] = 6
    errors = errors_of(**shrine_maiden(deck=cards))
    assert any("6 copies" in m for m in errors["deck"])
    assert any("21 cards" in m for m in errors["deck"])
    with pytest.raises(CalculatorError) as caught:
        CALC.run(shrine_maiden(deck=cards))
    assert {e.rule for e in caught.value.errors} == {
        RuleRef("Spellcards", "western-roses/spellcards/#deck-limits")}
    assert "must be a list" in errors_of(deck={"cards": []})["deck"][0]


def test_all_problems_are_reported_at_once():
    errors = errors_of(bonus_pwr=21 - 1, bonus_ins=1, skill_will=11 - 1, skill_sense=1,
                       element="wood", ability_1="manipulation:fire")
    assert set(errors) == {"bonus_ins", "skill_will", "ability_1"}


def test_a_roll_needs_dice_and_a_seed():
    # Fairy Tip of Death Guardian: INS 4 - 2 = 2, no dice.
    assert "rolls no dice" in errors_of(shot_type="tip-of-death", race="fairy", profession="guardian",
                                        roll="ins", seed=1)["roll"][0]
    assert list(errors_of(roll="pwr")) == ["seed"]


# --- Random characters ---------------------------------------------------------------------

def choice_value(param):
    if param.kind == "choice":
        return st.sampled_from(param.values)
    if param.kind == "int":
        top = min(param.maximum, 25) if param.maximum is not None else 25
        return st.integers(min_value=param.minimum, max_value=top)
    if param.kind == "text":
        return st.text(max_size=10)
    return st.none() | st.just(copy.deepcopy(EXAMPLE_DECK["cards"][1:3]))


@st.composite
def characters(draw):
    chosen = draw(st.lists(st.sampled_from(PARAMS), unique=True))
    return {p.name: draw(choice_value(p)) for p in chosen}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(characters())
def test_every_random_character_validates_or_names_its_fields(raw):
    names = {p.name for p in PARAMS}
    try:
        sheet = CALC.run(raw)
    except CalculatorError as exc:
        assert exc.errors and all(e.field in names and e.message for e in exc.errors)
        assert_rules_linked(exc.errors, RULE_PAGES)
        return
    json.dumps(sheet)
    for number in [*sheet["stats"], *sheet["skills"], sheet["hp"], sheet["speed"]]:
        assert number["value"] == sum(t["value"] for t in number["from"])
    for check in sheet["checks"]:
        assert check["dice"] == max(check["value"], 0) // 3
        assert check["modifier"] == sum(t["value"] for t in check["modifiers"])
    spent = sum(raw.get(f"bonus_{k}", 0) for k in ("pwr", "cha", "int", "ins"))
    assert sheet["bonus_points"]["left"] == 20 - spent >= 0
    assert "<script" not in CALC.render(sheet).lower()


# --- Rolls ---------------------------------------------------------------------------------

def test_the_dice_shown_sum_to_the_total_and_a_seed_gives_the_same_roll():
    for seed in range(50):
        roll = CALC.run({**EXAMPLE, "ability_1": "graze-points", "roll": "graze",
                         "seed": seed})["roll"]
        assert len(roll["faces"]) == 2 and all(1 <= f <= 6 for f in roll["faces"])
        assert sum(roll["faces"]) + 4 == roll["total"]
        again = CALC.run({**EXAMPLE, "ability_1": "graze-points", "roll": "graze",
                          "seed": seed})["roll"]
        assert again == roll
        html = CALC.render(CALC.run({**EXAMPLE, "roll": "pwr", "seed": seed}))
        assert f'data-roll-key="pwr:{seed}"' in html and "data-roll-entry=" in html


def test_the_log_line_names_the_check_the_dice_and_the_band():
    seen = set()
    for seed in range(400):
        roll = CALC.run({**EXAMPLE, "roll": "int", "seed": seed})["roll"]  # INT 8: 2d6
        faces = ", ".join(map(str, roll["faces"]))
        band = {"critical-success": " (critical success)",
                "critical-failure": " (critical failure)", None: ""}[roll["band"]]
        assert roll["entry"] == f"INT check: 2d6 → {faces} = {roll['total']}{band}"
        # The bands counted by hand: totals 2-4 and 10-12 of 2d6.
        expected = ("critical-failure" if roll["total"] <= 4 else
                    "critical-success" if roll["total"] >= 10 else None)
        assert roll["band"] == expected
        seen.add(roll["band"])
    assert seen == {None, "critical-failure", "critical-success"}


def brute_force(dice: int) -> dict[int, Fraction]:
    """Every way dice d6 can fall, counted (independent of the code's convolution)."""
    counts = Counter(sum(faces) for faces in itertools.product(range(1, 7), repeat=dice))
    return {total: Fraction(n, 6**dice) for total, n in counts.items()}


def test_rolls_over_many_seeds_follow_the_exact_distribution():
    """4 000 rolls of 2d6 + 4 (graze with Graze Points, INS 8): each total's share within 4.5
    standard errors of its exact chance, counted by brute force, and the same as wr-check's."""
    n = 4000
    base = {**EXAMPLE, "ability_1": "graze-points", "roll": "graze"}
    counts = Counter(CALC.run({**base, "seed": seed})["roll"]["total"] for seed in range(n))
    exact = {total + 4: p for total, p in brute_force(2).items()}
    odds = get("wr-check").run({"dice": 2, "modifier": 4, "target": 12})["distribution"]
    assert {r["total"]: r["p"] for r in odds} == pytest.approx({t: float(p) for t, p in exact.items()})
    assert set(counts) <= set(exact)
    for total, p in exact.items():
        share = counts[total] / n
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(share - float(p)) <= 4.5 * sigma + 1e-9, (total, share, float(p))


# --- The command line ----------------------------------------------------------------------

def cli(*args: str, stdin: str | None = None) -> tuple[int, dict]:
    return run_cli("wr-character", *args, stdin=stdin)


def test_the_cli_reads_a_character_file_and_standard_input(tmp_path):
    sheet = tmp_path / "akane.json"
    sheet.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    status, out = cli("--sheet", str(sheet))
    assert status == 0 and out["hp"]["value"] == 160
    status, out = cli("--sheet", "-", stdin=json.dumps({**EXAMPLE, "race": "pony"}))
    assert status == 0 and by_id(out["stats"])["pwr"]["value"] == 15


def test_the_cli_exits_2_naming_the_broken_rule():
    status, out = cli("--sheet", "-", stdin=json.dumps({**EXAMPLE, "bonus_pwr": 10}))
    assert status == 2
    assert out["errors"][0]["field"] == "bonus_ins"
    assert "23 of the 20 bonus points" in out["errors"][0]["message"]
    status, out = cli("--sheet", "-", stdin="[1]")
    assert status == 2 and out["errors"][0]["field"] == "sheet"
