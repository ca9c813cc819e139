/*
 * "Your saved data" (on the home page): what this device keeps, exported as one JSON file and
 * imported from one, so a player can move to another device or keep a copy. An import is
 * validated first (a clear message names the problem) and asks before it replaces anything.
 */

import { button, el } from "./dom.js";
import { download, filePicker, readSavedFile } from "./saved-file.js";
import { describe, exportAll, replaceAll } from "./storage.js";

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
    const importLabel = filePicker("Import a saved-data file", { "data-saved-import": "" },
                                   (file) => this.read(file));
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
    download(doc, "four-systems-saved-data-" + doc.exported.slice(0, 10) + ".json");
    this.say(describe(doc, this.names) ? "Exported: " + describe(doc, this.names) + "." : "Exported an empty file: nothing is saved yet.");
  }

  read(file) {
    readSavedFile(file).then((checked) => {
      if (checked.problem) { this.say(checked.problem + " Nothing was imported."); return; }
      const now = describe(exportAll(), this.names);
      if (now) this.ask(checked.doc, now);
      else this.apply(checked.doc);
    });
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
