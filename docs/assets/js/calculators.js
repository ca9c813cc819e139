/*
 * Calculator widgets, site-wide.
 *
 * Binds every [data-calc] element on each page Material shows (from `document$`, so widgets
 * work after instant navigation too) and runs their calculators in one Pyodide Web Worker per
 * visit. The worker starts only when a page with a widget appears, so plain pages load no
 * Python. A widget keeps its inputs in the URL (?<widget-id>.<param>=value), shows the answer
 * pre-rendered at build time until Python is ready, then recomputes on every input.
 *
 * Python's answers are HTML built and escaped in Python; everything else this script writes
 * to the page goes through textContent.
 */
(function () {
  "use strict";

  var SITE_ROOT = new URL("../../", document.currentScript.src);
  /* Longest a single computation may run before its worker is restarted. Pyodide cannot be
     interrupted without cross-origin isolation headers, which GitHub Pages cannot send. */
  var TIME_LIMIT_MS = 10000;
  var DEBOUNCE_MS = 30;

  /* The limit, unless a test sets window.RPG_CALC_TIME_LIMIT_MS to exercise the restart. */
  function timeLimitMs() {
    return window.RPG_CALC_TIME_LIMIT_MS || TIME_LIMIT_MS;
  }

  /* ---------- the Python runtime: one worker, booted once per visit ---------- */

  var runtime = null;

  function Runtime(build, preload) {
    this.build = build;
    this.preload = preload;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.start();
  }

  Runtime.prototype.start = function () {
    var self = this;
    this.state = "loading";
    this.error = null;
    this.ready = new Promise(function (resolve, reject) {
      self.resolveReady = resolve;
      self.rejectReady = reject;
    });
    this.ready.catch(function () {});
    var early = window.rpgEarlyWorker;  /* started from the <head> by calc-early.js */
    window.rpgEarlyWorker = undefined;
    if (early && early.build === this.build) {
      this.worker = early.worker;
    } else {
      var url = new URL("assets/js/calc-worker.js?v=" + encodeURIComponent(this.build)
        + "&preload=" + encodeURIComponent(this.preload.join(",")), SITE_ROOT);
      this.worker = new Worker(url, { type: "module" });
      early = null;
    }
    this.worker.onmessage = function (event) { self.onMessage(event.data); };
    this.worker.onerror = function (event) {
      event.preventDefault();
      self.fail("Python could not start (" + (event.message || "worker error") + ").");
    };
    this.notify();
    if (early) {
      early.messages.forEach(function (msg) { self.onMessage(msg); });
      if (early.error) this.fail("Python could not start (" + early.error + ").");
    }
  };

  Runtime.prototype.onMessage = function (msg) {
    if (msg.type === "ready") {
      this.state = "ready";
      this.timings = msg.timings;
      this.resolveReady();
      this.notify();
    } else if (msg.type === "boot-error") {
      this.fail("Python could not start: " + msg.message);
    } else if (msg.type === "result") {
      var request = this.pending.get(msg.id);
      if (!request) return;
      this.pending.delete(msg.id);
      clearTimeout(request.timer);
      request.resolve(JSON.parse(msg.answer));
    }
  };

  Runtime.prototype.fail = function (message) {
    this.state = "failed";
    this.error = message;
    this.rejectReady(new Error(message));
    this.pending.forEach(function (request) {
      clearTimeout(request.timer);
      request.reject({ kind: "failed", message: message });
    });
    this.pending.clear();
    this.notify();
  };

  /* Answer a calculator call: resolves with {html} or {errors}; rejects with {kind, message}. */
  Runtime.prototype.call = function (name, params) {
    var self = this;
    return this.ready.then(function () {
      return new Promise(function (resolve, reject) {
        var id = self.nextId++;
        var timer = setTimeout(function () { self.timeout(id); }, timeLimitMs());
        self.pending.set(id, { resolve: resolve, reject: reject, timer: timer });
        self.worker.postMessage({ id: id, name: name, params: JSON.stringify(params) });
      });
    });
  };

  Runtime.prototype.timeout = function (id) {
    var seconds = timeLimitMs() / 1000;
    this.pending.forEach(function (request, key) {
      clearTimeout(request.timer);
      request.reject(key === id
        ? { kind: "timeout", message: "This computation ran past " + seconds + " s and was stopped. Try smaller inputs." }
        : { kind: "restarted", message: "Python was restarted." });
    });
    this.pending.clear();
    this.worker.terminate();
    this.start();
  };

  Runtime.prototype.notify = function () {
    var self = this;
    this.listeners.forEach(function (listener) { listener(self); });
  };

  /* The visit's runtime, started on first use with the calculators of the page it starts on. */
  function getRuntime(build) {
    if (!runtime) {
      var names = Array.from(document.querySelectorAll("[data-calc]"), function (el) {
        return el.dataset.calc;
      });
      runtime = new Runtime(build, Array.from(new Set(names)));
    }
    return runtime;
  }

  /* ---------- URL state: ?<widget-id>.<param>=value, only where it differs from the page ---------- */

  function readUrlState(widgetId) {
    var state = {};
    var prefix = widgetId + ".";
    new URLSearchParams(window.location.search).forEach(function (value, key) {
      if (key.indexOf(prefix) === 0) state[key.slice(prefix.length)] = value;
    });
    return state;
  }

  function writeUrlState(widgetId, state, initial) {
    var url = new URL(window.location.href);
    var prefix = widgetId + ".";
    Array.from(url.searchParams.keys()).forEach(function (key) {
      if (key.indexOf(prefix) === 0) url.searchParams.delete(key);
    });
    Object.keys(state).sort().forEach(function (key) {
      if (state[key] !== (initial[key] === undefined ? "" : initial[key])) {
        url.searchParams.set(prefix + key, state[key]);
      }
    });
    if (url.href !== window.location.href) {
      history.replaceState(history.state, "", url.href);
    }
  }

  /* ---------- a widget ---------- */

  function Widget(root) {
    this.root = root;
    this.name = root.dataset.calc;
    this.id = root.id;
    this.form = root.querySelector("form");
    this.output = root.querySelector("[data-calc-output]");
    this.status = root.querySelector("[data-calc-status]");
    this.initial = JSON.parse(root.dataset.calcInitial || "{}");
    this.state = Object.assign({}, this.initial, readUrlState(this.id));
    this.inFlight = false;
    this.queued = false;
    this.timer = null;
    this.runtime = getRuntime(root.dataset.calcBuild || "");

    var self = this;
    this.showRuntime = function (rt) { self.onRuntime(rt); };
    this.runtime.listeners.add(this.showRuntime);
    this.fillForm();
    this.form.addEventListener("input", function (event) { self.onInput(event.target); });
    this.form.addEventListener("change", function (event) { self.onInput(event.target, true); });
    this.form.addEventListener("submit", function (event) { event.preventDefault(); self.schedule(0); });
    root.querySelector("[data-calc-reset]").addEventListener("click", function () { self.reset(); });
    this.undoButton = root.querySelector("[data-calc-undo]");
    this.undoButton.addEventListener("click", function () { self.undo(); });
    this.history = [];
    this.committed = Object.assign({}, this.state);
    this.output.addEventListener("click", function (event) {
      var button = event.target.closest("[data-calc-set]");
      if (button && self.runtime.state === "ready") self.applySet(JSON.parse(button.dataset.calcSet));
    });
    this.dirty = !sameState(this.state, this.initial);
    if (this.dirty) this.setStale(true);
    this.onRuntime(this.runtime);
    if (this.dirty || this.runtime.state === "ready") this.schedule(0);
  }

  Widget.prototype.fields = function () {
    return Array.from(this.form.querySelectorAll("[name]"));
  };

  Widget.prototype.fillForm = function () {
    var state = this.state;
    this.fields().forEach(function (field) {
      var value = state[field.name] === undefined ? "" : state[field.name];
      if (field.type === "checkbox") field.checked = value === "true";
      else field.value = value;
    });
  };

  /* Undo steps are whole changes: a field left after editing, a choice, a button in the answer. */
  Widget.prototype.commit = function () {
    if (sameState(this.state, this.committed)) return;
    this.history.push(this.committed);
    if (this.history.length > 100) this.history.shift();
    this.committed = Object.assign({}, this.state);
    this.undoButton.hidden = false;
  };

  Widget.prototype.undo = function () {
    if (!this.history.length) return;
    this.state = this.history.pop();
    this.committed = Object.assign({}, this.state);
    this.undoButton.hidden = this.history.length === 0;
    this.changed();
  };

  /* A button in the answer proposes new inputs; "@random" asks for a fresh seed. */
  Widget.prototype.applySet = function (values) {
    this.commit();
    var self = this;
    Object.keys(values).forEach(function (key) {
      var value = String(values[key]);
      self.state[key] = value === "@random" ? String(1 + Math.floor(Math.random() * 2147483646)) : value;
    });
    this.commit();
    this.changed();
  };

  Widget.prototype.changed = function () {
    this.fillForm();
    writeUrlState(this.id, this.state, this.initial);
    this.setStale(true);
    this.schedule(0);
  };

  Widget.prototype.onInput = function (field, isChange) {
    if (!field.name) return;
    if (isChange) this.commit();
    var value = field.type === "checkbox" ? String(field.checked) : field.value;
    if (this.state[field.name] === value) return;
    this.state[field.name] = value;
    var group = field.dataset.exclusive;
    if (group && value.trim() !== "") {
      var self = this;
      this.form.querySelectorAll('[data-exclusive="' + group + '"]').forEach(function (other) {
        if (other !== field && other.value !== "") {
          other.value = "";
          self.state[other.name] = "";
        }
      });
    }
    writeUrlState(this.id, this.state, this.initial);
    this.setStale(true);
    this.schedule(DEBOUNCE_MS);
  };

  Widget.prototype.reset = function () {
    this.commit();
    this.state = Object.assign({}, this.initial);
    this.commit();
    this.changed();
  };

  Widget.prototype.schedule = function (delay) {
    var self = this;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { self.compute(); }, delay);
  };

  /* Only one request per widget is ever in flight; inputs that arrive meanwhile are sent
     (once, with the newest values) when it returns, so a slow answer never queues a backlog. */
  Widget.prototype.compute = function () {
    if (this.inFlight) { this.queued = true; return; }
    var self = this;
    var params = {};
    Object.keys(this.state).forEach(function (key) {
      if (self.state[key] !== "") params[key] = self.state[key];
    });
    this.inFlight = true;
    var started = performance.now();
    this.runtime.call(this.name, params).then(function (answer) {
      self.lastMs = performance.now() - started;
      self.showAnswer(answer);
    }, function (problem) {
      if (problem && problem.kind === "restarted") { self.queued = true; return; }
      self.showProblem(problem && problem.message ? problem.message : String(problem));
    }).then(function () {
      self.inFlight = false;
      if (self.queued) { self.queued = false; self.compute(); }
    });
  };

  Widget.prototype.showAnswer = function (answer) {
    this.clearErrors();
    if (answer.errors) {
      var general = [];
      var self = this;
      answer.errors.forEach(function (error) {
        var slot = error.field && self.root.querySelector('[data-error-for="' + cssEscape(error.field) + '"]');
        var field = error.field && self.form.querySelector('[name="' + cssEscape(error.field) + '"]');
        if (slot && field) {
          slot.textContent = error.message;
          slot.hidden = false;
          field.setAttribute("aria-invalid", "true");
        } else {
          general.push(error.message);
        }
      });
      if (general.length) this.showGeneral(general.join(" "));
      this.root.dataset.calcState = "error";
      this.setStatus("Not updated: fix the input marked above.");
      return;
    }
    this.output.innerHTML = answer.html;  /* built and escaped in Python (calculators.ui) */
    this.setStale(false);
    this.root.dataset.calcState = "live";
    this.setStatus("Live: computed in your browser.");
  };

  Widget.prototype.showProblem = function (message) {
    this.clearErrors();
    this.showGeneral(message);
    this.root.dataset.calcState = "error";
  };

  Widget.prototype.showGeneral = function (message) {
    var slot = this.root.querySelector('.calc-error-general');
    slot.textContent = message;
    slot.hidden = false;
  };

  Widget.prototype.clearErrors = function () {
    this.root.querySelectorAll(".calc-error").forEach(function (slot) {
      slot.hidden = true;
      slot.textContent = "";
    });
    this.form.querySelectorAll("[aria-invalid]").forEach(function (field) {
      field.removeAttribute("aria-invalid");
    });
  };

  Widget.prototype.setStale = function (stale) {
    this.output.classList.toggle("calc-stale", stale);
    if (stale) this.root.dataset.calcState = "pending";
  };

  Widget.prototype.setStatus = function (text) {
    this.status.textContent = text;
  };

  Widget.prototype.onRuntime = function (rt) {
    if (!this.root.isConnected) { rt.listeners.delete(this.showRuntime); return; }
    this.root.dataset.calcRuntime = rt.state;
    if (rt.state === "loading") {
      this.setStatus(this.dirty ? "Loading Python to compute these inputs…" : "Loading Python… (the answer shown was computed when this page was built)");
    } else if (rt.state === "failed") {
      this.setStatus("");
      this.showGeneral(rt.error + " The answer shown is for the page's default inputs.");
    } else if (rt.state === "ready" && this.root.dataset.calcState !== "live") {
      this.setStatus("Live: change any input.");
    }
  };

  function sameState(a, b) {
    var keys = new Set(Object.keys(a).concat(Object.keys(b)));
    return Array.from(keys).every(function (key) { return (a[key] || "") === (b[key] || ""); });
  }

  function cssEscape(text) {
    return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/[^\w-]/g, "");
  }

  function mountAll() {
    document.querySelectorAll("[data-calc]").forEach(function (root) {
      if (root.dataset.calcBound) return;
      root.dataset.calcBound = "1";
      new Widget(root);
    });
  }

  /* For a page script with its own controls (a card builder, say): the same runtime and the
     same answers ({html} or {errors}) as the widgets. */
  window.rpgCalc = {
    call: function (name, params) {
      var any = document.querySelector("[data-calc-build]");
      return getRuntime(any ? any.dataset.calcBuild : "").call(name, params);
    },
    /* How long the worker took to boot, install and import (for the benchmark). */
    timings: function () {
      return runtime && runtime.timings;
    },
  };

  /* The script runs at the end of the body, so this page's widgets are already parsed: start
     Python now rather than when Material announces the page. */
  var firstWidget = document.querySelector("[data-calc]");
  if (firstWidget) getRuntime(firstWidget.dataset.calcBuild || "");

  if (window.document$) window.document$.subscribe(mountAll);
  else document.addEventListener("DOMContentLoaded", mountAll);
})();
