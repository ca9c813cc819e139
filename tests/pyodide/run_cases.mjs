// Run calculator cases inside Pyodide (the npm package, headless under Node).
//
// Usage: node run_cases.mjs WHEEL < cases.json > answers.json
// cases.json: [{"name": ..., "params": {...}}, ...]; each answer is what
// calculators.web.render gives ({html} or {errors}) plus the raw result or errors of
// calculators.run, so the caller can compare both with CPython's.
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const wheel = process.argv[2];
const cases = readFileSync(0, "utf8");
const pyodide = await loadPyodide();
await pyodide.loadPackage(wheel, { messageCallback: () => {} });
pyodide.globals.set("cases_json", cases);
const answers = await pyodide.runPythonAsync(`
import json, sys, warnings
warnings.simplefilter("error")
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

json.dumps([answer(case) for case in json.loads(cases_json)])
`);
process.stdout.write(answers);
