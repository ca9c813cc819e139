/*
 * One calculator widget: a [data-calc] element with a form built from the calculator's
 * declared parameters and an answer pre-rendered at build time. The widget keeps its inputs
 * in the page address, recomputes in the visit's Python runtime on every input, and offers
 * Undo (whole changes) and Reset.
 *
 * Python's answers are HTML built and escaped in Python; everything else this module writes to
 * the page goes through textContent.
 */

import { getRuntime } from "./runtime.js";
import { readUrlState, writeUrlState } from "./url-state.js";

const DEBOUNCE_MS = 30;
/* How long the answer must stay the same before a screen reader is told its headline. */
const ANNOUNCE_MS = 1000;

/* Two input states hold the same values (absent and blank are the same). */
export function sameState(a, b) {
  const keys = new Set(Object.keys(a).concat(Object.keys(b)));
  return Array.from(keys).every((key) => (a[key] || "") === (b[key] || ""));
}

function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/[^\w-]/g, "");
}

export class Widget {
  constructor(root) {
    this.root = root;
    this.name = root.dataset.calc;
    this.id = root.id;
    this.form = root.querySelector("form");
    this.output = root.querySelector("[data-calc-output]");
    this.status = root.querySelector("[data-calc-status]");
    this.announcer = root.querySelector("[data-calc-announce]");
    this.announced = this.headline();
    this.initial = JSON.parse(root.dataset.calcInitial || "{}");
    this.state = Object.assign({}, this.initial, readUrlState(this.id));
    this.inFlight = false;
    this.queued = false;
    this.timer = null;
    this.runtime = getRuntime(root.dataset.calcBuild || "");

    this.showRuntime = (rt) => this.onRuntime(rt);
    this.runtime.listeners.add(this.showRuntime);
    this.fillForm();
    this.form.addEventListener("input", (event) => this.onInput(event.target));
    this.form.addEventListener("change", (event) => this.onInput(event.target, true));
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.schedule(0); });
    root.querySelector("[data-calc-reset]").addEventListener("click", () => this.reset());
    this.undoButton = root.querySelector("[data-calc-undo]");
    this.undoButton.addEventListener("click", () => this.undo());
    this.history = [];
    this.committed = Object.assign({}, this.state);
    this.output.addEventListener("click", (event) => {
      const button = event.target.closest("[data-calc-set]");
      if (button && this.runtime.state === "ready") this.applySet(JSON.parse(button.dataset.calcSet));
    });
    this.dirty = !sameState(this.state, this.initial);
    if (this.dirty) this.setStale(true);
    this.onRuntime(this.runtime);
    if (this.dirty || this.runtime.state === "ready") this.schedule(0);
  }

  fields() {
    return Array.from(this.form.querySelectorAll("[name]"));
  }

  fillForm() {
    const state = this.state;
    this.fields().forEach((field) => {
      const value = state[field.name] === undefined ? "" : state[field.name];
      if (field.type === "checkbox") field.checked = value === "true";
      else field.value = value;
    });
  }

  /* Undo steps are whole changes: a field left after editing, a choice, a button in the answer. */
  commit() {
    if (sameState(this.state, this.committed)) return;
    this.history.push(this.committed);
    if (this.history.length > 100) this.history.shift();
    this.committed = Object.assign({}, this.state);
    this.undoButton.hidden = false;
  }

  undo() {
    if (!this.history.length) return;
    this.state = this.history.pop();
    this.committed = Object.assign({}, this.state);
    this.undoButton.hidden = this.history.length === 0;
    this.changed();
  }

  /* A button in the answer proposes new inputs; "@random" asks for a fresh seed. */
  applySet(values) {
    this.commit();
    Object.keys(values).forEach((key) => {
      const value = String(values[key]);
      this.state[key] = value === "@random" ? String(1 + Math.floor(Math.random() * 2147483646)) : value;
    });
    this.commit();
    this.changed();
  }

  changed() {
    this.fillForm();
    writeUrlState(this.id, this.state, this.initial);
    this.setStale(true);
    this.schedule(0);
  }

  onInput(field, isChange) {
    if (!field.name) return;
    if (isChange) this.commit();
    const value = field.type === "checkbox" ? String(field.checked) : field.value;
    if (this.state[field.name] === value) return;
    this.state[field.name] = value;
    const group = field.dataset.exclusive;
    if (group && value.trim() !== "") {
      this.form.querySelectorAll('[data-exclusive="' + group + '"]').forEach((other) => {
        if (other !== field && other.value !== "") {
          other.value = "";
          this.state[other.name] = "";
        }
      });
    }
    writeUrlState(this.id, this.state, this.initial);
    this.setStale(true);
    this.schedule(DEBOUNCE_MS);
  }

  reset() {
    this.commit();
    this.state = Object.assign({}, this.initial);
    this.commit();
    this.changed();
  }

  schedule(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(), delay);
  }

  /* Only one request per widget is ever in flight; inputs that arrive meanwhile are sent
     (once, with the newest values) when it returns, so a slow answer never queues a backlog. */
  compute() {
    if (this.inFlight) { this.queued = true; return; }
    const params = {};
    Object.keys(this.state).forEach((key) => {
      if (this.state[key] !== "") params[key] = this.state[key];
    });
    this.inFlight = true;
    const started = performance.now();
    this.runtime.call(this.name, params).then((answer) => {
      this.lastMs = performance.now() - started;
      this.showAnswer(answer);
    }, (problem) => {
      if (problem && problem.kind === "restarted") { this.queued = true; return; }
      this.showProblem(problem && problem.message ? problem.message : String(problem));
    }).then(() => {
      this.inFlight = false;
      if (this.queued) { this.queued = false; this.compute(); }
    });
  }

  showAnswer(answer) {
    this.clearErrors();
    if (answer.errors) {
      const general = [];
      answer.errors.forEach((error) => {
        const slot = error.field && this.root.querySelector('[data-error-for="' + cssEscape(error.field) + '"]');
        const field = error.field && this.form.querySelector('[name="' + cssEscape(error.field) + '"]');
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
    /* An answer the same as the one shown (the build's, when Python comes up) is not swapped
       in: no layout work, no new largest paint, no lost place in an open table. */
    const incoming = document.createElement("template");
    incoming.innerHTML = answer.html;  /* built and escaped in Python (calculators.ui) */
    if (incoming.innerHTML !== this.output.innerHTML) this.output.replaceChildren(incoming.content);
    this.announce();
    this.setStale(false);
    this.root.dataset.calcState = "live";
    this.setStatus("Live: computed in your browser.");
  }

  /* The main headline figure as "label: value" ("" when the answer has none). */
  headline() {
    const main = this.output.querySelector(".calc-figure.main");
    return main ? Array.from(main.children, (part) => part.textContent.trim()).join(": ") : "";
  }

  /* Tell a screen reader the new headline once, when answers stop arriving. */
  announce() {
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => {
      const text = this.headline();
      if (!this.announcer || !text || text === this.announced) return;
      this.announced = text;
      this.announcer.textContent = text;
    }, ANNOUNCE_MS);
  }

  showProblem(message) {
    this.clearErrors();
    this.showGeneral(message);
    this.root.dataset.calcState = "error";
  }

  showGeneral(message) {
    const slot = this.root.querySelector(".calc-error-general");
    slot.textContent = message;
    slot.hidden = false;
  }

  clearErrors() {
    this.root.querySelectorAll(".calc-error").forEach((slot) => {
      slot.hidden = true;
      slot.textContent = "";
    });
    this.form.querySelectorAll("[aria-invalid]").forEach((field) => {
      field.removeAttribute("aria-invalid");
    });
  }

  setStale(stale) {
    this.output.classList.toggle("calc-stale", stale);
    if (stale) this.root.dataset.calcState = "pending";
  }

  setStatus(text) {
    this.status.textContent = text;
  }

  onRuntime(rt) {
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
  }
}
