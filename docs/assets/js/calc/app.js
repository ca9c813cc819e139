/*
 * The calculators: their widgets, the panels beside them, and the live table, bound on each
 * page that has one (the entry module, ../calculators.js, imports this module and calls
 * mountAll for each such page Material shows, so widgets work after instant navigation too).
 * Every widget of a visit runs in one Pyodide Web Worker. A page that has calculators also
 * loads this module from its head (overrides/partials/calc-early.html), so the browser fetches
 * it and what it imports while the page parses, as it did when the entry imported it.
 *
 * The concerns live beside it: runtime.js (the worker), widget.js (one widget),
 * url-state.js (inputs in the address), storage.js (what the device keeps), cards.js (saved
 * spellcards and the deck, beside the builder), deck-cards.js (saved spellcards beside a
 * character's deck), pick-list.js (a list input ticked by name), collection.js (a player's
 * characters and their roll logs, beside a widget that keeps several), record-link.js (inputs
 * filled from one of those records, such as a spellcard's caster from a saved character),
 * chart-readout.js (a tapped bar's value), print-card.js
 * (printing one widget alone: the spellcard builder's card, a character's sheet); table/ (the
 * live table: a battle tracker opened to every phone at the table, table/host.js beside the
 * game master's tracker, table/seat.js in place of it on a phone opened by a table link,
 * which boots no Python, table/pair-phone.js the same on a phone opened by a pair link,
 * paired by hand).
 */

import { mountCards } from "./cards.js";
import { mountCollections } from "./collection.js";
import { mountFieldEditors } from "./field-editors.js";
import { mountRecordLinks } from "./record-link.js";
import { currentRuntime, getRuntime } from "./runtime.js";
import { unpackAddress } from "./url-state.js";
import { Widget } from "./widget.js";
import { readTableLink } from "./table/link.js";
import { TableHost } from "./table/host.js";
import { readPairLink } from "./table/pair-code.js";
import { mountPairedSeat } from "./table/pair-phone.js";
import { TableSeat } from "./table/seat.js";
import "./chart-readout.js";
import "./print-card.js";

/* Mount the page's widgets; a battle carried in the address's fragment is unpacked first
   (decompression is asynchronous; a page without one mounts at once). The entry module calls
   this for each page Material shows that holds a widget or one of their panels. */
export function mountAll() {
  const unpacking = unpackAddress();
  if (unpacking) unpacking.then(mountNow);
  else mountNow();
}

function mountNow() {
  document.querySelectorAll("[data-calc]").forEach((root) => {
    if (root.dataset.calcBound) return;
    const tracker = root.hasAttribute("data-calc-seat") && root.hasAttribute("data-calc-compact");
    const table = tracker && readTableLink(window.location.hash);
    if (table) { new TableSeat(root, table); return; }
    const pair = tracker && readPairLink(window.location.hash);
    if (pair && mountPairedSeat(root, pair)) return;
    root.dataset.calcBound = "1";
    const widget = new Widget(root);
    if (tracker && !widget.seated) new TableHost(widget);  /* not on a player's seat link */
  });
  mountRecordLinks();
  mountCards();
  mountFieldEditors();
  mountCollections();
}

/* For a page script with its own controls (a card builder, say): the same runtime and the
   same answers ({html} or {errors}) as the widgets. */
window.rpgCalc = {
  call(name, params) {
    const any = document.querySelector("[data-calc-build]");
    return getRuntime(any ? any.dataset.calcBuild : "").call(name, params);
  },
  /* How long the worker took to boot, install and import (for the benchmark). */
  timings() {
    const runtime = currentRuntime();
    return runtime && runtime.timings;
  },
};

/* A module runs once the document is parsed, so this page's widgets are already there: start
   Python now rather than when Material announces the page (not on a phone at a live table,
   whose seat comes rendered from the game master's device). */
const firstWidget = document.querySelector("[data-calc]");
const pairing = readPairLink(window.location.hash);
if (firstWidget && !readTableLink(window.location.hash) && !(pairing && pairing.link)) {
  getRuntime(firstWidget.dataset.calcBuild || "");
}

/* A battle's link pasted into the address bar of its own page only changes the fragment, which
   loads nothing: the page is loaded again to open it (the widgets' own writes to the address
   are known to url-state.js and change no fragment by navigation). */
window.addEventListener("hashchange", () => {
  if (unpackAddress()) window.location.reload();
});
