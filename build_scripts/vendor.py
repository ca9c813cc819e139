"""The live table's libraries, copied from ``node_modules`` into the built site as they ship.

The site has no bundler: the table's script imports ES modules by their path in the site,
as the calculators' worker imports Pyodide. Layout inside the site::

    assets/vendor/trystero/core/*.mjs       @trystero-p2p/core (rooms, encryption) + LICENSE
    assets/vendor/trystero/torrent/*.mjs    @trystero-p2p/torrent (signalling through
                                            WebTorrent trackers) + LICENSE
    assets/vendor/qrcode/qrcode.mjs         qrcode-generator (its licence is the file's header)
    assets/vendor/jsqr/jsQR.js + LICENSE    jsQR, the QR reader of the table's pairing by hand
                                            (a UMD bundle: run as a module, it sets self.jsQR)

Each module file is copied as it is, with two edits: the torrent strategy's bare import of
``"@trystero-p2p/core"`` (which only a bundler or an import map resolves) becomes the relative
path of the copied core, and the last line's ``sourceMappingURL`` comment goes, since the maps
are not shipped. A copied module left importing anything but a relative path stops the build,
so a new version that imports another package, or names the core another way, is noticed here
rather than as a failed import in a player's browser.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
#: The folder of the vendored libraries inside the site.
VENDOR = Path("assets") / "vendor"
CORE = "@trystero-p2p/core"
TORRENT = "@trystero-p2p/torrent"
QRCODE = "qrcode-generator"
QRCODE_MODULE = "dist/qrcode.mjs"
#: qrcode-generator ships no licence file; its module's header comment carries the notice.
QRCODE_NOTICE = "Licensed under the MIT license"
JSQR = "jsqr"
JSQR_MODULE = "dist/jsQR.js"
#: The specifier of every static import or re-export (``from "x"``, ``import "x"``) and of a
#: dynamic ``import("x")``, in the modules' unminified form.
_SPECIFIER = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"'\n]+)\1""")
_SOURCE_MAP = re.compile(r"\n//# sourceMappingURL=\S+\s*$")


class VendorError(Exception):
    """A library is missing or not as this module expects; the message says which."""


def package_dir(name: str, modules: Path = NODE_MODULES) -> Path:
    """The installed npm package ``name``; a missing one stops the build."""
    folder = modules / name
    if not (folder / "package.json").is_file():
        raise VendorError(f"node_modules/{name} is missing: run `npm install` (make setup)")
    return folder


def rewrite_core_import(text: str, core_index: str, name: str) -> str:
    """``text`` (the module ``name``) with its import of :data:`CORE` by bare name pointing at
    ``core_index`` (a path relative to the module) instead. Raises :class:`VendorError` when
    the bare import is not there: the strategy no longer imports the core that way."""
    bare = re.compile(rf"""(\bfrom\s*)(["']){re.escape(CORE)}\2""")
    rewritten, count = bare.subn(lambda m: f"{m.group(1)}{m.group(2)}{core_index}{m.group(2)}",
                                 text)
    if not count:
        raise VendorError(f"{name} no longer imports {CORE!r} by that bare name: check how "
                          "the new version imports the core before vendoring it")
    return rewritten


def check_imports(text: str, name: str) -> None:
    """Refuse a module that imports anything but a relative path: the site has nothing to
    resolve a bare name with."""
    bare = sorted({m.group(2) for m in _SPECIFIER.finditer(text)
                   if not m.group(2).startswith(("./", "../"))})
    if bare:
        raise VendorError(f"{name} imports {', '.join(bare)} by bare name, which the site "
                          "cannot resolve")


def without_source_map(text: str) -> str:
    """``text`` less its closing ``sourceMappingURL`` comment (the maps stay behind)."""
    return _SOURCE_MAP.sub("\n", text)


def copy_modules(package: Path, name: str, out: Path, core_index: Path | None) -> list[Path]:
    """Copy the ``dist/*.mjs`` modules of ``package`` (npm ``name``) into ``out``, each edited
    as the module docstring says, with its ``LICENSE``; ``core_index``, the copied core's
    entry module, for a package that imports the core by bare name."""
    sources = sorted((package / "dist").glob("*.mjs"))
    if not sources:
        raise VendorError(f"{name} has no dist/*.mjs modules")
    licence = package / "LICENSE"
    if not licence.is_file():
        raise VendorError(f"{name} ships no LICENSE file to keep beside its copy")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sources:
        label = f"{name}/dist/{source.name}"
        text = without_source_map(source.read_text(encoding="utf-8"))
        if core_index is not None:
            relative = Path(os.path.relpath(core_index, out)).as_posix()
            text = rewrite_core_import(text, relative, label)
        check_imports(text, label)
        target = out / source.name
        target.write_text(text, encoding="utf-8")
        written.append(target)
    shutil.copy2(licence, out / "LICENSE")
    return written


def copy_qrcode(package: Path, out: Path) -> Path:
    """Copy qrcode-generator's ES module into ``out``; refuse one without its licence notice."""
    source = package / QRCODE_MODULE
    if not source.is_file():
        raise VendorError(f"{QRCODE} has no {QRCODE_MODULE}")
    text = without_source_map(source.read_text(encoding="utf-8"))
    if QRCODE_NOTICE not in text[:2000]:
        raise VendorError(f"{QRCODE}'s {QRCODE_MODULE} no longer opens with its licence "
                          "notice: ship the package's licence beside it")
    check_imports(text, f"{QRCODE}/{QRCODE_MODULE}")
    out.mkdir(parents=True, exist_ok=True)
    target = out / source.name
    target.write_text(text, encoding="utf-8")
    return target


def copy_jsqr(package: Path, out: Path) -> Path:
    """Copy jsQR's bundle and its ``LICENSE`` into ``out``."""
    source = package / JSQR_MODULE
    if not source.is_file():
        raise VendorError(f"{JSQR} has no {JSQR_MODULE}")
    licence = package / "LICENSE"
    if not licence.is_file():
        raise VendorError(f"{JSQR} ships no LICENSE file to keep beside its copy")
    text = without_source_map(source.read_text(encoding="utf-8"))
    check_imports(text, f"{JSQR}/{JSQR_MODULE}")
    out.mkdir(parents=True, exist_ok=True)
    target = out / source.name
    target.write_text(text, encoding="utf-8")
    shutil.copy2(licence, out / "LICENSE")
    return target


def vendor_libraries(site_dir: Path, modules: Path = NODE_MODULES) -> list[Path]:
    """Copy the table's libraries into ``site_dir`` (see the module's docstring); returns the
    module files written. Raises :class:`VendorError`."""
    out = site_dir / VENDOR
    if out.exists():  # a rebuild into the same folder keeps no module a new version dropped
        shutil.rmtree(out)
    core = copy_modules(package_dir(CORE, modules), CORE, out / "trystero" / "core", None)
    core_index = out / "trystero" / "core" / "index.mjs"
    if core_index not in core:
        raise VendorError(f"{CORE} has no dist/index.mjs, the entry its strategies import")
    torrent = copy_modules(package_dir(TORRENT, modules), TORRENT,
                           out / "trystero" / "torrent", core_index)
    return [*core, *torrent, copy_qrcode(package_dir(QRCODE, modules), out / "qrcode"),
            copy_jsqr(package_dir(JSQR, modules), out / "jsqr")]
