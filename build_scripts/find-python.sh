#!/usr/bin/env bash
# Print a Python >= 3.12 to build the project's virtual environment with.
# `pyodide lockfile` (pyodide-lock 0.2) needs 3.12+; this machine's default python3 is 3.11,
# and pyenv's shims fail for versions not selected, so each candidate is actually run.
set -u
for candidate in python3.13 python3.12 python3 \
    "$HOME"/.pyenv/versions/3.13*/bin/python3 "$HOME"/.pyenv/versions/3.12*/bin/python3; do
  if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
    command -v "$candidate" 2>/dev/null || echo "$candidate"
    exit 0
  fi
done
echo "no Python 3.12 or newer found" >&2
exit 1
