"""A build that would drop or garble something stops instead, naming what is wrong.

The guards call the generation step directly (``build_scripts.generate``), the first step of
every build: no site builder runs. A broken page is generated in this Python; a broken rule
datum needs the package imported afresh, so those cases run the step's command over a scratch
copy of the sources. The builder's step is checked with a stand-in for Zensical's runs: a
known flake of its runtime is built once more, any other failure stops the build.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from build_scripts.generate import DOCS, GenerateError, generate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def scratch(tmp_path) -> Path:
    for name in ("calculators", "build_scripts", "docs"):
        shutil.copytree(ROOT / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def generate_in(folder: Path) -> subprocess.CompletedProcess:
    """``python -m build_scripts.generate`` over ``folder``'s own sources and package."""
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run([sys.executable, "-m", "build_scripts.generate", "--docs",
                           str(folder / "docs"), "--out", str(folder / "out")], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=300)


def test_a_rule_datum_of_the_wrong_type_fails_the_build_naming_the_record(scratch):
    path = scratch / "calculators/western_roses/data/check_rules.json"
    data = json.loads(path.read_text())
    data["records"][2]["value"] = "three"
    path.write_text(json.dumps(data))
    done = generate_in(scratch)
    assert done.returncode != 0
    assert "check_rules.json: record critical-window" in done.stderr


def test_a_duplicate_rule_id_fails_the_build(scratch):
    path = scratch / "calculators/western_roses/data/check_rules.json"
    data = json.loads(path.read_text())
    data["records"].append(dict(data["records"][0]))
    path.write_text(json.dumps(data))
    done = generate_in(scratch)
    assert done.returncode != 0
    assert "record die-sides: duplicate id" in done.stderr


@pytest.fixture
def docs(tmp_path) -> Path:
    """A copy of the pages to break one of."""
    return Path(shutil.copytree(DOCS, tmp_path / "docs"))


@pytest.mark.parametrize("marker, message", [
    ('{{ calculator("no-such-calculator") }}', "No calculator of that name"),
    ('{{ wr.checks.rules["no-such-rule"].value }}', "no-such-rule"),
    ('{{ not_a_defined_name }}', "not_a_defined_name"),
    ('{{ calculator("wr-check", dice="many") }}', "Dice must be a whole number"),
    ('{{ link("western-roses/no-such-page.md") }}', "page that does not exist"),
])
def test_an_unknown_marker_or_bad_widget_fails_the_build_naming_the_page(docs, tmp_path,
                                                                         marker, message):
    page = docs / "western-roses/basic-rolls.md"
    page.write_text(page.read_text() + "\n\n" + marker + "\n")
    with pytest.raises(GenerateError) as failed:
        generate(docs, tmp_path / "out", build_id="guard")
    assert str(failed.value).startswith("western-roses/basic-rolls.md: ")
    assert message in str(failed.value)


def test_the_command_stops_with_the_page_named_and_no_traceback(scratch):
    page = scratch / "docs/western-roses/combat.md"
    page.write_text(page.read_text() + "\n\n{{ not_a_defined_name }}\n")
    done = generate_in(scratch)
    assert done.returncode == 1
    assert done.stderr.startswith("generate: western-roses/combat.md: UndefinedError")
    assert "Traceback" not in done.stderr


def zensical_runs(monkeypatch, outcomes: list[tuple[int, str]]) -> list[list[str]]:
    """Stand ``outcomes`` (exit code, output) in for Zensical's runs, in order, as
    ``make_site.run_builder`` starts them; a run that succeeds writes a page into its output
    folder. The commands run are returned."""
    from build_scripts import make_site

    commands: list[list[str]] = []

    def run(command, env, **_options):
        code, output = outcomes[len(commands)]
        commands.append(command)
        if code == 0:
            (Path(env["SITE_DIR"]) / "index.html").write_text("<p>built</p>")
        return subprocess.CompletedProcess(command, code, stdout="", stderr=output)

    monkeypatch.setattr(make_site.subprocess, "run", run)
    return commands


def test_zensicals_watcher_flake_is_built_once_more(monkeypatch, tmp_path):
    from build_scripts.make_site import ZENSICAL_FLAKE, run_builder

    commands = zensical_runs(monkeypatch, [(1, f"Traceback …\n{ZENSICAL_FLAKE}\n"), (0, "")])
    run_builder("zensical", tmp_path / "site")
    assert len(commands) == 2
    assert (tmp_path / "site" / "index.html").read_text() == "<p>built</p>"


def test_any_other_zensical_failure_fails_the_build_at_once(monkeypatch, tmp_path):
    from build_scripts.make_site import BuildError, run_builder

    commands = zensical_runs(monkeypatch, [(1, "Error: no such page: rules.md\n"), (0, "")])
    with pytest.raises(BuildError, match="no such page"):
        run_builder("zensical", tmp_path / "site")
    assert len(commands) == 1
    assert not (tmp_path / "site").exists()
