"""The live table's libraries in the built site (build_scripts/vendor.py), vendored from a
temporary copy of the installed npm packages: copied as they ship, the torrent strategy's bare
import of the core pointed at the copied core, and a package that no longer fits refused."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from build_scripts.vendor import (CORE, JSQR, NODE_MODULES, QRCODE, TORRENT, VENDOR, VendorError,
                                  vendor_libraries)

PACKAGES = (CORE, TORRENT, QRCODE, JSQR)


@pytest.fixture
def modules(tmp_path):
    """A copy of the four installed packages, to vendor from (and to break)."""
    copy = tmp_path / "node_modules"
    for name in PACKAGES:
        shutil.copytree(NODE_MODULES / name, copy / name)
    return copy


def shipped_lines(path) -> list[str]:
    """A module's lines, less its source-map comment (the maps are not shipped)."""
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if not line.startswith("//# sourceMappingURL=") and line.strip()]


def test_the_libraries_land_where_the_table_imports_them_with_their_licences(modules, tmp_path):
    site = tmp_path / "site"
    written = vendor_libraries(site, modules)
    out = site / VENDOR
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    core = sorted(p.name for p in (modules / CORE / "dist").glob("*.mjs"))
    assert files == sorted(["qrcode/qrcode.mjs", "jsqr/jsQR.js", "jsqr/LICENSE", "trystero/core/LICENSE",
                            "trystero/torrent/LICENSE", "trystero/torrent/index.mjs",
                            *(f"trystero/core/{name}" for name in core)])
    assert sorted(written) == sorted(p for p in out.rglob("*.*js"))
    assert not [p.name for p in written if "sourceMappingURL" in p.read_text(encoding="utf-8")]
    for name, folder in ((CORE, "trystero/core"), (TORRENT, "trystero/torrent"), (JSQR, "jsqr")):
        assert (out / folder / "LICENSE").read_bytes() == (modules / name / "LICENSE").read_bytes()
    assert (out / "qrcode" / "qrcode.mjs").read_text(encoding="utf-8").startswith(
        (modules / QRCODE / "dist" / "qrcode.mjs").read_text(encoding="utf-8")[:400])


def test_only_the_cores_bare_import_changes_and_it_names_the_copied_core(modules, tmp_path):
    out = tmp_path / "site" / VENDOR
    vendor_libraries(tmp_path / "site", modules)
    for source in (modules / CORE / "dist").glob("*.mjs"):
        assert shipped_lines(out / "trystero" / "core" / source.name) == shipped_lines(source)
    before = shipped_lines(modules / TORRENT / "dist" / "index.mjs")
    after = shipped_lines(out / "trystero" / "torrent" / "index.mjs")
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert len(changed) == 1
    old, new = changed[0]
    assert f'from "{CORE}"' in old and 'from "../core/index.mjs"' in new
    assert old.replace(f'"{CORE}"', '"../core/index.mjs"') == new
    assert (out / "trystero" / "torrent" / "../core/index.mjs").resolve().is_file()


def test_the_vendored_strategy_imports_with_no_bundler(modules, tmp_path):
    vendor_libraries(tmp_path / "site", modules)
    torrent = tmp_path / "site" / VENDOR / "trystero" / "torrent" / "index.mjs"
    qrcode = tmp_path / "site" / VENDOR / "qrcode" / "qrcode.mjs"
    probe = ("const [t, q] = await Promise.all(process.argv.slice(1).map((p) => import(p)));"
             "console.log(JSON.stringify([typeof t.joinRoom, typeof t.selfId,"
             " typeof q.default]));")
    node = shutil.which("node")
    assert node, "node is required (make setup)"
    done = subprocess.run([node, "--input-type=module", "-e", probe, str(torrent), str(qrcode)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["function", "string", "function"]


def test_a_strategy_that_imports_the_core_another_way_stops_the_build(modules, tmp_path):
    index = modules / TORRENT / "dist" / "index.mjs"
    index.write_text(index.read_text(encoding="utf-8").replace(
        f'from "{CORE}"', f'from "{CORE}/dist/index.mjs"'), encoding="utf-8")
    with pytest.raises(VendorError, match="no longer imports '@trystero-p2p/core'"):
        vendor_libraries(tmp_path / "site", modules)


def test_a_module_that_imports_another_package_stops_the_build(modules, tmp_path):
    utils = modules / CORE / "dist" / "utils.mjs"
    utils.write_text('import { nanoid } from "nanoid";\n' + utils.read_text(encoding="utf-8"),
                     encoding="utf-8")
    with pytest.raises(VendorError, match="utils.mjs imports nanoid by bare name"):
        vendor_libraries(tmp_path / "site", modules)


def test_a_missing_package_or_licence_stops_the_build(modules, tmp_path):
    (modules / TORRENT / "LICENSE").unlink()
    with pytest.raises(VendorError, match="ships no LICENSE"):
        vendor_libraries(tmp_path / "site", modules)
    shutil.rmtree(modules / QRCODE)
    (modules / TORRENT / "LICENSE").write_text("MIT", encoding="utf-8")
    with pytest.raises(VendorError, match="node_modules/qrcode-generator is missing"):
        vendor_libraries(tmp_path / "site", modules)


def test_a_qrcode_module_without_its_licence_notice_stops_the_build(modules, tmp_path):
    module = modules / QRCODE / "dist" / "qrcode.mjs"
    text = module.read_text(encoding="utf-8")
    module.write_text(text.replace("Licensed under the MIT license", "Licensed"),
                      encoding="utf-8")
    with pytest.raises(VendorError, match="licence notice"):
        vendor_libraries(tmp_path / "site", modules)


def test_a_rebuild_keeps_no_module_the_packages_no_longer_ship(modules, tmp_path):
    site = tmp_path / "site"
    stale = site / VENDOR / "trystero" / "core" / "dropped.mjs"
    stale.parent.mkdir(parents=True)
    stale.write_text("export const dropped = 1;\n", encoding="utf-8")
    vendor_libraries(site, modules)
    assert not stale.exists()
    assert (site / VENDOR / "trystero" / "core" / "index.mjs").is_file()


def test_the_vendored_qr_reader_run_as_a_module_sets_its_reader_on_self(modules, tmp_path):
    """The page imports jsQR's UMD bundle as a module (qr.js): with no module system it hangs
    its reader on ``self``, as in a browser's window."""
    vendor_libraries(tmp_path / "site", modules)
    reader = tmp_path / "reader.mjs"  # a module, as a browser runs it (Node would run .js as CommonJS)
    shutil.copy(tmp_path / "site" / VENDOR / "jsqr" / "jsQR.js", reader)
    probe = ("globalThis.self = globalThis; await import(process.argv[1]);"
             "console.log(typeof self.jsQR);")
    done = subprocess.run([shutil.which("node"), "--input-type=module", "-e", probe, str(reader)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "function"
