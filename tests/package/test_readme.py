"""A newcomer's first hour: the README's commands work as written on a fresh clone, and it
states the Python version the project really needs."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from build_scripts.examples import FOLDER, example_files

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The set-up commands: one serves until stopped, the other is this very test run.
SET_UP = {"make serve", "make test"}


def shell_blocks() -> list[list[str]]:
    """The command lines of every ``sh`` block of the README, comments dropped."""
    blocks = re.findall(r"```sh\n(.*?)```", README, flags=re.S)
    return [[line.split("  #")[0].strip() for line in block.splitlines()
             if line.strip() and not line.startswith("#")] for block in blocks]


def commands() -> list[str]:
    return [line for block in shell_blocks() for line in block if line not in SET_UP]


def test_the_readme_shows_the_two_set_up_commands_in_one_block_and_other_commands():
    assert [sorted(SET_UP)] == [sorted(b) for b in shell_blocks() if set(b) & SET_UP]
    assert len(commands()) >= 10


@pytest.fixture(scope="module")
def fresh_clone(tmp_path_factory) -> Path:
    """The repository's committed files only, as a clone has them, with this run's ``.venv``
    beside them as ``make test`` leaves it."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode().split("\0")
    clone = tmp_path_factory.mktemp("clone")
    for name in filter(None, tracked):
        if (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    (clone / ".venv").symlink_to(ROOT / ".venv")
    return clone


@pytest.mark.parametrize("command", commands())
def test_each_readme_command_runs_as_written_in_a_fresh_clone(fresh_clone, command):
    run = subprocess.run(["bash", "-c", command], cwd=fresh_clone, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, (command, run.stdout[-2000:], run.stderr[-2000:])
    if "--help" not in command:
        answer = json.loads(run.stdout)
        assert isinstance(answer, dict) and "errors" not in answer, answer


def test_the_committed_example_files_are_the_pages_examples():
    expected = example_files()
    committed = {p.name: p.read_text(encoding="utf-8") for p in FOLDER.glob("*.json")}
    assert committed == expected, "run: python -m build_scripts.examples"


def test_one_python_version_in_the_readme_the_package_and_the_set_up_script():
    needed = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    major, minor = re.fullmatch(r">=(\d+)\.(\d+)", needed).groups()
    assert f"Python {major}.{minor} or newer" in README
    finder = (ROOT / "build_scripts/find-python.sh").read_text()
    assert f"sys.version_info < ({major}, {minor})" in finder
