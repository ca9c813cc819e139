// Run calculator cases inside Pyodide (the npm package, headless under Node).
//
// Usage: node run_cases.mjs WHEEL STDLIB [SNAPSHOT] < cases.json > answers.json
// cases.json: [{"name": ..., "params": {...}}, ...]; each answer is what
// calculators.web.render gives ({html} or {errors}) plus the raw result or errors of
// calculators.run, so the caller can compare both with CPython's. STDLIB is the standard
// library's zip the site ships (build_scripts/stdlib.py), so the cases run on what a reader's
// browser has. Without SNAPSHOT, the package is imported from WHEEL as it is, on sys.path, as
// the browser's worker does on a plain boot (a case that reads a data file reads it from the
// wheel then). With SNAPSHOT (the site's snapshot container, see build_scripts/runtime.py),
// Python is restored from it as the browser's worker does, and every case is answered before
// the wheel's files are unpacked (the worker unpacks them only after its first answers): a
// case that still needs a file of the package fails here. The first answer also lists the
// calculator modules already imported before the first case ran, and how many of the
// package's dataclasses found their methods compiled in the wheel
// (calculators/prebuilt_methods.py).
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { gunzipSync } from "node:zlib";

const [wheel, stdLib, snapshotFile] = process.argv.slice(2);
const cases = readFileSync(0, "utf8");
let pyodide;
if (snapshotFile) {
  const data = readFileSync(snapshotFile);
  const length = data.readUInt32LE(8);
  const snapshot = new Uint8Array(gunzipSync(data.subarray(12 + length)));
  pyodide = await loadPyodide({ _loadSnapshot: snapshot, stdLibURL: stdLib });
} else {
  pyodide = await loadPyodide({ stdLibURL: stdLib });
  const path = "/runtime/" + basename(wheel);  /* where calc-worker.js writes it */
  pyodide.FS.mkdirTree("/runtime");
  pyodide.FS.writeFile(path, new Uint8Array(readFileSync(wheel)));
  pyodide.pyimport("sys").path.insert(0, path);
}
pyodide.globals.set("cases_json", cases);
const answers = await pyodide.runPythonAsync(`
import json, sys, warnings
warnings.simplefilter("error")
imported_before = sorted(m for m in sys.modules if m.startswith("calculators."))
import calculators
from calculators import CalculatorError
from calculators.web import render

def answer(case):
    try:
        result = calculators.run(case["name"], case["params"])
    except CalculatorError as exc:
        result = exc.as_json()
    return {"result": result, "rendered": render(case["name"], case["params"]),
            "python": sys.version.split()[0], "platform": sys.platform}

answers = [answer(case) for case in json.loads(cases_json)]
answers[0]["imported_before"] = imported_before
answers[0]["package_from"] = calculators.__file__
from calculators.prebuilt_methods import counts
answers[0]["prebuilt_methods"] = counts
json.dumps(answers)
`);
process.stdout.write(answers);
