/*
 * The calculators' Python, in a module Web Worker (the npm Pyodide refuses classic workers),
 * so a long computation never freezes the page.
 *
 * Boots Pyodide from the site's own /pyodide/ folder, installs the calculators wheel by name
 * from the site's lock file (sha256-checked), and answers {id, name, params} messages with
 * calculators.web.respond, which always returns JSON text ({html} or {errors}).
 * The `v` query parameter is the build id: it keeps the lock file and wheel of one build together.
 */
import { loadPyodide } from "../../pyodide/pyodide.mjs";

var build = new URL(self.location.href).searchParams.get("v") || "";
var indexURL = new URL("../../pyodide/", self.location.href).href;
var started = performance.now();

var respond = null;

var ready = (async function () {
  var pyodide = await loadPyodide({
    indexURL: indexURL,
    lockFileURL: indexURL + "pyodide-lock.json?v=" + encodeURIComponent(build),
  });
  var booted = performance.now();
  await pyodide.loadPackage("rpg-calculators", { messageCallback: function () {} });
  var installed = performance.now();
  respond = pyodide.pyimport("calculators.web").respond;
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
