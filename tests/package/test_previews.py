"""Only links to another page of the site get Material's instant preview."""

from __future__ import annotations

from build_scripts.previews import mark_previews

PAGE = "magical-burst/overcharge/"


def test_a_link_to_another_page_is_marked_and_nothing_else_changes():
    html = '<p>See <a href="../combat/#wounds" title="Wounds">wounds</a>.</p>'
    assert mark_previews(html, PAGE) == ('<p>See <a data-preview href="../combat/#wounds" '
                                   'title="Wounds">wounds</a>.</p>')


def test_same_page_anchors_other_sites_and_marked_links_are_left_alone():
    html = ('<a class="headerlink" href="#tables">¶</a><a href="https://example.org/">x</a>'
            '<a href="mailto:a@b.c">m</a><a data-preview href="../x/">y</a><abbr title="t">T</abbr>'
            '<a href="">empty</a><area href="../x/">')
    assert mark_previews(html, PAGE) == html


def test_attributes_before_the_href_are_kept():
    assert mark_previews('<a class="md-button" href="checks/">Checks</a>', PAGE) == \
        '<a data-preview class="md-button" href="checks/">Checks</a>'


def test_a_relative_link_back_to_the_same_page_is_not_another_page():
    html = ('<a href="./#stages">s</a><a href="../overcharge/#tables">t</a>'
            '<a href="../overcharge/?mb-tracker.heart=2#mb-tracker">w</a>')
    assert mark_previews(html, PAGE) == html
    assert 'data-preview' in mark_previews('<a href="../overcharge-odds/#x">o</a>', PAGE)
