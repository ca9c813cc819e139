"""pmm-check against brute-force enumeration of every face pair, and the worked cases of
seed 003 (“Basic check system”, “Blitz Points”, “Initiative / Actions”, “Contested actions”).

The oracle below re-states the rules with the seed's numbers typed in by hand (tiers 10, 15, 20,
25; −5 per action by its place), so it shares nothing with the package but the dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from calculators import CalculatorError, run
from calculators.post_magic_maid.resolution import assisted_tier, contest_difference, tier_of
from calculators.post_magic_maid.rules import TIERS

SIDES = {"d6": 6, "d8": 8, "d12": 12, "d20": 20, "d32": 32}


def oracle_tier(total: int) -> int:
    if total >= 25:
        return 4
    if total >= 20:
        return 3
    if total >= 15:
        return 2
    if total >= 10:
        return 1
    return 0


def oracle_penalty(action: int, actions: int) -> int:
    return 0 if actions == 1 else 5 * action


def brute_tiers(die_a: str, die_b: str, bonus: int, penalty: int = 0) -> list[Fraction]:
    faces = list(itertools.product(range(1, SIDES[die_a] + 1), range(1, SIDES[die_b] + 1)))
    counts = [0] * 5
    for a, b in faces:
        counts[oracle_tier(a + b + bonus - penalty)] += 1
    return [Fraction(c, len(faces)) for c in counts]


def magic_adds(face: int) -> int:
    """Seed “Magic”: 2–5 add to the roll (note magic-d6-to-roll); 1 and 6 add nothing."""
    return face if 2 <= face <= 5 else 0


def brute_tiers_magic(die_a: str, die_b: str, bonus: int, penalty: int = 0) -> list[Fraction]:
    faces = list(itertools.product(range(1, SIDES[die_a] + 1), range(1, SIDES[die_b] + 1),
                                   range(1, 7)))
    counts = [0] * 5
    for a, b, m in faces:
        counts[oracle_tier(a + b + magic_adds(m) + bonus - penalty)] += 1
    return [Fraction(c, len(faces)) for c in counts]


def exact_tiers(result: dict, action: int = 1) -> list[Fraction]:
    return [Fraction(p) for p in result["exact"]["per_action"][action - 1]["tiers"]]


PAIRS = list(itertools.combinations_with_replacement(SIDES, 2))


@pytest.mark.parametrize("die_a, die_b", PAIRS)
@pytest.mark.parametrize("bonus", [-7, 0, 3, 13])
def test_tier_chances_match_enumeration_of_every_face_pair(die_a, die_b, bonus):
    result = run("pmm-check", {"die_a": die_a, "die_b": die_b, "bonus": bonus})
    assert exact_tiers(result) == brute_tiers(die_a, die_b, bonus)


@pytest.mark.parametrize("die_a, die_b", PAIRS)
def test_blitz_point_chance_is_the_share_of_pairs_with_both_dice_on_top(die_a, die_b):
    faces = list(itertools.product(range(1, SIDES[die_a] + 1), range(1, SIDES[die_b] + 1)))
    top = sum(1 for a, b in faces if a == SIDES[die_a] and b == SIDES[die_b])
    result = run("pmm-check", {"die_a": die_a, "die_b": die_b, "bonus": 40})
    assert Fraction(result["exact"]["p_blitz_point"]) == Fraction(top, len(faces))


@pytest.mark.parametrize("actions", [2, 3, 5])
@pytest.mark.parametrize("die_a, die_b, bonus", [("d20", "d12", 10), ("d32", "d6", 0),
                                                 ("d20", "d20", 25)])
def test_each_of_several_actions_is_at_minus_five_per_its_place(die_a, die_b, bonus, actions):
    result = run("pmm-check", {"die_a": die_a, "die_b": die_b, "bonus": bonus,
                               "actions": actions})
    for action in range(1, actions + 1):
        assert result["per_action"][action - 1]["penalty"] == oracle_penalty(action, actions)
        assert exact_tiers(result, action) == brute_tiers(die_a, die_b, bonus,
                                                          oracle_penalty(action, actions))


@pytest.mark.parametrize("die_a, die_b", PAIRS[::3])
@pytest.mark.parametrize("bonus, actions", [(0, 1), (6, 2)])
def test_the_magic_d6_matches_enumeration_with_a_third_die(die_a, die_b, bonus, actions):
    result = run("pmm-check", {"die_a": die_a, "die_b": die_b, "bonus": bonus,
                               "actions": actions, "magic": True})
    for action in range(1, actions + 1):
        assert exact_tiers(result, action) == brute_tiers_magic(
            die_a, die_b, bonus, oracle_penalty(action, actions))
    assert result["p_magic_wound"] == pytest.approx(1 / 6)


def test_the_magic_d6_leaves_the_blitz_point_chance_alone():
    plain = run("pmm-check", {"die_a": "d8", "die_b": "d8"})
    magic = run("pmm-check", {"die_a": "d8", "die_b": "d8", "magic": True})
    assert magic["exact"]["p_blitz_point"] == plain["exact"]["p_blitz_point"] == "1/64"


def test_a_contest_with_both_magic_dice_matches_enumerating_six_dice():
    counts: dict[int, int] = {}
    for a1, a2, am, b1, b2, bm in itertools.product(range(1, 7), repeat=6):
        d = (oracle_tier(a1 + a2 + magic_adds(am) + 1)
             - oracle_tier(b1 + b2 + magic_adds(bm)))
        counts[d] = counts.get(d, 0) + 1
    n = 6 ** 6
    result = run("pmm-check", {"die_a": "d6", "die_b": "d6", "bonus": 1, "magic": True,
                               "contested": True, "opp_die_a": "d6", "opp_die_b": "d6",
                               "opp_magic": True})
    got = {int(d): Fraction(p) for d, p in result["exact"]["contest"][0]["difference"].items()}
    assert {d: p for d, p in got.items() if p} == {d: Fraction(c, n) for d, c in counts.items()}


def test_a_single_action_has_no_penalty_but_the_first_of_two_is_at_minus_five():
    """Interpretation note multiple-action-penalty-per-place."""
    one = run("pmm-check", {"die_a": "d20", "die_b": "d20", "actions": 1})
    two = run("pmm-check", {"die_a": "d20", "die_b": "d20", "actions": 2})
    assert one["per_action"][0]["penalty"] == 0
    assert [a["penalty"] for a in two["per_action"]] == [5, 10]
    assert exact_tiers(two, 1) == brute_tiers("d20", "d20", -5)


def test_blitz_point_over_two_actions_matches_enumerating_both_rolls():
    faces = list(itertools.product(range(1, 7), range(1, 9)))
    hits = sum(1 for first, second in itertools.product(faces, repeat=2)
               if first == (6, 8) or second == (6, 8))
    result = run("pmm-check", {"die_a": "d6", "die_b": "d8", "actions": 2})
    assert Fraction(result["exact"]["p_blitz_any"]) == Fraction(hits, len(faces) ** 2)


@pytest.mark.parametrize("mine, theirs", [
    (("d6", "d8", 2), ("d6", "d6", 0)),
    (("d12", "d8", 0), ("d6", "d20", 4)),
    (("d6", "d6", 0), ("d6", "d6", 0)),
])
def test_contest_difference_matches_enumeration_of_all_four_dice(mine, theirs):
    (a1, a2, bonus), (b1, b2, opp_bonus) = mine, theirs
    counts: dict[int, int] = {}
    dice = [range(1, SIDES[d] + 1) for d in (a1, a2, b1, b2)]
    for w, x, y, z in itertools.product(*dice):
        d = oracle_tier(w + x + bonus) - oracle_tier(y + z + opp_bonus)
        counts[d] = counts.get(d, 0) + 1
    n = sum(counts.values())
    result = run("pmm-check", {"die_a": a1, "die_b": a2, "bonus": bonus, "contested": True,
                               "opp_die_a": b1, "opp_die_b": b2, "opp_bonus": opp_bonus})
    exact = result["exact"]["contest"][0]
    got = {int(d): Fraction(p) for d, p in exact["difference"].items()}
    assert {d: p for d, p in got.items() if p} == {d: Fraction(c, n) for d, c in counts.items()}
    assert Fraction(exact["p_win"]) == Fraction(sum(c for d, c in counts.items() if d > 0), n)
    assert Fraction(exact["p_tie"]) == Fraction(counts.get(0, 0), n)


def test_a_contest_against_an_identical_roll_is_symmetric():
    result = run("pmm-check", {"die_a": "d8", "die_b": "d12", "contested": True,
                               "opp_die_a": "d12", "opp_die_b": "d8"})
    duel = result["exact"]["contest"][0]
    assert duel["p_win"] == duel["p_lose"]


def test_contest_uses_each_actions_own_penalty():
    """Interpretation note contest-against-each-action."""
    result = run("pmm-check", {"die_a": "d20", "die_b": "d20", "actions": 2, "contested": True,
                               "opp_die_a": "d6", "opp_die_b": "d6"})
    wins = [Fraction(a["p_win"]) for a in result["exact"]["contest"]]
    assert wins[0] > wins[1]


def test_two_d6_never_reach_the_15_tier_and_reach_10_one_time_in_six():
    result = run("pmm-check", {"die_a": "d6", "die_b": "d6"})
    tiers = exact_tiers(result)
    assert tiers[2] == tiers[3] == tiers[4] == 0
    assert tiers[1] == Fraction(6, 36)  # 4+6, 5+5, 5+6, 6+4, 6+5, 6+6


def test_d20_and_d12_reach_25_in_36_of_240_pairs():
    # With the d12 showing b = 5..12 the d20 needs 25 - b or more: b - 4 faces, 1 + … + 8 = 36.
    assert exact_tiers(run("pmm-check", {"die_a": "d20", "die_b": "d12"}))[4] == Fraction(36, 240)


def test_only_the_highest_tier_reached_counts():
    """Seed “Basic check system”: tiers do not stack."""
    assert [tier_of(t) for t in (9, 10, 14, 15, 19, 20, 24, 25, 64)] == [0, 1, 1, 2, 2, 3, 3, 4, 4]
    for dice in PAIRS[:4]:
        assert sum(exact_tiers(run("pmm-check", {"die_a": dice[0], "die_b": dice[1]}))) == 1


def test_a_20_against_a_10_is_a_15_tier_success_in_a_contest():
    """Seed “Contested actions”, its own example."""
    assert TIERS[contest_difference(tier_of(20), tier_of(10))].label == "15"
    assert contest_difference(tier_of(12), tier_of(14)) == 0  # same tier: tier-0 for both


def test_assist_examples_from_the_rules():
    """Seed “Initiative / Actions”: 10 assisted by 20 is 15; 10 assisted by 25 is 20."""
    assert TIERS[assisted_tier(tier_of(10), tier_of(20))].label == "15"
    assert TIERS[assisted_tier(tier_of(10), tier_of(25))].label == "20"
    assert assisted_tier(tier_of(10), tier_of(15)) == tier_of(10)  # one tier above: no help


def test_an_assist_never_lifts_an_action_past_the_25_tier():
    """Interpretation note assist-capped-at-top-tier."""
    assert assisted_tier(0, 4) == 3
    assert assisted_tier(3, 4) == 3
    assert all(assisted_tier(a, b) <= 4 for a in range(5) for b in range(5))


def test_the_distribution_is_the_first_actions_totals():
    result = run("pmm-check", {"die_a": "d6", "die_b": "d8", "bonus": 2, "actions": 3})
    totals = [r["total"] for r in result["distribution"]]
    assert (totals[0], totals[-1]) == (1 + 1 + 2 - 5, 6 + 8 + 2 - 5)
    assert sum(r["p"] for r in result["distribution"]) == pytest.approx(1)


@pytest.mark.parametrize("raw, field", [
    ({"die_a": "d10"}, "die_a"),
    ({"die_b": "12"}, "die_b"),
    ({"bonus": 61}, "bonus"),
    ({"actions": 0}, "actions"),
    ({"actions": 11}, "actions"),
    ({"contested": "maybe"}, "contested"),
    ({"contested": True, "opp_die_a": "d4"}, "opp_die_a"),
    ({"contested": True, "opp_bonus": -61}, "opp_bonus"),
])
def test_bad_input_names_the_field(raw, field):
    with pytest.raises(CalculatorError) as caught:
        run("pmm-check", raw)
    assert [e.field for e in caught.value.errors] == [field]
