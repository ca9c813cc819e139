"""Every topic a source covers has a section on that system's pages.

The topics and their sections are the repository's own map, ``source_coverage.COVERAGE``; each
entry names the section(s) of the built site that present a topic, as "page/path/#anchor", and
the test opens the strictly built site and checks that every such page exists, belongs to the
system, and has an element with that id. That runs on any clone.

Where the seeds' README is beside the repository (``../shared/seeds``), its "what it covers"
column is parsed too, and the map must name exactly its topics: a topic added there without an
entry in the map fails, by name. On a plain clone that check is skipped, saying why.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from source_coverage import COVERAGE, NOT_A_RULE_SECTION, SYSTEM_FOLDERS
from source_texts import seed_text

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
    """The README's topics per seed file (skips the calling test where it is absent)."""
    return readme_topics(seed_text("README.md"))


def test_topic_splitting_expands_groups_and_strips_bold():
    cell = ("a (b, c (d, e)), **f g** (h/i, j), k / l, m (n)")
    assert topics_of(cell) == ["a", "a: b", "a: c (d, e)", "f g", "f g: h/i", "f g: j",
                               "k / l", "m", "m: n"]


def test_every_seed_file_in_the_readme_has_a_coverage_map():
    assert sorted(readme()) == sorted(COVERAGE) == sorted(SYSTEM_FOLDERS)


def readme_problems(seed: str) -> list[str]:
    """Where the map and the README's row for ``seed`` disagree."""
    listed, mapped = readme().get(seed, []), COVERAGE[seed]
    problems = [f"{topic!r} is listed twice in the README row"
                for topic, n in Counter(listed).items() if n > 1]
    problems += [f"{topic!r} (README) has no entry in COVERAGE" for topic in listed
                 if topic not in mapped]
    problems += [f"{topic!r} (COVERAGE) is not a topic of the README row" for topic in mapped
                 if topic not in listed]
    return problems


@pytest.mark.parametrize("seed", sorted(COVERAGE))
def test_the_map_names_exactly_the_readmes_topics(seed):
    problems = readme_problems(seed)
    assert not problems, f"{seed}: {len(problems)} problem(s):\n  " + "\n  ".join(problems)


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
    problems: list[str] = []
    for topic, value in COVERAGE[seed].items():
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
