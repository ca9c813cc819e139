"""The finishing HTML passes touch a built page's content only, whatever built it."""

from __future__ import annotations

import pytest

from build_scripts.finish import FinishError, mark_content

PAGE = """<html><body><nav><a href="../other/">Other page in the navigation</a></nav>
<article class="md-content__inner md-typeset"><h1>Combat</h1>
<h2 id="a">Attacks</h2><p><abbr title="Burst: def">Burst</abbr> and
<abbr title="Burst: def">Burst</abbr>; see <a href="../other/#x">the rule</a> and
<a href="./#a">above</a>.</p>
<h2 id="b">Damage</h2><p><abbr title="Burst: def">Burst</abbr></p>
</article><footer><a href="../other/">Next</a></footer></body></html>"""


def test_links_to_another_page_in_the_content_get_a_preview_and_the_theme_links_do_not():
    html = mark_content(PAGE, "sys/combat/")
    assert '<a data-preview href="../other/#x">the rule</a>' in html
    assert '<a href="./#a">above</a>' in html
    assert '<nav><a href="../other/">' in html and '<footer><a href="../other/">' in html


def test_a_term_keeps_its_tooltip_on_its_first_mention_in_each_section_only():
    html = mark_content(PAGE, "sys/combat/")
    attacks, damage = html.split('<h2 id="b">')
    assert attacks.count("<abbr") == 1 and "Burst</abbr> and\nBurst;" in attacks
    assert damage.count("<abbr") == 1


def test_a_page_without_the_themes_content_element_stops_the_build():
    with pytest.raises(FinishError, match="no <article>"):
        mark_content("<html><body><p>bare</p></body></html>", "sys/combat/")
