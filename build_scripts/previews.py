"""Which links show Material's instant preview (a rules page's section in a pop-over).

Material can preview every internal link (the ``navigation.instant.preview`` feature) or only
links marked ``data-preview``. Every link costs the theme two event streams at page load, and a
long rules page is mostly links to its own sections (headings, table rows, glossary terms):
on the overcharge page 298 of 309 content links point into the page itself. Previewing those
shows what is already on screen, and for a link to a calculator's section it copies the live
widget into the pop-over. So only links to *another* page of the site are marked: the rule a
player reaches for, previewed in place.
"""

from __future__ import annotations

import re
from urllib.parse import urldefrag, urljoin

#: An opening ``<a`` tag with its ``href``; group 1 is the tag up to the href's value.
_LINK = re.compile(r'<a(?=[\s>])([^>]*?\shref=")([^"]*)"')
#: Hrefs that are not another page of this site: same-page anchors, other sites, mail.
_NOT_A_PAGE = re.compile(r"^(#|[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
#: A stand-in origin to resolve relative links against (only paths are compared).
_ORIGIN = "http://site.invalid/"


def mark_previews(html: str, page_url: str) -> str:
    """``html`` of the page served at ``page_url`` (site-relative, ``magical-burst/overcharge/``)
    with ``data-preview`` on each link to another page of the site. A relative link back to
    the page itself (``./#stages``, ``../overcharge/#tables``) is not another page."""
    here = urljoin(_ORIGIN, page_url)

    def mark(match: re.Match) -> str:
        attrs, href = match.group(1), match.group(2)
        if (not href or _NOT_A_PAGE.match(href) or "data-preview" in attrs
                or urldefrag(urljoin(here, href)).url.split("?")[0] == here):
            return match.group(0)
        return f'<a data-preview{attrs}{href}"'
    return _LINK.sub(mark, html)
