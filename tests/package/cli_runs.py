"""Running ``python -m calculators`` as a separate process, as a player's shell would."""

from __future__ import annotations

import json
import subprocess
import sys


def run_cli(name: str, *args: str, stdin: str | None = None) -> tuple[int, dict]:
    """Run calculator ``name`` with ``args`` (``stdin`` fed to ``--sheet -``); return the exit
    status and the JSON printed."""
    done = subprocess.run([sys.executable, "-m", "calculators", name, *args], input=stdin,
                          capture_output=True, text=True, timeout=120)
    return done.returncode, json.loads(done.stdout)
