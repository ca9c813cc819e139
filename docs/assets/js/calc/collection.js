/*
 * A player's characters, beside a widget whose calculator declares a `collection` in Python
 * (data-calc-collection="character"): several characters per calculator, each saved under its
 * name input as she types, listed and switched with one tap, deleted after asking; a roll log
 * kept with each; a share link and a one-page print of the sheet.
 *
 * Every change of inputs is saved to the character open now, valid or not (nothing she typed is
 * lost; the sheet itself keeps its last valid answer, marked out of date). Inputs that came
 * from a link and are not one of her characters are not saved over any of them: she adds them
 * with one tap. Rolls are the answer's [data-roll-entry] element (written by Python); each
 * new roll (by its data-roll-key) is appended once to the log of the character it was rolled
 * for. Nothing here computes a rule.
 */

import { button, confirmDelete, el } from "./dom.js";
import { printOnly } from "./print-card.js";
import { MAX_LOG, loadCollection, newRecordId, saveCollection } from "./storage.js";
import { readUrlState } from "./url-state.js";
import { sameState } from "./widget.js";

class Collection {
  constructor(widget) {
    this.widget = widget;
    this.calc = widget.name;
    this.noun = widget.root.dataset.calcCollection;
    this.data = loadCollection(this.calc);
    this.looseLog = [];  /* the log of inputs that are none of her characters */

    this.status = el("p", { className: "calc-status", role: "status", "data-collection-status": "" });
    this.heading = el("h3", {});
    this.list = el("ul", { className: "calc-card-list", "data-collection-list": "" });
    this.loose = el("div", { className: "calc-prompt", hidden: "" });
    const fresh = button("New " + this.noun, { "data-collection-new": "" });
    fresh.addEventListener("click", () => this.create());
    const share = button("Copy a link to this " + this.noun, { "data-collection-share": "" });
    share.addEventListener("click", () => this.share());
    const print = button("Print the sheet", { "data-collection-print": "" });
    print.addEventListener("click", () => printOnly(widget.root, "printSheet"));
    this.logHeading = el("h3", {});
    this.log = el("ol", { className: "calc-roll-log", reversed: "", "data-roll-log": "" });
    const clearLog = button("Clear the log", { "data-roll-log-clear": "" });
    clearLog.addEventListener("click", () => this.clearLog());
    this.logSection = el("section", { className: "calc-roll-log-section", "aria-label": "Roll log" },
      this.logHeading, this.log, clearLog);
    this.panel = el("section", { className: "calc-collection", "aria-label": "Your " + this.noun + "s" },
      this.heading, this.loose, this.list,
      el("div", { className: "calc-actions" }, fresh, share, print), this.status, this.logSection);
    widget.root.after(this.panel);

    this.adopt();
    widget.root.addEventListener("calc:change", () => this.onChange());
    widget.root.addEventListener("calc:answer", () => this.onAnswer());
    this.render();
    this.onAnswer();  /* a roll already in the pre-rendered answer (a shared link) is logged */
  }

  current() {
    return this.data.records.find((r) => r.id === this.data.current) || null;
  }

  store() {
    if (!saveCollection(this.calc, this.data)) {
      this.say("This browser would not save (storage is full or switched off).");
    }
  }

  say(text) {
    this.status.textContent = text;
  }

  nameOf(state) {
    return (state.name || "").trim() || "Unnamed " + this.noun;
  }

  /* Settle which character the inputs on screen are: the one open last time, or (inputs from
     an import with no widget state) load it, or inputs from a link: none of hers. */
  adopt() {
    const shown = this.widget.state;
    const record = this.current();
    if (record && sameState(record.state, shown)) return;
    const fromLink = Object.keys(readUrlState(this.widget.id)).length > 0;
    if (record && !fromLink) {
      this.widget.setInputs(record.state, true);
      return;
    }
    const match = this.data.records.find((r) => sameState(r.state, shown));
    if (match) {
      this.data.current = match.id;
      this.store();
    } else if (!this.data.records.length && !sameState(shown, this.widget.initial)) {
      this.add(shown);  /* her first character: what she has entered so far */
    } else {
      this.data.current = null;
    }
  }

  add(state) {
    const record = { id: newRecordId(), name: this.nameOf(state), state: Object.assign({}, state),
                     log: this.looseLog.slice(-MAX_LOG) };
    this.looseLog = [];
    this.data.records.push(record);
    this.data.current = record.id;
    this.store();
    return record;
  }

  onChange() {
    const state = this.widget.state;
    const record = this.current();
    if (record) {
      record.state = Object.assign({}, state);
      record.name = this.nameOf(state);
      this.store();
    } else if (!this.data.records.length) {
      this.add(state);
    } else {
      const match = this.data.records.find((r) => sameState(r.state, state));
      if (match) { this.data.current = match.id; this.store(); }
    }
    this.render();
  }

