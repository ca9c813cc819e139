/*
 * The calculators' Python, in a module Web Worker (the npm Pyodide refuses classic workers),
 * so a long computation never freezes the page.
 *
 * Boots Pyodide from the site's own /pyodide/ folder and installs the calculators package by
 * name from the site's lock file: the entry names the wheel, its dependencies and their sha256,
 * and each wheel is fetched with that hash as Subresource Integrity. The fetches run while
 * Pyodide boots, so installing costs only the unpacking once it is up (loadPackage would start
 * fetching only after the boot). It then imports the calculators the page shows and answers
 * {id, name, params} messages with calculators.web.respond, which always returns JSON text
 * ({html} or {errors}).
 *
 * Query parameters: `v`, the build id, which keeps the lock file and wheels of one build
 * together; `preload`, the calculators to import before reporting ready.
 */
import { loadPyodide } from "../../pyodide/pyodide.mjs";

var PACKAGE = "rpg-calculators";
var query = new URL(self.location.href).searchParams;
var indexURL = new URL("../../pyodide/", self.location.href).href;
var lockFileURL = indexURL + "pyodide-lock.json?v=" + encodeURIComponent(query.get("v") || "");
var preload = (query.get("preload") || "").split(",").filter(Boolean);
var started = performance.now();

function integrity(hexDigest) {
  var bytes = hexDigest.match(/../g).map(function (pair) { return parseInt(pair, 16); });
  return "sha256-" + btoa(String.fromCharCode.apply(null, bytes));
}

/* The wheels of `name` and everything it depends on, in the lock file's own terms. */
function resolve(lock, name, seen) {
  var entry = lock.packages[name];
  if (!entry) throw new Error("the site's lock file does not list " + name);
  if (seen.has(name)) return [];
  seen.add(name);
  return entry.depends.reduce(function (all, dep) {
    return all.concat(resolve(lock, dep, seen));
  }, [entry]);
}

var wheels = fetch(lockFileURL).then(function (response) {
  if (!response.ok) throw new Error("lock file: HTTP " + response.status);
  return response.json();
}).then(function (lock) {
  return Promise.all(resolve(lock, PACKAGE, new Set()).map(function (entry) {
    return fetch(new URL(entry.file_name, indexURL), { integrity: integrity(entry.sha256) })
      .then(function (response) {
        if (!response.ok) throw new Error(entry.file_name + ": HTTP " + response.status);
        return response.arrayBuffer();
      });
  }));
});

var respond = null;

var ready = (async function () {
  var both = await Promise.all([loadPyodide({ indexURL: indexURL, lockFileURL: lockFileURL }), wheels]);
  var pyodide = both[0];
  var booted = performance.now();
  both[1].forEach(function (bytes) { pyodide.unpackArchive(new Uint8Array(bytes), "wheel"); });
  var installed = performance.now();
  var web = pyodide.pyimport("calculators.web");
  preload.forEach(function (name) { web.preload(name); });
  respond = web.respond;
  var imported = performance.now();
  self.postMessage({
    type: "ready",
    timings: { boot: booted - started, install: installed - booted, import: imported - installed },
  });
})().catch(function (error) {
  self.postMessage({ type: "boot-error", message: String(error && error.message || error) });
});

self.onmessage = function (event) {
  var msg = event.data;
  ready.then(function () {
    if (!respond) return;
    var answer;
    try {
      answer = respond(String(msg.name), String(msg.params));
    } catch (error) {
      console.error(error);
      answer = JSON.stringify({ errors: [{ field: "", message: "The calculator failed unexpectedly. Please report this page's link." }] });
    }
    self.postMessage({ type: "result", id: msg.id, answer: answer });
  });
};
