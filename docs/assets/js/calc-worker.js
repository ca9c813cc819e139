/*
 * The calculators' Python, in a module Web Worker (the npm Pyodide refuses classic workers),
 * so a long computation never freezes the page.
 *
 * Boots Pyodide from the site's own /pyodide/ folder and installs the calculators package by
 * name from the site's lock file: the entry names the wheel, its dependencies and their sha256,
 * and each wheel is fetched with that hash as Subresource Integrity. The fetches run while
 * Pyodide boots (loadPackage would start fetching only after the boot), with the rest of the
 * standard library (python_stdlib_rest.zip: what no calculator imports, build_scripts/stdlib.py),
 * which goes on sys.path behind the standard library Pyodide booted from. A plain boot imports
 * the package from its wheel as it came, without unpacking it (zipimport; the package reads its
 * data files through calculators.ruledata.data_dir, which looks inside the wheel then). It
 * then imports the calculators the page shows and answers
 * {id, name, params} messages with calculators.web.respond, which always returns JSON text
 * ({html} or {errors}).
 *
 * A return visit restores Python from the build's memory snapshot instead of booting it
 * (every module of the package already imported; see build_scripts/runtime.py), and answers
 * before it unpacks the wheel's files again. The worker looks for the
 * snapshot only in the service worker's precache, never on the network, so a first visit
 * spends no byte on it before its first answer; the precache fetches it once the page is idle.
 * It reads the raw snapshot kept after an earlier unzip when there is one (snapshot-store.js).
 * A snapshot that is missing, corrupt, from another build or refused by Pyodide means a plain
 * boot, and the "ready" message says which boot ran and why (`bootPath`, `snapshotForm`:
 * "raw" or "gzip", `fallback`).
 *
 * Query parameters: `v`, the build id, which keeps the lock file, wheels and snapshot of one
 * build together; `preload`, the calculators to import before reporting ready; `start`,
 * "after-paint" to hold Python's start (not its downloads) until a {type: "painted"} message
 * (below).
 */
import { loadPyodide, version } from "../../pyodide/pyodide.mjs";
import "./snapshot-store.js";  /* self.rpgSnapshots, shared with the service worker */

const { rpgSnapshots } = self;

const PACKAGE = "rpg-calculators";
const query = new URL(self.location.href).searchParams;
const indexURL = new URL("../../pyodide/", self.location.href).href;
const build = query.get("v") || "";
const lockFileURL = indexURL + "pyodide-lock.json?v=" + encodeURIComponent(build);
const preload = (query.get("preload") || "").split(",").filter(Boolean);
const snapshotURL = indexURL + "snapshots/" + encodeURIComponent(build) + "-" + version + ".bin";
const started = performance.now();
let snapshotRead = null;  /* when the snapshot's bytes were in hand, for the benchmark */

/* Python's start held until the page has painted (`start=after-paint`, the worker a page
   starts from its <head>, calc-early.html), its downloads not. Pyodide's start (its module
   script, the WebAssembly's compile on every core, Python's own start) took the processor
   while the page was still being set up: in Lighthouse's runs of the overcharge page on this
   2-core machine, the theme's two start-up tasks took 160-470 ms (Lighthouse's 4x figures)
   beside it, and 80-125 ms beside a worker that loaded nothing. So the downloads begin at
   once, as before, and are read as they come (downloadEarly), but a plain boot's loadPyodide
   is called only once the page says it has painted (a "painted" message), or after
   PAINT_WAIT_MS whatever it says (a tab in the background paints nothing). On a slow link the
   page paints long before Pyodide's 9.6 MB are in, and Python is up as soon as before (make
   bench's phone profile). A restore from the snapshot is not held: it needs no download, the
   reader has been here before, and held, it came 0.3 s later on the phone profile. */
const PAINT_WAIT_MS = 4000;
let painted = null;  /* when Python's start was let go (ms on this worker's clock) */
let letStart = null;
const pagePainted = new Promise((resolve) => { letStart = resolve; });
pagePainted.then(() => { painted = performance.now(); });
const holding = query.get("start") === "after-paint";
if (holding) setTimeout(letStart, PAINT_WAIT_MS);
else letStart();

/* A response whose body is read at once, as it arrives (a body nobody reads stops its
   download once the browser's buffer is full), and given out to whoever reads it later. */
