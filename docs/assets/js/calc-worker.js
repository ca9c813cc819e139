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
 * A return visit restores Python from the build's memory snapshot instead of booting it
 * (every calculator already imported; see build_scripts/runtime.py). The worker looks for the
 * snapshot only in the service worker's precache, never on the network, so a first visit
 * spends no byte on it before its first answer; the precache fetches it once the page is idle.
 * A snapshot that is missing, corrupt, from another build or refused by Pyodide means a plain
 * boot, and the "ready" message says which boot ran and why (`bootPath`, `fallback`).
 *
 * Query parameters: `v`, the build id, which keeps the lock file, wheels and snapshot of one
 * build together; `preload`, the calculators to import before reporting ready.
 */
import { loadPyodide, version } from "../../pyodide/pyodide.mjs";

var PACKAGE = "rpg-calculators";
var query = new URL(self.location.href).searchParams;
var indexURL = new URL("../../pyodide/", self.location.href).href;
var lockFileURL = indexURL + "pyodide-lock.json?v=" + encodeURIComponent(query.get("v") || "");
var preload = (query.get("preload") || "").split(",").filter(Boolean);
var build = query.get("v") || "";
var snapshotURL = indexURL + "snapshots/" + encodeURIComponent(build) + "-" + version + ".bin";
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

/* The build's snapshot from the precache, checked: a promise of its decompressed bytes, or
   null when it is not cached. Throws when it is there but unusable, so the caller can say
   why it booted plainly. Decompressing (a few hundred ms) overlaps Pyodide's own start. */
async function cachedSnapshot() {
  if (!build || typeof caches === "undefined") return null;
  var response = await caches.match(snapshotURL);
  if (!response) return null;
  var data = new Uint8Array(await response.arrayBuffer());
  var magic = new TextDecoder().decode(data.subarray(0, 8));
  if (magic !== "RPGSNAP1") throw new Error("the snapshot file is not a snapshot");
  var length = new DataView(data.buffer, 8, 4).getUint32(0, true);
  var header = JSON.parse(new TextDecoder().decode(data.subarray(12, 12 + length)));
  if (header.build !== build || header.pyodide !== version) {
    throw new Error("the snapshot is from another build (" + header.build + ", Pyodide "
      + header.pyodide + ")");
  }
  var stream = new Blob([data.subarray(12 + length)]).stream()
    .pipeThrough(new DecompressionStream("gzip"));
  var bytes = new Response(stream).arrayBuffer().then(function (raw) {
    return new Uint8Array(raw);
  });
  bytes.catch(function () {});  /* a corrupt file is reported where loadPyodide awaits it */
  return { bytes: bytes };
}

/* Pyodide restored from the snapshot when there is a usable one, else booted plainly. */
async function boot() {
  var options = { indexURL: indexURL, lockFileURL: lockFileURL };
  var fallback = null;
  try {
    var snapshot = await cachedSnapshot();
    if (snapshot) {
      var restored = await loadPyodide(Object.assign({ _loadSnapshot: snapshot.bytes }, options));
      return { pyodide: restored, path: "snapshot" };
    }
  } catch (error) {
    fallback = String(error && error.message || error);
    console.warn("Booting Python without its snapshot: " + fallback);
  }
  return { pyodide: await loadPyodide(options), path: "plain", fallback: fallback };
}

var respond = null;

var ready = (async function () {
  var both = await Promise.all([boot(), wheels]);
  var pyodide = both[0].pyodide;
  var booted = performance.now();
  /* Also after a restore: the snapshot holds Python's memory, not its files, and a calculator
     reads its rule data from the package's folder. */
  both[1].forEach(function (bytes) { pyodide.unpackArchive(new Uint8Array(bytes), "wheel"); });
  var installed = performance.now();
  var web = pyodide.pyimport("calculators.web");
  preload.forEach(function (name) { web.preload(name); });
  respond = web.respond;
  var imported = performance.now();
  var how = { bootPath: both[0].path, fallback: both[0].fallback || null };
  /* The boot path rides in `timings` too: the page's runtime hands `timings` to the
     benchmark and the tests (window.rpgCalc.timings()). */
  self.postMessage(Object.assign({
    type: "ready",
    timings: Object.assign({
      boot: booted - started, install: installed - booted, import: imported - installed,
    }, how),
  }, how));
  announce({ type: "ready", build: build, bootPath: both[0].path });
})().catch(function (error) {
  var message = String(error && error.message || error);
  self.postMessage({ type: "boot-error", message: message });
  announce({ type: "boot-error", build: build });
});

/* Tell the site's other scripts (offline.js waits for this before it precaches) that Python
   is up or has failed, without going through the page's own messages. */
function announce(message) {
  if (typeof BroadcastChannel === "undefined") return;
  var channel = new BroadcastChannel("rpg-calc-runtime");
  channel.postMessage(message);
  channel.close();
}

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
