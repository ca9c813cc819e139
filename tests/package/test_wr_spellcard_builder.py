"""spellcard-builder: the flat controls map onto the card document the JSON calculator prices,
errors land on the control at fault, and every example link opens the card it names."""

from __future__ import annotations

import random
import re
from itertools import product
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from build_scripts.pagegen.wr_spellcards import example_links
from calculators import CALCULATORS, CalculatorError
from calculators.interpretations import load_interpretations
from calculators.western_roses.rules import ELEMENTS, PROFESSIONS, SHOT_TYPES
from calculators.western_roses.spellcards import rules
from calculators.params import coerce_all
from calculators.western_roses.spellcards.flat import (DEFAULTS, PARAMS, SLOTS, WIDGET,
                                                       from_card, to_card)

BUILDER = CALCULATORS["spellcard-builder"]
SPELLCARD = CALCULATORS["spellcard"]
NAMES = {p.name for p in PARAMS}
PAGE = Path(__file__).resolve().parents[2] / "docs" / "western-roses" / "spellcards.md"


def build(**changes) -> dict:
    return BUILDER.run({**DEFAULTS, **changes})


#: Each interpretation note's title: a message names the note it follows by its title.
TITLE = {n.id: n.title for n in load_interpretations("calculators.western_roses")}


def errors(**changes) -> dict[str, str]:
    with pytest.raises(CalculatorError) as caught:
        build(**changes)
    return {e.field: e.message for e in caught.value.errors}


def params_of(href: str) -> dict[str, str]:
    """The builder's inputs in a link's query, as the site script reads them."""
    prefix = f"{WIDGET}."
    return {k[len(prefix):]: v for k, v in parse_qsl(urlsplit(href).query) if k.startswith(prefix)}


def same_outcome(flat: dict) -> None:
    """The builder and the JSON calculator agree on the mapped card: the same cost and lines,
    or the same refusals (with the builder's on its own controls). The builder reads only
    the controls that apply to the card's type (the others take their defaults)."""
    document = to_card(coerce_all(PARAMS, flat))
    try:
        expected = SPELLCARD.run({"card": document})
    except CalculatorError as exc:
        with pytest.raises(CalculatorError) as caught:
            BUILDER.run(flat)
        assert {e.field for e in caught.value.errors} <= NAMES | {""}, flat
        builder_text = " ".join(e.message for e in caught.value.errors)
        assert all(e.message in builder_text for e in exc.errors), flat
        return
    result = BUILDER.run(flat)
    assert (result["cost"], result["breakdown"]) == (expected["cost"], expected["breakdown"])
    assert to_card(from_card(document)[0]) == document, flat


def test_the_widget_starts_from_the_declared_defaults_so_a_link_needs_only_the_differences():
    assert BUILDER.defaults() == DEFAULTS


def test_the_default_card_is_a_3d_single_target_attack_costing_25():
    # Burst 0 + Single Target 10 + instantaneous 0 + 3d 15 + her own element 0.
    assert build()["cost"] == 25


def test_flat_controls_map_to_the_card_a_reader_would_write():
    flat = {**DEFAULTS, "caster_element": "water", "goddess": "light", "type": "attack",
            "to_hit": "roll-power", "targets": "2", "aoe": 1, "rounds": 3, "homing": True,
            "dice": 4, "modifier": 2, "element": "wood", "special_2": "divine-insight"}
    assert to_card(flat) == {
        "caster": {"element": "water", "shot_type": "spectrum-mystery",
                   "profession": "shrine-maiden", "level": 1, "goddess_element": "light"},
        "type": "attack", "to_hit": "roll-power", "targets": 2, "aoe": 1,
        "duration": {"rounds": 3, "homing": True}, "attack": {"dice": 4, "modifier": 2},
        "element": "wood", "special": [{"skill": "divine-insight"}]}


def test_counts_go_only_with_the_skill_that_takes_them():
    flat = {**DEFAULTS, "profession": "combat-maid", "dice": 0, "special_1": "7d-damage",
            "special_2": "plus-10-damage", "steps": 3, "dolls": 9, "familiar": "fire"}
    assert to_card(flat)["special"] == [{"skill": "7d-damage"},
                                        {"skill": "plus-10-damage", "count": 3}]


