"""Generate: the site's pages as plain Markdown, with no site builder imported.

Every page under ``docs/`` is a Jinja template filled from the rule data, through the globals
of ``build_scripts.pagegen`` and the templates in ``build_scripts/templates``;
``calculator(name, **inputs)`` places a widget with its answer pre-rendered, ``link(path)``
a page-relative address, and ``example_notice(name)``, at the top of a collection's page,
says that its widget opens on the example. This step renders them into ``build/docs/``
(ignored by git), copies the other files of ``docs/`` beside them, and leaves a folder any
builder that reads ``mkdocs.yml`` (MkDocs + Material, Zensical) renders as it is:

- a page with calculators lists them, and the runtime's build id, in its front matter
  (``calculators``, ``calculator_build``): the theme override starts Python from that page's
  ``<head>`` (``build_scripts/overrides/partials/calc-early.html``);
- the pages of a system carry its glossary's terms as Markdown abbreviations
  (:mod:`build_scripts.glossary`);
- for Zensical, the relative addresses in the pages' HTML are written from the source file's
  folder, as it reads them (:func:`from_source_folder`).

Undefined names, unknown calculators, bad initial inputs and links to missing pages stop the
generation with the page named (:class:`GenerateError`); the build guards call it directly.
Only files whose content changed are written, so a watcher sees only what an edit changed.

    python -m build_scripts.generate [--docs DIR] [--out DIR] [--builder mkdocs|zensical]
"""

from __future__ import annotations

import argparse
import json
import posixpath
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import jinja2

from build_scripts.glossary import Tooltips
from build_scripts.pagegen import collect_globals
from build_scripts.runtime import source_digest
from build_scripts.widgets import WidgetError, render_example_notice, render_widget
from calculators.ui.links import page_url, relative_url

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
#: The generated pages: ``docs_dir`` in ``mkdocs.yml``.
OUT = ROOT / "build" / "docs"
TEMPLATES = ROOT / "build_scripts" / "templates"
#: A page's YAML front matter, as MkDocs and Zensical read it: group 1 is its text.
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
#: A relative address in an HTML attribute: not a fragment or query alone, not from the root,
#: not another scheme. Group 2 is the address.
_HTML_URL = re.compile(r'(\s(?:href|src)=")(?![#?/]|[a-zA-Z][a-zA-Z0-9+.-]*:)([^"]*)"')
#: How each builder reads relative addresses in a page's HTML (see :func:`from_source_folder`).
HTML_LINKS_FROM = {"mkdocs": "page", "zensical": "source"}


class GenerateError(Exception):
    """A page cannot be generated; the message names the page and what is wrong."""


@dataclass(frozen=True)
class Generated:
    """What one generation wrote: the build id its widgets ask for, and its pages."""

    build_id: str
    pages: tuple[str, ...]


def environment() -> jinja2.Environment:
    """The Jinja environment of one generation. Comments use ``{## ##}`` because ``{#``
    starts attribute lists (``{#anchor}``) in Markdown."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html.j2"], default_for_string=False),
        comment_start_string="{##", comment_end_string="##}", keep_trailing_newline=True)
    env.globals.update(collect_globals())
    return env


def split_front_matter(text: str) -> tuple[str, str]:
    """``(front matter, body)`` of a page's source; the front matter is "" when there is none.
    The body loses its leading blank lines, as the builders' own reading does."""
    match = FRONT_MATTER.match(text)
    if not match:
        return "", text
    return match.group(1), text[match.end():].lstrip("\n")


def from_source_folder(markdown: str, src: str) -> str:
    """``markdown`` of page ``src`` with the relative addresses in its HTML (``href``, ``src``)
    rewritten from the page's URL to the folder of its source file.

    The widgets and page templates write addresses relative to the page as served
    (``magical-burst/checks.md`` at ``magical-burst/checks/``), which MkDocs leaves as they are.
    Zensical reads a relative address in a page's HTML as it reads a Markdown link, relative to
    the source file, and adds the ``../`` that directory URLs need; given the address from the
    source's folder, it writes back the one from the page. Fragments and queries alone are
    left as they are by both.
    """
    here = page_url(src) or "./"
    folder = posixpath.dirname(src) or "."
    if posixpath.normpath(here) == folder:
        return markdown  # an index page: its folder is its URL

    def rebase(match: re.Match) -> str:
        path, rest = re.match(r"([^?#]*)(.*)", match.group(2)).groups()
        target = posixpath.normpath(posixpath.join(here, path))
        rebased = posixpath.relpath(target, folder)
        if path.endswith("/") or path in (".", ".."):
            rebased += "/"
        return f'{match.group(1)}{rebased}{rest}"'
    return _HTML_URL.sub(rebase, markdown)


