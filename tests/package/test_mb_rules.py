"""Magical Burst 4.1 rule data (seed 002): every record loads, ids are unique, references
resolve, counts and numbers match the source, and the validators reject bad records."""

from __future__ import annotations

import dataclasses
import json
from importlib import resources
from pathlib import Path

import pytest

from calculators.interpretations import load_interpretations
from calculators.magical_burst import adversaries, rules, talents
from calculators.ruledata import RuleDataError

PACKAGE = "calculators.magical_burst"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "magical-burst"
MY_FILES = ["talents.json", "powers.json", "boss_abilities.json", "monster_talents.json",
            "monster_levels.json", "labyrinths.json", "minions.json", "mages.json",
            "rule_values.json", "stats.json", "bonds.json", "creation.json", "advancement.json",
            "ailments.json", "chases.json", "glossary.json", "interpretations_rules.json"]
#: Pages of the Magical Burst section, including those other modules write.
MB_PAGES = {"index.md", "ordinary-life.md", "magic.md", "ailments.md", "chases.md", "talents.md",
            "character-creation.md", "monsters.md", "labyrinths.md", "witches-and-mages.md",
            "glossary.md", "interpretation-notes.md", "checks.md", "combat.md", "overcharge.md",
            "overcharge-odds.md"}


@pytest.mark.parametrize("name", MY_FILES)
def test_every_data_file_names_seed_002_and_has_unique_kebab_ids(name):
    doc = json.loads(resources.files(PACKAGE).joinpath("data", name).read_text("utf-8"))
    assert doc["seed"] == "002_f32d69e9731a3667.txt"
    ids = [r["id"] for r in doc["records"]]
    assert len(ids) == len(set(ids)), name
    assert all(r.get("source") for r in doc["records"]), name


def count(group, affinity=None):
    return len(talents.talents_in(group, affinity))


def test_talent_lists_hold_as_many_talents_as_the_source_lists():
    assert [count("starting", a) for a in ("guardian", "striker", "medium")] == [2, 2, 2]
    assert count("basic") == 2
    assert count("common") == 20
    assert [count("affinity", a) for a in ("guardian", "medium", "striker")] == [9, 9, 9]
    assert len(talents.TALENTS) == 55


def test_talent_names_are_given_recovered_or_marked_lost_in_the_source_counts():
    statuses = [t.name_status for t in talents.TALENTS]
    assert statuses.count("from-text") == 5
    assert statuses.count("lost") == 14
    recovered = {t.name for t in talents.TALENTS if t.name_status == "from-text"}
    assert recovered == {"Reflector", "Link", "Boost", "Recover", "Bypass"}


@pytest.mark.parametrize("talent_id, action, cost, uses", [
    ("and-your-enemies-closer", "Free Action", "1 Overcharge (Defence)", "—"),
    ("want-it-hard-want-it-now", "—", "1 Overcharge (Attack)", "1/Scene"),
    ("boost", "Free Action", "1 Overcharge (stat in use)", "3/Scene"),
    ("bonus-action", "Free Action", "2 Overcharge (Support)", "1/Scene"),
    ("tracking-shot", "Major Action", "—", "2/Episode"),
    ("create-barrier", "Minor Action", "1 Overcharge (Defence)", "1/Episode"),
    ("steal-action", "Minor Action", "—", "3/Episode"),
    ("dampen-overcharge", "Free Action", "1 Overcharge (Support)", "2/Scene"),
    ("all-or-nothing", "Free Action", "—", "1/Scene"),
    ("reflector", "Free Action", "—", "1/Round"),
])
def test_talent_action_cost_and_uses_read_as_in_the_source(talent_id, action, cost, uses):
    t = talents.TALENTS_BY_ID[talent_id]
    assert (t.action_label(), t.cost_label(), t.uses_label()) == (action, cost, uses)


def test_only_the_two_range_style_talents_are_free_at_creation():
    assert {t.id for t in talents.TALENTS if t.free_at_creation} == {"lost-long-range",
                                                                      "belkan-system"}


def test_talent_validation_rejects_a_use_count_without_a_period():
    bad = dataclasses.replace(talents.TALENTS_BY_ID["boost"], per=None)
    with pytest.raises(RuleDataError, match="boost"):
        talents.validate((bad,))


def test_talent_validation_rejects_an_affinity_on_a_common_talent():
    bad = dataclasses.replace(talents.TALENTS_BY_ID["bypass"], affinity="striker")
    with pytest.raises(RuleDataError, match="bypass"):
        talents.validate((bad,))


def test_talent_validation_rejects_a_lost_name_that_looks_like_a_real_one():
    bad = dataclasses.replace(talents.TALENTS_BY_ID["lost-free-step"], name="Sidestep")
    with pytest.raises(RuleDataError, match="lost-free-step"):
        talents.validate((bad,))


