"""wr-damage against enumeration and the worked numbers of seed 000."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from calculators import CalculatorError, run


def enumerate_damage(dice: int, bonus: int, multiplier: int = 1, reduction: int = 0,
                     floor: int = 0) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    faces = itertools.product(range(1, 7), repeat=dice) if dice else [()]
    for f in faces:
        raw = max(sum(f) + bonus, 0) * multiplier
        taken = raw - reduction
        if floor and raw >= floor:
            taken = max(taken, floor)
        counts[max(taken, 0)] += 1
    n = sum(counts.values())
    return {k: Fraction(v, n) for k, v in sorted(counts.items())}


def distribution(result: dict) -> dict[int, float]:
    return {r["damage"]: r["p"] for r in result["distribution"]}


def approx(expected: dict[int, Fraction]):
    return pytest.approx({k: float(v) for k, v in expected.items()}, abs=1e-12)


@pytest.mark.parametrize("weapon, dice", [("bare-fists", 1), ("sword", 3), ("needles", 4),
                                           ("shuriken", 1)])
@pytest.mark.parametrize("power", [0, 5, 8, 9])
def test_physical_damage_is_weapon_dice_plus_half_power_rounded_down(weapon, dice, power):
    result = run("wr-damage", {"weapon": weapon, "power": power})
    assert distribution(result) == approx(enumerate_damage(dice, power // 2))


@pytest.mark.parametrize("intelligence", [0, 3, 13, 14, 17])
def test_danmaku_damage_is_one_die_per_three_intelligence(intelligence):
    result = run("wr-damage", {"attack": "danmaku", "intelligence": intelligence})
    assert distribution(result) == approx(enumerate_damage(intelligence // 3, 0))


def test_the_gohei_example_follows_the_damage_rules_not_the_older_example():
    """Power 8 with a gohei: 2d + 4 − 4 for a youkai, 2d + 4 for a pony (reading
    damage-example-uses-an-older-scale)."""
    youkai = run("wr-damage", {"weapon": "gohei", "power": 8, "race": "youkai"})
    assert (youkai["dice"], youkai["bonus"]) == (2, 0)
    pony = run("wr-damage", {"weapon": "gohei", "power": 8, "race": "pony"})
    assert (pony["dice"], pony["bonus"]) == (2, 4)
    fists = run("wr-damage", {"power": 9})
    assert (fists["dice"], fists["bonus"]) == (1, 4)


def test_fourth_strike_brute_force_and_spell_power_add_to_physical_damage():
    result = run("wr-damage", {"weapon": "sword", "power": 10, "shot_type": "fourth-strike",
                               "brute_force": True, "option_bonus": 2, "modifier": -1})
    assert (result["dice"], result["bonus"]) == (3, 5 + 4 + 5 + 2 - 1)


def test_a_magician_adds_two_to_danmaku_but_not_physical_damage():
    assert run("wr-damage", {"attack": "danmaku", "intelligence": 9,
                             "race": "magician"})["bonus"] == 2
    assert run("wr-damage", {"power": 4, "race": "magician"})["bonus"] == 2


def test_a_combat_maid_adds_a_die_to_thrown_weapons_only():
    assert run("wr-damage", {"weapon": "throwing-knives", "profession": "combat-maid"})["dice"] == 3
    assert run("wr-damage", {"weapon": "sword", "profession": "combat-maid"})["dice"] == 3


@pytest.mark.parametrize("level, extra", [("sober", 0), ("buzzed", 1), ("tipsy", 2),
                                          ("drunk", 3), ("heavily-drunk", 3)])
def test_a_drunken_masters_fists_gain_a_die_per_level_up_to_three(level, extra):
    result = run("wr-damage", {"profession": "drunken-master", "drunkenness": level})
    assert (result["dice"], result["multiplier"]) == (1 + extra, 1)


def test_a_plastered_drunken_master_doubles_before_the_defenders_armour():
    result = run("wr-damage", {"profession": "drunken-master", "drunkenness": "plastered",
                               "power": 6, "armour": "leather-armour"})
    assert distribution(result) == approx(enumerate_damage(4, 3, multiplier=2, reduction=3,
                                                           floor=1))


def test_reductions_add_up_and_never_take_a_hit_below_one():
    result = run("wr-damage", {"power": 0, "armour": "leather-armour",
                               "clothing": "shrine-maiden-outfit", "resilience": True})
    # 1d - 9, but a hit of at least 1 still deals 1.
    assert distribution(result) == {1: pytest.approx(1.0)}
    outfit = run("wr-damage", {"power": 0, "clothing": "shrine-maiden-outfit"})
    assert distribution(outfit) == approx(enumerate_damage(1, -1))


def test_improvised_penalty_never_makes_damage_negative():
    result = run("wr-damage", {"weapon": "broom", "power": 0, "race": "youkai"})
    assert distribution(result) == approx(enumerate_damage(2, -4))
    assert min(distribution(result)) == 0


def test_drunkenness_without_the_drunken_master_profession_is_refused():
    with pytest.raises(CalculatorError) as caught:
        run("wr-damage", {"drunkenness": "drunk"})
    assert [e.field for e in caught.value.errors] == ["drunkenness"]


def test_danmaku_with_a_weapon_is_refused():
    with pytest.raises(CalculatorError) as caught:
        run("wr-damage", {"attack": "danmaku", "weapon": "sword"})
    assert [e.field for e in caught.value.errors] == ["weapon"]


def test_the_exact_mean_matches_enumeration():
    result = run("wr-damage", {"weapon": "spear", "power": 7})
    expected = enumerate_damage(2, 3)
    assert Fraction(result["exact"]["mean"]) == sum(k * p for k, p in expected.items())
    assert math.isclose(result["mean"], 10.0)
