"""The command line: a reader that stops reading early gets no traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from calculators.cli import EXIT_BROKEN_PIPE


def run_into_a_closed_pipe(*args: str) -> tuple[int, str]:
    """Start ``python -m calculators ARGS`` with its stdout a pipe that is closed at once, as
    ``| head`` closes it once it has read enough; return the exit status and stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "calculators", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    return proc.wait(timeout=60), err


@pytest.mark.parametrize("args", [("wr-check", "--dice", "4", "--target", "12"),
                                  ("wr-check", "--dice", "-4"),
                                  ("--help",)],
                         ids=["a result", "an error", "help"])
def test_a_closed_pipe_ends_quietly_without_a_traceback(args):
    status, err = run_into_a_closed_pipe(*args)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert err == ""
    assert status in (EXIT_BROKEN_PIPE, 0, 2)



# --- A calculator whose inputs are a record kept as a file (``document``) -------------------

def _sheet_calculator():
    """A two-input calculator with ``document="sheet"`` (no registered calculator needs one yet
    on every branch, and the option's behaviour is the CLI's, not a system's)."""
    from calculators.calculator import Calculator
    from calculators.params import Param

    return Calculator(
        name="test-sheet", title="Sheet", summary="Adds two numbers from a sheet.",
        params=(Param("a", "A", default=0, minimum=0, maximum=9),
                Param("b", "B", default=0, minimum=0, maximum=9)),
        compute=lambda a, b: {"sum": a + b}, render=str, document="sheet")


@pytest.fixture
def sheet_cli(monkeypatch, capsys):
    import json

    from calculators import cli

    monkeypatch.setattr(cli, "CALCULATORS", {"test-sheet": _sheet_calculator()})

    def run(*args: str, stdin: str | None = None) -> tuple[int, dict]:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(stdin))
        status = cli.main(["test-sheet", *args])
        return status, json.loads(capsys.readouterr().out)

    return run


def test_a_sheet_is_read_from_a_file_and_an_option_replaces_one_of_its_inputs(sheet_cli, tmp_path):
    sheet = tmp_path / "sheet.json"
    sheet.write_text('{"a": 2, "b": 3}', encoding="utf-8")
    assert sheet_cli("--sheet", str(sheet)) == (0, {"sum": 5})
    assert sheet_cli("--sheet", str(sheet), "--b", "7") == (0, {"sum": 9})


def test_a_sheet_is_read_from_standard_input(sheet_cli):
    assert sheet_cli("--sheet", "-", stdin='{"a": 4}') == (0, {"sum": 4})


@pytest.mark.parametrize("text, field", [("[1, 2]", "sheet"), ("{nope", "sheet"),
                                         ('{"a": 12}', "a"), ('{"c": 1}', "")],
                         ids=["not an object", "not JSON", "a value out of range",
                              "an unknown input"])
def test_a_bad_sheet_exits_2_naming_what_is_wrong(sheet_cli, text, field):
    status, answer = sheet_cli("--sheet", "-", stdin=text)
    assert status == 2
    assert [e["field"] for e in answer["errors"]] == [field]


def test_a_missing_sheet_file_is_named(sheet_cli, tmp_path):
    status, answer = sheet_cli("--sheet", str(tmp_path / "absent.json"))
    assert status == 2 and "absent.json" in answer["errors"][0]["message"]
