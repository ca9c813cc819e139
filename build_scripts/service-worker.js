/*
 * The site's service worker, as written; the build writes sw.js from it, with the list of
 * every file of the build and its content hash put in place of the manifest below, and
 * Workbox's runtime beside it in workbox/ (build_scripts/make_service_worker.mjs).
 *
 * Workbox's precache does the work: on install it downloads the files whose hash changed
 * since the last version (not Pyodide's 10 MB again for a corrected page), the old version
 * keeps serving its own files until the new one takes over, and the old entries are then
 * dropped, so a page of one build never meets the wheel or snapshot of another. The new
 * version waits until the page's "Reload" (docs/assets/js/offline.js) says SKIP_WAITING.
 *
 * A classic script, not a module: Workbox's runtime and snapshot-store.js come in through
 * importScripts, which a module service worker does not have.
 */
importScripts("workbox/workbox-core.prod.js", "workbox/workbox-routing.prod.js",
              "workbox/workbox-strategies.prod.js", "workbox/workbox-precaching.prod.js",
              "assets/js/snapshot-store.js");

const precaching = workbox.precaching;
const MANIFEST = self.__WB_MANIFEST;

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});
workbox.core.clientsClaim();
precaching.cleanupOutdatedCaches();

/* A Web Worker's script, from the precache, as a new Response. A cached response carries the
   address it was stored under, and a worker takes its own address from the response: the
   calculators' worker would lose its query (?v=<build>&preload=...). A response built here
   has no address of its own, so the worker keeps the one it was started with. */
self.addEventListener("fetch", (event) => {
  if (event.request.destination !== "worker") return;
  const url = new URL(event.request.url);
  if (!precaching.getCacheKeyForURL(url.origin + url.pathname)) return;
  event.stopImmediatePropagation();
  event.respondWith(precaching.matchPrecache(url.pathname).then((cached) => {
    if (!cached) return fetch(event.request);
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText,
                                       headers: cached.headers });
  }));
});

/* Once this version's precache is complete, unzip its memory snapshot into the raw form a
   return visit boots from without unzipping (snapshot-store.js says why), and drop the raw
   snapshot of the version before. Not inside waitUntil: the pages' fetches would wait for
   it. A worker stopped half-way costs nothing: the calculators' worker then boots from the
   container and keeps the raw form itself. */
self.addEventListener("activate", () => {
  const entry = MANIFEST.find((item) => /^pyodide\/snapshots\//.test(item.url));
  if (!entry) return;
  const url = new URL(entry.url, self.location.href).href;
  precaching.matchPrecache(url).then((cached) => {
    if (cached) return rpgSnapshots.makeRaw(url, cached);
  }).catch((error) => console.warn("Snapshot not unzipped ahead: " + error));
});

precaching.precacheAndRoute(MANIFEST, {
  /* Widget inputs live in the query (?wr-check.target=20), the worker adds ?v=<build>: one
     build's cache serves every query of a file. */
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
});
