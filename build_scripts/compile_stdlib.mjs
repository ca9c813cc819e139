// Compile, ahead of time and in the browser's own Python, the modules of the standard library
// a calculators worker imports (build_scripts/stdlib.py says why).
//
// Usage: node compile_stdlib.mjs TRIMMED WHEEL OUT
//
// Boots Pyodide from TRIMMED (the standard library's zip, less the excluded names), installs
// WHEEL and imports every module of the package as the snapshot does. Every module then
// imported from the zip, by Pyodide's start-up or by the package, is written to OUT as a
// compiled .pyc in place of its .py; every other entry is copied as it is. The compiling is
// done here, by Pyodide's CPython, because bytecode fits only the Python version that wrote
// it (the machine's own Python is another). It compiles without column positions
// (PYTHONNODEBUGRANGES, as `python -X no_debug_ranges` does): a traceback through these
// modules then marks no columns under a line, and the zip is 0.3 MB lighter.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { importPackage, zipEntriesImported } from "./import_package.mjs";

const [trimmed, wheel, out] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdLibURL: trimmed, env: { PYTHONNODEBUGRANGES: "1" } });
importPackage(pyodide, wheel);
pyodide.globals.set("imported", JSON.stringify(zipEntriesImported(pyodide)));
pyodide.FS.writeFile("/tmp/trimmed.zip", new Uint8Array(readFileSync(trimmed)));
pyodide.runPython(`
import json, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

imported = set(json.loads(imported))

with zipfile.ZipFile("/tmp/trimmed.zip") as zin, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename not in imported:
            zout.writestr(info, data, compress_type=info.compress_type)
            continue
        # No source beside it, so zipimport takes the .pyc without comparing dates.
        code = compile(data, info.filename, "exec", dont_inherit=True)
        compiled = zipfile.ZipInfo(info.filename + "c", info.date_time)
        zout.writestr(compiled, _code_to_timestamp_pyc(code, 0, len(data)),
                      compress_type=zipfile.ZIP_DEFLATED)
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/compiled.zip"));