def test_character_budgets_match_the_creation_rules():
    v = rules.character_value
    assert (v("mundane-points"), v("mundane-creation-cap")) == (8, 5)
    assert (v("magic-points"), v("magic-creation-cap")) == (9, 6)
    assert (v("bond-points"), v("bond-min"), v("bond-max")) == (12, 1, 4)
    assert (v("mundane-advance-cap"), v("magic-advance-cap")) == (6, 8)
    assert (v("starting-powers"), v("starting-talents")) == (2, 3)


def test_creation_has_eight_numbered_steps_whose_rule_values_exist():
    assert [s.step for s in rules.CREATION_STEPS] == list(range(1, 9))
    for step in rules.CREATION_STEPS:
        assert set(step.rule_values) <= set(rules.RULE_VALUES), step.id


def test_advancement_costs_match_the_base_experience_list():
    costs = {a.id: a.xp for a in rules.ADVANCES}
    assert costs == {"mundane-stat": 1, "magical-stat": 1, "revert-permanent-change": 2,
                     "common-or-affinity-talent": 3, "other-affinity-talent": 5,
                     "team-move": 5, "second-transformation": 10}
    assert {a.id for a in rules.ADVANCES if a.pending} == {"team-move",
                                                               "second-transformation"}


def test_three_mundane_three_magical_stats_and_three_roles():
    assert [s.name for s in rules.stats_of("mundane")] == ["Communication", "Tenacity", "Insight"]
    assert [s.name for s in rules.stats_of("magical")] == ["Heart", "Fury", "Judgment"]
    assert [s.name for s in rules.stats_of("role")] == ["Attack", "Defence", "Support"]


def test_the_powers_table_has_thirty_six_powers_fourteen_without_a_name():
    assert len(rules.POWERS) == 36
    assert sum(p.name_status == "lost" for p in rules.POWERS) == 14


def test_adversary_collections_hold_as_many_entries_as_the_source():
    assert len(adversaries.BOSS_ABILITIES) == 11
    assert sum(t.who == "monster" for t in adversaries.MONSTER_TALENTS) == 24
    assert sum(t.who == "minion" for t in adversaries.MONSTER_TALENTS) == 2
    assert len(adversaries.LABYRINTH_FEATURES) == 10
    assert [m.name for m in adversaries.MINIONS] == ["Maintenance imps", "Spider nanny"]


def test_example_minions_use_talents_that_exist_with_their_listed_uses():
    uses = {m.id: [(u.talent, u.uses) for u in m.talents] for m in adversaries.MINIONS}
    assert uses == {"maintenance-imps": [("veil", 1), ("mines", 3)],
                    "spider-nanny": [("a-little-longer", 2), ("hello-there", 1)]}
    for m in adversaries.MINIONS:
        for u in m.talents:
            assert u.talent in adversaries.MONSTER_TALENTS_BY_ID


def test_a_minion_with_a_dangling_talent_is_rejected(monkeypatch):
    imp = adversaries.MINIONS[0]
    bad = dataclasses.replace(imp, talents=(adversaries.MinionTalentUse("nope", 1, "scene"),))
    monkeypatch.setattr(adversaries, "MINIONS", (bad,))
    with pytest.raises(RuleDataError, match="unknown monster talent 'nope'"):
        adversaries.validate()


def test_a_minion_with_defence_above_the_ceiling_is_rejected(monkeypatch):
    bad = dataclasses.replace(adversaries.MINIONS[0], passive_defence=8)
    monkeypatch.setattr(adversaries, "MINIONS", (bad,))
    with pytest.raises(RuleDataError, match="passive_defence 8"):
        adversaries.validate()


def test_the_surviving_power_level_rows_rise_from_minion_to_spread_times_18_plus_n():
    assert [r.formula() for r in adversaries.MONSTER_LEVELS] == [
        "use a minion", "spread × 12", "spread × 14", "spread × 16", "spread × 18",
        "spread × 18+n"]
    assert adversaries.MONSTER_LEVELS[2].formula(spread=3) == "42"


def test_extra_action_costs_two_boss_picks_and_action_burst_needs_spread_3_to_repeat():
    by_id = {b.id: b for b in adversaries.BOSS_ABILITIES}
    assert by_id["extra-action"].selections == 2
    assert by_id["action-burst"].repeat_min_spread == 3


def test_the_example_mage_keeps_his_two_surviving_stats():
    assert adversaries.MAGES[0].stats == {"communication": 5, "tenacity": 3}


def test_chase_examples_are_four_obstacles_three_risks_three_shortcuts():
    kinds = [c.kind for c in rules.CHASES]
    assert (kinds.count("obstacle"), kinds.count("risk"), kinds.count("shortcut")) == (4, 3, 3)


def test_ailments_are_stun_bound_and_bleed_with_their_numbers():
    by_id = {a.id: a for a in rules.AILMENTS}
    assert list(by_id) == ["stun", "bound", "bleed"]
    assert by_id["bound"].roll_penalty == -2 and by_id["bleed"].damage_per_round == 2


def test_glossary_links_point_at_magical_burst_pages():
    for term in rules.GLOSSARY:
        if term.link:
            assert term.link.partition("#")[0] in MB_PAGES, term.id