function readAtOnce(response) {
  if (!response.ok || !response.body) return response;
  const reader = response.body.getReader();
  const chunks = [];
  let finished = false;
  let failure = null;
  let wake = () => {};
  (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        wake();
      }
    } catch (error) {
      failure = error;
    }
    finished = true;
    wake();
  })();
  const body = new ReadableStream({
    async pull(controller) {
      while (!chunks.length && !finished) await new Promise((resolve) => { wake = resolve; });
      if (chunks.length) chunks.splice(0).forEach((chunk) => controller.enqueue(chunk));
      else if (failure) controller.error(failure);
      else controller.close();
    },
  });
  return new Response(body, {
    status: response.status, statusText: response.statusText, headers: response.headers });
}

/* A plain boot's downloads, begun before Python's start when that waits for the paint: its
   module script (imported now; loadPyodide's own import of the same address gets this
   module), its WebAssembly and its standard library (fetched now; loadPyodide's fetch() of
   each gets the response, once). */
function downloadEarly() {
  import(indexURL + "pyodide.asm.mjs").catch(() => {});  /* loadPyodide reports a failure */
  const early = new Map(["pyodide.asm.wasm", "python_stdlib.zip"].map((file) =>
    [indexURL + file, fetch(indexURL + file).then(readAtOnce)]));
  const fetchNow = self.fetch;
  self.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    const response = early.get(url);
    if (response && !(init && init.integrity)) {
      early.delete(url);
      return response;
    }
    return fetchNow.call(this, input, init);
  };
}

/* When Pyodide's WebAssembly was compiled and instantiated (ms on this worker's clock), for
   the benchmark's breakdown (build_scripts/phone_bench.py); `streaming` says whether it was
   compiled as it arrived, which needs the response's type to be application/wasm. After the
   imports above, Pyodide calls one of these for its 9.6 MB module (and `instantiate` for tiny
   ones of its own, which are let through): the wrappers note the times, and start the
   fetches that wait for it (`fetchLater`). */
const wasm = { start: null, end: null, streaming: null };
const PYODIDE_MODULE = 1e6;  /* bytes: only Pyodide's own module is larger */
const noteWasm = (original, streaming) => function (...args) {
  const result = original.apply(this, args);
  if (streaming || (args[0] && args[0].byteLength > PYODIDE_MODULE)) {
    Object.assign(wasm, { start: performance.now(), streaming: streaming });
    result.then(() => { wasm.end = performance.now(); fetchLater(); }, () => {});
  }
  return result;
};
WebAssembly.instantiateStreaming = noteWasm(WebAssembly.instantiateStreaming, true);
WebAssembly.instantiate = noteWasm(WebAssembly.instantiate, false);

/* What this worker fetched and when (its resource timing entries), for the benchmark. */
const fetched = () => performance.getEntriesByType("resource").map((entry) => ({
  name: entry.name.split("?")[0].split("/").pop(), start: entry.startTime, end: entry.responseEnd,
  transferred: entry.transferSize, encoded: entry.encodedBodySize,
}));

/* A Subresource Integrity value from the lock file's hex sha256. */
function integrity(hexDigest) {
  const bytes = hexDigest.match(/../g).map((pair) => parseInt(pair, 16));
  return "sha256-" + btoa(String.fromCharCode(...bytes));
}

/* The wheels of `name` and everything it depends on, in the lock file's own terms. */
function resolve(lock, name, seen) {
  const entry = lock.packages[name];
  if (!entry) throw new Error("the site's lock file does not list " + name);
  if (seen.has(name)) return [];
  seen.add(name);
  return entry.depends.reduce((all, dep) => all.concat(resolve(lock, dep, seen)), [entry]);
}

/* The wheels and the rest of the standard library are fetched once Pyodide's WebAssembly is
   compiled, which is when it has arrived, the standard library (smaller, fetched beside it)
   as a rule before it. Python can start only with both, and needs the others only after it
   has started: fetched at once, the wheel took a share of a slow link from them, and the
   first answer came that much later (make bench's phone profile). Fetched after them, they
   download while Python starts. They are started in the very callback that sees the
   WebAssembly compiled (noteWasm), not in a promise reaction: Pyodide's own continuation
   runs right after that callback and holds this worker's thread for the whole of Python's
   start, so a fetch left to a later reaction (or to a PerformanceObserver, as before)
   started only once Python was up, and the first answer waited for the wheel's download. */
