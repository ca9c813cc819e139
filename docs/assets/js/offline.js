/*
 * The site offline: registers the service worker (sw.js, generated at build time by Workbox,
 * see build_scripts/offline.py) and tells the reader when a newer version of the rules is
 * ready, with a button that reloads into it.
 *
 * Registering starts the precache of the whole site (about 25 MB with Python), so it waits
 * until the page is idle, and on a page with calculators until Python has given its first
 * answer: the first visit's first live answer never shares the network or the processor with
 * the precache. The service worker's scope is
 * the site root, found from this script's own address, so the site works under a sub-path.
 */
const SITE_ROOT = new URL("../../", import.meta.url);
/* Longest wait for Python before precaching anyway (a page whose Python never reports). */
const PYTHON_WAIT_MS = 60000;

function idle() {
  return new Promise((resolve) => {
    const whenLoaded = () => {
      if (window.requestIdleCallback) window.requestIdleCallback(resolve, { timeout: 5000 });
      else setTimeout(resolve, 1000);
    };
    if (document.readyState === "complete") whenLoaded();
    else window.addEventListener("load", whenLoaded, { once: true });
  });
}

/* How long after Python is up the precache waits for a first answer that no one asks for
   (a reader who reads the pre-rendered answer and types nothing). A test may set
   window.RPG_CALC_ANSWER_WAIT_MS to see the precache wait for the answer alone. */
const ANSWER_WAIT_MS = 5000;

/* Resolves when the calculators' worker has sent its first answer or failed, or has been up
   for ANSWER_WAIT_MS without being asked (calc-worker.js announces each on a
   BroadcastChannel), at once on a page without calculators. Not at Python's "ready": on a
   phone the first answer, its rendering and the wheel's unpacking still follow it, and the
   precache's 25 MB and the service worker's start would share the processor with them. */
function pythonSettled() {
  if (!document.querySelector("[data-calc]") || typeof BroadcastChannel === "undefined") {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const channel = new BroadcastChannel("rpg-calc-runtime");
    let timer = null;
    const done = () => { channel.close(); clearTimeout(timer); resolve(); };
    const wait = (ms) => { clearTimeout(timer); timer = setTimeout(done, ms); };
    wait(PYTHON_WAIT_MS);
    channel.onmessage = (event) => {
      const type = event.data && event.data.type;
      if (type === "ready") wait(window.RPG_CALC_ANSWER_WAIT_MS || ANSWER_WAIT_MS);
      else done();
    };
  });
}

/* A small bar at the bottom of the screen; Reload hands over to the waiting version. */
function showUpdateNotice(registration) {
  if (document.querySelector(".rpg-update")) return;
  const bar = document.createElement("div");
  bar.className = "rpg-update";
  bar.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = "A newer version of the rules is ready.";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "rpg-update-reload";
  reload.textContent = "Reload";
  reload.addEventListener("click", () => {
    reload.disabled = true;
    if (registration.waiting) registration.waiting.postMessage({ type: "SKIP_WAITING" });
    else window.location.reload();
  });
  const later = document.createElement("button");
  later.type = "button";
  later.className = "rpg-update-later";
  later.setAttribute("aria-label", "Not now");
  later.textContent = "×";
  later.addEventListener("click", () => bar.remove());
  bar.append(text, reload, later);
  document.body.append(bar);
}

/* A waiting version while this page has a controller means a newer build was installed. */
function watchForUpdates(registration) {
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) {
      showUpdateNotice(registration);
    }
  };
  offer();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") offer();
    });
  });
  /* Back at the table after days away: look for a new deploy when the tab is shown again. */
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

async function register() {
  await idle();
  await pythonSettled();
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    /* The first install only claims this page. A hand-over (Reload, here or in another tab)
       reloads every tab, so no page of the old build runs on the new build's files; the
       inputs are in the address, so nothing entered is lost. */
    if (hadController) window.location.reload();
  });
  const registration = await navigator.serviceWorker.register(new URL("sw.js", SITE_ROOT), {
    scope: SITE_ROOT.pathname,
  });
  watchForUpdates(registration);
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  register().catch((error) => {
    console.warn("The site could not be made available offline: " + error);
  });
}
