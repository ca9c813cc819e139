/*
 * The Python runtime: one Pyodide Web Worker per visit, booted once and kept across Material's
 * instant navigation (this module is evaluated once per full page load).
 *
 * The <head> of every page defines how a worker is started, and so its address
 * (window.rpgStartWorker, build_scripts/overrides/partials/calc-early.html); on a page with
 * calculators reached by a full load it has started one already: it is adopted here and the
 * messages it sent meanwhile are replayed. A computation that runs past the time limit is
 * stopped by terminating the worker and starting a new one.
 */

/* Longest a single computation may run before its worker is restarted. Pyodide cannot be
   interrupted without cross-origin isolation headers, which GitHub Pages cannot send. */
const TIME_LIMIT_MS = 10000;

/* The limit, unless a test sets window.RPG_CALC_TIME_LIMIT_MS to exercise the restart. */
function timeLimitMs() {
  return window.RPG_CALC_TIME_LIMIT_MS || TIME_LIMIT_MS;
}

/* One worker and the calls in flight to it. `state` is "loading", "ready" or "failed";
   listeners hear every change of state. */
export class Runtime {
  constructor(build, preload) {
    this.build = build;
    this.preload = preload;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.start();
  }

  start() {
    this.state = "loading";
    this.error = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    let early = window.rpgEarlyWorker;  /* started from the <head>, see above */
    window.rpgEarlyWorker = undefined;
    if (early && early.build === this.build) {
      this.worker = early.worker;
    } else {
      this.worker = window.rpgStartWorker(this.build, this.preload);
      early = null;
    }
    this.worker.onmessage = (event) => this.onMessage(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail("Python could not start (" + (event.message || "worker error") + ").");
    };
    this.notify();
    if (early) {
      early.messages.forEach((msg) => this.onMessage(msg));
      if (early.error) this.fail("Python could not start (" + early.error + ").");
    }
  }

  /* A test may hold messages back (window.RPG_CALC_HOLD = {types: ["ready"], held: []}) and
     release them one by one, to tap while Python "loads" or see how a widget treats an answer
     that arrives after its inputs changed. */
  onMessage(msg) {
    const hold = window.RPG_CALC_HOLD;
    if (hold && hold.types.includes(msg.type)) hold.held.push(() => this.handle(msg));
    else this.handle(msg);
  }

  handle(msg) {
    if (msg.type === "ready") {
      this.state = "ready";
      this.timings = msg.timings;
      this.resolveReady();
      this.notify();
    } else if (msg.type === "boot-error") {
      this.fail("Python could not start: " + msg.message);
    } else if (msg.type === "result") {
      const request = this.pending.get(msg.id);
      if (!request) return;
      this.pending.delete(msg.id);
      clearTimeout(request.timer);
      request.resolve(JSON.parse(msg.answer));
    }
  }

  fail(message) {
    this.state = "failed";
    this.error = message;
    this.rejectReady(new Error(message));
    this.pending.forEach((request) => {
      clearTimeout(request.timer);
      request.reject({ kind: "failed", message: message });
    });
    this.pending.clear();
    this.notify();
  }

  /* Answer a calculator call: resolves with {html} or {errors}; rejects with {kind, message}. */
  call(name, params) {
    return this.ready.then(() => new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.timeout(id), timeLimitMs());
      this.pending.set(id, { resolve: resolve, reject: reject, timer: timer });
      this.worker.postMessage({ id: id, name: name, params: JSON.stringify(params) });
    }));
  }

  timeout(id) {
    const seconds = timeLimitMs() / 1000;
    this.pending.forEach((request, key) => {
      clearTimeout(request.timer);
      request.reject(key === id
        ? { kind: "timeout", message: "This computation ran past " + seconds + " s and was stopped. Try smaller inputs." }
        : { kind: "restarted", message: "Python was restarted." });
    });
    this.pending.clear();
    this.worker.terminate();
    this.start();
  }

  /* Tell this runtime's listeners that the state changed. */
  notify() {
    this.listeners.forEach((listener) => listener(this));
  }
}

let runtime = null;

/* The visit's runtime, started on first use with the calculators of the page it starts on. */
export function getRuntime(build) {
  if (!runtime) {
    const names = Array.from(document.querySelectorAll("[data-calc]"), (el) => el.dataset.calc);
    runtime = new Runtime(build, Array.from(new Set(names)));
  }
  return runtime;
}

/* The visit's runtime if one was started, else null (for figures that must not start one). */
export function currentRuntime() {
  return runtime;
}
