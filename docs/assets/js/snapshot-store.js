/*
 * The memory snapshot's two forms in Cache Storage, shared by the service worker (which
 * importScripts this file) and the calculators' worker (which imports it as a module for its
 * side effect): a classic script that puts `self.rpgSnapshots` in place.
 *
 * The precache holds the build's container (build_scripts/runtime.py): a header, then the
 * snapshot gzipped, 6 MB instead of 31. Unzipping it took 350-850 ms of a return visit's
 * boot, on the critical path. So it is unzipped once, off that path (by the service worker
 * once the precache is complete, or by the calculators' worker after a boot from the
 * container), and the raw bytes are kept in a cache of their own under the container's own
 * address, with the container's header beside them; a later boot reads them with no unzip.
 * Half of the snapshot's 4 KiB pages are zeros, in about twenty runs, and reading 31 MB from
 * Cache Storage was itself 0.4-1 s of a boot on this machine: so only the runs of non-zero
 * pages are kept (their offsets and lengths in the header's `runs`), and a boot lays them into
 * a zeroed buffer, a copy of a few milliseconds. Only one build's raw snapshot is kept:
 * writing one drops the others. The network never sees
 * any of this: a first visit spends no byte on it.
 */
(function () {
  var RAW_CACHE = "rpg-snapshot-raw";
  var HEADER = "X-Rpg-Snapshot";
  var PAGE = 4096;

  function zeroPage(bytes, start) {
    var end = Math.min(start + PAGE, bytes.length);
    for (var i = start; i < end; i++) if (bytes[i] !== 0) return false;
    return true;
  }

  /* The [offset, length] runs of `bytes` that are not whole zero pages. */
  function nonZeroRuns(bytes) {
    var runs = [];
    for (var start = 0; start < bytes.length; start += PAGE) {
      if (zeroPage(bytes, start)) continue;
      var last = runs[runs.length - 1];
      var length = Math.min(PAGE, bytes.length - start);
      if (last && last[0] + last[1] === start) last[1] += length;
      else runs.push([start, length]);
    }
    return runs;
  }

  /* The container's header (checked against `expect`'s fields that are given) and the
     promise of the unzipped snapshot. Throws when the bytes are not a container. */
  function unpack(data, expect) {
    var magic = new TextDecoder().decode(data.subarray(0, 8));
    if (magic !== "RPGSNAP1") throw new Error("the snapshot file is not a snapshot");
    var length = new DataView(data.buffer, data.byteOffset + 8, 4).getUint32(0, true);
    var header = JSON.parse(new TextDecoder().decode(data.subarray(12, 12 + length)));
    check(header, expect);
    var stream = new Blob([data.subarray(12 + length)]).stream()
      .pipeThrough(new DecompressionStream("gzip"));
    var bytes = new Response(stream).arrayBuffer().then(function (raw) {
      return new Uint8Array(raw);
    });
    return { header: header, bytes: bytes };
  }

  function check(header, expect) {
    if ((expect.build && header.build !== expect.build)
        || (expect.pyodide && header.pyodide !== expect.pyodide)) {
      throw new Error("the snapshot is from another build (" + header.build + ", Pyodide "
        + header.pyodide + ")");
    }
  }

  /* Keep `bytes` (the unzipped snapshot described by `header`) as the raw form of the
     container at `url`, and drop any other build's raw snapshot. */
  async function keepRaw(url, header, bytes) {
    if (bytes.length !== header.raw_bytes) throw new Error("the unzipped snapshot is truncated");
    var runs = nonZeroRuns(bytes);
    var parts = runs.map(function (run) { return bytes.subarray(run[0], run[0] + run[1]); });
    var cache = await caches.open(RAW_CACHE);
    var headers = {};
    headers[HEADER] = JSON.stringify(Object.assign({}, header, { runs: runs }));
    await cache.put(url, new Response(new Blob(parts), { headers: headers }));
    var keys = await cache.keys();
    await Promise.all(keys.filter(function (request) { return request.url !== url; })
      .map(function (request) { return cache.delete(request); }));
  }

  /* The raw snapshot kept for the container at `url`: null when there is none, else its
     header (checked against `expect`) and the promise of its bytes, laid out again from the
     kept runs, which rejects when the kept bytes are not as long as the runs say. Reading
     starts at once; the caller can hand the promise to Pyodide, which fetches its wasm
     meanwhile. */
  async function readRaw(url, expect) {
    if (typeof caches === "undefined" || !(await caches.has(RAW_CACHE))) return null;
    var response = await (await caches.open(RAW_CACHE)).match(url);
    if (!response) return null;
    var header = JSON.parse(response.headers.get(HEADER) || "null");
    if (!header) throw new Error("the kept raw snapshot has no header");
    check(header, expect);
    var runs = header.runs || [];
    var kept = runs.reduce(function (sum, run) { return sum + run[1]; }, 0);
    var bytes = response.arrayBuffer().then(function (stored) {
      if (stored.byteLength !== kept) {
        throw new Error("the kept raw snapshot is " + stored.byteLength + " bytes, not " + kept);
      }
      var snapshot = new Uint8Array(header.raw_bytes);
      var at = 0;
      runs.forEach(function (run) {
        if (run[0] + run[1] > snapshot.length) throw new Error("the kept raw snapshot is corrupt");
        snapshot.set(new Uint8Array(stored, at, run[1]), run[0]);
        at += run[1];
      });
      return snapshot;
    });
    return { header: header, bytes: bytes };
  }

  /* Forget the raw snapshot kept for `url` (it failed to restore). */
  async function dropRaw(url) {
    if (typeof caches === "undefined") return;
    await (await caches.open(RAW_CACHE)).delete(url);
  }

  /* Unzip the precached container at `url` and keep its raw form, unless it is kept already. */
  async function makeRaw(url, cachedResponse) {
    var cache = await caches.open(RAW_CACHE);
    if (await cache.match(url)) return;
    var unpacked = unpack(new Uint8Array(await cachedResponse.arrayBuffer()), {});
    await keepRaw(url, unpacked.header, await unpacked.bytes);
  }

  self.rpgSnapshots = {
    RAW_CACHE: RAW_CACHE, unpack: unpack, keepRaw: keepRaw, readRaw: readRaw, dropRaw: dropRaw,
    makeRaw: makeRaw,
  };
})();