const REST = "python_stdlib_rest.zip";
let lock = null;  /* the lock file, once read */
let later = null;  /* {wheels, rest}: the fetches, once started */
let startedLater = null;
let bootOver = false;  /* Pyodide up or failed: the fetches are due whatever noteWasm saw */
const laterFetches = new Promise((resolve) => { startedLater = resolve; });

const lockRead = fetch(lockFileURL).then((response) => {
  if (!response.ok) throw new Error("lock file: HTTP " + response.status);
  return response.json();
});
lockRead.then((read) => { lock = read; if (wasm.end !== null || bootOver) fetchLater(); },
              () => {});

/* Start the later fetches now, if the lock file is read (else once it is); once only. */
function fetchLater() {
  if (later || !lock) return;
  later = { wheels: fetchWheels(lock), rest: fetchRest() };
  startedLater(later);
}

/* The wheels of the package, as {name, bytes}; each fetch() called before this returns. */
function fetchWheels(lockFile) {
  return Promise.all(resolve(lockFile, PACKAGE, new Set()).map((entry) =>
    fetch(new URL(entry.file_name, indexURL), { integrity: integrity(entry.sha256) })
      .then((response) => {
        if (!response.ok) throw new Error(entry.file_name + ": HTTP " + response.status);
        return response.arrayBuffer();
      }).then((bytes) => ({ name: entry.file_name.split("/").pop(), bytes: bytes }))));
}

/* The rest of the standard library's bytes; null if they could not be had. No calculator
   imports from it, so Python answers without waiting for it. */
function fetchRest() {
  return fetch(new URL(REST, indexURL)).then((response) => {
    if (!response.ok) throw new Error(REST + ": HTTP " + response.status);
    return response.arrayBuffer();
  }).catch((error) => {
    console.warn("The rest of the standard library is not available: " + error);
    return null;
  });
}

/* A failed lock file fails the boot with its reason. */
const wheels = Promise.all([lockRead, laterFetches]).then(([, fetches]) => fetches.wheels);
const stdlibRest = laterFetches.then((fetches) => fetches.rest);

/* `bytes` written to /runtime/`name` in Python's file system and put on sys.path: at its
   front (a wheel, imported from as it is) or at its back (the rest of the standard library). */
function onPath(pyodide, name, bytes, front) {
  const path = "/runtime/" + name;
  pyodide.FS.mkdirTree("/runtime");
  pyodide.FS.writeFile(path, new Uint8Array(bytes));
  const sysPath = pyodide.pyimport("sys").path;
  if (front) sysPath.insert(0, path); else sysPath.append(path);
  sysPath.destroy();
}

/* The build's snapshot, checked: null when none is cached, else {bytes, form} where `bytes`
   is a promise of the raw snapshot. Throws when one is there but unusable, so the caller can
   say why it booted plainly. The raw form kept after an earlier unzip comes first (no unzip
   on this boot, see snapshot-store.js); the precached container second, unzipped now. Either
   way the bytes are still being read when loadPyodide gets their promise: it starts fetching
   its wasm first. */
async function cachedSnapshot() {
  if (!build || typeof caches === "undefined") return null;
  const expect = { build: build, pyodide: version };
  const raw = await rpgSnapshots.readRaw(snapshotURL, expect);
  if (raw) return { bytes: raw.bytes, form: "raw" };
  const response = await caches.match(snapshotURL);
  if (!response) return null;
  const unpacked = rpgSnapshots.unpack(new Uint8Array(await response.arrayBuffer()), expect);
  unpacked.bytes.catch(() => {});  /* a corrupt file is reported where loadPyodide awaits it */
  return { bytes: unpacked.bytes, form: "gzip", header: unpacked.header };
}

/* Pyodide restored from the snapshot when there is a usable one, else booted plainly. */
async function boot() {
  const options = { indexURL: indexURL, lockFileURL: lockFileURL };
  let fallback = null;
  try {
    const snapshot = await cachedSnapshot();
    if (snapshot) {
      snapshot.bytes.then(() => { snapshotRead = performance.now() - started; }, () => {});
      const restored = await loadPyodide({ _loadSnapshot: snapshot.bytes, ...options });
      if (snapshot.form === "gzip") {
        /* Unzipped on this boot: keep the raw bytes so the next boot skips the unzip. */
        snapshot.bytes.then((bytes) => rpgSnapshots.keepRaw(snapshotURL, snapshot.header, bytes))
          .catch(() => {});
      }
      return { pyodide: restored, path: "snapshot", form: snapshot.form };
    }
  } catch (error) {
    fallback = String(error && error.message || error);
    console.warn("Booting Python without its snapshot: " + fallback);
    /* A kept raw snapshot that failed is dropped: the next boot unzips the container again. */
    rpgSnapshots.dropRaw(snapshotURL).catch(() => {});
  }
  if (painted === null) {
    downloadEarly();
    await pagePainted;
  }
  return { pyodide: await loadPyodide(options), path: "plain", fallback: fallback };
}

