"""Finish: the steps over a built ``site/``, whatever builder wrote it.

In order:

1. the HTML passes over each generated page's content (the theme's ``<article>``): a glossary
   term's tooltip kept on its first mention per section (:func:`build_scripts.glossary.first_mentions`),
   Material's instant preview on links to another page (:mod:`build_scripts.previews`);
2. the theme's palette stylesheet without its switching rule (:mod:`build_scripts.theme_assets`);
3. the Python runtime: Pyodide with the compiled standard library, the wheel, the lock file
   and the memory snapshot (:mod:`build_scripts.runtime`);
4. the JSON Schemas of the files a player keeps, into ``site/schemas/``
   (:mod:`build_scripts.schemas`);
5. the live table: its libraries into ``site/assets/vendor/`` (:mod:`build_scripts.vendor`)
   and its configuration into ``site/assets/table.json`` (:mod:`build_scripts.table_config`);
6. last, the service worker, whose precache lists every file written before
   (:mod:`build_scripts.offline`); not for ``make serve``, where it would keep serving pages
   as they were before an edit.

    python -m build_scripts.finish [--site DIR] [--no-service-worker]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from build_scripts import offline, runtime, schemas, table_config, theme_assets, vendor
from build_scripts.generate import OUT
from build_scripts.glossary import first_mentions
from build_scripts.previews import mark_previews
from calculators.ui.links import page_url

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
#: The content of a built page: what the theme's ``partials/content.html`` writes inside
#: ``<article class="md-content__inner md-typeset">`` (both builders use Material's markup).
_ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)',
                      re.DOTALL)


class FinishError(Exception):
    """A finishing step failed; the message says which and why."""


def page_html(site: Path, src: str) -> Path:
    """The built HTML file of page ``src`` ("western-roses/combat.md")."""
    return site / page_url(src) / "index.html"


def mark_content(html: str, url: str) -> str:
    """A built page's HTML with the content passes applied inside its article only (the
    header, navigation and footer keep their links as the theme wrote them)."""
    found = _ARTICLE.search(html)
    if found is None:
        raise FinishError(f"no <article> of page content in the page at {url!r}")
    content = mark_previews(first_mentions(found.group(2)), url)
    return f"{html[:found.start(2)]}{content}{html[found.end(2):]}"


def mark_pages(site: Path, pages: list[str]) -> None:
    """Apply :func:`mark_content` to the built HTML of every page in ``pages``."""
    for src in pages:
        path = page_html(site, src)
        if not path.is_file():
            raise FinishError(f"{src} was not built: {path} is missing")
        html = path.read_text(encoding="utf-8")
        path.write_text(mark_content(html, page_url(src)), encoding="utf-8")


def generated_pages(docs: Path = OUT) -> list[str]:
    """The pages of the generated folder, by source path."""
    return sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md"))


def finish(site: Path = SITE, build_id: str | None = None, service_worker: bool = True,
           pages: list[str] | None = None) -> dict[str, float]:
    """Run the finishing steps over ``site``; returns each step's seconds. Raises
    :class:`FinishError`."""
    build_id = build_id or runtime.source_digest()
    times: dict[str, float] = {}
    started = time.perf_counter()

    def lap(step: str) -> None:
        nonlocal started
        now = time.perf_counter()
        times[step] = now - started
        started = now

    try:
        mark_pages(site, pages if pages is not None else generated_pages())
        lap("html")
        theme_assets.drop_switching_rule(site)
        lap("theme")
        wheel = runtime.compiled_wheel(build_id)
        snapshot = runtime.make_snapshot(build_id, wheel)
        runtime.install_runtime(site, build_id, wheel, snapshot)
        lap("runtime")
        schemas.write_schemas(site)
        lap("schemas")
        vendor.vendor_libraries(site)
        table_config.write_table_config(site)
        lap("table")
        if service_worker:
            offline.write_service_worker(site)
            lap("service worker")
    except (theme_assets.ThemeAssetError, runtime.RuntimeBuildError, vendor.VendorError,
            table_config.TableConfigError, offline.OfflineBuildError) as exc:
        raise FinishError(str(exc)) from None
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (site/)")
    parser.add_argument("--no-service-worker", action="store_true",
                        help="leave out the service worker (make serve)")
    args = parser.parse_args(argv)
    try:
        times = finish(args.site, service_worker=not args.no_service_worker)
    except FinishError as exc:
        print(f"finish: {exc}", file=sys.stderr)
        return 1
    print("finish: " + ", ".join(f"{k} {v:.1f} s" for k, v in times.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
