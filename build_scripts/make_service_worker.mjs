// Write the site's service worker: sw.js at the site root, from build_scripts/service-worker.js
// with Workbox's precache manifest injected (workbox-build's injectManifest), and Workbox's
// runtime copied into workbox/ so nothing is fetched from a CDN.
//
// Usage: node make_service_worker.mjs SITE_DIR
//
// Why Workbox rather than a small hand-written worker: its precache keys every file by the
// hash of its content, so a new deploy downloads only the files that changed, keeps the old
// version whole until the new one takes over, then drops the old entries in one step. A
// hand-written worker doing that would be Workbox again, less tested. Why injectManifest
// rather than generateSW: the calculators' Web Worker must get its script as a fresh Response
// (see service-worker.js), which generateSW's generated worker cannot express.
//
// Every URL in the manifest is relative to sw.js, so the site works under a sub-path (GitHub
// Pages project sites); the page registers sw.js with the site root as its scope.
import { injectManifest } from "workbox-build";
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const MODULES = ["workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching"];
const require = createRequire(import.meta.url);
const site = process.argv[2];

mkdirSync(join(site, "workbox"), { recursive: true });
for (const name of MODULES) {
  const built = join(dirname(require.resolve(`${name}/package.json`)), "build", `${name}.prod.js`);
  copyFileSync(built, join(site, "workbox", `${name}.prod.js`));
}

const { count, size, warnings } = await injectManifest({
  swSrc: join(dirname(fileURLToPath(import.meta.url)), "service-worker.js"),
  swDest: join(site, "sw.js"),
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: [
    "sw.js", "workbox/**",             // the service worker's own scripts: cached by the browser
    "**/*.map",                        // source maps: for developers, never fetched by pages
    "assets/javascripts/lunr/**",      // search languages other than English: never loaded
    "sitemap.xml.gz",
    "bench/**",                        // the benchmark's own pages, when it builds the site
  ],
  // Pyodide's wasm (10 MB) and the memory snapshot are larger than Workbox's 2 MB default.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // Files named by the build (the wheel, the snapshot) change name when they change: their
  // URL is their revision, so an unchanged one is not downloaded again, and the calculators'
  // worker finds the snapshot in the cache under its plain URL.
  dontCacheBustURLsMatching: /^pyodide\/(wheels|snapshots)\//,
});
for (const warning of warnings) console.error(warning);
process.stdout.write(JSON.stringify({ count, size }));
if (warnings.length) process.exit(1);
