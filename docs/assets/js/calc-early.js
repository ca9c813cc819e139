/*
 * Starts the calculators' worker from the <head> of a page that has calculators, about half a
 * second before the site script at the end of the body could: Python's boot is the long pole
 * of the first live answer. calc/runtime.js adopts this worker and replays the messages it sent
 * meanwhile. Only full page loads run this; pages reached by instant navigation reuse the
 * visit's worker, or calc/runtime.js starts one.
 *
 * Loaded async, so it never holds up the first paint; should it arrive after calc/runtime.js
 * has started its own worker (window.rpgCalcStarted), it starts none.
 */
(function () {
  "use strict";
  if (window.rpgCalcStarted) return;
  var script = document.currentScript;
  var url = new URL("calc-worker.js?v=" + encodeURIComponent(script.dataset.build)
    + "&preload=" + encodeURIComponent(script.dataset.preload), script.src);
  var early = { worker: new Worker(url, { type: "module" }), build: script.dataset.build,
                messages: [], error: null };
  early.worker.onmessage = function (event) { early.messages.push(event.data); };
  early.worker.onerror = function (event) {
    event.preventDefault();
    early.error = event.message || "worker error";
  };
  window.rpgEarlyWorker = early;
})();
