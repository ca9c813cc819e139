"""The built site as files: every internal link and anchor resolves, no template is left
unrendered, and only pages with calculators ask for Python.

MkDocs checks the links written in Markdown; these checks also cover links inside generated
HTML (widget rules links, links in calculator answers) that MkDocs cannot see, and which
Zensical rewrites (both builds are checked).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from build_scripts import runtime
from builders import EVERY_BUILDER
from calculators.errors import RuleRef
from calculators.magical_burst.character import RULE_PAGES as MB_RULES
from calculators.post_magic_maid.sheet import RULE_PAGES as PMM_RULES
from calculators.western_roses.character import RULE_PAGES as WR_RULES
from calculators.western_roses.spellcards.rules import SKILL_GROUPS
from calculators.western_roses.spellcards.legality import SPELLCARDS_URL

pytestmark = [pytest.mark.browser, EVERY_BUILDER]

BASE = "http://site.invalid/"


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag in ("script", "style", "code", "pre", "textarea"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "code", "pre", "textarea"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


@pytest.fixture(scope="module")
def pages(site_dir) -> dict[str, _Page]:
    parsed = {}
    for html in sorted(site_dir.rglob("*.html")):
        page = _Page()
        page.feed(html.read_text(encoding="utf-8"))
        parsed[html.relative_to(site_dir).as_posix()] = page
    return parsed


def _target_file(url_path: str) -> str:
    path = unquote(url_path).lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path


def test_every_internal_link_and_anchor_resolves(pages, site_dir):
    broken = []
    for source, page in pages.items():
        here = urljoin(BASE, source)
        for href in page.links:
            url = urlparse(urljoin(here, href))
            if f"{url.scheme}://{url.netloc}/" != BASE:
                continue  # there should be none; test_widgets checks no request leaves
            target = _target_file(url.path)
            if target not in pages and not (site_dir / target).exists():
                broken.append(f"{source}: {href} (no {target})")
            elif url.fragment and target in pages and url.fragment not in pages[target].ids:
                broken.append(f"{source}: {href} (no #{url.fragment} in {target})")
    assert not broken, "\n".join(broken[:40])


def test_no_page_shows_unrendered_template_syntax(pages):
    leftovers = [source for source, page in pages.items()
                 if re.search(r"\{\{|\{%|%\}|\}\}", " ".join(page.text))]
    assert not leftovers


def test_the_site_ships_the_builds_standard_library(site_dir):
    shipped = site_dir / runtime.SITE_DIR / runtime.STDLIB
    assert shipped.read_bytes() == runtime.stdlib_zip(runtime.source_digest()).read_bytes()


def test_only_pages_with_calculators_start_python_from_the_head(site_dir):
    for html in site_dir.rglob("index.html"):
        text = html.read_text(encoding="utf-8")
        early = text.find("window.rpgEarlyWorker")
        assert (early != -1) == ("data-calc=" in text), html
        if early != -1:  # ahead of the stylesheets, which would hold it back
            assert early < text.find('<link rel="stylesheet"'), html


#: A spellcard's special skill of another profession links its group's section.
SKILL_GROUP_RULES = {g.name: RuleRef(g.name, f"{SPELLCARDS_URL}#{g.id}")
                     for g in SKILL_GROUPS.values() if g.parent is None}


@pytest.mark.parametrize("rule_pages", [WR_RULES, MB_RULES, PMM_RULES, SKILL_GROUP_RULES],
                         ids=["western-roses", "magical-burst", "post-magic-maid",
                              "spellcard-skills"])
def test_every_rule_a_broken_choice_links_to_is_a_section_of_the_site(pages, rule_pages):
    """The links a character builder's messages carry (each module's ``RULE_PAGES``) are made
    in the browser, so the link check above never sees them."""
    for section, ref in rule_pages.items():
        path, _, anchor = ref.url.partition("#")
        target = _target_file(path)
        assert target in pages, f"{section}: no page {target}"
        assert anchor in pages[target].ids, f"{section}: no #{anchor} in {target}"
