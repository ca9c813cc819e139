"""One build at a time in a checkout.

The build writes into shared places of the checkout: the generated pages in ``build/docs``,
the builder's own cache, and the runtime's cache under ``build/`` (wheel, standard library,
snapshot). Two builds at once (two test workers of ``make test``, one building the MkDocs
site and the other the Zensical one, or ``make serve`` beside the tests) would write the same
``build/docs`` together, and each would make the same runtime files from a cold cache, minutes
of Node each. So a build holds this lock, an exclusive ``flock`` on ``build/.lock``: the others
wait, then find the runtime cached. The lock is reentrant within a process (the site build
holds it and the runtime's cache takes it again), and the kernel drops it when its process
dies.
"""

from __future__ import annotations

import fcntl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK = Path(__file__).resolve().parent.parent / "build" / ".lock"

_guard = threading.RLock()
_depth = 0
_file = None


@contextmanager
def exclusive() -> Iterator[None]:
    """Hold the checkout's build lock for the ``with`` block, waiting for another process's."""
    global _depth, _file
    with _guard:
        if _depth == 0:
            LOCK.parent.mkdir(parents=True, exist_ok=True)
            _file = LOCK.open("w")
            fcntl.flock(_file, fcntl.LOCK_EX)
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
            if _depth == 0:
                _file.close()
                _file = None
