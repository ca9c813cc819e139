// Make the site's Pyodide memory snapshot: Python booted, the calculators wheel installed and
// every module of the package imported (each calculator, and with them every rule-data file,
// which the modules read as they are imported), frozen so a browser worker restores it
// instead of booting. The snapshot holds Python's memory, not its files: since nothing is left
// to import or read, a restored worker answers before it unpacks the wheel's files again.
//
// Usage: node make_snapshot.mjs WHEEL BUILD_ID OUT STDLIB
//
// STDLIB is the standard library's zip the site ships (build_scripts/stdlib.py): the snapshot
// must be made from it, since Python keeps the zip's table of contents in its memory.
// OUT is the site's snapshot container (see build_scripts/runtime.py for the layout): a
// header naming the build, then the snapshot gzipped, which the worker decompresses natively
// with DecompressionStream (GitHub Pages will not set the encoding of a binary file for us).
// `_makeSnapshot` is a private option of Pyodide: package.json pins the version it was
// written against, and the worker falls back to a plain boot whenever a snapshot fails.
import { loadPyodide } from "pyodide";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { importPackage } from "./import_package.mjs";

const [wheel, build, out, stdLib] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: stdLib });
const names = importPackage(pyodide, wheel);
const snapshot = pyodide.makeMemorySnapshot();
const header = new TextEncoder().encode(JSON.stringify({
  build, pyodide: pyodide.version, calculators: names, raw_bytes: snapshot.length,
}));
const magic = new TextEncoder().encode("RPGSNAP1");
const length = new Uint8Array(4);
new DataView(length.buffer).setUint32(0, header.length, true);
writeFileSync(out, Buffer.concat([magic, length, header, gzipSync(snapshot, { level: 6 })]));