@pytest.mark.parametrize("changes,cost", [
    # Magic Missile: 2d single target is 10 + 10 = 20, the minimum; Efficiency takes 10 off.
    ({"shot_type": "magic-missile", "dice": 2}, 10),
    # AOE 2 (60) + 4d (20) + modifier +7 (5 × 10 + 2 × 20) + light for a fire caster (80)
    # = 250, doubled as a bomb.
    ({"aoe": 2, "dice": 4, "modifier": 7, "element": "light", "bomb": True}, 500),
    # Guardian's taunt: two targets 20 + 3 rounds 50 + Taunt 20.
    ({"profession": "guardian", "type": "defensive", "dice": 0, "targets": "2", "rounds": 3,
      "special_1": "taunt"}, 90),
    # Combat-Maid: 7d damage 40 + two +10 steps 40 + single target 10 − 10 for rolling power.
    ({"profession": "combat-maid", "dice": 0, "to_hit": "roll-power", "special_1": "7d-damage",
      "special_2": "plus-10-damage", "steps": 2}, 80),
    # Doll Master: Dual Strike with 1 doll is 10, raised to its own least of 20.
    ({"profession": "doll-master", "type": "special", "dice": 0, "special_1": "dual-strike",
      "dolls": 1}, 20),
    # Shrine Maiden heal: 2 targets 20 + 2 rounds 20 + 4d hit points doubled (200).
    ({"type": "defensive", "dice": 0, "targets": "2", "rounds": 2,
      "special_1": "4d-hit-points"}, 240),
])
def test_hand_worked_costs(changes, cost):
    assert build(**changes)["cost"] == cost


def test_every_section_and_caster_combination_without_special_skills_prices_as_the_json_card():
    for (card_type, bomb, to_hit, targets, aoe, duration, dice, modifier,
         element) in product(("attack", "defensive", "special"), (False, True),
                             ("burst", "roll-intelligence"), ("self", "1", "3"), (0, 2),
                             ((1, False), (3, True), (1, True)), (0, 5), (0, 6),
                             ("own", "water", "spirit")):
        same_outcome({**DEFAULTS, "type": card_type, "bomb": bomb, "to_hit": to_hit,
                      "targets": targets, "aoe": aoe, "rounds": duration[0],
                      "homing": duration[1], "dice": dice, "modifier": modifier,
                      "element": element})


def random_card(rng: random.Random) -> dict:
    """Builder inputs a reader might choose: mostly her own skills on the type they go on,
    each section left at its default half the time, now and then a rule broken."""
    flat = {p.name: rng.choice(p.values) if p.values else
            rng.randint(p.minimum, min(p.maximum, 12)) if p.kind == "int" else
            rng.choice((False, True)) for p in PARAMS if p.kind != "text"}
    flat["name"] = rng.choice(("", "Ember"))
    for name in ("to_hit", "targets", "aoe", "rounds", "homing", "modifier", "element",
                 "bomb", "familiar"):
        if rng.random() < 0.5:
            flat[name] = DEFAULTS[name]
    profession = rng.choice(sorted({rules.group_profession(s.group)
                                    for s in rules.SPECIAL_SKILLS.values()}))
    flat["profession"] = profession
    flat["goddess"] = rng.choice(("light", "fire")) if profession == "shrine-maiden" and \
        rng.random() < 0.9 else "none"
    own = [s.id for s in rules.SPECIAL_SKILLS.values()
           if rules.group_profession(s.group) == profession]
    chosen = rng.sample(own, rng.choice((0, 1, 1, 1, 2, 2, 3)))
    if rng.random() < 0.1:
        chosen.append(rng.choice(list(rules.SPECIAL_SKILLS)))
    slots = rng.sample(SLOTS, min(len(chosen), len(SLOTS)))
    for slot in SLOTS:
        flat[slot] = chosen[slots.index(slot)] if slot in slots else "none"
    kinds = {rules.SKILL_GROUPS[rules.SPECIAL_SKILLS[c].group].rules for c in chosen}
    if rng.random() < 0.9:
        flat["type"] = next(iter(kinds), "attack").replace("standalone", "special") \
            .replace("own", "special")
    attack_free = any(rules.SPECIAL_SKILLS[c].attack_dice or rules.SPECIAL_SKILLS[c].own_attack_power
                      for c in chosen) or flat["type"] != "attack"
    if attack_free and rng.random() < 0.9:
        flat["dice"] = 0
    if flat["type"] != "attack" and rng.random() < 0.9:
        flat["element"] = "own"
    if flat["type"] == "special" and rng.random() < 0.9:
        flat.update({k: DEFAULTS[k] for k in ("to_hit", "targets", "aoe", "rounds", "homing",
                                              "modifier")})
    if flat["rounds"] == 1 and rng.random() < 0.9:
        flat["homing"] = False
    return flat


