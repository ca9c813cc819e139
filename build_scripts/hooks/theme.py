"""MkDocs hook: lighten the theme's built stylesheets (see ``build_scripts.theme_assets``).

Listed before the offline hook, whose service worker records each file's hash as written.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

from build_scripts import theme_assets  # noqa: E402


def on_post_build(config, **kwargs):
    try:
        theme_assets.drop_switching_rule(Path(config.site_dir))
    except theme_assets.ThemeAssetError as exc:
        raise PluginError(str(exc)) from None
