// Import every module of the calculators package into a Pyodide booted in Node: each
// calculator, and with them every rule-data file, which the modules read as they are
// imported, and every system's digest of its rule data, which a battle reads on first use
// (calculators/battle/record.py). The build does this twice on the same terms: to learn which
// modules of the standard library a worker imports (compile_stdlib.mjs) and before it freezes
// Python into the memory snapshot (make_snapshot.mjs); the Pyodide tests do it to check the
// zip.
import { readFileSync } from "node:fs";

// Install WHEEL's files into `pyodide` (a Node Buffer is refused: it wants a Uint8Array),
// import every module of the package, and return the names of the calculators.
export function importPackage(pyodide, wheel) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
  const names = pyodide.runPython(`
import importlib, pkgutil
import calculators, calculators.web
from calculators.registry import LOCATIONS
for name in LOCATIONS:
    calculators.web.preload(name)
for module in pkgutil.walk_packages(calculators.__path__, "calculators."):
    if module.name != "calculators.__main__":
        importlib.import_module(module.name)
from calculators.battle.record import data_digest
from calculators.systems import SYSTEMS
for system in SYSTEMS:
    data_digest(system.folder)
del name, module, system
",".join(LOCATIONS)
`);
  return names.split(",");
}

// The entries of the standard library's zip that `pyodide` has imported modules from, by
// their names in the zip: "json/__init__.py" for a module compiled from its source,
// "typing.pyc" for one loaded as bytecode.
export function zipEntriesImported(pyodide) {
  return JSON.parse(pyodide.runPython(`
import json, sys
root = next(path for path in sys.path if path.endswith(".zip")) + "/"
json.dumps(sorted(module.__spec__.origin.removeprefix(root)
                  for module in list(sys.modules.values())
                  if getattr(module, "__spec__", None) and module.__spec__.origin
                  and module.__spec__.origin.startswith(root)))
`));
}
