/*
 * Inputs filled from one of the player's saved records of another calculator, as a widget
 * declares it in Python (`Calculator.linked`, written into data-calc-link as a list, one
 * picker each): the spellcard builder's caster from one of her saved characters, a battle's
 * next combatant from her characters or her monsters. She picks one; the record's values fill
 * the declared inputs, which stay locked until she unlinks, and a choice those inputs narrow
 * (`Param.offered`) lists only what they allow, with no "Show all".
 *
 * The link is itself one of the widget's (hidden) inputs, so the address, the device, Undo,
 * Reset and a saved card keep or drop it with the other inputs. A link to a record this
 * device does not have (a shared address, a deleted character) is dropped, keeping the values
 * it filled in. Nothing here computes a rule.
 */

import { showApplicable } from "./applies.js";
import { button, el } from "./dom.js";
import { loadCollection } from "./storage.js";

class RecordLink {
  /* `index`: the link's place in the widget's list (the first keeps the plain id). */
  constructor(widget, spec, index) {
    this.widget = widget;
    this.spec = spec;
    /* How the note speaks of the record ("her", "'s sheet"), declared in Python. */
    this.words = spec.words;
    this.form = widget.form;
    this.select = el("select", { id: widget.id + "-linked-record" + (index ? "-" + (index + 1) : ""),
                                 "data-link-select": spec.param });
    this.select.addEventListener("change", () => this.choose(this.select.value));
    this.unlink = button("Unlink", { "data-link-unlink": "" });
    this.unlink.addEventListener("click", () => this.drop("Unlinked: the " + spec.label.toLowerCase()
      + " is yours to change."));
    this.note = el("small", { className: "calc-help", "aria-live": "polite", "data-link-note": "" });
    this.box = el("div", { className: "calc-field calc-link", role: "group", "aria-label": spec.label },
      el("label", { for: this.select.id, text: spec.label + " from one of your " + spec.noun + "s" }),
      el("div", { className: "calc-link-row" }, this.select, this.unlink), this.note);
    /* Before the first filled input's field, or in its place when that input is hidden. */
    const first = this.fieldOf(Object.keys(spec.fields)[0]);
    ((first && first.closest(".calc-field")) || first || this.form.firstChild).before(this.box);
    widget.root.addEventListener("calc:change", () => this.sync());
    this.refresh();
  }

  fieldOf(name) {
    return this.form.querySelector('[name="' + name + '"]');
  }

  records() {
    return loadCollection(this.spec.calc).records;
  }

  linkedId() {
    return this.widget.state[this.spec.param] || "";
  }

  /* The inputs a record gives, as this widget spells them ("*": all of them, as JSON). */
  valuesOf(record) {
    const out = {};
    Object.keys(this.spec.fields).forEach((mine) => {
      const theirs = this.spec.fields[mine];
      if (theirs === "*") { out[mine] = JSON.stringify(record.state); return; }
      const given = record.state[theirs];
      const text = given === undefined ? (this.spec.defaults[theirs] || "") : given;
      const spelled = this.spec.values[mine] || {};
      out[mine] = Object.prototype.hasOwnProperty.call(spelled, text) ? spelled[text] : text;
    });
    return out;
  }

  differs(record) {
    const values = this.valuesOf(record);
    return Object.keys(values).some((key) => (this.widget.state[key] || "") !== values[key]);
  }

  choose(id) {
    if (!id) { this.drop("Unlinked: the " + this.spec.label.toLowerCase() + " is yours to change."); return; }
    const record = this.records().find((r) => r.id === id);
    if (!record) { this.sync(); return; }
    this.widget.setInputs(Object.assign(this.valuesOf(record), { [this.spec.param]: record.id }));
    this.note.textContent = "Filled from \u201c" + record.name + "\u201d; unlink to change these.";
  }

  drop(message) {
    this.widget.setInputs({ [this.spec.param]: "" });
    this.note.textContent = message;
  }

  /* On arrival: bring linked values up to date with her record, or drop a link to a record
     this device does not have. */
  refresh() {
    const id = this.linkedId();
    if (id) {
      const record = this.records().find((r) => r.id === id);
      if (!record) {
        this.drop("The " + this.spec.noun + " this was linked to is not saved on this device, so it is unlinked.");
        return;
      }
      if (this.differs(record)) {
        this.widget.setInputs(this.valuesOf(record));
        this.note.textContent = "Updated from \u201c" + record.name + "\u201d" + this.words.record + ".";
        return;
      }
    }
    this.sync();
  }

  /* Show the link as the inputs hold it: the list, the locked fields, the narrowed choices. */
  sync() {
    const records = this.records();
    const id = this.linkedId();
    const record = records.find((r) => r.id === id) || null;
    const none = el("option", { value: "", text: records.length ? "None: I set the " + this.spec.label.toLowerCase() + " below"
                                                                 : "No saved " + this.spec.noun + "s yet" });
    this.select.replaceChildren(none, ...records.map((r) => el("option", { value: r.id, text: r.name })));
    this.select.value = record ? record.id : "";
    this.select.disabled = !records.length;
    this.unlink.hidden = !record;
    if (!records.length) {
      this.note.replaceChildren("Save one in ", el("a", { href: this.spec.page, text: "the " + this.spec.noun + " builder" }),
        " to pick it here.");
    } else if (record && this.differs(record)) {
      this.note.textContent = "\u201c" + record.name + "\u201d" + this.words.record + " has changed since: pick "
        + this.words.it + " again to update.";
    } else if (!record && id) {
      this.note.textContent = "";
    }
    const locked = new Set(record ? Object.keys(this.spec.fields) : []);
    Object.keys(this.spec.fields).forEach((name) => {
      const field = this.fieldOf(name);
      if (!field) return;
      field.disabled = locked.has(name);
      const box = field.closest(".calc-field");  /* none for a hidden input */
      if (box) box.classList.toggle("calc-linked", locked.has(name));
    });
    this.form.querySelectorAll("[data-calc-show-all]").forEach((box) => {
      const narrowed = locked.has(box.dataset.offered);
      if (narrowed) box.checked = false;
      box.closest("label").hidden = narrowed;
    });
    showApplicable(this.form, this.widget.state);
  }
}

/* Mount the record links of each widget of the page shown that declares them, once. */
export function mountRecordLinks() {
  document.querySelectorAll("[data-calc-link]").forEach((root) => {
    if (!root.calcWidget || root.dataset.linkBound) return;
    root.dataset.linkBound = "1";
    let specs;
    try { specs = JSON.parse(root.dataset.calcLink); } catch (error) { return; }
    specs.forEach((spec, index) => new RecordLink(root.calcWidget, spec, index));
  });
}
