/*
 * One calculator widget: a [data-calc] element with a form built from the calculator's
 * declared parameters and an answer pre-rendered at build time. The widget keeps its inputs
 * in the page address, recomputes in the visit's Python runtime on every input, and offers
 * Undo (whole changes) and Reset. Only the inputs that apply to the current mode are shown and
 * sent (./applies.js). An answer is shown as live only when it was computed for the inputs in
 * the form now; a tap on a button of an answer being replaced (or while Python loads) is kept
 * and applied, in order, to the answer that replaces it, so every tap counts once.
 *
 * A widget marked data-calc-saved (a player's own record, declared `saved` in Python) also
 * keeps its inputs on the device and restores them on a visit whose address has none. An
 * address that brings other inputs over saved ones asks first, in the page, which to keep;
 * until she answers nothing is saved over them. Inputs another tab saves later are shown here
 * too, saying so (one Undo step), and inputs here never overwrite newer ones saved elsewhere;
 * a widget with a collection leaves that to its characters (./collection.js).
 *
 * The form is on screen, and can be typed in, long before this script runs on a slow phone:
 * what the controls hold when the widget starts, other than what the page was rendered with
 * (typed meanwhile, or put back by the browser on back and forward), is the newest input,
 * kept over saved or linked inputs and answered at once (`typed`).
 *
 * A widget whose calculator declares a seat input (data-calc-seat, a battle tracker's "seat")
 * opened by an address that sets it is one player's seat (`seated`): the form and Reset are
 * hidden (Undo stays, for her own taps), and no button of the answer that would change that
 * input is shown or applied. Set by a button elsewhere (the game master's "Play as"), that
 * input stays out of the address, so her own address never locks her out of her view; a
 * button with data-calc-copy-link copies the address of the inputs it names (her seat link).
 *
 * The answer may hold boxes bound to hidden inputs of the form (data-calc-field): what she
 * types is set when she leaves the box (or presses Enter), as one Undo step. A button of the
 * answer may take the last item off a JSON list input (data-calc-pop: Undo of a battle's last
 * event beside its buttons). An answer holding [data-calc-fold-form] folds the form away
 * behind one button (a battle under way: its setup and its file). An answer's
 * [data-calc-keep] names hidden inputs it keeps beside those it was computed for (a battle
 * file's format, rules and a digest of each event's lines): they are set as part of that
 * answer, not as a change (no Undo step, nothing computed again), and the element fires
 * "calc:kept" (detail: those values) for the saved record to keep them too. The page's own
 * example keeps none: it stays the page's, none of hers.
 *
 * Other scripts reach a widget as `element.calcWidget`: `setInputs(values)` sets inputs as a
 * button in the answer does, and the element fires "calc:change" after every change of
 * inputs, "calc:answer" after every live answer and "calc:errors" (detail: the errors, each
 * {field, message}) after every answer refusing the inputs.
 *
 * Python's answers are HTML built and escaped in Python; everything else this module writes to
 * the page goes through textContent.
 */

import { applicable, showApplicable } from "./applies.js";
import { button, cssEscape, el } from "./dom.js";
import { getRuntime } from "./runtime.js";
import { loadWidgetStamped, saveWidget, watchWidget } from "./storage.js";
import { StickySummary } from "./summary.js";
import { addressOf, readUrlState, writeUrlState } from "./url-state.js";

const DEBOUNCE_MS = 30;
/* The site's root (this file is assets/js/calc/widget.js): rule links are given from it. */
const SITE_ROOT = new URL("../../../", import.meta.url);
/* How long the answer must stay the same before a screen reader is told its headline. */
const ANNOUNCE_MS = 1000;

/* A problem's message as text and a link: the rule-book section a broken rule names becomes a
   link to the page presenting that rule (added after the message if it does not name it). */
function messageNodes(error) {
  if (!error.rule) return [error.message];
  const link = el("a", { href: new URL(error.rule.url, SITE_ROOT).href }, error.rule.section);
  const at = error.message.lastIndexOf(error.rule.section);
  if (at < 0) return [error.message, " ", link];
  return [error.message.slice(0, at), link, error.message.slice(at + error.rule.section.length)];
}

