// Compile the package's wheel ahead of time, in the browser's own Python, so a worker imports
// its modules without compiling them first (build_scripts/runtime.py's `compiled_wheel` says
// why).
//
// Usage: node compile_wheel.mjs WHEEL OUT
//
// OUT is WHEEL with each module's source replaced by its bytecode (`calculators/web.py`
// becomes `calculators/web.pyc`), which Python imports as it is when no source is beside it.
// As for the standard library (compile_stdlib.mjs): compiled by Pyodide's CPython, because
// bytecode fits only the Python version that wrote it, and without column positions; a
// traceback in the browser then names the file and line but shows no source line (the
// command line and the tests run the package from its source). The wheel's RECORD lists the
// files it now holds, with their hashes, as a wheel's must; everything else (the rule data,
// the metadata) is kept as it was.
//
// OUT also holds the methods that `dataclasses` writes for the package's classes, compiled
// (calculators/prebuilt_methods.py): recorded here while every module of the package is
// imported, by the same Python and on the same terms as the modules' own bytecode.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { importPackage } from "./import_package.mjs";

const [wheel, out] = process.argv.slice(2);
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/source.whl", new Uint8Array(readFileSync(wheel)));
// The recorder is loaded from the wheel's file on its own: importing it as part of the
// package would make the package's first classes before it records.
pyodide.runPython(`
import importlib.util, zipfile
with zipfile.ZipFile("/tmp/source.whl") as zin:
    zin.extract("calculators/prebuilt_methods.py", "/tmp/recorder")
spec = importlib.util.spec_from_file_location("prebuilt_methods",
                                              "/tmp/recorder/calculators/prebuilt_methods.py")
recorder = importlib.util.module_from_spec(spec)
spec.loader.exec_module(recorder)
recording = recorder.recording()
methods = recording.__enter__()
`);
importPackage(pyodide, wheel);
pyodide.runPython(`
import base64, hashlib, marshal
recording.__exit__(None, None, None)
from importlib._bootstrap_external import _code_to_timestamp_pyc

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

with zipfile.ZipFile("/tmp/source.whl") as zin, \\
        zipfile.ZipFile("/tmp/compiled.whl", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
    files = {}
    record = None
    for info in zin.infolist():
        data = zin.read(info)
        name = info.filename
        if name.endswith(".dist-info/RECORD"):
            record = info
            continue
        if name.endswith(".py") and ".dist-info/" not in name:
            code = compile(data, name, "exec", dont_inherit=True)
            data = _code_to_timestamp_pyc(code, 0, len(data))
            name += "c"
            info = zipfile.ZipInfo(name, info.date_time)
            info.external_attr = 0o644 << 16
        zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
        files[name] = data
    name = "calculators/" + recorder.file_name()
    data = marshal.dumps(methods)
    info = zipfile.ZipInfo(name, record.date_time)
    info.external_attr = 0o644 << 16
    zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    files[name] = data
    lines = [record_line(name, data) for name, data in files.items()] + [record.filename + ",,"]
    zout.writestr(record, ("\\n".join(lines) + "\\n").encode(), compress_type=zipfile.ZIP_DEFLATED)
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/compiled.whl"));
