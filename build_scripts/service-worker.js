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
 */
importScripts("workbox/workbox-core.prod.js", "workbox/workbox-routing.prod.js",
              "workbox/workbox-strategies.prod.js", "workbox/workbox-precaching.prod.js",
              "assets/js/snapshot-store.js");

var precaching = workbox.precaching;
var MANIFEST = self.__WB_MANIFEST;

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});
workbox.core.clientsClaim();
precaching.cleanupOutdatedCaches();

/* A Web Worker's script, from the precache, as a new Response. A cached response carries the
   address it was stored under, and a worker takes its own address from the response: the
   calculators' worker would lose its query (?v=<build>&preload=...). A response built here
   has no address of its own, so the worker keeps the one it was started with. */
self.addEventListener("fetch", function (event) {
  if (event.request.destination !== "worker") return;
  var url = new URL(event.request.url);
  if (!precaching.getCacheKeyForURL(url.origin + url.pathname)) return;
  event.stopImmediatePropagation();
  event.respondWith(precaching.matchPrecache(url.pathname).then(function (cached) {
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
self.addEventListener("activate", function () {
  var entry = MANIFEST.find(function (item) { return /^pyodide\/snapshots\//.test(item.url); });
  if (!entry) return;
  var url = new URL(entry.url, self.location.href).href;
  precaching.matchPrecache(url).then(function (cached) {
    if (cached) return rpgSnapshots.makeRaw(url, cached);
  }).catch(function (error) { console.warn("Snapshot not unzipped ahead: " + error); });
});

precaching.precacheAndRoute(MANIFEST, {
  /* Widget inputs live in the query (?wr-check.target=20), the worker adds ?v=<build>: one
     build's cache serves every query of a file. */
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
});
