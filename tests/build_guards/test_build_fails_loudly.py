"""A build that would drop or garble something stops instead, naming what is wrong.

Each case copies the site's sources to a scratch folder, breaks one thing, and runs the real
build there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def scratch(tmp_path) -> Path:
    for name in ("calculators", "build_scripts", "docs"):
        shutil.copytree(ROOT / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def build(folder: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(folder)}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d",
                           str(folder / "out")], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_rule_datum_of_the_wrong_type_fails_the_build_naming_the_record(scratch):
    path = scratch / "calculators/western_roses/data/check_rules.json"
    data = json.loads(path.read_text())
    data["records"][2]["value"] = "three"
    path.write_text(json.dumps(data))
    done = build(scratch)
    assert done.returncode != 0
    assert "check_rules.json: record critical-window" in done.stderr


def test_a_duplicate_rule_id_fails_the_build(scratch):
    path = scratch / "calculators/western_roses/data/check_rules.json"
    data = json.loads(path.read_text())
    data["records"].append(dict(data["records"][0]))
    path.write_text(json.dumps(data))
    done = build(scratch)
    assert done.returncode != 0
    assert "record die-sides: duplicate id" in done.stderr


@pytest.mark.parametrize("marker, message", [
    ('{{ calculator("no-such-calculator") }}', "No calculator of that name"),
    ('{{ wr_rules["no-such-rule"].value }}', "no-such-rule"),
    ('{{ not_a_defined_name }}', "not_a_defined_name"),
    ('{{ calculator("wr-check", dice="many") }}', "Dice must be a whole number"),
])
def test_an_unknown_marker_or_bad_widget_fails_the_build_naming_the_page(scratch, marker,
                                                                         message):
    page = scratch / "docs/western-roses/basic-rolls.md"
    page.write_text(page.read_text() + "\n\n" + marker + "\n")
    done = build(scratch)
    assert done.returncode != 0
    assert "western-roses/basic-rolls.md" in done.stderr
    assert message in done.stderr
