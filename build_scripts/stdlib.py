"""The standard library the site ships: Pyodide's, less what a calculators worker never imports,
and with what it does import compiled ahead of time.

A first visit downloads Pyodide's ``python_stdlib.zip`` (2.5 MB, compressed inside already)
before Python can answer. About a third of it is code the browser's Python never reaches:
mail, HTTP servers and clients, XML, test runners, debuggers, multiprocessing, the interactive
console. A player on a weak signal pays for every byte of it, so the build ships the zip
without those top-level packages and modules. Pyodide's own start-up, the wheel's unpacking
and every module of the package were checked to import none of them (the memory snapshot,
made from this zip, imports every module of the package, so a missing one stops the build);
a name goes on the list only when nothing here could want it, not merely because today's
code does not.

Pyodide's zip holds source only, so every plain boot compiled the ~130 modules that Pyodide's
start-up and the package import, in WebAssembly, before the first answer: about 1.2 s of a
1.9 s bare boot in headless Chromium on this project's 2-core machine, more on a phone. The
build compiles exactly those modules once (``compile_stdlib.mjs``, in Pyodide's own Python
under Node) and ships them as ``.pyc`` without their source, which zipimport then loads as
they are. The rest stays source (a module only a later computation imports is compiled
then, as before): these modules add about 0.37 MB to the download, compiled without column
positions (0.65 MB with them; all of the zip compiled, 1.1 MB). A traceback through one of
them shows no source line; the package's own files keep theirs.

What Python needs before its first answer is only what it imports: Pyodide's start-up and the
package, about 1 MB of the zip's 1.7 MB. The build therefore ships the zip in two
(``compile_stdlib.mjs``): the compiled modules, with every package one of them belongs to
whole, in ``python_stdlib.zip``; the top-level modules and packages nothing imports, 0.45 MB,
in ``python_stdlib_rest.zip``. A worker downloads the first with Pyodide's WebAssembly, and the
rest with the wheel while Python starts, then puts it on ``sys.path`` behind the first, so
every module the trimmed zip held can still be imported. On the phone profile of ``make
bench`` (12 Mbit/s) the first zip and the WebAssembly are in about 0.5 s sooner (2.5 and
4.5 s against 3.1 and 5.0 s from the navigation).

The memory snapshot must be made from this same zip: Python keeps the zip's table of contents
in memory, and a restore against another zip would read its modules at the wrong offsets.
"""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

#: The scripts that compile the zip's imported modules (see the module's docstring).
COMPILERS = tuple(Path(__file__).with_name(name)
                  for name in ("compile_stdlib.mjs", "import_package.mjs"))

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


#: The text encodings kept in ``encodings/`` (its package files, and the codecs by module
#: name); the other ~95, a third of the zip's source (0.25 MB), are the legacy code pages and
#: East Asian encodings of other platforms (``cp1250``, ``mac_roman``, ``shift_jis``...). The
#: worker reads and writes only UTF-8 (JSON in, JSON and HTML out); kept are the Unicode
#: codecs, ASCII and Latin-1, the code page zipfile reads names in (``cp437``), the commonest
#: legacy one (``cp1252``), the escapes and transforms the language and the standard library
#: use themselves (``unicode_escape``, ``idna``, ``hex_codec``...) and the aliases' table.
KEPT_ENCODINGS = frozenset({
    "__init__", "aliases", "ascii", "latin_1", "iso8859_1", "iso8859_15", "cp437", "cp1252",
    "charmap", "undefined", "utf_8", "utf_8_sig", "utf_7", "utf_16", "utf_16_be", "utf_16_le",
    "utf_32", "utf_32_be", "utf_32_le", "unicode_escape", "raw_unicode_escape", "idna",
    "punycode", "base64_codec", "hex_codec", "quopri_codec", "uu_codec", "zlib_codec",
    "bz2_codec", "rot_13",
})


def excluded(name: str) -> bool:
    """Whether the zip entry ``name`` belongs to a top-level name in ``EXCLUDED``, or is a
    text encoding not in ``KEPT_ENCODINGS``."""
    parts = name.split("/")
    top = parts[0]
    for suffix in (".pyc", ".py"):
        top = top.removesuffix(suffix)
    if top == "encodings" and len(parts) == 2:
        return parts[1].split(".", 1)[0] not in KEPT_ENCODINGS
    return top in EXCLUDED


def digest() -> str:
    """A short hash of the exclusions and of the scripts that compile the zip, so the zip
    (and the snapshot made from it) is made again, under another build id, when they change."""
    scripts = b"".join(path.read_bytes() for path in COMPILERS)
    names = ",".join(sorted(EXCLUDED)) + ";" + ",".join(sorted(KEPT_ENCODINGS))
    return hashlib.sha256(names.encode() + scripts).hexdigest()[:8]


def trim(source: Path, target: Path) -> Path:
    """Write ``source`` (Pyodide's stdlib zip) to ``target`` without the excluded entries,
    each kept entry as it was (name, date, compression), so the output is reproducible."""
    partial = target.with_suffix(".partial")
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(partial, "w") as zout:
        for info in zin.infolist():
            if not excluded(info.filename):
                zout.writestr(info, zin.read(info), compress_type=info.compress_type)
    return partial.replace(target)
