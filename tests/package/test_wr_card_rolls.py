"""A character's spellcards at the table: what each card of her deck rolls for damage and to
hit (worked by hand from seed 000, "To-Hit", "Attack Power", "Damage Rolls", the special
skills and Homing Danmaku; interpretations card-damage-roll, stat-damage-dice and
card-to-hit-roll), rolls from the sheet checked against an independent count of the dice, the
roll shown beside its card, and the link that opens a card in the builder at the same cost."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import CalculatorError, get
from calculators.western_roses.spellcards.flat import DEFAULTS

CALC = get("wr-character")
BUILDER = get("spellcard-builder")

#: A Homing Amulets pony Shrine Maiden: PWR 5, CHA 6, INT 9, INS 8 (shot-type), no bonus
#: points, so her stats are the shot-type's (the pony adds none to these).
REIMU = {"name": "Reimu", "shot_type": "homing-amulets", "race": "pony",
         "profession": "shrine-maiden", "goddess_element": "light", "element": "water",
         "level": 2}
WATER_SHOT = {"name": "Water shot", "type": "attack", "attack": {"dice": 3, "modifier": 2},
              "to_hit": "roll-intelligence"}
INSIGHT = {"name": "Insight", "type": "attack", "attack": {"dice": 4},
           "special": [{"skill": "divine-insight"}]}
MEND = {"name": "Mend", "type": "defensive", "targets": "self",
        "special": [{"skill": "1d-hit-points"}]}
DECK = [{"card": WATER_SHOT, "copies": 2}, {"card": INSIGHT, "copies": 1},
        {"card": MEND, "copies": 3}]


def sheet(**extra):
    return CALC.run({**REIMU, "deck": DECK, **extra})


def cards(**extra):
    return sheet(**extra)["deck"]["cards"]


def field_errors(**extra) -> dict[str, str]:
    with pytest.raises(CalculatorError) as caught:
        sheet(**extra)
    return {e.field: e.message for e in caught.value.errors}


# --- What each card rolls, worked by hand ----------------------------------------------------

def test_her_stats_are_the_shot_types():
    stats = {s["id"]: s["value"] for s in sheet()["stats"]}
    assert stats == {"pwr": 5, "cha": 6, "int": 9, "ins": 8}


def test_an_attack_power_rolls_its_dice_plus_its_modifier():
    damage = cards()[0]["damage"]
    assert (damage["dice"], damage["modifier"], damage["text"]) == (3, 2, "3d+2")


def test_divine_insight_rolls_her_insight_in_place_of_the_attack_dice():
    # INS 8: one die per 3 points, rounded down: 2d (the 4d attack power is not added).
    damage = cards()[1]["damage"]
    assert (damage["dice"], damage["modifier"]) == (2, 0)
    assert "Divine Insight" in damage["from"]


def test_a_healing_card_rolls_no_damage_and_no_to_hit():
    mend = cards()[2]
    assert mend["damage"] is None and mend["to_hit"] is None
    assert mend["card"]["to_hit"] is None  # Self: no to-hit section at all


def test_lethal_dice_and_damage_steps():
    maid = {"name": "Sakuya", "shot_type": "fourth-strike", "race": "pony",
            "profession": "combat-maid", "element": "metal",
            "deck": [{"card": {"name": "Knives", "special": [
                {"skill": "7d-damage"}, {"skill": "plus-10-damage", "count": 2}]}}]}
    damage = CALC.run(maid)["deck"]["cards"][0]["damage"]
    assert (damage["dice"], damage["modifier"], damage["text"]) == (7, 20, "7d+20")


def test_intelligent_design_rolls_twice_her_intelligence():
    # Magic Missile INT 9, pony +0: 2 × 9 = 18, one die per 3 points: 6d.
    librarian = {"name": "Patchouli", "shot_type": "magic-missile", "race": "pony",
                 "profession": "librarian", "element": "fire",
                 "deck": [{"card": {"name": "Design", "special": [
                     {"skill": "intelligent-design"}]}}]}
    damage = CALC.run(librarian)["deck"]["cards"][0]["damage"]
    assert (damage["dice"], damage["modifier"]) == (6, 0)


def test_a_to_hit_roll_is_her_stat_against_12_with_homing_danmakus_plus_2():
    check = cards()[0]["to_hit"]
    assert (check["stat"], check["dice"], check["modifier"], check["target"]) == \
        ("int", 3, 2, 12)
    # Another shot-type gets no +2; power is rolled for Roll against power.
    other = CALC.run({**REIMU, "shot_type": "spectrum-mystery", "deck": [
        {"card": {**WATER_SHOT, "to_hit": "roll-power"}}]})
    check = other["deck"]["cards"][0]["to_hit"]
    assert (check["stat"], check["modifier"]) == ("pwr", 0)
    assert check["dice"] == check["value"] // 3


def test_a_burst_card_has_no_to_hit_roll():
    assert cards()[1]["to_hit"] is None and cards()[1]["card"]["to_hit"] == "burst"


# --- Rolls from the sheet --------------------------------------------------------------------

def brute_force(dice: int) -> dict[int, Fraction]:
    counts = Counter(sum(f) for f in itertools.product(range(1, 7), repeat=dice))
    return {total: Fraction(n, 6**dice) for total, n in counts.items()}


def test_a_damage_roll_is_the_cards_dice_and_lies_in_their_range():
    for seed in range(60):
        roll = sheet(card_roll="damage", card=1, seed=seed)["card_roll"]
        assert len(roll["faces"]) == 3 and all(1 <= f <= 6 for f in roll["faces"])
        assert roll["total"] == sum(roll["faces"]) + 2
        assert (roll["lowest"], roll["highest"]) == (3 + 2, 18 + 2)
        assert sheet(card_roll="damage", card=1, seed=seed)["card_roll"] == roll


def test_damage_rolls_over_many_seeds_follow_the_exact_distribution():
    n = 3000
    counts = Counter(sheet(card_roll="damage", card=2, seed=s)["card_roll"]["total"]
                     for s in range(n))
    exact = brute_force(2)
    assert set(counts) <= set(exact)
    for total, p in exact.items():
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[total] / n - float(p)) <= 4.5 * sigma + 1e-9, total


def test_a_to_hit_roll_hits_above_12_and_never_in_the_critical_failure_band():
    # 3d6 + 2 runs 5..20; the three lowest totals (5-7) always miss, the three highest hit
    # (12 is less than 10 above them); otherwise a total hits when it is more than 12.
    seen = set()
    for seed in range(300):
        roll = sheet(card_roll="to-hit", card=1, seed=seed)["card_roll"]
        assert roll["total"] == sum(roll["faces"]) + 2
        assert roll["hit"] == (roll["total"] > 12)
        seen.add(roll["hit"])
        verdict = "hit" if roll["hit"] else "miss"
        assert roll["entry"].startswith("Water shot to-hit: 3d6+2 against 12 → ")
        assert roll["entry"].endswith(f"= {roll['total']} → {verdict}")
    assert seen == {True, False}


def test_the_roll_is_shown_beside_its_card_only_and_logged():
    html = CALC.render(sheet(card_roll="damage", card=2, seed=7))
    items = re.findall(r'<li data-deck-card="(\d)">(.*?)</li>', html)
    with_roll = [number for number, body in items if "data-roll-entry" in body]
    assert with_roll == ["2"]
    assert 'data-roll-key="card-2-damage:7"' in html
    assert html.count("data-roll-entry") == 1


def test_roll_buttons_are_offered_only_for_what_a_card_rolls():
    html = CALC.render(sheet())
    items = dict(re.findall(r'<li data-deck-card="(\d)">(.*?)</li>', html))
    assert "Roll damage" in items["1"] and "Roll to-hit" in items["1"]
    assert "Roll damage" in items["2"] and "Roll to-hit" not in items["2"]
    assert "Roll damage" not in items["3"] and "Roll to-hit" not in items["3"]


def test_a_check_roll_and_a_card_roll_clear_each_other():
    html = CALC.render(sheet())
    assert '&quot;card_roll&quot;:&quot;&quot;' in html  # the checks' Roll buttons
    assert '&quot;roll&quot;:&quot;&quot;' in html  # the cards' Roll buttons


def test_a_roll_the_card_cannot_make_is_refused_on_its_field():
    assert "deals no damage" in field_errors(card_roll="damage", card=3, seed=1)["card_roll"]
    assert "no to-hit roll" in field_errors(card_roll="to-hit", card=2, seed=1)["card_roll"]
    assert "no card 9" in field_errors(card_roll="damage", card=9, seed=1)["card"]
    assert list(field_errors(card_roll="damage", card=1)) == ["seed"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["", "damage", "to-hit", "other", 3]),
       st.none() | st.integers(-2, 120) | st.text(max_size=4),
       st.none() | st.integers(-5, 2**31 + 5))
def test_any_card_roll_inputs_give_a_sheet_or_field_errors(kind, card, seed):
    raw = {**REIMU, "deck": DECK, "card_roll": kind, "card": card, "seed": seed}
    try:
        result = CALC.run(raw)
    except CalculatorError as exc:
        assert exc.errors and all(e.field in {"card_roll", "card", "seed"} and e.message
                                  for e in exc.errors)
        return
    roll = result["card_roll"]
    if roll is not None:
        assert roll["lowest"] <= roll["total"] <= roll["highest"]


# --- Open in the builder ---------------------------------------------------------------------

def test_each_card_opens_in_the_builder_at_the_cost_her_sheet_shows():
    for row in cards():
        built = BUILDER.run({**DEFAULTS, **row["builder"]})
        assert built["cost"] == row["cost"], row["name"]
        assert built["caster"]["shot_type"] == "Homing Amulets"
    html = CALC.render(sheet())
    link = re.search(r'<a class="wr-open-builder" href="([^"]+)" data-deck-open="1"', html)
    assert link and link.group(1).startswith("../spellcards/?spellcard-builder.name=Water")
    assert link.group(1).endswith("#spellcard-builder")
    # The page adds her record's id to the builder's input that links its caster.
    assert f'data-link-record="spellcard-builder.{BUILDER.linked.param}"' in html