  onAnswer() {
    const entry = this.widget.output.querySelector("[data-roll-entry]");
    if (!entry || this.widget.root.dataset.calcState === "error") return;
    const key = entry.dataset.rollKey || "";
    const record = this.current();
    const log = record ? record.log : this.looseLog;
    if (log.length && log[log.length - 1].key === key) return;
    log.push({ key: key, text: entry.dataset.rollEntry, at: new Date().toISOString() });
    /* A new roll is brought into view: the sheet may show it far from the button tapped. */
    entry.scrollIntoView({ block: "nearest" });
    if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG);
    if (record) this.store();
    this.renderLog();
  }

  open(record) {
    this.data.current = record.id;
    this.store();
    this.widget.setInputs(record.state, true);
    this.say("Opened \u201c" + record.name + "\u201d.");
    this.render();
    this.widget.root.scrollIntoView({ block: "start" });
  }

  /* A new character from the page's starting inputs, with a name to fill in. */
  create() {
    const state = Object.assign({}, this.widget.initial, { name: "" });
    const record = { id: newRecordId(), name: this.nameOf(state), state: state, log: [] };
    this.data.records.push(record);
    this.data.current = record.id;
    this.store();
    this.widget.setInputs(state, true);
    this.say("A new " + this.noun + ": give her a name above.");
    this.render();
    const field = this.widget.form.querySelector('[name="name"]');
    if (field) field.focus();
  }

  keepLoose() {
    const record = this.add(this.widget.state);
    this.say("Added \u201c" + record.name + "\u201d to your " + this.noun + "s.");
    this.render();
  }

  remove(record, item) {
    confirmDelete(item, "Delete \u201c" + record.name + "\u201d and her roll log from this device?",
                  "Keep her", { "data-collection-delete-ok": "" }, "[data-collection-delete]",
                  () => {
                    this.data.records = this.data.records.filter((r) => r !== record);
                    if (this.data.current === record.id) this.data.current = null;
                    this.store();
                    this.say("Deleted \u201c" + record.name + "\u201d from this device.");
                    this.render();
                  }, () => this.render());
  }

  share() {
    const url = window.location.href;
    const done = () => this.say("Copied a link to this " + this.noun + ": whoever opens it sees this sheet.");
    const fallback = () => this.say("Copy this link: " + url);
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, fallback);
    else fallback();
  }

  clearLog() {
    const record = this.current();
    if (record) { record.log = []; this.store(); } else this.looseLog = [];
    this.renderLog();
    this.say("The roll log is empty.");
  }

  render() {
    const records = this.data.records;
    const record = this.current();
    this.heading.textContent = records.length
      ? "Your " + this.noun + "s (" + records.length + ")"
      : "Your " + this.noun + "s: none yet. Change anything above and she is saved on this device.";
    this.loose.hidden = !!record || !records.length;
    if (!this.loose.hidden) {
      const keep = button("Add to my " + this.noun + "s", { className: "md-button md-button--primary",
                                                            "data-collection-keep": "" });
      keep.addEventListener("click", () => this.keepLoose());
      this.loose.replaceChildren(
        el("p", { text: "The " + this.noun + " shown (from a link) is not one of yours; changes to her are not saved until you add her." }),
        keep);
    }
    this.list.replaceChildren(...records.map((r) => {
      const item = el("li", { "data-collection-id": r.id });
      if (r === record) {
        item.append(el("strong", { className: "calc-card-name", text: r.name }), el("span", { text: " (open now) " }));
      } else {
        const open = button("Open \u201c" + r.name + "\u201d", { "data-collection-open": "" });
        open.addEventListener("click", () => this.open(r));
        item.append(open, " ");
      }
      const del = button("Delete", { "data-collection-delete": "", "aria-label": "Delete " + r.name });
      del.addEventListener("click", () => this.remove(r, item));
      item.append(del);
      return item;
    }));
    this.renderLog();
  }

  renderLog() {
    const record = this.current();
    const log = record ? record.log : this.looseLog;
    this.logHeading.textContent = "Roll log" + (record ? " \u2014 " + record.name : "")
      + (log.length ? "" : ": no rolls yet (use Roll on the sheet)");
    this.log.replaceChildren(...log.slice().reverse().map((entry) =>
      el("li", { text: entry.text, title: new Date(entry.at).toLocaleString() })));
    this.logSection.querySelector("[data-roll-log-clear]").hidden = !log.length;
  }
}

/* Mount the characters panel beside each collection widget of the page shown, once. */
export function mountCollections() {
  document.querySelectorAll("[data-calc-collection]").forEach((root) => {
    if (!root.calcWidget || root.dataset.collectionBound) return;
    root.dataset.collectionBound = "1";
    new Collection(root.calcWidget);
  });
}
