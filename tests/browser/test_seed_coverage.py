"""Every topic a source covers has a section on that system's pages.

The list of topics is the "what it covers" column of the seeds' README (one row per seed file),
parsed here, so a topic added there without an entry in ``COVERAGE`` fails, by name. Each entry
names the section(s) of the built site that present the topic, as "page/path/#anchor"; the test
opens the strictly built site and checks that every such page exists, belongs to the system, and
has an element with that id.

Topic keys: a top-level topic is its text as written (bold markers stripped); an item of a
parenthesised group is "topic: item", so that the same words under two topics (Western Roses'
"elemental affinity") stay two entries.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "README.md"

#: Seed file -> the folder of the built site holding that system's pages.
SYSTEM_FOLDERS = {
    "000_3481892bc7cdecd5.txt": "western-roses/",
    "001_46d3c7a1980aa35d.txt": "roll-and-keep/",
    "002_f32d69e9731a3667.txt": "magical-burst/",
    "003_1585970b7e222c64.txt": "post-magic-maid/",
}

#: Pages that explain or define but are not where a rule is presented.
NOT_A_RULE_SECTION = ("glossary/", "interpretation-notes/")

WR_STATS = ("western-roses/basic-rolls/#dice-from-a-stat", "western-roses/basic-rolls/#dice-by-stat")
MB_TABLES = tuple(f"magical-burst/overcharge/#{stat}-{table}"
                  for stat in ("heart", "fury", "judgment")
                  for table in ("minor-flairs", "major-flairs", "changes"))

#: Seed file -> README topic -> the page section(s) presenting it.
COVERAGE: dict[str, dict[str, str | tuple[str, ...]]] = {
    "000_3481892bc7cdecd5.txt": {
        "Nd6 checks": ("western-roses/basic-rolls/#dice-from-a-stat",
                       "western-roses/basic-rolls/#target-numbers"),
        "Nd6 checks: one die per 3 stat points": WR_STATS,
        "Nd6 checks: modifiers": "western-roses/basic-rolls/#modifiers",
        "Nd6 checks: margins": "western-roses/basic-rolls/#margins",
        "Nd6 checks: critical success/failure":
            "western-roses/basic-rolls/#critical-success-and-failure",
        "versus checks": "western-roses/combat/#versus-checks",
        "major stats and sub-stats": "western-roses/character-creation/#stats",
        "character creation": "western-roses/character-creation/#steps",
        "character creation: shot-types": "western-roses/character-creation/#shot-types",
        "character creation: races": "western-roses/character-creation/#races",
        "character creation: professions": "western-roses/character-creation/#professions",
        "character creation: elemental affinity":
            "western-roses/character-creation/#elemental-affinity",
        "character creation: bonus points": "western-roses/character-creation/#bonus-points",
        "character creation: skills": "western-roses/character-creation/#skills",
        "character creation: abilities": "western-roses/character-creation/#abilities",
        "character creation: manipulation abilities":
            "western-roses/character-creation/#manipulation-abilities",
        "spellcards and their point costs": "western-roses/spellcards/#spellcard-costs",
        "spellcards and their point costs: types": "western-roses/spellcards/#card-types",
        "spellcards and their point costs: bombs": "western-roses/spellcards/#bombs",
        "spellcards and their point costs: to-hit": "western-roses/spellcards/#to-hit",
        "spellcards and their point costs: targets/AOE": ("western-roses/spellcards/#targets",
                                                          "western-roses/spellcards/#aoe"),
        "spellcards and their point costs: duration": "western-roses/spellcards/#duration",
        "spellcards and their point costs: attack power": "western-roses/spellcards/#attack-power",
        "spellcards and their point costs: elemental affinity":
            "western-roses/spellcards/#elemental-affinity",
        "spellcards and their point costs: profession-only special skills":
            "western-roses/spellcards/#special-skills",
        "deck limits": "western-roses/spellcards/#deck-limits",
        "combat turn and actions": ("western-roses/combat/#turn-order",
                                    "western-roses/combat/#actions"),
        "attacking/dodging/grazing": ("western-roses/combat/#attacking-and-dodging",
                                      "western-roses/combat/#grazing"),
        "spell-meter": "western-roses/combat/#spell-meter",
        "damage rolls": "western-roses/combat/#damage-rolls",
        "items": ("western-roses/items/#clothing", "western-roses/items/#weapons",
                  "western-roses/items/#armour"),
        "spell power": "western-roses/combat/#spell-power",
        "status effects": "western-roses/status-effects/#status-effects",
        "drinking": "western-roses/status-effects/#drinking",
        "elements and their two cycles": ("western-roses/elements/#first-cycle",
                                          "western-roses/elements/#second-cycle"),
    },
    "001_46d3c7a1980aa35d.txt": {
        "XkY+Z dice pools on d10s": ("roll-and-keep/#xkyz", "roll-and-keep/dice-pools/#rolling"),
        "XkY+Z dice pools on d10s: 0 = 10": "roll-and-keep/dice-pools/#d10s",
        "emphasis": "roll-and-keep/dice-pools/#emphasis",
        "emphasis: re-roll 1s once": "roll-and-keep/dice-pools/#emphasis",
        "emphasis: before explosions": "roll-and-keep/dice-pools/#emphasis",
        "exploding 10s": "roll-and-keep/dice-pools/#explosions",
        "unskilled rolls": "roll-and-keep/dice-pools/#unskilled",
        "unskilled rolls: no explosion": "roll-and-keep/dice-pools/#unskilled",
        "assembling a pool": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: attribute": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: skill": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: modifiers": "roll-and-keep/dice-pools/#assembling",
        "assembling a pool: normalisation above 10 rolled dice and kept > rolled":
            "roll-and-keep/dice-pools/#limits",
        "tests vs contests": "roll-and-keep/tests-and-raises/#tests-and-contests",
        "raises and maneuvers": ("roll-and-keep/tests-and-raises/#raises",
                                 "roll-and-keep/tests-and-raises/#maneuvers"),
        "blank effects": "roll-and-keep/other-rules/#blank",
        "marks": "roll-and-keep/other-rules/#marks",
        "movement": "roll-and-keep/other-rules/#movement",
        "reducing gains and maluses": ("roll-and-keep/other-rules/#gains-and-maluses",
                                       "roll-and-keep/other-rules/#reducing"),
    },
    "002_f32d69e9731a3667.txt": {
        "mundane stats": "magical-burst/ordinary-life/#mundane-stats",
        "mundane stats: 2d6 + stat": "magical-burst/checks/#mundane-checks",
        "mundane stats: 9+ success": "magical-burst/checks/#mundane-checks",
        "mundane stats: 13+ major": "magical-burst/checks/#mundane-checks",
        "bonds": "magical-burst/ordinary-life/#bonds",
        "magical stats": "magical-burst/magic/#magical-attributes",
        "magical stats: Heart": "magical-burst/magic/#heart",
        "magical stats: Fury": "magical-burst/magic/#fury",
        "magical stats: Judgment as Attack/Defence/Support": (
            "magical-burst/magic/#judgment", "magical-burst/magic/#attack-defence-support"),
        "overcharge": ("magical-burst/overcharge/#stages",
                       "magical-burst/overcharge/#gaining-overcharge"),
        "overcharge: exploding sixes": ("magical-burst/checks/#magical-checks",
                                        "magical-burst/overcharge/#gain-sixes"),
        "overcharge: stages 1-4 / 5-7 / 8-10 / 11-12 / 13+": tuple(
            f"magical-burst/overcharge/#stage-{stage}"
            for stage in ("minor-flair", "major-flair", "temporary-change", "permanent-change",
                          "burst")),
        "overcharge: flair and change tables per stat": MB_TABLES,
        "overcharge: the three bursts": ("magical-burst/overcharge/#heart-burst",
                                         "magical-burst/overcharge/#fury-burst",
                                         "magical-burst/overcharge/#judgment-burst"),
        "sorcery difficulty windows and side effects": ("magical-burst/checks/#sorcery",
                                                        "magical-burst/checks/#side-effect"),
        "powers": "magical-burst/magic/#powers",
        "combat": "magical-burst/combat/#combat",
        "combat: hex grid": "magical-burst/combat/#hex-grid",
        "combat: initiative": "magical-burst/combat/#initiative",
        "combat: resolve": "magical-burst/combat/#resolve",
        "combat: wounds": "magical-burst/combat/#wounds",
        "combat: attacks and damage": "magical-burst/combat/#attacks-and-damage",
        "ailments": "magical-burst/ailments/#ailments",
        "chases": "magical-burst/chases/#chases",
        "affinities and talents": ("magical-burst/talents/#affinities",
                                   "magical-burst/talents/#talent-index"),
        "character creation and XP": ("magical-burst/character-creation/#character-creation",
                                      "magical-burst/character-creation/#advancement"),
        "monsters": "magical-burst/monsters/#monsters",
        "boss abilities": "magical-burst/monsters/#boss-abilities",
        "labyrinths": "magical-burst/labyrinths/#labyrinths",
        "minions": "magical-burst/monsters/#minions",
        "witches": "magical-burst/witches-and-mages/#witches",
        "mages": "magical-burst/witches-and-mages/#mages",
    },
    "003_1585970b7e222c64.txt": {
        # The README's "six attributes rolled on two d6, two d8, one d12 and one d20" splits at
        # its commas like any other list; each die has its own row in the attributes table.
        "six attributes rolled on two d6": ("post-magic-maid/checks/#attributes",
                                            "post-magic-maid/checks/#start-d6"),
        "two d8": "post-magic-maid/checks/#start-d8",
        "one d12 and one d20": ("post-magic-maid/checks/#start-d12",
                                "post-magic-maid/checks/#start-d20"),
        "two-die checks vs tiers 10/15/20/25": ("post-magic-maid/checks/#checks",
                                                "post-magic-maid/checks/#tiers"),
        "attribute and ability bonuses": "post-magic-maid/checks/#bonuses",
        "advancement and die advancement": ("post-magic-maid/advancement/#level-ups",
                                            "post-magic-maid/advancement/#die-advancement"),
        "magic d6": "post-magic-maid/blitz-and-initiative/#magic",
        "blitz points": "post-magic-maid/blitz-and-initiative/#blitz-points",
        "blitz points: poker deck with jokers": "post-magic-maid/blitz-and-initiative/#deck",
        "initiative by cards": "post-magic-maid/blitz-and-initiative/#initiative",
        "multiple actions": "post-magic-maid/blitz-and-initiative/#multiple-actions",
        "assists": "post-magic-maid/blitz-and-initiative/#assists",
        "contested tiers": "post-magic-maid/checks/#contested-actions",
        "blunt and rending wound tracks": ("post-magic-maid/wounds/#blunt",
                                           "post-magic-maid/wounds/#rending"),
        "healing": "post-magic-maid/wounds/#healing",
    },
}


# --- The README's table -------------------------------------------------------------------

def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split on ``sep`` outside parentheses; empty pieces are dropped."""
    parts, depth, current = [], 0, []
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        if char == sep and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def groups_of(part: str) -> tuple[str, list[str]]:
    """A topic's own words and the contents of its top-level parenthesised groups."""
    head, groups, depth, current = [], [], 0, []
    for char in part:
        if char == "(":
            depth += 1
            if depth == 1:
                continue
        elif char == ")" and depth:
            depth -= 1
            if depth == 0:
                groups.append("".join(current))
                current = []
                continue
        (current if depth else head).append(char)
    if depth:  # an unclosed parenthesis: keep its text in the topic's words
        head.append("(" + "".join(current))
    return " ".join("".join(head).split()), groups


