"""One change to the theme's built stylesheets that spares every page load a restyle.

Material's palette stylesheet freezes every transition while the palette switches, with a
rule on ``[data-md-color-switching] *``. The theme's script sets and then removes that
attribute on ``<body>`` as every page loads, even when the palette does not change, and since
the rule reaches every element, each time the browser restyles the whole page: two of the
five full restyles a Chromium trace showed after DOMContentLoaded on the overcharge page,
inside the long task that costs the page its Lighthouse total blocking time.

The rule goes. The page now starts in the reader's palette (the override of
``partials/javascripts/palette.html`` applies it before the first paint), so the theme's
switch at load changes nothing; when a reader toggles the palette, the colours that have
transitions fade for up to a quarter of a second instead of switching at once (not at all with
reduced motion, see ``docs/assets/css/site.css``).
"""

from __future__ import annotations

from pathlib import Path

#: The rule, as mkdocs-material 9.8.1 and Zensical 0.0.73 (pinned in pyproject.toml) ship it
#: minified.
SWITCHING_RULE = ("[data-md-color-switching] *,[data-md-color-switching] :after,"
                  "[data-md-color-switching] :before{transition-duration:0s!important}")


class ThemeAssetError(Exception):
    """The theme's built assets are not as this module expects; the message says what."""


def palette_sheets(site_dir: Path) -> list[Path]:
    """The theme's palette stylesheets in the built site ``site_dir`` (each name carries a
    hash): MkDocs writes one, Zensical one per variant of its theme (``classic/``, ``modern/``)."""
    sheets = sorted((site_dir / "assets" / "stylesheets").rglob("palette.*.min.css"))
    if not sheets:
        raise ThemeAssetError("found no palette stylesheet of the theme")
    return sheets


def drop_switching_rule(site_dir: Path) -> list[Path]:
    """Remove :data:`SWITCHING_RULE` from the built site's palette stylesheets; returns their
    paths. Fails when a stylesheet still mentions the attribute afterwards, so a theme update
    that rewrites the rule is noticed rather than silently restyling every page again. (A
    stylesheet already without it, as after ``mkdocs serve --dirty``, is left as is.)"""
    sheets = palette_sheets(site_dir)
    for sheet in sheets:
        text = sheet.read_text(encoding="utf-8").replace(SWITCHING_RULE, "")
        if "data-md-color-switching" in text:
            raise ThemeAssetError(
                f"{sheet.name} has a palette-switching rule other than the one "
                "build_scripts/theme_assets.py removes: check what the theme does now")
        sheet.write_text(text, encoding="utf-8")
    return sheets
