"""MkDocs hook: every page's Markdown is a Jinja template, filled from the rule data.

Pages write prose by hand and take every rule number from the package, through the globals of
``build_scripts.pagegen`` and the templates in ``build_scripts/templates``. ``calculator(name,
**inputs)`` places a widget with its answer pre-rendered; ``example_notice(name)`` says, at
the top of a collection's page, that its widget opens on the example. Undefined names, unknown
calculators, bad initial inputs and links to missing pages stop the build with the page named.
The terms of a system's glossary become tooltips on its other pages (:mod:`build_scripts.glossary`).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import jinja2  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.utils import get_relative_url  # noqa: E402
from mkdocs.utils.meta import get_data  # noqa: E402

from build_scripts.glossary import Tooltips, first_mentions  # noqa: E402
from build_scripts.pagegen import collect_globals  # noqa: E402
from build_scripts.previews import mark_previews  # noqa: E402
from build_scripts.widgets import WidgetError, render_example_notice, render_widget  # noqa: E402

TEMPLATES = ROOT / "build_scripts" / "templates"

_env: jinja2.Environment | None = None
_tooltips: Tooltips | None = None


def environment() -> jinja2.Environment:
    """One Jinja environment per build. Comments use ``{## ##}`` because ``{#`` starts
    attribute lists (``{#anchor}``) in Markdown."""
    global _env
    if _env is None:
        _env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined,
            autoescape=jinja2.select_autoescape(["html.j2"], default_for_string=False),
            comment_start_string="{##", comment_end_string="##}", keep_trailing_newline=True)
        _env.globals.update(collect_globals())
    return _env


def on_config(config, **kwargs):
    global _env, _tooltips
    _env = None  # rebuilt on each (re)build, so `mkdocs serve` picks up template edits
    _tooltips = Tooltips(lambda path: _read_page(Path(config.docs_dir) / path),
                         lambda source: environment().from_string(source).render())
    return config


def _read_page(path: Path) -> str | None:
    """A page's Markdown source without its front matter, or None if there is no such page."""
    if not path.is_file():
        return None
    body, _ = get_data(path.read_text(encoding="utf-8"))
    return body


def on_page_markdown(markdown, page, config, files, **kwargs):
    env = environment()
    build_id = config.extra.get("calculator_build", "dev")
    counts: dict[str, int] = {}

    def link(path: str) -> str:
        target, _, anchor = path.partition("#")
        file = files.get_file_from_path(target)
        if file is None or not file.is_documentation_page():
            raise WidgetError(f"rules link to a page that does not exist: {path}")
        url = get_relative_url(file.url, page.url)
        return f"{url}#{anchor}" if anchor else url

    def calculator(name: str, **initial):
        counts[name] = counts.get(name, 0) + 1
        widget_id = name if counts[name] == 1 else f"{name}-{counts[name]}"
        return render_widget(env, name, widget_id, build_id, initial, link)

    def example_notice(name: str):
        """Before the page's first widget of collection ``name``: it shows the example."""
        return render_example_notice(env, name, name)

    try:
        rendered = env.from_string(markdown).render(page=page, calculator=calculator, link=link,
                                                    example_notice=example_notice)
    except (jinja2.TemplateError, WidgetError) as exc:
        raise PluginError(f"{page.file.src_path}: {type(exc).__name__}: {exc}") from None
    # The theme override starts Python from the <head> of pages that list calculators here.
    page.meta["calculators"] = sorted(counts)
    abbreviations = _tooltips.for_page(page.file.src_uri) if _tooltips else ""
    return f"{rendered}\n\n{abbreviations}\n" if abbreviations else rendered


def on_page_content(html, page, config, files, **kwargs):
    """Rule links to other pages get Material's instant preview (:mod:`build_scripts.previews`);
    a glossary term's tooltip stays on its first mention per section."""
    return mark_previews(first_mentions(html), page.url)
