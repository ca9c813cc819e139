// Write the site's service worker (sw.js at the site root) with Workbox's generateSW.
//
// Usage: node make_service_worker.mjs SITE_DIR
//
// Why Workbox rather than a hand-written worker: its precache keys every file by the hash of
// its content, so a new deploy downloads only the files that changed (not Pyodide's 10 MB
// again for a corrected page), keeps serving the old build's files until the new version
// takes over, and then drops the old entries in one step. A hand-written worker that did
// this would be Workbox again, less tested. generateSW also copies Workbox's own runtime next
// to sw.js, so nothing is fetched from a CDN.
//
// Every URL in the manifest is relative to sw.js, so the site works under a sub-path (GitHub
// Pages project sites); the page registers sw.js with the site root as its scope.
import { generateSW } from "workbox-build";

const site = process.argv[2];
const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: [
    "**/*.map",                        // source maps: for developers, never fetched by pages
    "assets/javascripts/lunr/**",      // search languages other than English: never loaded
    "sitemap.xml.gz",
    "bench/**",                        // the benchmark's own pages, when it builds the site
  ],
  swDest: `${site}/sw.js`,
  // Pyodide's wasm (10 MB) and the memory snapshot are larger than Workbox's 2 MB default.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // Widget inputs live in the query string (?wr-check.target=20); the worker adds ?v=<build>.
  // One build's cache serves every query of a file, so all parameters are ignored.
  ignoreURLParametersMatching: [/.*/],
  // Files named by the build (the wheel, the snapshot) change name when they change: their
  // URL is their revision, so an unchanged one is not downloaded again and the calculators'
  // worker can find the snapshot in the cache under its plain URL.
  dontCacheBustURLsMatching: /^pyodide\/(wheels|snapshots)\//,
  // The page asks the waiting version to take over (the update notice's Reload button).
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  sourcemap: false,
  mode: "production",
});
for (const warning of warnings) console.error(warning);
process.stdout.write(JSON.stringify({ count, size }));
if (warnings.length) process.exit(1);
