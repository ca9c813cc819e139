/*
 * Calculator widgets, site-wide: the entry module (loaded as type="module", so deferred and
 * evaluated once per full page load).
 *
 * Binds every [data-calc] element on each page Material shows (from `document$`, so widgets
 * work after instant navigation too) and runs their calculators in one Pyodide Web Worker per
 * visit. The worker starts only when a page with a widget appears, so plain pages load no
 * Python. The concerns live in ./calc/: runtime.js (the worker), widget.js (one widget),
 * url-state.js (inputs in the address), storage.js (what the device keeps), cards.js (saved
 * spellcards and the deck, beside the builder), deck-cards.js (saved spellcards beside a
 * character's deck), pick-list.js (a list input ticked by name), collection.js (a player's characters and their
 * roll logs, beside a widget that keeps several), record-link.js (inputs filled from one of
 * those records, such as a spellcard's caster from a saved character), saved-data.js (export and import),
 * chart-readout.js (a tapped bar's value), print-card.js (printing one widget alone: the
 * spellcard builder's card, a character's sheet); table/ (the live table: a battle tracker
 * opened to every phone at the table, table/host.js beside the game master's tracker,
 * table/seat.js in place of it on a phone opened by a table link, which boots no Python,
 * table/pair-phone.js the same on a phone opened by a pair link, paired by hand);
 * ./scroll-regions.js makes wide tables reachable by keyboard on every page;
 * ./section-landing.js makes a link to another page's section land on it.
 */

import { mountCards } from "./calc/cards.js";
import { mountCollections } from "./calc/collection.js";
import { mountFieldEditors } from "./calc/field-editors.js";
import { mountRecordLinks } from "./calc/record-link.js";
import { currentRuntime, getRuntime } from "./calc/runtime.js";
import { mountSavedData } from "./calc/saved-data.js";
import { unpackAddress } from "./calc/url-state.js";
import { Widget } from "./calc/widget.js";
import { readTableLink } from "./calc/table/link.js";
import { TableHost } from "./calc/table/host.js";
import { readPairLink } from "./calc/table/pair-code.js";
import { mountPairedSeat } from "./calc/table/pair-phone.js";
import { TableSeat } from "./calc/table/seat.js";
import { markScrollRegions } from "./scroll-regions.js";
import "./calc/chart-readout.js";
import "./calc/print-card.js";
import "./section-landing.js";

/* Mount the page's widgets; a battle carried in the address's fragment is unpacked first
   (decompression is asynchronous; a page without one mounts at once). */
function mountAll() {
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
  mountSavedData();
  /* After the theme has wrapped this page's tables (it does so on the same signal). */
  requestAnimationFrame(() => markScrollRegions());
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
if (firstWidget && !readTableLink(window.location.hash) && !(pairing && pairing.link)) getRuntime(firstWidget.dataset.calcBuild || "");

/* A battle's link pasted into the address bar of its own page only changes the fragment, which
   loads nothing: the page is loaded again to open it (the widgets' own writes to the address
   are known to url-state.js and change no fragment by navigation). */
window.addEventListener("hashchange", () => {
  if (unpackAddress()) window.location.reload();
});

if (window.document$) window.document$.subscribe(mountAll);
else mountAll();
