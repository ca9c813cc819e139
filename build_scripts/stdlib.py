"""The standard library the site ships: Pyodide's, less what a calculators worker never imports.

A first visit downloads Pyodide's ``python_stdlib.zip`` (2.5 MB, compressed inside already)
before Python can answer. About a third of it is code the browser's Python never reaches:
mail, HTTP servers and clients, XML, test runners, debuggers, multiprocessing, the interactive
console. A player on a weak signal pays for every byte of it, so the build ships the zip
without those top-level packages and modules. Pyodide's own start-up, the wheel's unpacking
and every module of the package were checked to import none of them (the memory snapshot,
made from this zip, imports every module of the package, so a missing one stops the build);
a name goes on the list only when nothing here could want it, not merely because today's
code does not.

The memory snapshot must be made from this same zip: Python keeps the zip's table of contents
in memory, and a restore against another zip would read its modules at the wrong offsets.
"""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

#: Top-level names left out of the shipped zip (a package's whole folder, or a module's file).
EXCLUDED = frozenset({
    # Mail, network protocols and servers: the worker makes no connection of its own. (Not
    # email: importlib.metadata parses a wheel's METADATA with it, as loadPackage does.)
    "mailbox", "imaplib", "poplib", "smtplib", "ftplib", "http", "urllib",
    "socketserver", "wsgiref", "xmlrpc", "mimetypes", "ipaddress",
    # Markup and data formats the package does not read (its rule data is JSON).
    "xml", "plistlib", "tomllib", "csv", "configparser", "wave", "pickletools",
    # Processes and foreign code: a browser worker has neither.
    "multiprocessing", "ctypes",
    # Interactive use, debugging, profiling and testing.
    "_pyrepl", "pdb", "bdb", "pydoc", "pydoc_data", "doctest", "unittest", "trace",
    "tracemalloc", "profile", "cProfile", "pstats", "timeit", "cmd",
    # Packaging and source tools.
    "modulefinder", "compileall", "pyclbr", "symtable", "tabnanny", "zipapp", "tarfile",
    # Command-line helpers the worker never runs.
    "optparse", "fileinput", "getpass", "webbrowser",
    # The pure-Python twin of the io module built into Pyodide.
    "_pyio",
})


def excluded(name: str) -> bool:
    """Whether the zip entry ``name`` belongs to a top-level name in ``EXCLUDED``."""
    top = name.split("/", 1)[0]
    for suffix in (".pyc", ".py"):
        top = top.removesuffix(suffix)
    return top in EXCLUDED


def digest() -> str:
    """A short hash of the exclusions, so a trimmed zip (and the snapshot made from it) is
    rebuilt when they change."""
    return hashlib.sha256(",".join(sorted(EXCLUDED)).encode()).hexdigest()[:8]


def trim(source: Path, target: Path) -> Path:
    """Write ``source`` (Pyodide's stdlib zip) to ``target`` without the excluded entries,
    each kept entry as it was (name, date, compression), so the output is reproducible."""
    partial = target.with_suffix(".partial")
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(partial, "w") as zout:
        for info in zin.infolist():
            if not excluded(info.filename):
                zout.writestr(info, zin.read(info), compress_type=info.compress_type)
    return partial.replace(target)
