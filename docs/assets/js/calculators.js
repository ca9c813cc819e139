/*
 * The site's scripts on every page: the entry module (loaded as type="module", so deferred and
 * evaluated once per full page load). It holds only what every page needs: scroll-regions.js
 * makes wide tables reachable by keyboard, section-landing.js makes a link to another page's
 * section land on it.
 *
 * The calculators' scripts (calc/app.js and the modules it imports, about 220 KB) load only
 * when a page Material shows has a widget or a panel of them (a page with calculators also
 * loads calc/app.js from its head, the same module), and the saved-data panel (export and
 * import, on the home page) loads only its own (calc/saved-data.js). A page without them, the
 * rules pages among them, parsed and ran all of it on every load: Lighthouse put three of the
 * home page's long tasks there. The worker starts only when a page with a widget appears, so plain
 * pages load no Python.
 */

import { markScrollRegions } from "./scroll-regions.js";
import "./section-landing.js";

/* What only the calculators' scripts bind: a widget, a player's characters, a form filled
   from a saved record. */
const CALCULATORS = "[data-calc], [data-calc-collection], [data-calc-link]";
const SAVED_DATA = "[data-saved-data]";

let app = null;
let savedData = null;

function failed(error) {
  console.error("The calculators' scripts did not load: " + error);
}

function mountPage() {
  if (document.querySelector(CALCULATORS)) {
    app = app || import("./calc/app.js");
    app.then((module) => module.mountAll(), failed);
  }
  if (document.querySelector(SAVED_DATA)) {
    savedData = savedData || import("./calc/saved-data.js");
    savedData.then((module) => module.mountSavedData(), failed);
  }
  /* After the theme has wrapped this page's tables (it does so on the same signal). */
  requestAnimationFrame(() => markScrollRegions());
}

if (window.document$) window.document$.subscribe(mountPage);
else mountPage();
