"""The test suite collects as one: pytest imports test modules by their file name (the
folders have no ``__init__.py``), so two ``test_*.py`` files with one name in two tiers stop
the collection of everything, and only ``make test`` collects the browser tier. ``make check``
catches it here first (it happened twice: a package and a browser test of one feature)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_modules_share_a_file_name():
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert not [name for name, count in names.items() if count > 1], names
