"""mb-attack against a pairwise enumeration of both dice trees, a seeded simulation, and the
tie and damage readings."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from calculators import run
from mb_dice_oracles import enumerate_pool

DEPTH = 7  # every unresolved branch of a pool is at least 43 plus the stat


def brute_attack(attack: int, defence: int, melee: bool = True, attack_dice: int = 2,
                 defence_dice: int = 2, depth: int = DEPTH):
    """P(hit) and the damage law of a hit over every pair of resolved rolls, read from the rule:
    higher total hits; equal totals go to more sixes, then to the higher stat, else a miss;
    damage 1d6 (+2 melee), +2 per attacker six, -2 per defender six, at least 0.
    Returns (P(hit), {damage: P(hit and damage)}, mass the walk left unresolved)."""
    a_law, a_rest = enumerate_pool(attack_dice, depth, modifier=attack)
    d_law, d_rest = enumerate_pool(defence_dice, depth, modifier=defence)
    p_hit = Fraction(0)
    damage: dict[int, Fraction] = {}
    for (at, as_), pa in a_law.items():
        for (dt, ds), pd in d_law.items():
            if at > dt:
                hit = True
            elif at < dt:
                hit = False
            elif as_ != ds:
                hit = as_ > ds
            else:
                hit = attack > defence
            if not hit:
                continue
            p = pa * pd
            p_hit += p
            for face in range(1, 7):
                dealt = max(0, face + (2 if melee else 0) + 2 * as_ - 2 * ds)
                damage[dealt] = damage.get(dealt, Fraction(0)) + p / 6
    return p_hit, damage, 1 - (1 - a_rest) * (1 - d_rest)


@pytest.mark.parametrize("attack,defence", [(4, 3), (3, 3), (0, 6), (6, 0), (2, 5)])
@pytest.mark.parametrize("weapon", ["melee", "ranged"])
def test_hit_chance_and_damage_match_the_pairwise_enumeration(attack, defence, weapon):
    p_hit, damage, unresolved = brute_attack(attack, defence, weapon == "melee")
    result = run("mb-attack", {"attack": attack, "defence": defence, "weapon": weapon})
    # The calculator and the walk may differ only on rolls the walk left unresolved.
    assert result["p_hit"] == pytest.approx(float(p_hit), abs=float(unresolved) + 1e-12)
    got = {r["damage"]: r["p"] * result["p_hit"] for r in result["damage"]}
    for dealt, p in damage.items():
        assert got.get(dealt, 0) == pytest.approx(float(p), abs=float(unresolved) + 1e-12)


def test_equal_stats_tied_on_total_and_sixes_miss():
    """Interpretation attack-tie-with-equal-stats: with equal stats the attack hits exactly
    when it wins on total or, on a tied total, on sixes; with a one-point edge in stat it also
    wins the full ties, so the two differ by P(full tie) > 0."""
    even = run("mb-attack", {"attack": 3, "defence": 3})
    p_hit, _, unresolved = brute_attack(3, 3)
    assert even["p_hit"] == pytest.approx(float(p_hit), abs=float(unresolved) + 1e-12)
    a_law, _ = enumerate_pool(2, DEPTH)
    full_tie = sum(p * p for p in a_law.values())  # same total and same sixes on both sides
    # Same dice and totals on both sides, but the attacker's stat is the higher one.
    edge = run("mb-attack", {"attack": 3, "defence": 2, "defence_modifier": 1})
    assert edge["p_hit"] - even["p_hit"] == pytest.approx(float(full_tie), abs=1e-9)


def test_defender_sixes_can_take_a_hit_to_zero_but_never_below():
    """Interpretation damage-never-below-zero."""
    result = run("mb-attack", {"attack": 12, "defence": 0, "weapon": "ranged",
                               "defence_boosts": 3})
    assert result["p_zero_damage_hit"] > 0
    assert min(r["damage"] for r in result["damage"]) == 0
    assert sum(r["p"] for r in result["damage"]) == pytest.approx(1)


def test_boost_dice_add_their_sixes_to_the_damage():
    p_hit, damage, unresolved = brute_attack(4, 3, attack_dice=3, depth=5)
    result = run("mb-attack", {"attack": 4, "defence": 3, "attack_boosts": 1})
    assert result["p_hit"] == pytest.approx(float(p_hit), abs=float(unresolved))
    got = {r["damage"]: r["p"] * result["p_hit"] for r in result["damage"]}
    for dealt, p in damage.items():
        assert got.get(dealt, 0) == pytest.approx(float(p), abs=float(unresolved))


def simulate_attack(rng: random.Random, attack: int, defence: int) -> tuple[bool, int]:
    def roll() -> tuple[int, int]:
        total = sixes = 0
        dice = 2
        while dice:
            face = rng.randint(1, 6)
            total += face
            if face == 6:
                sixes += 1
            else:
                dice -= 1
        return total, sixes

    (at, as_), (dt, ds) = roll(), roll()
    at += attack
    dt += defence
    hit = at > dt or (at == dt and (as_ > ds or (as_ == ds and attack > defence)))
    return hit, max(0, rng.randint(1, 6) + 2 + 2 * (as_ - ds)) if hit else 0


def test_a_seeded_simulation_agrees_within_five_standard_errors():
    """40,000 simulated attacks; the standard error of a proportion near 0.6 is about 0.0025,
    so five of them (0.0125) is crossed by chance less than once in a million runs, while a
    wrong tie rule or damage sign would be off by more."""
    rng = random.Random(20260402)
    n = 40_000
    hits = damage = 0
    for _ in range(n):
        hit, dealt = simulate_attack(rng, 4, 3)
        hits += hit
        damage += dealt
    result = run("mb-attack", {"attack": 4, "defence": 3})
    p = result["p_hit"]
    assert abs(hits / n - p) < 5 * (p * (1 - p) / n) ** 0.5
    # Damage per attack has a standard deviation under 5, so its standard error is < 0.025.
    assert abs(damage / n - result["mean_damage_per_attack"]) < 5 * 0.025