def topics_of(cell: str) -> list[str]:
    """The topics of one "what it covers" cell, sub-topics as "topic: item"."""
    cell = re.sub(r"\*\*|__|`", "", cell)
    topics = []
    for part in split_top_level(cell):
        head, groups = groups_of(part)
        if head:
            topics.append(head)
        for group in groups:
            for item in split_top_level(group):
                item = " ".join(item.split())
                topics.append(f"{head}: {item}" if head else item)
    return topics


def readme_topics(text: str) -> dict[str, list[str]]:
    """Seed file -> its topics, from the README's Markdown table."""
    rows = [line.strip() for line in text.splitlines() if line.strip().startswith("|")]
    assert rows, "the seeds README has no table"
    header = [c.strip().lower() for c in rows[0].strip("|").split("|")]
    file_col, covers_col = header.index("file"), header.index("what it covers")
    table = {}
    for row in rows[1:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        if all(set(c) <= set("-: ") for c in cells):
            continue  # the separator row
        table[cells[file_col].strip("`* ")] = topics_of(cells[covers_col])
    return table


@functools.cache
def readme() -> dict[str, list[str]]:
    return readme_topics(README.read_text("utf-8"))


def test_topic_splitting_expands_groups_and_strips_bold():
    cell = ("a (b, c (d, e)), **f g** (h/i, j), k / l, m (n)")
    assert topics_of(cell) == ["a", "a: b", "a: c (d, e)", "f g", "f g: h/i", "f g: j",
                               "k / l", "m", "m: n"]


def test_every_seed_file_in_the_readme_has_a_coverage_map():
    assert sorted(readme()) == sorted(COVERAGE) == sorted(SYSTEM_FOLDERS)


# --- The built site -----------------------------------------------------------------------

class IdCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)


