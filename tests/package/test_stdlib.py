"""The standard library the site ships (build_scripts/stdlib.py): Pyodide's zip less the excluded
top-level names, every other entry unchanged but for the modules a worker imports, which are
compiled, in two zips (what is imported, and the rest). That the browser's Python needs none
of the excluded names is shown by the Pyodide tests, which boot from this zip (plainly and
from the snapshot made from it) and run every calculator; they also check that the bytecode
is what Pyodide compiles from the source, and that a worker compiles no module of the
standard library itself."""

from __future__ import annotations

import zipfile

import pytest

from build_scripts import runtime, stdlib

UPSTREAM = runtime.PYODIDE_NPM / runtime.STDLIB


@pytest.mark.parametrize("name, left_out", [
    ("xml/dom/minidom.pyc", True),
    ("unittest/__init__.pyc", True),
    ("pdb.pyc", True),
    ("xmlrpc/client.pyc", True),
    ("email/parser.pyc", False),  # importlib.metadata needs it
    ("json/decoder.pyc", False),
    ("xml_tools.pyc", False),  # only the exact top-level name counts
    ("encodings/shift_jis.py", True),  # a codec of another platform's text
    ("encodings/mac_roman.py", True),
    ("encodings/utf_8.pyc", False),
    ("encodings/cp437.pyc", False),  # zipfile reads names in it
    ("encodings/__init__.pyc", False),
])
def test_an_entry_is_left_out_by_its_top_level_name(name, left_out):
    assert stdlib.excluded(name) is left_out


def test_the_trimmed_zip_keeps_every_other_entry_byte_for_byte(tmp_path):
    if not UPSTREAM.exists():
        pytest.skip("node_modules/pyodide is missing (make setup installs it)")
    trimmed = stdlib.trim(UPSTREAM, tmp_path / runtime.STDLIB)
    with zipfile.ZipFile(UPSTREAM) as upstream, zipfile.ZipFile(trimmed) as shipped:
        kept = [info for info in upstream.infolist() if not stdlib.excluded(info.filename)]
        assert [info.filename for info in shipped.infolist()] == [i.filename for i in kept]
        for info in kept:
            copy = shipped.getinfo(info.filename)
            assert (copy.date_time, copy.compress_type) == (info.date_time, info.compress_type)
            assert shipped.read(copy) == upstream.read(info), info.filename
        gone = {name.split("/")[0] for name in upstream.namelist() if stdlib.excluded(name)}
    assert {"xml", "unittest", "multiprocessing", "_pyrepl"} <= gone
    assert trimmed.stat().st_size < 0.75 * UPSTREAM.stat().st_size


def test_the_two_shipped_zips_are_the_trimmed_one_with_imported_modules_compiled(tmp_path):
    """Every entry of the trimmed zip is in one of the two, in its order: the first holds the
    modules a worker imports, compiled, and the packages they belong to whole; the rest holds
    the top-level modules and packages nothing imports, unchanged (build_scripts/stdlib.py)."""
    if not UPSTREAM.exists():
        pytest.skip("node_modules/pyodide is missing (make setup installs it)")
    trimmed = stdlib.trim(UPSTREAM, tmp_path / runtime.STDLIB)
    build_id = runtime.source_digest()
    with zipfile.ZipFile(trimmed) as before, \
            zipfile.ZipFile(runtime.stdlib_zip(build_id)) as shipped, \
            zipfile.ZipFile(runtime.stdlib_rest_zip(build_id)) as rest:
        names = [info.filename for info in shipped.infolist()]
        rest_names = [info.filename for info in rest.infolist()]
        compiled = {name[:-1] for name in names if name.endswith(".pyc")}
        expected = [name + "c" if name in compiled else name for name in before.namelist()]
        assert [n for n in expected if n not in rest_names] == names
        assert [n for n in expected if n in rest_names] == rest_names
        for name in set(names) - {name + "c" for name in compiled}:
            assert shipped.read(name) == before.read(name), name
        for name in rest_names:
            assert rest.read(name) == before.read(name), name
        top = lambda name: name.split("/")[0].removesuffix(".py")  # noqa: E731
        assert not {top(n) for n in rest_names} & {top(n) for n in compiled}
    # Pyodide's start-up needs these; the package, json; nothing imports calendar.
    assert {"asyncio/__init__.py", "typing.py", "json/__init__.py"} <= compiled
    assert "calendar.py" in rest_names and "calendar.py" not in names


def test_other_scripts_compiling_the_zip_make_another_build(monkeypatch, tmp_path):
    script = tmp_path / "compile_stdlib.mjs"
    script.write_bytes(stdlib.COMPILERS[0].read_bytes() + b"\n// changed\n")
    before = runtime.source_digest()
    monkeypatch.setattr(stdlib, "COMPILERS", (script, *stdlib.COMPILERS[1:]))
    assert runtime.source_digest() != before


def test_other_exclusions_make_another_build(monkeypatch):
    """A snapshot fits only the zip it was made from, so the build id (which names the
    snapshot a browser keeps) changes with the exclusions."""
    before = runtime.source_digest()
    monkeypatch.setattr(stdlib, "EXCLUDED", stdlib.EXCLUDED - {"xml"})
    assert runtime.source_digest() != before