def test_glossary_anchors_on_pages_of_this_module_exist():
    for term in rules.GLOSSARY:
        page, _, anchor = (term.link or "").partition("#")
        path = DOCS / page
        if anchor and path.exists() and page in MY_PAGES:
            assert anchor in anchors_of(page), f"{term.id}: {term.link}"


MY_PAGES = {"index.md", "ordinary-life.md", "magic.md", "ailments.md", "chases.md", "talents.md",
            "character-creation.md", "monsters.md", "labyrinths.md", "witches-and-mages.md",
            "glossary.md"}


def anchors_of(page: str) -> set[str]:
    """Anchors a page writes by hand ({#x}) plus those its tables generate from data ids."""
    import re
    text = (DOCS / page).read_text("utf-8")
    found = set(re.findall(r"\{#([a-z0-9-]+)\}", text))
    generated = {
        "talents.md": {t.id for t in talents.TALENTS},
        "magic.md": {p.id for p in rules.POWERS} | {s.id for s in rules.STATS},
        "ordinary-life.md": {s.id for s in rules.STATS if s.kind == "mundane"},
    }
    return found | generated.get(page, set())


def test_interpretation_notes_of_this_module_load_with_the_others():
    ids = {n.id for n in load_interpretations(PACKAGE)}
    assert {"knight-is-guardian", "lost-entry-names", "monster-table-lost",
            "killing-blow-fraction"} <= ids


def test_talent_ids_do_not_collide_with_the_talents_page_section_anchors():
    sections = {"affinities", "reading-a-talent", "starting-talents", "basic-talents",
                "common-talents", "guardian-talents", "medium-talents", "striker-talents",
                "talent-index"}
    assert not sections & {t.id for t in talents.TALENTS}


#: Every section heading of seed 002 and the page section that presents it.
SEED_SECTIONS = {
    "Intro": "index.md#intro",
    "The Crux of the Game": "index.md#the-crux-of-the-game",
    "My Ordinary Life": "ordinary-life.md#mundane-stats",
    "Bonds": "ordinary-life.md#bonds",
    "Sorcery and magical powers": "magic.md#magical-attributes",
    "Magical attributes": "magic.md#magical-attributes",
    "Overcharge": "overcharge.md#stages",
    "Sorcery": "magic.md#sorcery",
    "Magical powers": "magic.md#powers",
    "Combat": "combat.md",
    "Space and time": "combat.md",
    "Life and death": "combat.md",
    "Help and hindrance": "ailments.md#ailments",
    "Chases": "chases.md#chases",
    "Affinities & Talents": "talents.md#affinities",
    "Basic Magical Talents": "talents.md#basic-talents",
    "Common Magical Talents": "talents.md#common-talents",
    "Knight Magical Talents": "talents.md#guardian-talents",
    "Medium Magical Talents": "talents.md#medium-talents",
    "Striker Magical Talents": "talents.md#striker-talents",
    "Character Creation and Advancement": "character-creation.md#character-creation",
    "Character creation": "character-creation.md#character-creation",
    "Character advancement": "character-creation.md#advancement",
    "Magical Adversaries": "monsters.md#magical-adversaries",
    "Monsters": "monsters.md#monsters",
    "Boss abilities:": "monsters.md#boss-abilities",
    "Talents:": "monsters.md#monster-talents",
    "Labyrinths": "labyrinths.md#labyrinths",
    "Minions": "monsters.md#minions",
    "Witches": "witches-and-mages.md#witches",
    "Mages": "witches-and-mages.md#mages",
}


@pytest.mark.parametrize("section, target", sorted(SEED_SECTIONS.items()))
def test_every_seed_section_has_a_page_section(section, target):
    page, _, anchor = target.partition("#")
    assert page in MB_PAGES
    if page in MY_PAGES:
        assert (DOCS / page).exists(), page
        if anchor:
            assert anchor in anchors_of(page), target


def test_every_record_source_is_a_seed_section():
    modules = [talents.TALENTS, rules.STATS, rules.POWERS, rules.BOND_EVENTS,
               rules.CREATION_STEPS, rules.ADVANCES, tuple(rules.RULE_VALUES.values()),
               adversaries.MONSTER_LEVELS, adversaries.BOSS_ABILITIES, adversaries.MONSTER_TALENTS,
               adversaries.LABYRINTH_FEATURES, adversaries.MINIONS, adversaries.MAGES,
               rules.AILMENTS, rules.CHASES, rules.GLOSSARY]
    for records in modules:
        for r in records:
            assert r.source.section in SEED_SECTIONS, f"{r.id}: {r.source.section}"


def test_boost_talent_agrees_with_the_dice_rules_boost_numbers():
    from calculators.magical_burst import rules
    boost = talents.TALENTS_BY_ID["boost"]
    assert boost.uses == rules.check_value("boosts-per-scene")
    assert boost.overcharge == rules.check_value("boost-overcharge")
