"""Allows ``python -m calculators``; see :mod:`calculators.cli`."""

import sys

from .cli import main

sys.exit(main())