/* Two input states hold the same values (absent and blank are the same). */
export function sameState(a, b) {
  const keys = new Set(Object.keys(a).concat(Object.keys(b)));
  return Array.from(keys).every((key) => (a[key] || "") === (b[key] || ""));
}

/* A button of an answer, named so that the same button can be found in the next answer: the
   key Python gave it (data-calc-key: one Roll button of many, "Use" that becomes "Stop
   using"), else its group (a tracker's "Heart steps") and its label. */
function buttonKey(button) {
  if (button.dataset.calcKey) return "key:" + button.dataset.calcKey;
  const group = button.closest("[role=group]");
  return (group ? group.getAttribute("aria-label") + "|" : "") + button.textContent.trim();
}

/* A seed from 1 to 2^31 - 1, from the browser's cryptographic random source. */
function randomSeed() {
  const word = new Uint32Array(1);
  window.crypto.getRandomValues(word);
  return 1 + (word[0] % 2147483647);
}

/* A JSON list input's text with `item` added; empty text is an empty list. Text that is not a
   list is left as it is, for the answer to name the input's error. */
export function appendTo(text, item) {
  let list;
  try { list = JSON.parse(text || "[]"); } catch (error) { return text; }
  return Array.isArray(list) ? JSON.stringify(list.concat([item])) : text;
}

/* A JSON list input's text without its last item; text that is not a list is left as it is. */
export function popFrom(text) {
  let list;
  try { list = JSON.parse(text || "[]"); } catch (error) { return text; }
  return Array.isArray(list) ? JSON.stringify(list.slice(0, -1)) : text;
}

/* Whether a button's values (data-calc-set) would change the seat input `seat` away from
   `value`. */
export function unseats(values, seat, value) {
  return Object.prototype.hasOwnProperty.call(values, seat) && String(values[seat]) !== value;
}

/* The values of `form`'s controls that differ from what the page was rendered with, by name:
   typed before the widget started, or put back by the browser on back and forward. */
function typedValues(form) {
  const typed = {};
  form.querySelectorAll("[name]").forEach((field) => {
    if (field.type === "hidden") return;
    let rendered = field.defaultValue;
    let value = field.value;
    if (field.type === "checkbox") {
      rendered = String(field.defaultChecked);
      value = String(field.checked);
    } else if (field.tagName === "SELECT") {
      const first = Array.from(field.options).find((option) => option.defaultSelected) || field.options[0];
      rendered = first ? first.value : "";
    }
    if (value !== rendered) typed[field.name] = value;
  });
  return typed;
}

