"""What the second line-by-line reading of the sources found, checked on the built
pages: the corrected statements, the readings each links to, and every named contradiction on
its system's interpretation-notes page with the source section it concerns.

These read the strictly built HTML (no browser needed); the site is built once per session by
``conftest.site_dir``.
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path

import pytest

from calculators.interpretations import load_interpretations
from calculators.systems import SYSTEMS

#: System folder -> the package of its rule data.
PACKAGES = {s.folder: s.package for s in SYSTEMS}

#: The contradictions and gaps that reading named, by system: each must be a note, on the page.
NAMED_NOTES = {
    "western-roses": [
        "physical-range-from-the-weapon", "danmaku-range-is-less-than-the-stat",
        "speed-versus-roll", "average-roll-of-the-average-stat", "drunken-master-fists",
        "resilience-at-least-one", "damage-modifier-priced-at-the-margin",
        "critical-window-three-totals", "small-pool-can-beat-a-larger-one",
        "skill-bonuses-are-roll-modifiers", "manipulation-uses-the-ability-pick",
        "spell-power-collected-within-three-spaces", "reflex-save-is-charisma",
        "style-is-profession", "options-follow-spell-power-held", "stat-damage-dice",
        "elemental-manipulations", "card-to-hit-roll", "attack-cards-need-damage",
        "defensive-cards-need-an-effect", "defender-and-training-apart"],
    "roll-and-keep": [
        "excess-dice-pairs-not-halvings", "contest-ties-roll-again", "unskilled-in-contests",
        "emphasis-on-an-unskilled-roll", "who-chooses-unmet-empty-raises"],
    "magical-burst": [
        "magical-check-thresholds", "wound-resolve-penalty", "girl-with-no-bonds",
        "monster-overcharge-pool", "chase-distance-goes-down", "wound-level-by-total-damage",
        "no-resolve-and-rising-again", "sorcery-final-score", "contest-ties"],
    "post-magic-maid": [
        "one-blitz-point-a-round", "given-away-ace", "automatic-25-and-several-actions",
        "assisting-uses-an-action"],
}


@functools.cache
def page_html(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


def plain(fragment: str) -> str:
    """Visible text of an HTML fragment, whitespace collapsed."""
    fragment = re.sub(r"<(script|style)\b.*?</\1>", " ", fragment, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def section(site: Path, path: str, anchor: str) -> str:
    """The text of the section whose heading has ``id=anchor``, up to the next heading of the
    same or a higher level."""
    source = page_html(site, path)
    match = re.search(rf'<h([1-6])[^>]*\bid="{re.escape(anchor)}"', source)
    assert match, f"{path} has no heading #{anchor}"
    level = int(match.group(1))
    end = re.compile(rf"<h[1-{level}]\b").search(source, match.end())
    return plain(source[match.start():end.start() if end else len(source)])


@pytest.mark.parametrize("system", sorted(NAMED_NOTES))
def test_every_named_contradiction_is_on_the_notes_page_with_its_source(site_dir, system):
    notes = {n.id: n for n in load_interpretations(PACKAGES[system])}
    missing = [i for i in NAMED_NOTES[system] if i not in notes]
    assert not missing, f"no interpretation note for {missing}"
    for note_id in NAMED_NOTES[system]:
        text = section(site_dir, f"{system}/interpretation-notes", note_id)
        assert notes[note_id].source.cite() in text, note_id
        assert "Reading taken here" in text and "Why" in text, note_id


def test_weapon_ranges_override_the_one_space_physical_reach(site_dir):
    text = section(site_dir, "western-roses/combat", "attacking-and-dodging")
    assert "overrides" in text and "spear" in text and "broom reaches 2 spaces" in text
    assert "thrown weapon a share of the range stat" in text


def test_turn_order_says_what_a_speed_below_3_rolls_and_computes_the_tie(site_dir):
    text = section(site_dir, "western-roses/combat", "turn-order")
    assert "speed below 3 rolls no dice" in text
    # The pre-rendered answer for two speed-2 characters: every roll ties.
    assert "never settles" in text and "no dice (stat 2, a total of 0)" in text


def test_the_average_stats_dice_average_14_not_12(site_dir):
    text = section(site_dir, "western-roses/basic-rolls", "target-numbers")
    assert "4d averages 14" in text and "not about 12 as the source puts it" in text


def test_the_crit_rule_shows_a_small_pool_beating_a_larger_one(site_dir):
    text = section(site_dir, "western-roses/basic-rolls", "critical-success-and-failure")
    assert "1d succeeds 50.0% of the time and 2d only 16.7%" in text


def test_spellcards_say_a_card_has_no_upper_cost_and_who_can_pay_above_400(site_dir):
    text = plain(page_html(site_dir, "western-roses/spellcards"))
    assert "no upper limit" in text and "up to 600" in text and "Librarian" in text


def test_the_doll_master_and_guardian_level_1_rules_are_restated(site_dir):
    dolls = section(site_dir, "western-roses/character-creation", "doll-master")
    for rule in ("not damaged", "emotional bond", "halved for moving", "mind-altering",
                 "Below 0 HP", "−100"):
        assert rule in dolls, rule
    guardian = section(site_dir, "western-roses/character-creation", "guardian")
    assert "under attack" in guardian and "Guardians of places" in guardian


def test_the_magical_thresholds_are_called_a_reading_on_the_check_page(site_dir):
    text = section(site_dir, "magical-burst/checks", "magical-checks")
    assert "The source gives them only for mundane stats" in text
    assert "magical-check-thresholds" in page_html(site_dir, "magical-burst/checks")
    # The pre-rendered mb-check answer says so too.
    widget = section(site_dir, "magical-burst/checks", "check-calculator")
    assert "reading: Success thresholds for a magical check" in widget


def test_challenge_is_defined_for_unopposed_rolls_too(site_dir):
    assert "on its own against a number" in section(site_dir, "magical-burst/glossary", "challenge")


def test_the_alarm_mark_talent_has_no_asterisk(site_dir):
    text = plain(page_html(site_dir, "magical-burst/talents"))
    assert re.search(r"Name lost \(alarm mark\)(?! \*)", text)


def test_wounds_take_tenacity_off_once_and_never_raise_maximum_resolve(site_dir):
    text = section(site_dir, "magical-burst/combat", "wounds")
    assert "take her Tenacity off the sum once" in text
    assert "never raises her maximum" in text


def test_every_always_on_bonus_off_the_sheet_is_named_in_its_note_on_the_notes_page(site_dir):
    """Each number a character sheet does not count has its note on the
    system's interpretation-notes page, naming it (the table: tests/always_on_bonuses.py)."""
    from always_on_bonuses import BONUSES, NOTES_PAGES, SHEET, names_in_note

    for bonus in BONUSES:
        if bonus.where == SHEET:
            continue
        text = section(site_dir, NOTES_PAGES[bonus.seed], bonus.where).lower()
        assert "reading taken here" in text, bonus.where
        names = names_in_note(bonus)
        assert any(name.lower() in text for name in names), (bonus.key, names)
