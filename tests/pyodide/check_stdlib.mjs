// What a worker's Python makes of the standard library the site ships: boot Pyodide from
// SHIPPED, install WHEEL and import every module of the package (as the build does), then
// report, as JSON on stdout:
// - `from_source`: modules that Python still had to compile from a .py in the zip;
// - `compiled`: how many came from a .pyc;
// - `differs`: .pyc entries whose code is not what this Python compiles from UPSTREAM's
//   source of the same name (Pyodide's own zip, untouched): other bytecode, constants, names
//   or line numbers;
// - `columns`: .pyc entries that still carry column positions (the build leaves them out);
// - `both`: .pyc entries shipped with their .py beside them.
// Python runs here with its defaults: under PYTHONNODEBUGRANGES it would drop the columns of
// every code object it loads, and could not tell.
//
// Usage: node check_stdlib.mjs SHIPPED UPSTREAM WHEEL
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { importPackage, zipEntriesImported } from "../../build_scripts/import_package.mjs";

const [shipped, upstream, wheel] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdLibURL: shipped });
importPackage(pyodide, wheel);
pyodide.globals.set("imported", JSON.stringify(zipEntriesImported(pyodide)));
pyodide.FS.writeFile("/tmp/shipped.zip", new Uint8Array(readFileSync(shipped)));
pyodide.FS.writeFile("/tmp/upstream.zip", new Uint8Array(readFileSync(upstream)));
process.stdout.write(pyodide.runPython(`
import json, marshal, zipfile
from importlib.util import MAGIC_NUMBER
from types import CodeType

def nested(code):
    """The code object and every code object inside it, outermost first."""
    yield code
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield from nested(const)

def unplaced(code):
    """The code object with its position table, and those of its inner ones, left out."""
    consts = tuple(unplaced(c) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)

def same(compiled, source):
    lines = [[list(c.co_lines()) for c in nested(code)] for code in (compiled, source)]
    return unplaced(compiled) == unplaced(source) and lines[0] == lines[1]

imported = json.loads(imported)
differs, columns = [], []
with zipfile.ZipFile("/tmp/shipped.zip") as shipped, zipfile.ZipFile("/tmp/upstream.zip") as up:
    names = set(shipped.namelist())
    for name in names:
        if name.endswith(".pyc"):
            data = shipped.read(name)
            source = up.read(name[:-1])
            code = marshal.loads(data[16:]) if data[:4] == MAGIC_NUMBER else None
            if not code or not same(code, compile(source, name[:-1], "exec", dont_inherit=True)):
                differs.append(name)
            elif any(column is not None for c in nested(code) for _, _, column, _ in c.co_positions()):
                columns.append(name)
json.dumps({
    "from_source": [entry for entry in imported if entry.endswith(".py")],
    "compiled": sum(entry.endswith(".pyc") for entry in imported),
    "differs": sorted(differs),
    "columns": sorted(columns),
    "both": sorted(n for n in names if n.endswith(".pyc") and n[:-1] in names),
})
`));
