/*
 * A file of the site's saved data (storage.js's export document), as the player writes and
 * reads it: downloaded under a name, and read back from a file she picks (its size, its JSON
 * and its shape checked first, a clear sentence naming the problem). "Your saved data" on the
 * home page (./saved-data.js) writes and reads everything this way; a collection's panel
 * (./collection.js) writes one record and folds the records of a file into its own.
 */

import { el } from "./dom.js";
import { validate } from "./storage.js";

/* Largest file read (a real export is a few kilobytes; a battle of thousands of events, a
   few hundred). */
const MAX_FILE = 8 * 1024 * 1024;

/* Download `doc` as the JSON file `name`. */
export function download(doc, name) {
  const blob = new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/* A file input (class calc-file, inside a theme button's label `label`) calling `onFile`
   with each file picked; the input is cleared, so the same file may be picked again. */
export function filePicker(label, attrs, onFile) {
  const input = el("input", Object.assign({ type: "file", accept: ".json,application/json",
                                            className: "calc-file" }, attrs));
  input.addEventListener("change", () => {
    const file = input.files[0];
    input.value = "";
    if (file) onFile(file);
  });
  return el("label", { className: "md-button" }, label, input);
}

/* A promise of what `file` holds: {doc} (validated and clean, see storage.js validate) or
   {problem} (one sentence). */
export function readSavedFile(file) {
  if (file.size > MAX_FILE) {
    return Promise.resolve({ problem: "This file is too large (" + Math.round(file.size / 1024) + " KB) to be saved data from this site." });
  }
  return file.text().then((text) => {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return { problem: "This file is not a JSON file (" + error.message + "): choose a file this site's Export made." };
    }
    return validate(parsed);
  }, () => ({ problem: "This file could not be read." }));
}
