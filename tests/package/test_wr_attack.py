"""wr-attack: physical versus, danmaku and spellcard dodges and grazes, against enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from calculators import CalculatorError, run


def check_outcomes(dice: int, modifier: int, target: int) -> dict[str, Fraction]:
    """Enumerate dice and sort each total into the four outcomes of a check, afresh."""
    counts = {"crit-fail": 0, "fail": 0, "success": 0}
    rolls = [sum(f) + modifier for f in itertools.product(range(1, 7), repeat=dice)]
    lowest, highest = dice + modifier, 6 * dice + modifier
    for t in rolls:
        if t <= lowest + 2:
            counts["crit-fail"] += 1
        elif t >= highest - 2:
            counts["success" if t > target - 10 else "fail"] += 1
        else:
            counts["success" if t > target else "fail"] += 1
    return {k: Fraction(v, len(rolls)) for k, v in counts.items()}


def physical_hit(a: tuple[int, int], b: tuple[int, int]) -> Fraction:
    """P(attacker's total > defender's) with ties rolled again."""
    ra = [sum(f) + a[1] for f in itertools.product(range(1, 7), repeat=a[0])]
    rb = [sum(f) + b[1] for f in itertools.product(range(1, 7), repeat=b[0])]
    win = sum(1 for x in ra for y in rb if x > y)
    tie = sum(1 for x in ra for y in rb if x == y)
    return Fraction(win, len(ra) * len(rb) - tie)


@pytest.mark.parametrize("ins", [3, 6, 9, 12])
@pytest.mark.parametrize("rolls", [0, 1, 2, 4])
def test_danmaku_dodge_and_graze_match_enumeration(ins, rolls):
    result = run("wr-attack", {"attack": "danmaku", "defender_insight": ins, "dodge_rolls": rolls})
    one = check_outcomes(ins // 3, 0, 12)
    p_dodge = 1 - (1 - one["success"]) ** rolls
    assert Fraction(result["exact"]["p_dodge"]) == p_dodge
    assert Fraction(result["exact"]["graze-success"]) == p_dodge * one["success"]
    assert Fraction(result["exact"]["graze-failure"]) == p_dodge * one["fail"]
    assert Fraction(result["exact"]["graze-critical-failure"]) == p_dodge * one["crit-fail"]


def test_graze_points_and_curvy_lasers_change_only_the_graze_roll():
    result = run("wr-attack", {"attack": "danmaku", "defender_insight": 9, "graze_points": True,
                               "curvy_lasers": True, "shoot_and_move": True, "homing": True})
    # +2 and -2 on the dodge cancel; +4 and -4 on the graze cancel.
    one = check_outcomes(3, 0, 12)
    assert Fraction(result["exact"]["p_dodge"]) == one["success"]
    assert Fraction(result["exact"]["graze-success"]) == one["success"] ** 2
    lone = run("wr-attack", {"attack": "danmaku", "defender_insight": 9, "graze_points": True})
    assert Fraction(lone["exact"]["graze-success"]) == one["success"] * check_outcomes(3, 4, 12)["success"]


def test_leather_armour_takes_one_off_every_dodge_roll():
    result = run("wr-attack", {"attack": "danmaku", "defender_insight": 12,
                               "armour": "leather-armour"})
    assert Fraction(result["exact"]["p_dodge"]) == check_outcomes(4, -1, 12)["success"]


def test_a_spellcard_is_dodged_against_the_attackers_higher_of_intelligence_and_power():
    # "Dodging for spellcards": power 10, intelligence 15 -> difficulty 15.
    result = run("wr-attack", {"attack": "spellcard", "attacker_power": 10,
                               "attacker_intelligence": 15, "defender_insight": 12,
                               "shoot_and_move": True})
    assert result["difficulty"] == 15
    # Shoot and I'll Move helps against basic danmaku only.
    assert Fraction(result["exact"]["p_dodge"]) == check_outcomes(4, 0, 15)["success"]


@pytest.mark.parametrize("pwr, cha", [(3, 3), (6, 9), (9, 6), (12, 9)])
def test_physical_attack_is_power_against_charisma_with_ties_rerolled(pwr, cha):
    result = run("wr-attack", {"attack": "physical", "attacker_power": pwr,
                               "defender_charisma": cha})
    assert Fraction(result["exact"]["p_hit"]) == physical_hit((pwr // 3, 0), (cha // 3, 0))


def test_physical_penalties_improvised_fairy_blind_and_armour_add_up():
    result = run("wr-attack", {"attack": "physical", "attacker_power": 9, "weapon": "broom",
                               "attacker_race": "youkai", "defender_race": "fairy",
                               "blind": True, "defender_charisma": 6,
                               "armour": "leather-armour"})
    # -2 improvised, -2 diminutive, -6 blind against the defender's -1.
    assert Fraction(result["exact"]["p_hit"]) == physical_hit((3, -10), (2, -1))
    pony = run("wr-attack", {"attack": "physical", "attacker_power": 9, "weapon": "broom",
                             "attacker_race": "pony", "defender_charisma": 6})
    assert Fraction(pony["exact"]["p_hit"]) == physical_hit((3, 0), (2, 0))


def test_inputs_of_another_attack_type_are_ignored_not_refused():
    """A weapon means nothing to danmaku, extra dodge rolls nothing to a physical attack: the
    form hides them, and a value left in the URL changes nothing."""
    assert run("wr-attack", {"attack": "danmaku", "weapon": "sword", "blind": True}) == \
        run("wr-attack", {"attack": "danmaku"})
    assert run("wr-attack", {"attack": "physical", "dodge_rolls": 2, "homing": True}) == \
        run("wr-attack", {"attack": "physical"})


@pytest.mark.parametrize("raw, field", [
    ({"attack": "danmaku", "defender_insight": 2}, "defender_insight"),
    ({"attack": "physical", "attacker_power": 1}, "attacker_power"),
    ({"dodge_rolls": 5}, "dodge_rolls"),
])
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(CalculatorError) as caught:
        run("wr-attack", raw)
    assert field in [e.field for e in caught.value.errors]


def test_spellcard_odds_say_they_assume_the_card_has_hit_and_how_its_to_hit_roll_is_read():
    from calculators import CALCULATORS
    html = str(CALCULATORS["wr-attack"].render(run("wr-attack", {"attack": "spellcard"})))
    assert "card-to-hit-roll" in html and "against 12" in html
    danmaku = str(CALCULATORS["wr-attack"].render(run("wr-attack", {"attack": "danmaku"})))
    assert "card-to-hit-roll" not in danmaku
