"""Pages from a player's seat: links land on the widget, words
for players, search finds the rule before its gloss or note, glossary terms as tooltips."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from tests.browser.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
BEHIND = ("glossary/", "interpretation-notes/")


class _Page(HTMLParser):
    """What a built page shows a reader: its links and ids, its text, its heading anchors
    (their title and text) and how many glossary terms carry a tooltip."""

    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.text: list[str] = []
        self.anchors: list[dict] = []
        self.terms = 0
        self._skip = 0
        self._in_anchor = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if tag == "a" and "headerlink" in (attrs.get("class") or "").split():
            self.anchors.append({"title": attrs.get("title"), "text": ""})
            self._in_anchor = True
        if tag == "abbr" and attrs.get("title"):
            self.terms += 1
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag == "a":
            self._in_anchor = False
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)
        if self._in_anchor:
            self.anchors[-1]["text"] += data


def parse(path) -> _Page:
    parser = _Page()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_the_home_page_links_each_calculator_to_its_widget(site_dir):
    home = parse(site_dir / "index.html")
    to_widgets = [h for h in home.hrefs if re.search(r"#(wr|mb|pmm|roll|spellcard)-?[\w-]*$", h)]
    assert len(to_widgets) >= 14
    for href in to_widgets:
        page, _, anchor = href.partition("#")
        target = parse(site_dir / page / "index.html" if page.endswith("/") else site_dir / page)
        assert anchor in target.ids, href
        assert f'id="{anchor}" data-calc=' in (site_dir / page / "index.html").read_text(), href


def test_a_link_from_the_home_page_shows_the_widget_on_a_phone(browser, base_url):
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    page.goto(base_url)
    page.tap("a:text-is('pool odds and raises')")
    page.wait_for_url(re.compile(r"dice-pools/#roll-keep$"))
    page.wait_for_function(  # instant navigation changes the address before the page
        "(document.querySelector('#roll-keep') || {getBoundingClientRect: () => ({top: 1e9})})"
        ".getBoundingClientRect().top < 200", timeout=30_000)
    top = page.evaluate("document.querySelector('#roll-keep').getBoundingClientRect().top")
    assert 0 <= top < 200
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "home-link-to-widget-phone.png"))
    context.close()


def test_reader_pages_cite_rule_books_and_show_no_command_lines(site_dir):
    for path in site_dir.rglob("index.html"):
        text = " ".join(parse(path).text)
        assert not re.search(r"\bseed 00\d", text), path
        assert ".venv" not in text and "python -m" not in text, path
    combat = " ".join(parse(site_dir / "western-roses" / "combat" / "index.html").text)
    assert "Western Roses v0.6 — Versus Checks" in combat


def test_each_glossary_term_is_its_own_search_entry_ranked_below_rules(site_dir):
    index = json.loads((site_dir / "search" / "search_index.json").read_text())
    by_location = {doc["location"]: doc for doc in index["docs"]}
    for location, title in [("western-roses/glossary/#ability", "Ability"),
                            ("post-magic-maid/glossary/#tier", "Tier"),
                            ("magical-burst/glossary/#affinity", "Affinity"),
                            ("roll-and-keep/glossary/#emphasis", "Emphasis")]:
        assert by_location[location]["title"] == title
        assert by_location[location].get("boost") == 0.5
    assert by_location["western-roses/interpretation-notes/"].get("boost") == 0.5
    assert "boost" not in by_location["western-roses/combat/"]


def search(page, query: str) -> list[str]:
    """The result links Material's search lists for ``query``, best first."""
    page.click("input.md-search__input")
    page.wait_for_function(  # the index is loaded in a worker; a query typed before is lost
        "(document.querySelector('.md-search-result__meta') || {}).textContent "
        "!== 'Initializing search'", timeout=30_000)
    page.type("input.md-search__input", query, delay=20)  # Material listens for key presses
    page.wait_for_selector(".md-search-result__item a", timeout=30_000)
    page.wait_for_timeout(500)  # the list settles as the query is re-run
    return page.eval_on_selector_all(".md-search-result__item > a",
                                     "links => links.map((a) => a.href)")


@pytest.mark.parametrize("query, expected", [
    ("Fury Burst", "magical-burst/overcharge/"),
    ("emphasis", "roll-and-keep/dice-pools/"),
    ("AOE", "western-roses/spellcards/"),
])
def test_search_finds_the_rule_before_its_gloss_or_note(page, base_url, query, expected):
    page.goto(base_url)
    results = search(page, query)
    assert results, query
    assert expected in results[0], results[:3]
    first_behind = next((i for i, href in enumerate(results) if any(b in href for b in BEHIND)),
                        len(results))
    first_rule = next(i for i, href in enumerate(results) if expected in href)
    assert first_rule < first_behind
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"search-{query.replace(' ', '-').lower()}-desktop.png"))


def test_a_glossary_term_shows_its_definition_as_a_tooltip_on_a_rules_page(page, base_url):
    page.goto(base_url + "western-roses/combat/")
    term = page.locator("article abbr", has_text=re.compile(r"^Turn$")).first
    term.scroll_into_view_if_needed()
    term.hover()
    page.wait_for_function(
        "Array.from(document.querySelectorAll('[class*=tooltip]')).some((el) => "
        "el.offsetParent !== null && el.textContent.includes(\"One character's go in a round\"))",
        timeout=10_000)
    page.wait_for_timeout(400)  # let it finish fading in, for the screenshot
    page.screenshot(path=str(ARTIFACTS / "glossary-tooltip-desktop.png"))


def test_heading_anchors_carry_no_tooltip_and_glossary_terms_keep_theirs(site_dir):
    """The theme sets up a tooltip for every titled element of a page as it loads. The heading
    anchors' "Permanent link" titles were 31 of the overcharge page's 71 and about a third of
    its start-up scripting on Lighthouse's phone, so they carry none (mkdocs.yml, toc); each
    keeps its visible text, and the glossary terms keep their tooltips."""
    pages = {path: parse(path) for path in site_dir.rglob("index.html")}
    for path, page in pages.items():
        assert page.anchors, path
        assert all(a["title"] is None and a["text"].strip() for a in page.anchors), path
    assert pages[site_dir / "magical-burst" / "overcharge" / "index.html"].terms > 0


def test_a_rule_link_to_another_page_previews_it_and_a_same_page_link_does_not(page, base_url):
    """Previews of rule links, kept light for the page's weight: only links to
    another page are previewed (build_scripts/previews.py)."""
    page.goto(base_url + "western-roses/combat/")
    article = page.locator("article")
    same_page = article.locator("a.headerlink").first
    assert same_page.get_attribute("data-preview") is None
    link = article.locator("a[data-preview][href*='/basic-rolls/#']").first
    target = link.get_attribute("href").split("#")[-1]
    link.scroll_into_view_if_needed()
    link.hover()
    # Material draws the linked section of the other page in a pop-over beside the link.
    page.wait_for_function(
        "(id) => Array.from(document.querySelectorAll('.md-tooltip2')).some((el) => "
        "el.offsetParent !== null && el.querySelector(`a.headerlink[href$='#${id}']`))", arg=target,
        timeout=15_000)
    page.wait_for_timeout(400)
    page.screenshot(path=str(ARTIFACTS / "rule-link-preview-desktop.png"))
