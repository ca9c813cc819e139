// What a worker's Python makes of the standard library the site ships: boot Pyodide from
// SHIPPED, install WHEEL and import every module of the package (as the build does), then
// report, as JSON on stdout:
// - `from_source`: modules that Python still had to compile from a .py in the zip;
// - `compiled`: how many came from a .pyc;
// - `differs`: .pyc entries whose code is not what this Python compiles from UPSTREAM's
//   source of the same name (Pyodide's own zip, untouched);
// - `both`: .pyc entries shipped with their .py beside them.
//
// Usage: node check_stdlib.mjs SHIPPED UPSTREAM WHEEL
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { importPackage } from "../../build_scripts/import_package.mjs";

const [shipped, upstream, wheel] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdLibURL: shipped });
importPackage(pyodide, wheel);
pyodide.FS.writeFile("/tmp/shipped.zip", new Uint8Array(readFileSync(shipped)));
pyodide.FS.writeFile("/tmp/upstream.zip", new Uint8Array(readFileSync(upstream)));
process.stdout.write(pyodide.runPython(`
import json, marshal, sys, zipfile
from importlib.util import MAGIC_NUMBER

root = next(path for path in sys.path if path.endswith(".zip")) + "/"
origins = [module.__spec__.origin for module in list(sys.modules.values())
           if getattr(module, "__spec__", None) and module.__spec__.origin
           and module.__spec__.origin.startswith(root)]
differs = []
with zipfile.ZipFile("/tmp/shipped.zip") as shipped, zipfile.ZipFile("/tmp/upstream.zip") as up:
    names = set(shipped.namelist())
    for name in names:
        if name.endswith(".pyc"):
            data = shipped.read(name)
            source = up.read(name[:-1])
            if data[:4] != MAGIC_NUMBER or marshal.loads(data[16:]) != compile(
                    source, name[:-1], "exec", dont_inherit=True):
                differs.append(name)
json.dumps({
    "from_source": sorted(o.removeprefix(root) for o in origins if o.endswith(".py")),
    "compiled": sum(o.endswith(".pyc") for o in origins),
    "differs": sorted(differs),
    "both": sorted(n for n in names if n.endswith(".pyc") and n[:-1] in names),
})
`));
