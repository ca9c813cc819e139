/*
 * "Print the card" in an answer ([data-calc-print], the spellcard builder): prints only that
 * widget's card, on one page (calculators.css, html[data-print-card]), instead of the whole
 * rules page that the browser's own Print gives.
 */

function clear() {
  delete document.documentElement.dataset.printCard;
  document.querySelectorAll(".calc-printing").forEach((el) => el.classList.remove("calc-printing"));
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-calc-print]");
  if (!button) return;
  clear();
  button.closest(".calc").classList.add("calc-printing");
  document.documentElement.dataset.printCard = "";
  window.print();
});
window.addEventListener("afterprint", clear);
