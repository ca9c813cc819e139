/*
 * The memory snapshot's two forms in Cache Storage, shared by the service worker (which
 * importScripts this file) and the calculators' worker (which imports it as a module for its
 * side effect): a classic script that puts `self.rpgSnapshots` in place. It stays a classic
 * script, not a module with exports, because importScripts in a classic service worker loads
 * no module; its names live in a block, so the service worker's global scope gets only
 * `rpgSnapshots`.
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
{
  const RAW_CACHE = "rpg-snapshot-raw";
  const HEADER = "X-Rpg-Snapshot";
  const PAGE = 4096;

  const zeroPage = (bytes, start) => {
    const end = Math.min(start + PAGE, bytes.length);
    for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
    return true;
  };

  /* The [offset, length] runs of `bytes` that are not whole zero pages. */
  const nonZeroRuns = (bytes) => {
    const runs = [];
    for (let start = 0; start < bytes.length; start += PAGE) {
      if (zeroPage(bytes, start)) continue;
      const last = runs[runs.length - 1];
      const length = Math.min(PAGE, bytes.length - start);
      if (last && last[0] + last[1] === start) last[1] += length;
      else runs.push([start, length]);
    }
    return runs;
  };

  /* The container's header (checked against `expect`'s fields that are given) and the
     promise of the unzipped snapshot. Throws when the bytes are not a container. */
  const unpack = (data, expect) => {
    const magic = new TextDecoder().decode(data.subarray(0, 8));
    if (magic !== "RPGSNAP1") throw new Error("the snapshot file is not a snapshot");
    const length = new DataView(data.buffer, data.byteOffset + 8, 4).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(data.subarray(12, 12 + length)));
    check(header, expect);
    const stream = new Blob([data.subarray(12 + length)]).stream()
      .pipeThrough(new DecompressionStream("gzip"));
    const bytes = new Response(stream).arrayBuffer().then((raw) => new Uint8Array(raw));
    return { header: header, bytes: bytes };
  };

  const check = (header, expect) => {
    if ((expect.build && header.build !== expect.build)
        || (expect.pyodide && header.pyodide !== expect.pyodide)) {
      throw new Error("the snapshot is from another build (" + header.build + ", Pyodide "
        + header.pyodide + ")");
    }
  };

  /* Keep `bytes` (the unzipped snapshot described by `header`) as the raw form of the
     container at `url`, and drop any other build's raw snapshot. */
  const keepRaw = async (url, header, bytes) => {
    if (bytes.length !== header.raw_bytes) throw new Error("the unzipped snapshot is truncated");
    const runs = nonZeroRuns(bytes);
    const parts = runs.map(([offset, length]) => bytes.subarray(offset, offset + length));
    const cache = await caches.open(RAW_CACHE);
    const headers = { [HEADER]: JSON.stringify({ ...header, runs: runs }) };
    await cache.put(url, new Response(new Blob(parts), { headers: headers }));
    const keys = await cache.keys();
    await Promise.all(keys.filter((request) => request.url !== url)
      .map((request) => cache.delete(request)));
  };

  /* The raw snapshot kept for the container at `url`: null when there is none, else its
     header (checked against `expect`) and the promise of its bytes, laid out again from the
     kept runs, which rejects when the kept bytes are not as long as the runs say. Reading
     starts at once; the caller can hand the promise to Pyodide, which fetches its wasm
     meanwhile. */
  const readRaw = async (url, expect) => {
    if (typeof caches === "undefined" || !(await caches.has(RAW_CACHE))) return null;
    const response = await (await caches.open(RAW_CACHE)).match(url);
    if (!response) return null;
    const header = JSON.parse(response.headers.get(HEADER) || "null");
    if (!header) throw new Error("the kept raw snapshot has no header");
    check(header, expect);
    const runs = header.runs || [];
    const kept = runs.reduce((sum, [, length]) => sum + length, 0);
    const bytes = response.arrayBuffer().then((stored) => {
      if (stored.byteLength !== kept) {
        throw new Error("the kept raw snapshot is " + stored.byteLength + " bytes, not " + kept);
      }
      const snapshot = new Uint8Array(header.raw_bytes);
      let at = 0;
      runs.forEach(([offset, length]) => {
        if (offset + length > snapshot.length) throw new Error("the kept raw snapshot is corrupt");
        snapshot.set(new Uint8Array(stored, at, length), offset);
        at += length;
      });
      return snapshot;
    });
    return { header: header, bytes: bytes };
  };

  /* Forget the raw snapshot kept for `url` (it failed to restore). */
  const dropRaw = async (url) => {
    if (typeof caches === "undefined") return;
    await (await caches.open(RAW_CACHE)).delete(url);
  };

  /* Unzip the precached container at `url` and keep its raw form, unless it is kept already. */
  const makeRaw = async (url, cachedResponse) => {
    const cache = await caches.open(RAW_CACHE);
    if (await cache.match(url)) return;
    const unpacked = unpack(new Uint8Array(await cachedResponse.arrayBuffer()), {});
    await keepRaw(url, unpacked.header, await unpacked.bytes);
  };

  self.rpgSnapshots = { RAW_CACHE, unpack, keepRaw, readRaw, dropRaw, makeRaw };
}
