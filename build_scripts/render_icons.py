"""Render the home-screen icons (PNG) from ``docs/assets/images/icon.svg`` with Chromium.

Run by hand after changing the SVG (``.venv/bin/python build_scripts/render_icons.py``); the
PNGs are committed, since the Pages build has no browser. Phones want PNGs at these sizes:
192 and 512 for the web app manifest, 180 for iOS's home screen.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "assets" / "images"
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}


def main() -> None:
    svg = (IMAGES / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f"<svg width={size} height={size} ", 1)
            page.set_content(f'<body style="margin:0">{sized}</body>')
            page.screenshot(path=str(IMAGES / name),
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
