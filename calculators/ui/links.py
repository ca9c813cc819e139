"""Links from a calculator's answer to another widget, with its inputs filled in.

A character sheet's "Odds" link opens the check calculator on its rules page with the
character's numbers. The answer is rendered in Python (at build time and in the browser), so
the link is relative to the page the answer sits on and written in the site script's URL-state
format: ``?<widget-id>.<input>=value`` (see ``docs/assets/js/calc/url-state.js``), then
``#<widget-id>`` to scroll to the widget. Pages use directory URLs (MkDocs' default):
``western-roses/basic-rolls.md`` is served at ``western-roses/basic-rolls/``.

Queries are percent-encoded here rather than with ``urllib.parse``: importing it (and the
``ipaddress`` module it pulls in) costs the browser 30-45 ms of compiling on a first visit,
before the first live answer, for two lines of work.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping

from ..errors import RuleRef
from .markup import Html, h, join


def page_url(source: str) -> str:
    """The directory URL of page source path ``source`` (``a/index.md`` → ``a/``)."""
    if not source.endswith(".md"):
        raise ValueError(f"not a page source path: {source!r}")
    stem = source[:-3]
    if stem == "index" or stem.endswith("/index"):
        stem = stem[:-len("index")].rstrip("/")
    return f"{stem}/" if stem else ""


def relative_url(page: str, here: str) -> str:
    """The URL of page ``page`` relative to page ``here`` (both source paths):
    ``../checks/``, or ``./`` for the page itself."""
    relative = posixpath.relpath(page_url(page) or ".", page_url(here) or ".")
    return "./" if relative == "." else relative + "/"


def widget_link(page: str, widget_id: str, params: Mapping[str, object], here: str) -> str:
    """The URL, relative to page ``here``, of widget ``widget_id`` on page ``page`` with
    ``params`` as its inputs (booleans as ``true``/``false``, the form's text)."""
    path = relative_url(page, here)
    query = query_string({f"{widget_id}.{key}": value for key, value in params.items()})
    return f"{path}?{query}#{widget_id}" if query else f"{path}#{widget_id}"


def site_link(url: str, here: str) -> str:
    """A URL from the site's root (a :class:`RuleRef`'s, ``a/b/#c``) relative to page ``here``."""
    path, hash_, anchor = url.partition("#")
    relative = posixpath.relpath(path.rstrip("/") or ".", page_url(here) or ".")
    return ("./" if relative == "." else relative + "/") + hash_ + anchor


def linked_text(text: str, refs: Iterable[RuleRef], here: str) -> Html:
    """``text`` with the name of each of ``refs`` in it (an interpretation note's title) linked
    to where the site presents it, relative to page ``here``; the rest escaped."""
    spans = sorted(((at, ref) for ref in refs if (at := text.find(ref.section)) >= 0),
                   key=lambda span: (span[0], -len(span[1].section)))
    out: list[object] = []
    done = 0
    for at, ref in spans:
        if at < done:
            continue
        out += [text[done:at], h("a", ref.section, href=site_link(ref.url, here))]
        done = at + len(ref.section)
    out.append(text[done:])
    return join(out)


def control_link(label: str, href: str, title: str | None = None) -> Html:
    """A link that stands among an answer's buttons as a control of its own (a check's "Odds"
    beside its Roll button), not inside a sentence: styled as a target a thumb can hit."""
    return h("a", label, href=href, title=title, class_="calc-control-link")


def rule_refs(pages: Mapping[str, str]) -> dict[str, RuleRef]:
    """The rules a module's messages cite, as links: ``pages`` maps each rule-book section a
    message names to where the site presents it (``"western-roses/character-creation.md#skills"``);
    the URLs are from the site's root, for the browser to resolve (a message is shown on
    several pages, and the command line has no page at all)."""
    refs = {}
    for section, target in pages.items():
        page, _, anchor = target.partition("#")
        refs[section] = RuleRef(section, f"{page_url(page)}#{anchor}")
    return refs


def query_string(params: Mapping[str, object]) -> str:
    """``name=value&...`` for ``params``, each name and value percent-encoded (``""`` for
    none); values as a form holds them (booleans as ``true``/``false``)."""
    return "&".join(f"{quote(name)}={quote(form_text(value))}" for name, value in params.items())


def form_text(value: object) -> str:
    """A parameter value as a form (and so the URL) holds it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def quote(text: str) -> str:
    """Percent-encode ``text`` for a URL query: ``urllib.parse.quote(text, safe="")``, every
    character escaped but letters, digits and ``-._~``."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-._~") else
                   "".join(f"%{byte:02X}" for byte in c.encode()) for c in text)
