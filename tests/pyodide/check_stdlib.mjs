// What a worker's Python makes of the standard library the site ships: boot Pyodide from
// SHIPPED, install WHEEL and import every module of the package (as the build does), then
// report, as JSON on stdout:
// - `from_source`: modules that Python still had to compile from a .py in the zip;
// - `compiled`: how many came from a .pyc;
// - `differs`: .pyc entries whose code is not what this Python compiles from UPSTREAM's
//   source of the same name (Pyodide's own zip, untouched): other bytecode, constants, names
//   or line numbers;
// - `columns`: .pyc entries that still carry column positions (the build leaves them out);
// - `both`: .pyc entries shipped with their .py beside them;
// - `findable`: the top-level modules and packages Python finds once REST (the rest of the
//   standard library) is on sys.path behind SHIPPED, as the worker puts it after booting;
// - `in_both`: entries that SHIPPED and REST both hold.
// Python runs here with its defaults: under PYTHONNODEBUGRANGES it would drop the columns of
// every code object it loads, and could not tell.
//
// Usage: node check_stdlib.mjs SHIPPED UPSTREAM WHEEL REST
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { importPackage, zipEntriesImported } from "../../build_scripts/import_package.mjs";

const [shipped, upstream, wheel, rest] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdLibURL: shipped });
importPackage(pyodide, wheel);
pyodide.globals.set("imported", JSON.stringify(zipEntriesImported(pyodide)));
pyodide.FS.writeFile("/tmp/shipped.zip", new Uint8Array(readFileSync(shipped)));
pyodide.FS.writeFile("/tmp/upstream.zip", new Uint8Array(readFileSync(upstream)));
pyodide.FS.writeFile("/lib/rest.zip", new Uint8Array(readFileSync(rest)));
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
import importlib.util, sys
sys.path.append("/lib/rest.zip")
with zipfile.ZipFile("/lib/rest.zip") as zrest:
    rest_names = set(zrest.namelist())
tops = {n.split("/")[0].removesuffix(".py").removesuffix(".pyc") for n in names | rest_names
        if n.endswith((".py", ".pyc"))}
json.dumps({
    "findable": sorted(t for t in tops if importlib.util.find_spec(t) is not None),
    "tops": sorted(tops),
    "in_both": sorted(names & rest_names),
    "from_source": [entry for entry in imported if entry.endswith(".py")],
    "compiled": sum(entry.endswith(".pyc") for entry in imported),
    "differs": sorted(differs),
    "columns": sorted(columns),
    "both": sorted(n for n in names if n.endswith(".pyc") and n[:-1] in names),
})
`));
