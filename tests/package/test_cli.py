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