@functools.cache
def ids_on(page: Path) -> frozenset[str] | None:
    if not page.is_file():
        return None
    collector = IdCollector()
    collector.feed(page.read_text("utf-8"))
    return frozenset(collector.ids)


def targets(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def problems_with(site_dir: Path, seed: str) -> list[str]:
    folder = SYSTEM_FOLDERS[seed]
    listed, mapped = readme().get(seed, []), COVERAGE[seed]
    problems = [f"{topic!r} is listed twice in the README row"
                for topic, n in Counter(listed).items() if n > 1]
    problems += [f"{topic!r} (README) has no entry in COVERAGE" for topic in listed
                 if topic not in mapped]
    problems += [f"{topic!r} (COVERAGE) is not a topic of the README row" for topic in mapped
                 if topic not in listed]
    for topic, value in mapped.items():
        if not targets(value):
            problems.append(f"{topic!r}: no page section named")
        for target in targets(value):
            path, _, anchor = target.partition("#")
            if not path.startswith(folder) or not path.endswith("/") or not anchor:
                problems.append(f"{topic!r}: {target} is not 'page/#anchor' under {folder}")
                continue
            if path.endswith(NOT_A_RULE_SECTION):
                problems.append(f"{topic!r}: {target} is a glossary or note, not a rule section")
            ids = ids_on(site_dir / path / "index.html")
            if ids is None:
                problems.append(f"{topic!r}: page {path} is not in the built site")
            elif anchor not in ids:
                problems.append(f"{topic!r}: {path} has no section #{anchor}")
    return problems


#: Topics with no page section yet: (seed file, topic) -> reason. Empty while every topic is
#: covered; an entry here turns that seed's test into a strict expected failure.
MISSING: dict[tuple[str, str], str] = {}


def seed_params():
    for seed in sorted(COVERAGE):
        missing = [topic for (s, topic) in MISSING if s == seed]
        marks = [pytest.mark.xfail(strict=True, reason=f"{topic} has no page section yet")
                 for topic in missing]
        yield pytest.param(seed, id=f"{seed[:3]}-{SYSTEM_FOLDERS[seed].rstrip('/')}", marks=marks)


@pytest.mark.parametrize("seed", list(seed_params()))
def test_every_topic_the_seed_covers_has_a_section_on_its_systems_pages(site_dir, seed):
    problems = problems_with(site_dir, seed)
    assert not problems, f"{seed}: {len(problems)} problem(s):\n  " + "\n  ".join(problems)
