/*
 * Printing one widget alone instead of the whole rules page that the browser's own Print
 * gives: "Print the card" in an answer ([data-calc-print], the spellcard builder) prints that
 * card, and a character's "Print the sheet" (./collection.js) her sheet, each on one page.
 * The stylesheet (calculators.css) keys on html[data-print-card] or html[data-print-sheet]
 * and on the widget marked .calc-printing; both are cleared once printing is done.
 */

function clear() {
  delete document.documentElement.dataset.printCard;
  delete document.documentElement.dataset.printSheet;
  document.querySelectorAll(".calc-printing").forEach((el) => el.classList.remove("calc-printing"));
}

/* Print only widget `root`, laid out as `mode` ("printCard" or "printSheet"). */
export function printOnly(root, mode) {
  clear();
  root.classList.add("calc-printing");
  document.documentElement.dataset[mode] = "";
  window.print();
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-calc-print]");
  if (button) printOnly(button.closest(".calc"), "printCard");
});
window.addEventListener("afterprint", clear);
