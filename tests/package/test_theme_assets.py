"""The one edit to the theme's built stylesheets (build_scripts/theme_assets.py): the palette
switching rule goes, and a theme that writes the rule another way stops the build."""

from __future__ import annotations

import pytest

from build_scripts.theme_assets import SWITCHING_RULE, ThemeAssetError, drop_switching_rule

BEFORE = "[data-md-color-scheme=slate]{color-scheme:dark}"
AFTER = "@media screen{[data-md-color-scheme=slate] .md-header{opacity:1}}"


def palette_sheet(site, text: str):
    folder = site / "assets" / "stylesheets"
    folder.mkdir(parents=True)
    sheet = folder / "palette.0123abcd.min.css"
    sheet.write_text(text, encoding="utf-8")
    return sheet


def test_the_rule_is_removed_and_every_other_rule_kept(tmp_path):
    sheet = palette_sheet(tmp_path, BEFORE + SWITCHING_RULE + AFTER)
    assert drop_switching_rule(tmp_path) == [sheet]
    assert sheet.read_text(encoding="utf-8") == BEFORE + AFTER


def test_a_sheet_already_without_the_rule_is_left_as_it_is(tmp_path):
    sheet = palette_sheet(tmp_path, BEFORE + AFTER)
    drop_switching_rule(tmp_path)
    assert sheet.read_text(encoding="utf-8") == BEFORE + AFTER


def test_a_rule_the_theme_wrote_another_way_stops_the_build(tmp_path):
    other = SWITCHING_RULE.replace(":after", "::after")
    sheet = palette_sheet(tmp_path, BEFORE + other)
    with pytest.raises(ThemeAssetError, match="palette-switching rule"):
        drop_switching_rule(tmp_path)
    assert sheet.read_text(encoding="utf-8") == BEFORE + other


def test_every_variant_of_the_theme_loses_the_rule(tmp_path):
    sheets = [tmp_path / "assets" / "stylesheets" / variant / "palette.0123abcd.min.css"
              for variant in ("classic", "modern")]
    for sheet in sheets:
        sheet.parent.mkdir(parents=True)
        sheet.write_text(BEFORE + SWITCHING_RULE + AFTER, encoding="utf-8")
    assert drop_switching_rule(tmp_path) == sheets
    assert {sheet.read_text(encoding="utf-8") for sheet in sheets} == {BEFORE + AFTER}


def test_no_palette_sheet_stops_the_build(tmp_path):
    (tmp_path / "assets" / "stylesheets").mkdir(parents=True)
    with pytest.raises(ThemeAssetError, match="no palette stylesheet"):
        drop_switching_rule(tmp_path)