let respond = null;

/* After a restore from the snapshot: the wheels' bytes, until their files are unpacked. */
let filesLater = null;
/* When they are unpacked anyway if no answer was asked for by then. */
const FILES_LATER_MS = 1500;

/* The wheels' files, unpacked into Python's file system. */
function unpack(pyodide, wheelFiles) {
  wheelFiles.forEach((wheel) => pyodide.unpackArchive(new Uint8Array(wheel.bytes), "wheel"));
}

function unpackLater() {
  if (!filesLater) return;
  const later = filesLater;
  filesLater = null;
  unpack(later.pyodide, later.wheels);
}

const ready = (async () => {
  const [booting, wheelFiles] = await Promise.all([boot().finally(() => {
    bootOver = true;
    fetchLater();
  }), wheels]);
  const { pyodide } = booting;
  const booted = performance.now();
  /* Not awaited: the first answer never needs it. */
  stdlibRest.then((rest) => { if (rest) onPath(pyodide, REST, rest, false); });
  if (booting.path === "snapshot") {
    /* The snapshot holds Python's memory, not its files; but every module of the package was
       imported, and so every rule-data file read, before it was taken (make_snapshot.mjs), so
       the first answers need no file. Unpacking takes 0.1-0.2 s here: it waits until the
       first answer is sent (or FILES_LATER_MS), for whatever a later call might still read. */
    filesLater = { pyodide: pyodide, wheels: wheelFiles };
    setTimeout(unpackLater, FILES_LATER_MS);
  } else {
    /* Nothing imported yet: the package is imported from its wheel, which saves unpacking
       its ~300 files (0.4 s of a slow phone's first visit, make bench). */
    wheelFiles.forEach((wheel) => onPath(pyodide, wheel.name, wheel.bytes, true));
  }
  const installed = performance.now();
  const web = pyodide.pyimport("calculators.web");
  preload.forEach((name) => web.preload(name));
  respond = web.respond;
  const imported = performance.now();
  const how = { bootPath: booting.path, snapshotForm: booting.form || null,
                fallback: booting.fallback || null };
  /* The boot path rides in `timings` too: the page's runtime hands `timings` to the
     benchmark and the tests (window.rpgCalc.timings()). */
  self.postMessage({
    type: "ready",
    timings: {
      boot: booted - started, install: installed - booted, import: imported - installed,
      snapshotRead: snapshotRead, ...how,
      /* On this worker's clock, from `timeOrigin` (ms since the epoch), for the benchmark. */
      clock: { timeOrigin: performance.timeOrigin, started: started, painted: painted,
               wasm: { ...wasm },
               booted: booted, installed: installed, imported: imported, fetched: fetched() },
    },
    ...how,
  });
  announce({ type: "ready", build: build, bootPath: booting.path });
})().catch((error) => {
  const message = String(error && error.message || error);
  self.postMessage({ type: "boot-error", message: message });
  announce({ type: "boot-error", build: build });
});

/* Whether this worker has answered once (offline.js starts the precache after that). */
let answered = false;

/* Tell the site's other scripts (offline.js waits for this before it precaches) that Python
   is up, has answered for the first time, or has failed, without going through the page's
   own messages. */
function announce(message) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel("rpg-calc-runtime");
  channel.postMessage(message);
  channel.close();
}

/* Python's answer to the page's request `msg` ({id, name, params}), sent back. A named
   function: build_scripts/restore_profile.py finds the first answer's time by this name. */
function answer(msg) {
  if (!respond) return;
  let text;
  try {
    text = respond(String(msg.name), String(msg.params));
  } catch (error) {
    console.error(error);
    text = JSON.stringify({ errors: [{ field: "", message: "The calculator failed unexpectedly. Please report this page's link." }] });
  }
  self.postMessage({ type: "result", id: msg.id, answer: text });
  if (!answered) {
    answered = true;
    announce({ type: "answered", build: build });
  }
  if (filesLater) setTimeout(unpackLater, 0);
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg && msg.type === "painted") {
    letStart();
    return;
  }
  ready.then(() => answer(msg));
};
