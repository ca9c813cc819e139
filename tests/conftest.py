"""Makes the repository root importable (build_scripts is not an installed package), and
loads the suite's processor-time record (cpu_per_test.py; it writes only with ``SUITE_CPU`` set)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

pytest_plugins = ["cpu_per_test"]