export class Widget {
  constructor(root) {
    this.root = root;
    this.name = root.dataset.calc;
    this.id = root.id;
    this.form = root.querySelector("form");
    this.output = root.querySelector("[data-calc-output]");
    this.status = root.querySelector("[data-calc-status]");
    this.outputStatus = root.querySelector("[data-calc-output-status]");
    this.summary = new StickySummary(root, this.output);
    this.announcer = root.querySelector("[data-calc-announce]");
    this.announced = this.headline();
    this.initial = JSON.parse(root.dataset.calcInitial || "{}");
    this.saved = root.hasAttribute("data-calc-saved");
    /* A record that keeps a log (a battle) travels compressed in the address's fragment, with
       the id of the saved record it is (set by ./collection.js), and a link bringing one is
       settled by the collection (it updates the saved battle, or keeps a fork as a copy). */
    this.compact = root.hasAttribute("data-calc-compact");
    this.recordId = "";
    /* A collection's characters are kept, and kept in step between tabs, by ./collection.js. */
    this.syncTabs = this.saved && !root.hasAttribute("data-calc-collection");
    this.holdSaving = false;
    this.typed = typedValues(this.form);
    const fromUrl = readUrlState(this.id);
    /* A seat link: the address sets the declared seat input (see the header). */
    this.seatInput = root.dataset.calcSeat || "";
    this.seated = this.seatInput && fromUrl[this.seatInput] ? fromUrl[this.seatInput] : "";
    if (this.seated) root.dataset.calcSeated = this.seated;
    const linked = Object.assign({}, this.initial, fromUrl);
    const mine = this.saved ? loadWidgetStamped(this.id, this.name, this.paramNames()) : null;
    this.stamp = mine ? mine.stamp : 0;  /* the saved inputs this tab's inputs are based on */
    const kept = mine && Object.assign({}, this.initial, mine.state);
    let restored = false;
    let conflict = null;
    if (kept && !Object.keys(fromUrl).length) {
      this.state = kept;
      restored = !sameState(kept, this.initial);
    } else {
      this.state = linked;
      if (kept && !this.compact && !sameState(kept, linked) && !sameState(kept, this.initial)) conflict = kept;
    }
    const typed = Object.keys(this.typed).length > 0;
    if (typed) {
      /* Typed over the inputs shown: a roll shown for them no longer is (see clearTransient). */
      this.form.querySelectorAll("[data-transient]").forEach((field) => { this.state[field.name] = ""; });
      Object.assign(this.state, this.typed);
    }
    this.shownFor = Object.assign({}, this.initial);  /* the inputs the answer shown is for */
    this.taps = [];  /* buttons tapped on an answer being replaced, to apply in order */
    this.pressed = null;  /* the button a mouse press began on, until released */
    this.inFlight = false;
    this.queued = false;
    this.timer = null;
    this.runtime = getRuntime(root.dataset.calcBuild || "");

    this.showRuntime = (rt) => this.onRuntime(rt);
    this.runtime.listeners.add(this.showRuntime);
    this.fillForm();
    this.showBlanks();
    this.form.addEventListener("input", (event) => this.onInput(event.target));
    this.form.addEventListener("change", (event) => {
      if (event.target.matches("[data-calc-show-all]")) showApplicable(this.form, this.state);
      else this.onInput(event.target, true);
    });
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.schedule(0); });
    root.querySelector("[data-calc-reset]").addEventListener("click", () => this.reset());
    this.undoButton = root.querySelector("[data-calc-undo]");
    this.undoButton.addEventListener("click", () => this.undo());
    this.history = [];
    this.committed = Object.assign({}, this.state);
    this.output.addEventListener("change", (event) => this.onAnswerField(event.target));
    this.output.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && event.target.matches("[data-calc-field]")) {
        event.preventDefault();
        this.onAnswerField(event.target);
      }
    });
    this.output.addEventListener("click", (event) => {
      const copy = event.target.closest("[data-calc-copy-link]");
      if (copy) { this.copyLink(copy); return; }
      const button = event.target.closest("[data-calc-set]");
      if (button) this.tap(button);
    });
    /* A mouse button pressed on a button of an answer that a new one replaces before it is
       released (her box left by that press sent its value, and the answer came back within
       the press) ends on the same button of the new answer: the browser then fires no click,
       as the element pressed is gone (a click goes where both press and release were), so
       the release is taken as the tap. */
    this.output.addEventListener("pointerdown", (event) => {
      this.pressed = event.pointerType === "mouse" ? event.target.closest("[data-calc-set]") : null;
    });
    this.output.addEventListener("pointerup", (event) => {
      const pressed = this.pressed;
      this.pressed = null;
      const button = event.target.closest("[data-calc-set]");
      if (!pressed || pressed.isConnected || !button || buttonKey(button) !== buttonKey(pressed)) return;
      this.tap(button);
    });
    this.dirty = !sameState(this.state, this.initial);
    if (this.seated) {
      /* The page's own answer is the game master's view of its example: not hers. */
      this.output.replaceChildren(el("p", { text: "Opening your seat…" }));
    }
    this.foldForm();
    if (this.dirty) this.setStale(true);
    root.calcWidget = this;
    if (restored || typed) this.writeAddress();  /* the address shares it */
    if (conflict) this.askAboutLink(conflict);
    else if (Object.keys(fromUrl).length || typed) this.persist();
    if (this.syncTabs) this.stopWatching = watchWidget(this.id, () => this.takeStored());
    this.onRuntime(this.runtime);
    if (this.dirty || this.runtime.state === "ready") this.schedule(0);
  }

  /* Every input name this widget has (its fields, hidden ones included, and its initial). */
  paramNames() {
    return new Set(this.fields().map((field) => field.name).concat(Object.keys(this.initial)));
  }

  /* Keep the inputs on the device (saved widgets only, and not while a link waits for an
     answer about the saved ones). */
  persist() {
    if (!this.saved || this.holdSaving) return;
    if (!this.syncTabs) { saveWidget(this.id, this.name, this.state); return; }
    const stamp = saveWidget(this.id, this.name, this.state, this.stamp);
    if (stamp) this.stamp = stamp;
    else this.takeStored();  /* another tab saved newer inputs first: they win, shown here */
  }

  /* Another tab saved this widget's inputs: newer ones than this tab's are shown, as one Undo
     step (Undo brings back what was here), and the player is told. Not while a link's inputs
     wait for her to pick hers or the link's. */
  takeStored() {
    if (!this.root.isConnected) { this.stopWatching(); return; }
    if (this.holdSaving) return;
    const stored = loadWidgetStamped(this.id, this.name, this.paramNames());
    if (!stored || stored.stamp <= this.stamp) return;
    this.stamp = stored.stamp;
    const state = Object.assign({}, this.initial, stored.state);
    if (sameState(state, this.state)) return;
    this.taps = [];
    this.setInputs(state, true);
    this.tell("Another tab changed these inputs: this shows the newest. Undo brings back the ones you had here.");
  }

  /* A note above the form (another tab's change), until the inputs change again. */
  tell(text) {
    if (!this.note) {
      this.note = el("p", { className: "calc-prompt", role: "status", "data-calc-tab-note": "" });
      this.form.before(this.note);
    }
    this.note.textContent = text;
    this.note.hidden = false;
  }

  /* The address brought inputs other than the saved `kept`: show the link's, save nothing,
     and ask in the page which to keep. */
  askAboutLink(kept) {
    this.holdSaving = true;
    const useLink = button("Use the link's inputs", { className: "md-button md-button--primary",
                                                      "data-calc-use-link": "" });
    const keepMine = button("Keep my saved inputs", { "data-calc-keep-saved": "" });
    const box = el("div", { className: "calc-prompt", role: "group",
                            "aria-label": "Saved inputs or the link's" },
      el("p", { text: "This link shows other inputs than the ones saved on this device. "
                      + "Using the link's replaces your saved ones." }),
      useLink, " ", keepMine);
    useLink.addEventListener("click", () => {
      box.remove();
      this.holdSaving = false;
      this.persist();
    });
    keepMine.addEventListener("click", () => {
      box.remove();
      this.holdSaving = false;
      this.setInputs(kept, true);
    });
    this.form.before(box);
  }

  /* Set inputs from another script, as one Undo step: `values` on top of the current inputs,
     or (with `replace`) on top of the page's initial inputs. */
  setInputs(values, replace) {
    this.commit();
    this.state = Object.assign({}, replace ? this.initial : this.state);
    Object.keys(values).forEach((key) => { this.state[key] = String(values[key]); });
    this.commit();
    this.changed();
  }

  /* Say, above the answer, which blank fields stand for a number (their default, also their
     placeholder), so a blank is never a hidden number; a field folded away (a running
     battle's setup) stands for nothing in the answer shown, so it is not named. */
  showBlanks() {
    const line = this.root.querySelector("[data-calc-blanks]");
    if (!line) return;
    const parts = this.fields().filter((field) => field.type === "text" && field.inputMode
        && field.value.trim() === "" && /^-?\d+$/.test(field.placeholder || "")
        && !field.closest("[hidden]") && field.getClientRects().length > 0)
      .map((field) => {
        const label = this.form.querySelector('label[for="' + cssEscape(field.id) + '"]');
        return (label ? label.textContent.trim() : field.name) + " " + field.placeholder;
      });
    line.textContent = parts.length ? "Blank, so counted as: " + parts.join("; ") + "." : "";
    line.hidden = !parts.length;
  }

  /* The inputs the address holds: all that apply, but a seat chosen by a button here (the
     game master looking through a player's eyes), so her own address stays hers. */
  addressed(state) {
    const inputs = this.applying(state);
    if (this.seatInput && !this.seated) delete inputs[this.seatInput];
    return inputs;
  }

  /* After any change of inputs: the address, the device, and anyone listening. */
  afterChange() {
    if (this.note) this.note.hidden = true;  /* told of another tab's change: now hers is newer */
    this.showBlanks();
    this.writeAddress();
    this.persist();
    this.root.dispatchEvent(new CustomEvent("calc:change", { detail: this }));
  }

  /* Write the inputs that count into the address; a promise of the address written (the link
     that shares them: ./collection.js copies it). */
  writeAddress() {
    return writeUrlState(this.id, this.addressed(this.state), this.initial,
                         this.compact ? { record: this.recordId } : null);
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
    showApplicable(this.form, state);
  }

  /* The inputs that count: those that apply to the current mode. */
  applying(state) {
    return applicable(this.form, state);
  }

  /* Whether the answer shown was computed for the inputs in the form now. */
  isCurrent() {
    return this.root.dataset.calcState !== "pending"
      && sameState(this.applying(this.shownFor), this.applying(this.state));
  }

  /* Say, next to the answer, what is waiting: her changes or taps while Python loads, a
     recomputation. Nothing while nothing waits: that Python is loading is said in the status
     line, and a line here that went when Python arrived moved the answer up under her finger. */
  showPending() {
    const taps = this.taps.length;
    let text = "";
    if (this.runtime.state === "loading" && (taps || this.root.dataset.calcState === "pending")) {
      text = "Loading Python…" + (taps ? " Your " + (taps === 1 ? "tap" : taps + " taps")
        + " will be applied when it is ready." : " Your changes will be applied when it is ready.");
    } else if (taps) {
      text = "Updating… (" + taps + (taps === 1 ? " tap" : " taps") + " to apply)";
    }
    this.outputStatus.textContent = text;
    this.outputStatus.hidden = !text;
  }

  /* Undo steps are whole changes: a field left after editing, a choice, a button in the answer. */
  commit() {
    if (sameState(this.state, this.committed)) return;
    this.history.push(this.committed);
    if (this.history.length > 100) this.history.shift();
    this.committed = Object.assign({}, this.state);
    this.undoButton.disabled = false;
  }

  undo() {
    if (!this.history.length) return;
    this.taps = [];  /* taps kept for the answer being replaced no longer apply */
    this.state = this.history.pop();
    this.committed = Object.assign({}, this.state);
    this.undoButton.disabled = this.history.length === 0;
    this.changed();
  }

  /* A button in the answer proposes new inputs, and items to add to inputs holding a JSON list
     (an event to a battle's log); "@random" asks for a fresh seed, drawn from the browser's
     cryptographic source (a roll no one can predict from the last one): as the whole value,
     or as the JSON string "@random" inside a JSON value (an event's seed), each occurrence
     its own seed. */
  applySet(values, appended = {}, popped = []) {
    const seeded = (value) => (value === "@random" ? String(randomSeed())
      : value.replace(/"@random"/g, () => String(randomSeed())));
    if (this.seated && unseats(values, this.seatInput, this.seated)) return;
    this.commit();
    popped.forEach((key) => { this.state[key] = popFrom(this.state[key]); });
    Object.keys(values).forEach((key) => {
      this.state[key] = seeded(String(values[key]));
    });
    Object.keys(appended).forEach((key) => {
      this.state[key] = appendTo(this.state[key], JSON.parse(seeded(appended[key])));
    });
    this.commit();
    this.changed();
  }

  /* A button of the answer tapped: applied now, or kept for the answer replacing this one. */
  tap(button) {
    if (this.isCurrent()) this.applyButton(button);
    else { this.taps.push(buttonKey(button)); this.showPending(); }
  }

  /* What a button in the answer sets (data-calc-set) and adds to a list (data-calc-append). */
  applyButton(button) {
    this.applySet(JSON.parse(button.dataset.calcSet), JSON.parse(button.dataset.calcAppend || "{}"),
                  (button.dataset.calcPop || "").split(" ").filter(Boolean));
  }

  /* A box of the answer bound to a hidden input (data-calc-field): she left it, or pressed
     Enter; one Undo step. */
  onAnswerField(field) {
    if (!field.matches || !field.matches("[data-calc-field]")) return;
    const name = field.dataset.calcField;
    if ((this.state[name] || "") === field.value) return;
    this.applySet({ [name]: field.value });
  }

  /* Copy the address of these inputs with the values a button names (a player's seat link). */
  copyLink(button) {
    const inputs = Object.assign(this.applying(this.state), JSON.parse(button.dataset.calcCopyLink));
    const say = (text) => { this.outputStatus.textContent = text; this.outputStatus.hidden = false; };
    addressOf(window.location.href, this.id, inputs, this.initial,
              this.compact ? { record: this.recordId } : null).then((url) => {
      const fallback = () => say("Copy this link: " + url);
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(() => say("Copied: " + button.textContent.replace(/^Copy /, "") + "."), fallback);
      } else fallback();
    });
  }

  /* Hide the answer's buttons that would change the seat input of a seat link. */
  keepSeat(container) {
    if (!this.seated) return;
    container.querySelectorAll("[data-calc-set]").forEach((button) => {
      if (unseats(JSON.parse(button.dataset.calcSet), this.seatInput, this.seated)) button.remove();
    });
  }

  /* Fold the form away behind one button while the answer asks for it (a battle under
     way); the button unfolds it. */
  foldForm() {
    const fold = !!this.output.querySelector("[data-calc-fold-form]");
    if (fold && !this.unfold) {
      this.unfold = button("Show the setup and the battle file", { className: "md-button calc-unfold",
                                                                   "aria-expanded": "false" });
      this.unfold.addEventListener("click", () => {
        const open = this.form.classList.toggle("calc-form-open");
        this.unfold.setAttribute("aria-expanded", String(open));
        this.unfold.textContent = open ? "Hide the setup and the battle file" : "Show the setup and the battle file";
        this.showBlanks();
      });
      this.form.prepend(this.unfold);
    }
    this.form.classList.toggle("calc-form-folded", fold);
    if (this.unfold) this.unfold.hidden = !fold;
    this.showBlanks();
  }

  changed() {
    this.fillForm();
    this.afterChange();
    this.setStale(true);
    this.schedule(0);
  }

  onInput(field, isChange) {
    if (!field.name) return;
    if (isChange) this.commit();
    const value = field.type === "checkbox" ? String(field.checked) : field.value;
    if (this.state[field.name] === value) return;
    this.state[field.name] = value;
    this.clearTransient();
    const group = field.dataset.exclusive;
    if (group && value.trim() !== "") {
      this.form.querySelectorAll('[data-exclusive="' + group + '"]').forEach((other) => {
        if (other !== field && other.value !== "") {
          other.value = "";
          this.state[other.name] = "";
        }
      });
    }
    if (field.tagName === "SELECT" || field.type === "checkbox") showApplicable(this.form, this.state);
    this.afterChange();
    this.setStale(true);
    this.schedule(DEBOUNCE_MS);
  }

  /* A change of any control clears the inputs only a button sets for the inputs it was
     pressed with (a roll's seed and what it rolled), so a roll shown is never re-dealt for
     other numbers. */
  clearTransient() {
    this.form.querySelectorAll("[data-transient]").forEach((field) => {
      field.value = "";
      this.state[field.name] = "";
    });
  }

  reset() {
    this.taps = [];
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
    const sent = Object.assign({}, this.state);
    const inputs = this.applying(sent);
    const params = {};
    Object.keys(inputs).forEach((key) => {
      if (inputs[key] !== "") params[key] = inputs[key];
    });
    this.inFlight = true;
    const started = performance.now();
    this.runtime.call(this.name, params).then((answer) => {
      this.lastMs = performance.now() - started;
      /* An answer for inputs changed since is never shown as live: the next one follows. */
      if (!sameState(inputs, this.applying(this.state))) { this.queued = true; return; }
      this.shownFor = sent;
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
          slot.replaceChildren(...messageNodes(error));
          slot.hidden = false;
          field.setAttribute("aria-invalid", "true");
        } else {
          general.push(error.message);
        }
      });
      if (general.length) this.showGeneral(general.join(" "));
      this.root.dataset.calcState = "error";
      this.setStatus("Not updated: fix the input marked above.");
      this.taps = [];
      this.showPending();
      this.summary.update(true);
      this.root.dispatchEvent(new CustomEvent("calc:errors", { detail: answer.errors }));
      return;
    }
    /* An answer the same as the one shown (the build's, when Python comes up) is not swapped
       in: no layout work, no new largest paint, no lost place in an open table. */
    const incoming = document.createElement("template");
    incoming.innerHTML = answer.html;  /* built and escaped in Python (calculators.ui) */
    this.keepSeat(incoming.content);
    if (incoming.innerHTML !== this.output.innerHTML) this.swapOutput(incoming.content);
    this.keepAnswered();
    this.foldForm();
    this.announce();
    this.setStale(false);
    this.root.dataset.calcState = "live";
    this.setStatus("Live: computed in your browser.");
    this.summary.update(false);
    this.root.dispatchEvent(new CustomEvent("calc:answer", { detail: this }));
    this.applyNextTap();
  }

  /* Set the hidden inputs the answer shown keeps ([data-calc-keep], see the header) where
     they differ: in the inputs, in those the answer is for, and in the inputs the next Undo
     step starts from when nothing was typed since (so Undo brings this log back with them). */
  keepAnswered() {
    const holder = this.output.querySelector("[data-calc-keep]");
    if (!holder || sameState(this.state, this.initial)) return;
    const kept = JSON.parse(holder.dataset.calcKeep);
    const names = this.paramNames();
    const changed = {};
    Object.keys(kept).forEach((key) => {
      if (names.has(key) && (this.state[key] || "") !== kept[key]) changed[key] = kept[key];
    });
    if (!Object.keys(changed).length) return;
    const committed = sameState(this.state, this.committed);
    Object.assign(this.state, changed);
    Object.assign(this.shownFor, changed);
    if (committed) this.committed = Object.assign({}, this.state);
    this.fillForm();
    this.writeAddress();
    this.persist();
    this.root.dispatchEvent(new CustomEvent("calc:kept", { detail: changed }));
  }

  /* Put a new answer in place of the one shown, keeping the reader's place: a button of the
     old answer that had the focus (the "+1" just tapped or pressed) hands it to the same
     button of the new one, so the next press works on it and a screen reader stays put, and
     that button stays where it was on the screen (an answer that grew or shrank above it, a
     roll shown under another row, would otherwise move the page under her finger).
     The theme's tooltips (content.tooltips) follow their host's focus and hover, and a host
     taken out of the page never reports losing either: its tooltip stayed on screen over
     the new answer, naming the old figures. So the old host is told first: blurred, and
     sent the mouseleave a pointer would send. */
  swapOutput(content) {
    const active = this.output.contains(document.activeElement) ? document.activeElement : null;
    const key = active && active.matches("[data-calc-set]") ? buttonKey(active) : null;
    const top = key ? active.getBoundingClientRect().top : 0;
    if (active) active.blur();
    this.output.querySelectorAll(":hover").forEach((hovered) => {
      hovered.dispatchEvent(new MouseEvent("mouseleave"));
    });
    this.output.replaceChildren(content);
    const again = key && this.buttonFor(key);
    if (!again) return;
    again.focus({ preventScroll: true });
    const moved = again.getBoundingClientRect().top - top;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: "instant" });
  }

  /* The answer's button with this key (see buttonKey), if it has one. */
  buttonFor(key) {
    return Array.from(this.output.querySelectorAll("[data-calc-set]"))
      .find((candidate) => buttonKey(candidate) === key);
  }

  /* Apply the oldest kept tap to the answer just shown (its button, found by group and label);
     a button that is gone drops the taps left, saying so. */
  applyNextTap() {
    if (!this.taps.length) { this.showPending(); return; }
    const key = this.taps.shift();
    const button = this.buttonFor(key);
    if (button) {
      this.applyButton(button);
      this.showPending();
      return;
    }
    const dropped = this.taps.length + 1;
    this.taps = [];
    this.outputStatus.textContent = "“" + key.split("|").pop() + "” is not offered for these inputs, so "
      + (dropped === 1 ? "that tap was" : "the last " + dropped + " taps were") + " not applied.";
    this.outputStatus.hidden = false;
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
    if (this.summary && this.summary.bar) this.summary.bar.classList.toggle("calc-sticky-stale", stale);
    if (this.outputStatus) this.showPending();
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
    this.showPending();
  }
}
