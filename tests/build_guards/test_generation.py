"""The generation step writes plain Markdown that any builder renders as it is, and imports
no builder to do it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml

from build_scripts.generate import DOCS, from_source_folder, generate, split_front_matter

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("generated")
    generate(DOCS, out, build_id="0123456789ab")
    return out


def front_matter(path: Path) -> dict:
    front, _ = split_front_matter(path.read_text(encoding="utf-8"))
    return yaml.safe_load(front) or {}


def test_every_file_of_docs_is_generated_and_no_page_keeps_a_template_marker(generated):
    sources = sorted(p.relative_to(DOCS) for p in DOCS.rglob("*") if p.is_file())
    assert sorted(p.relative_to(generated) for p in generated.rglob("*") if p.is_file()) \
        == sources
    for page in generated.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert "{{" not in text and "{%" not in text, page


def test_a_page_with_calculators_lists_them_and_the_build_for_the_head_to_start_python(
        generated):
    meta = front_matter(generated / "magical-burst/checks.md")
    body = (generated / "magical-burst/checks.md").read_text(encoding="utf-8")
    named = sorted({part.split('"')[0] for part in body.split('data-calc="')[1:]})
    assert meta["calculators"] == named and "mb-check" in named
    assert meta["calculator_build"] == "0123456789ab"
    assert body.count('data-calc-build="0123456789ab"') == body.count('data-calc="')


def test_a_page_without_calculators_has_no_calculator_keys_and_keeps_its_own_front_matter(
        generated):
    meta = front_matter(generated / "magical-burst/glossary.md")
    assert meta == {"search": {"boost": 0.5}}
    assert front_matter(generated / "western-roses/index.md") == {}


def test_a_systems_pages_carry_its_glossary_as_abbreviations_and_the_glossary_does_not(
        generated):
    combat = (generated / "western-roses/combat.md").read_text(encoding="utf-8")
    glossary = (generated / "western-roses/glossary.md").read_text(encoding="utf-8")
    assert "\n*[" in combat
    assert "\n*[" not in glossary


@pytest.mark.parametrize("href", [
    "./#a", "../b/", "../b/?b.x=1#b", "../../", "../../other/page/#z", "./?a.x=1#a",
    "../../assets/images/icon.png",
])
@pytest.mark.parametrize("src", ["sys/a.md", "a.md", "sys/deeper/a.md"])
def test_html_links_for_zensical_land_where_the_page_relative_ones_do(src, href):
    # Zensical, measured: a relative address in a non-index page's HTML gets "../" in front.
    page = urljoin("http://site.invalid/", src.removesuffix(".md") + "/")
    rewritten = from_source_folder(f'<a href="{href}">x</a>', src)
    written = rewritten.removeprefix('<a href="').removesuffix('">x</a>')
    assert urljoin(page, "../" + written) == urljoin(page, href)


def test_html_links_of_an_index_page_and_fragments_queries_and_other_sites_stay():
    for src, html in [("sys/index.md", '<a href="../b/">'), ("sys/a.md", '<a href="#x">'),
                      ("sys/a.md", '<a href="?a.x=1#a">'), ("sys/a.md", '<a href="https://x/">'),
                      ("sys/a.md", "[md](../b.md)")]:
        assert from_source_folder(html, src) == html


def test_a_second_generation_rewrites_nothing_and_drops_what_docs_no_longer_has(tmp_path):
    docs = tmp_path / "docs"
    (docs / "sys").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n\n[A](sys/a.md)\n")
    (docs / "sys" / "a.md").write_text("# A\n")
    out = tmp_path / "out"
    generate(docs, out, build_id="b")
    stamp = (out / "index.md").stat().st_mtime_ns
    (docs / "sys" / "a.md").unlink()
    generate(docs, out, build_id="b")
    assert (out / "index.md").stat().st_mtime_ns == stamp
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == ["index.md"]


def test_generating_building_and_finishing_import_no_site_builder():
    probe = ("import sys; import build_scripts.make_site, build_scripts.serve; "
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'mkdocs', 'zensical', "
             "'material'}))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "[]"
