"""The site script's pure functions (URL state, stored-value validation, state comparison,
deck entries), unit-tested under Node's own test runner: the tests are
``tests/js/*.test.mjs``; this runs them, so ``make check``, ``make test`` and CI fail when one
does, with Node's report shown. Node is already a requirement of the build (npm)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


def test_the_site_script_unit_tests_pass():
    assert TESTS, "no tests/js/*.test.mjs"
    done = subprocess.run(["node", "--test", *map(str, TESTS)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
