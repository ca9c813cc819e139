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

ROOT = Path(__file__).resolve().parent.parent
#: The folder holding the source texts and their README, when it is beside the repository.
SEEDS = ROOT.parent / "shared" / "seeds"

WESTERN_ROSES = "000_3481892bc7cdecd5.txt"
ROLL_AND_KEEP = "001_46d3c7a1980aa35d.txt"
MAGICAL_BURST = "002_f32d69e9731a3667.txt"
POST_MAGIC_MAID = "003_1585970b7e222c64.txt"


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

