"""Which builds of the site a browser test module runs against.

Every module runs against the MkDocs + Material build (the published one); a module whose
``pytestmark`` includes :data:`EVERY_BUILDER` runs against the Zensical build too, each test
once per builder (ids ``[mkdocs]``, ``[zensical]``). Kept to the tests that load every page,
take the calculators live and go offline, so the second build costs CI little (the offline
walk takes a sample of its calculators live: test_offline.py says why).
"""

from __future__ import annotations

import pytest

from build_scripts.make_site import BUILDERS

EVERY_BUILDER = pytest.mark.parametrize("builder", BUILDERS, indirect=True, scope="session")

#: A search result's link: Material's, or an option of Zensical's results list (its own
#: search, in a shadow root that Playwright's selectors reach into).
SEARCH_RESULT = ":is(.md-search-result__link, [role=option])"
#: The search index each build writes (Zensical's search has its own).
SEARCH_INDEX = {"mkdocs": "search/search_index.json", "zensical": "search.json"}
#: The search box has the focus (looked for through open shadow roots: Zensical's search has
#: one), as a reader sees it open before typing. Zensical's box takes the focus a frame or
#: more after the "/" key (Material's at once), and letters typed before it are lost.
TYPING_IN_SEARCH = """() => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) {
    active = active.shadowRoot.activeElement;
  }
  return !!active && active.matches("input:not([type]), input[type=text], input[type=search]");
}"""
