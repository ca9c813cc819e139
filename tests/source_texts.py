"""Where the source rule texts are, and a plain skip where they are not.

The four source documents live outside the repository, in ``../shared/seeds/`` beside a working
copy; a public clone does not have them. Checks that compare the rule data with the texts
themselves use :func:`seed_text`, which skips the test with a reason saying exactly that.
Everything else (the rule data, the pages, the repository's own map of source topics in
``tests/browser/source_coverage.py``) is tested on any clone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from calculators.systems import system

ROOT = Path(__file__).resolve().parent.parent
#: The folder holding the source texts and their README, when it is beside the repository.
SEEDS = ROOT.parent / "shared" / "seeds"

#: Each system's source document, by the name tests that read one system's text use.
WESTERN_ROSES, ROLL_AND_KEEP, MAGICAL_BURST, POST_MAGIC_MAID = (
    system(f"calculators.{module}").seed
    for module in ("western_roses", "roll_keep", "magical_burst", "post_magic_maid"))


def skip_reason(name: str) -> str:
    """Why a test that reads ``name`` did not run here."""
    return (f"this check reads the source text {name}, which is not in the repository; it "
            f"runs only where {SEEDS} sits beside the working copy, not on a plain clone")


def seed_text(name: str) -> str:
    """The text of one source document (or the seeds' README), or skip the calling test."""
    path = SEEDS / name
    if not path.is_file():
        pytest.skip(skip_reason(name))
    return path.read_text(encoding="utf-8")