def test_random_flat_cards_with_special_skills_price_as_the_json_card():
    rng = random.Random(20261122)
    priced = 0
    for _ in range(3000):
        flat = random_card(rng)
        same_outcome(flat)
        try:
            priced += bool(BUILDER.run(flat)["card"]["special"])
        except CalculatorError:
            pass
    assert priced > 500  # the sample reaches cards with special skills, not only refusals


@pytest.mark.parametrize("changes,field,words", [
    ({"targets": "self", "to_hit": "roll-power", "type": "defensive", "dice": 0}, "to_hit",
     "Targets: Self"),
    ({"special_1": "taunt"}, "special_1", "Only a Guardian may use Protection Skills"),
    ({"profession": "guardian", "type": "defensive", "dice": 0, "special_1": "taunt",
      "special_3": "taunt"}, "special_3", "listed twice"),
    ({"homing": True}, "homing", "no homing version"),
    ({"special_1": "goddesss-element"}, "goddess", "needs the goddess's element"),
    ({"profession": "doll-master", "type": "special", "dice": 0, "special_1": "dual-strike",
      "bomb": True}, "bomb", "cannot be made into a bomb"),
    ({"profession": "combat-maid", "special_1": "6d-damage"}, "dice", "leave out attack.dice"),
    ({"profession": "carefree-soul", "type": "special", "dice": 0, "special_1": "die",
      "special_2": "stay-still"}, "special_2", "is a card by itself"),
    ({"type": "defensive", "dice": 0, "special_1": "1d-hit-points",
      "special_2": "2d-hit-points"}, "special_2", "alternatives"),
])
def test_a_rejected_card_names_the_rule_on_the_control_at_fault(changes, field, words):
    found = errors(**changes)
    assert field in found, found
    assert words in found[field]


def test_two_problems_on_one_control_are_shown_together():
    # Another profession's skill, and a skill that takes no other special skill beside it.
    found = errors(profession="carefree-soul", dice=6, special_1="die", special_2="divine-fire")
    assert "Only a Shrine Maiden may use Divine Skills" in found["special_2"]
    assert "DIE. is a card by itself" in found["special_2"]


def test_switching_an_attack_card_to_defensive_drops_its_attack_power_and_element():
    """The attack fields stop applying, so the card is priced without them
    instead of refused until the player zeroes them."""
    result = build(type="defensive", dice=6, modifier=4, element="water", special_1="recover")
    assert "attack" not in result["document"] and "element" not in result["document"]
    plain = SPELLCARD.run({"card": {**result["document"]}})
    assert result["cost"] == plain["cost"]
    assert result["cost"] == build(type="defensive", dice=0, special_1="recover")["cost"]


def test_a_defensive_card_explains_the_sections_it_leaves_out():
    result = build(type="defensive", dice=0, special_1="recover")
    disabled = {d["section"]: d["why"] for d in result["disabled"]}
    assert "cannot have attack power" in disabled["Attack power"]
    assert "Only attack-type cards have an element" in disabled["Element"]
    assert "Recover cannot be made into a bomb" in disabled["Bomb"]


def test_a_self_targeted_card_explains_why_it_has_no_to_hit_roll_or_aoe():
    result = build(type="defensive", dice=0, targets="self", special_1="recover")
    assert {"To-hit roll", "AOE"} <= {d["section"] for d in result["disabled"]}


