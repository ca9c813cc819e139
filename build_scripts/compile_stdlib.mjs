// Compile, ahead of time and in the browser's own Python, the modules of the standard library
// a calculators worker imports (build_scripts/stdlib.py says why).
//
// Usage: node compile_stdlib.mjs TRIMMED WHEEL OUT REST
//
// Boots Pyodide from TRIMMED (the standard library's zip, less the excluded names), installs
// WHEEL and imports every module of the package as the snapshot does. Every module then
// imported from the zip, by Pyodide's start-up or by the package, is written to OUT as a
// compiled .pyc in place of its .py. The top-level modules and packages nothing imported from
// go to REST as they are, source and all: a worker fetches that zip while Python starts and
// puts it on sys.path behind OUT (build_scripts/stdlib.py says why). A package something was
// imported from stays whole in OUT, since its other modules are looked for only in its own
// folder there. The compiling is
// done here, by Pyodide's CPython, because bytecode fits only the Python version that wrote
// it (the machine's own Python is another). It compiles without column positions
// (PYTHONNODEBUGRANGES, as `python -X no_debug_ranges` does): a traceback through these
// modules then marks no columns under a line, and the zip is 0.3 MB lighter.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { importPackage, zipEntriesImported } from "./import_package.mjs";

const [trimmed, wheel, out, rest] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdLibURL: trimmed, env: { PYTHONNODEBUGRANGES: "1" } });
importPackage(pyodide, wheel);
pyodide.globals.set("imported", JSON.stringify(zipEntriesImported(pyodide)));
pyodide.FS.writeFile("/tmp/trimmed.zip", new Uint8Array(readFileSync(trimmed)));
pyodide.runPython(`
import json, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

imported = set(json.loads(imported))

def top(name):
    """The top-level module or package a zip entry belongs to."""
    return name.split("/")[0].removesuffix(".py")

used = {top(name) for name in imported}

with zipfile.ZipFile("/tmp/trimmed.zip") as zin, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout, \\
        zipfile.ZipFile("/tmp/rest.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zrest:
    modules = {top(info.filename) for info in zin.infolist() if info.filename.endswith(".py")}
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename not in imported:
            name = top(info.filename)
            target = zrest if name in modules and name not in used else zout
            target.writestr(info, data, compress_type=info.compress_type)
            continue
        # No source beside it, so zipimport takes the .pyc without comparing dates.
        code = compile(data, info.filename, "exec", dont_inherit=True)
        compiled = zipfile.ZipInfo(info.filename + "c", info.date_time)
        zout.writestr(compiled, _code_to_timestamp_pyc(code, 0, len(data)),
                      compress_type=zipfile.ZIP_DEFLATED)
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/compiled.zip"));
writeFileSync(rest, pyodide.FS.readFile("/tmp/rest.zip"));