def render_page(env: jinja2.Environment, src: str, source: str, pages: frozenset[str],
                build_id: str, tooltips: Tooltips, links_from: str = "page") -> str:
    """The generated Markdown of page ``src`` from its ``source``. Raises
    :class:`GenerateError` naming the page."""
    front, body = split_front_matter(source)
    counts: dict[str, int] = {}

    def link(path: str) -> str:
        target, _, anchor = path.partition("#")
        if target not in pages:
            raise WidgetError(f"rules link to a page that does not exist: {path}")
        url = relative_url(target, src)
        return f"{url}#{anchor}" if anchor else url

    def calculator(name: str, **initial):
        counts[name] = counts.get(name, 0) + 1
        widget_id = name if counts[name] == 1 else f"{name}-{counts[name]}"
        return render_widget(env, name, widget_id, build_id, initial, link)

    def example_notice(name: str):
        """Before the page's first widget of collection ``name``: it shows the example."""
        return render_example_notice(env, name, name)

    try:
        rendered = env.from_string(body).render(calculator=calculator, link=link,
                                                example_notice=example_notice)
    except (jinja2.TemplateError, WidgetError) as exc:
        raise GenerateError(f"{src}: {type(exc).__name__}: {exc}") from None
    if links_from == "source":
        rendered = from_source_folder(rendered, src)
    if counts:
        front += (f"calculators: {json.dumps(sorted(counts))}\n"
                  f"calculator_build: {json.dumps(build_id)}\n")
    abbreviations = tooltips.for_page(src)
    if abbreviations:
        rendered = f"{rendered}\n\n{abbreviations}\n"
    return f"---\n{front}---\n\n{rendered}" if front else rendered


def generate(docs: Path = DOCS, out: Path = OUT, build_id: str | None = None,
             builder: str = "mkdocs") -> Generated:
    """Render every page of ``docs`` into ``out`` for ``builder`` and copy the other files;
    remove from ``out`` what ``docs`` no longer has. Raises :class:`GenerateError`."""
    build_id = build_id or source_digest()
    env = environment()
    sources = sorted(p for p in docs.rglob("*") if p.is_file())
    pages = frozenset(p.relative_to(docs).as_posix() for p in sources if p.suffix == ".md")

    def read(src: str) -> str | None:
        path = docs / src
        return split_front_matter(path.read_text(encoding="utf-8"))[1] \
            if path.is_file() else None

    tooltips = Tooltips(read, lambda source: env.from_string(source).render())
    written: set[Path] = set()
    for path in sources:
        src = path.relative_to(docs).as_posix()
        if src in pages:
            text = render_page(env, src, path.read_text(encoding="utf-8"), pages, build_id,
                               tooltips, HTML_LINKS_FROM[builder])
            data = text.encode("utf-8")
        else:
            data = path.read_bytes()
        target = out / src
        written.add(target)
        if not target.is_file() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    _remove_stale(out, written)
    return Generated(build_id, tuple(sorted(pages)))


def _remove_stale(out: Path, keep: set[Path]) -> None:
    """Delete the files of ``out`` not in ``keep``, then its empty folders."""
    for path in sorted(out.rglob("*"), reverse=True):
        if path.is_file() and path not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=Path, default=DOCS, help="the page sources (docs/)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write (build/docs/)")
    parser.add_argument("--builder", choices=sorted(HTML_LINKS_FROM), default="mkdocs",
                        help="the builder the pages are for (how it reads their HTML links)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        done = generate(args.docs, args.out, builder=args.builder)
    except GenerateError as exc:
        print(f"generate: {exc}", file=sys.stderr)
        return 1
    print(f"generate: {len(done.pages)} pages into {args.out} "
          f"in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