def test_every_other_professions_skills_are_listed_as_unavailable_with_the_reason():
    result = build(profession="guardian")
    listed = {name for g in result["unavailable"] for name in g["skills"]}
    others = {s.name for s in rules.SPECIAL_SKILLS.values()
              if rules.group_profession(s.group) != "guardian"}
    assert listed == others
    assert all("Only a" in g["why"] and "Guardian" in g["why"] for g in result["unavailable"])


def test_the_render_shows_the_total_lines_linked_to_rules_json_and_print_card():
    html = BUILDER.render(build(aoe=1, shot_type="magic-missile", bomb=True))
    assert 'class="calc-figure main"' in html
    assert 'href="#aoe-1"' in html and 'href="#bombs"' in html
    assert "Efficiency" in html and "wr-card-print" in html
    assert "&quot;caster&quot;" in html and "<pre>" in html


def page_anchors() -> set[str]:
    """Anchors the spellcards page defines: headings, and the row anchors its tables make."""
    text = PAGE.read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{#([a-z0-9-]+)\}", text))
    anchors |= {f"to-hit-{i}" for i in rules.TO_HIT} | set(rules.TARGETS) | set(rules.AOE)
    anchors |= set(rules.DURATIONS) | {f"attack-{i}" for i in rules.ATTACK_DICE}
    anchors |= {f"affinity-{i}" for i in rules.AFFINITY} | set(rules.SKILL_GROUPS)
    return anchors | {f"skill-{i}" for i in rules.SPECIAL_SKILLS}


def test_every_breakdown_line_links_to_an_anchor_on_the_page():
    anchors = page_anchors()
    assert {"spellcard-costs", "bombs", "damage-modifier", "aoe-with-targets"} <= anchors
    for example in rules.EXAMPLES.values():
        flat, _ = from_card(example.card)
        result = BUILDER.run(flat)
        for line in result["breakdown"]:
            assert line["anchor"] in anchors, (example.id, line)
        for item in result["disabled"] + result["unavailable"] + result["own_skills"]:
            assert item["anchor"] in anchors, (example.id, item)


def test_every_example_link_opens_a_card_costing_what_the_example_states():
    links = example_links()
    assert len(links) == len(rules.EXAMPLES)
    for entry in links:
        href = re.search(r'href="([^"]+)"', entry["link"]).group(1).replace("&amp;", "&")
        assert href.endswith(f"#{WIDGET}")
        result = BUILDER.run({**DEFAULTS, **params_of(href)})
        assert result["cost"] == entry["result"]["cost"], entry["example"].id


def test_every_profession_with_special_skills_has_an_example_to_start_from():
    with_skills = {rules.group_profession(s.group) for s in rules.SPECIAL_SKILLS.values()}
    assert with_skills <= {e.profession for e in rules.EXAMPLES.values()}


def test_a_pasted_card_links_to_the_builder_with_the_same_cost():
    for example in rules.EXAMPLES.values():
        result = SPELLCARD.run({"card": example.card})
        assert result["builder"] is not None, example.id
        assert BUILDER.run({**DEFAULTS, **params_of(result["builder"])})["cost"] == \
            result["cost"]
        assert "Open this card in the builder" in SPELLCARD.render(result)


def test_a_card_with_more_special_skills_than_slots_says_it_does_not_fit_the_builder():
    card = {"caster": {"element": "metal", "shot_type": "fourth-strike",
                       "profession": "guardian"},
            "type": "defensive", "special": ["shield", "soul-transfer", "power-transfer",
                                             "taunt"]}
    result = SPELLCARD.run({"card": card})
    assert result["builder"] is None and "3 slots" in result["builder_note"]
    assert "does not fit the builder" in SPELLCARD.render(result)


def test_a_named_card_opens_in_the_builder_with_its_name():
    card = {**rules.EXAMPLES["fire-burst"].card, "name": "Sunrise"}
    result = SPELLCARD.run({"card": card})
    assert params_of(result["builder"])["name"] == "Sunrise" and not result["builder_note"]
    assert BUILDER.run({**DEFAULTS, **params_of(result["builder"])})["document"]["name"] == \
        "Sunrise"


def test_every_caster_choice_is_a_real_record():
    choices = {p.name: set(p.values) for p in PARAMS}
    assert choices["caster_element"] == set(ELEMENTS)
    assert choices["shot_type"] == set(SHOT_TYPES)
    assert choices["profession"] == set(PROFESSIONS)
    assert choices["special_1"] == set(rules.SPECIAL_SKILLS) | {"none"}


def test_an_empty_defensive_card_is_refused_beside_the_first_special_skill_slot():
    found = errors(type="defensive", dice=0)
    assert TITLE["defensive-cards-need-an-effect"] in found["special_1"]


def test_an_attack_card_without_dice_is_refused_beside_the_dice():
    assert TITLE["attack-cards-need-damage"] in errors(dice=0)["dice"]


def test_the_card_name_is_on_the_card_its_print_and_its_json_and_costs_nothing():
    named = build(name="  Sunrise  ")
    assert named["document"]["name"] == "Sunrise"
    assert named["cost"] == build()["cost"]
    html = BUILDER.render(named)
    assert "<th scope=\"row\">Name</th><td>Sunrise</td>" in html
    assert "name" not in build()["document"]


@pytest.mark.parametrize("name, words", [
    ("x" * (rules.MAX_NAME + 1), f"at most {rules.MAX_NAME} characters"),
    ("two\nlines", "one line"), (7, "must be text")])
def test_a_bad_card_name_is_refused_on_the_name_control(name, words):
    with pytest.raises(CalculatorError) as caught:
        build(name=name)
    assert [e.field for e in caught.value.errors] == ["name"]
    assert words in caught.value.errors[0].message


def test_markup_in_a_card_name_is_escaped_everywhere_it_is_shown():
    html = BUILDER.render(build(name="<img src=x onerror=alert(1)>"))
    assert "<img" not in html and "&lt;img src=x" in html


def test_a_slot_lists_first_exactly_the_skills_the_caster_s_profession_may_use():
    """The form's "show all" hides only skills the calculator refuses for this caster."""
    from calculators.western_roses.rules import PROFESSIONS
    from calculators.western_roses.spellcards.rules import SPECIAL_SKILLS

    offer = next(p for p in PARAMS if p.name == "special_1").offered
    for profession in PROFESSIONS:
        for skill in SPECIAL_SKILLS:
            try:
                build(profession=profession, special_1=skill)
                refused = ""
            except CalculatorError as exc:
                refused = " ".join(e.message for e in exc.errors if e.field == "special_1")
            assert offer.lists(skill, profession) == ("may use" not in refused), (profession, skill)


def test_a_goddess_is_asked_only_of_a_shrine_maiden():
    """Another profession has no patron goddess (Professions: Shrine Maiden): the control does
    not apply to her, so whatever it holds the card is priced without one."""
    goddess = next(p for p in BUILDER.params if p.name == "goddess")
    assert goddess.applies.values == ("shrine-maiden",)
    witch = BUILDER.run({**DEFAULTS, "profession": "witch", "goddess": "light"})
    assert "goddess_element" not in witch["document"]["caster"]
    assert witch == BUILDER.run({**DEFAULTS, "profession": "witch"})


@pytest.mark.parametrize("field, skill", [("steps", "plus-10-damage"), ("dolls", "dual-strike"),
                                          ("familiar", "summon-familiar")])
def test_a_skills_number_is_asked_only_while_a_slot_holds_that_skill(field, skill):
    """+10 damage steps, active dolls and the familiar's element belong to one skill each: the
    form shows them, and the card reads them, only while one of the three slots holds it."""
    param = next(p for p in BUILDER.params if p.name == field)
    assert param.applies.values == (skill,)
    assert param.applies.params == ("special_1", "special_2", "special_3")
    assert not param.applies.holds({"special_1": "none", "special_2": "none", "special_3": "none"})
    assert param.applies.holds({"special_1": "none", "special_2": "none", "special_3": skill})

