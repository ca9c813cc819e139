/*
 * "Your saved data" (on the home page): what this device keeps, exported as one JSON file and
 * imported from one, so a player can move to another device or keep a copy. An import is
 * validated first (a clear message names the problem) and asks before it replaces anything.
 */

import { button, el } from "./dom.js";
import { describe, exportAll, replaceAll, validate } from "./storage.js";

/* Largest file read (a real export is a few kilobytes; a battle of thousands of events, a
   few hundred). */
const MAX_FILE = 8 * 1024 * 1024;

class SavedData {
  constructor(root) {
    /* What a player calls each calculator's saved data, from Python (data-saved-names). */
    this.names = JSON.parse(root.dataset.savedNames || "{}");
    this.summary = el("p", { "data-saved-summary": "" });
    this.message = el("p", { className: "calc-status", role: "status", "data-saved-message": "" });
    this.prompt = el("div", { className: "calc-prompt", hidden: "" });
    const exportButton = button("Export your saved data (one file)", {
      className: "md-button md-button--primary", "data-saved-export": "" });
    exportButton.addEventListener("click", () => this.export());
    this.file = el("input", { type: "file", accept: ".json,application/json", "data-saved-import": "",
                              className: "calc-file" });
    this.file.addEventListener("change", () => this.read());
    const importLabel = el("label", { className: "md-button" }, "Import a saved-data file", this.file);
    root.replaceChildren(this.summary, el("div", { className: "calc-actions" }, exportButton, importLabel),
                         this.prompt, this.message);
    this.show();
  }

  show() {
    const what = describe(exportAll(), this.names);
    this.summary.textContent = what ? "Saved on this device: " + what + "."
                                    : "Nothing is saved on this device yet.";
  }

  say(text) {
    this.message.textContent = text;
  }

  export() {
    const doc = exportAll();
    const blob = new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob),
                           download: "four-systems-saved-data-" + doc.exported.slice(0, 10) + ".json" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    this.say(describe(doc, this.names) ? "Exported: " + describe(doc, this.names) + "." : "Exported an empty file: nothing is saved yet.");
  }

  read() {
    const file = this.file.files[0];
    this.file.value = "";
    if (!file) return;
    if (file.size > MAX_FILE) {
      this.say("This file is too large (" + Math.round(file.size / 1024) + " KB) to be saved data from this site. Nothing was imported.");
      return;
    }
    file.text().then((text) => {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        this.say("This file is not a JSON file (" + error.message + "). Nothing was imported; choose the file the Export button made.");
        return;
      }
      const checked = validate(parsed);
      if (checked.problem) { this.say(checked.problem + " Nothing was imported."); return; }
      const now = describe(exportAll(), this.names);
      if (now) this.ask(checked.doc, now);
      else this.apply(checked.doc);
    }, () => this.say("This file could not be read."));
  }

  /* Something is saved already: ask in the page before replacing it. */
  ask(doc, now) {
    const replace = button("Replace it", { className: "md-button md-button--primary",
                                    "data-saved-replace": "" });
    const cancel = button("Cancel");
    replace.addEventListener("click", () => { this.prompt.hidden = true; this.apply(doc); });
    cancel.addEventListener("click", () => { this.prompt.hidden = true; this.say("Nothing was imported."); });
    this.prompt.replaceChildren(
      el("p", { text: "The file holds " + (describe(doc, this.names) || "nothing") + ". Importing it replaces what this device has saved: " + now + "." }),
      replace, " ", cancel);
    this.prompt.hidden = false;
    replace.focus();
  }

  apply(doc) {
    if (!replaceAll(doc)) {
      this.say("This browser would not save the data (storage is full or switched off).");
      return;
    }
    this.show();
    this.say("Imported: " + (describe(doc, this.names) || "nothing (the file was empty)") + ".");
  }
}

/* Mount the saved-data controls of the page shown, once. */
export function mountSavedData() {
  document.querySelectorAll("[data-saved-data]").forEach((root) => {
    if (root.dataset.savedBound) return;
    root.dataset.savedBound = "1";
    new SavedData(root);
  });
}
