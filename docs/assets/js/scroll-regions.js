/*
 * Tables wider than the screen scroll sideways inside their box. A box that scrolls is made a
 * named, focusable region, so a keyboard can scroll it and a screen reader says what it holds
 * (WCAG 2.1.1; axe: scrollable-region-focusable); its first column then stays in view
 * (site.css, [data-overflows]). Boxes that fit are left out of the tab order.
 *
 * The boxes are the theme's wrappers around Markdown tables, the calculators' table boxes and
 * code examples.
 * They are checked on every page Material shows, when the window is resized, and when a
 * <details> opens (calculator tables are folded).
 */

const BOXES = ".md-typeset__scrollwrap, .calc-table, .calc-scroll, .md-typeset pre > code";

function nameOf(box) {
  const table = box.querySelector("table");
  if (!table) return box.tagName === "CODE" ? "Code example" : "Table";
  const caption = table.querySelector("caption");
  if (caption && caption.textContent.trim()) return caption.textContent.trim();
  if (table.getAttribute("aria-label")) return table.getAttribute("aria-label");
  const head = table.querySelector("tr");
  const words = head ? head.textContent.trim().replace(/\s+/g, " ") : "";
  return "Table: " + (words.length > 80 ? words.slice(0, 77) + "…" : words);
}

function mark(box) {
  const overflows = box.scrollWidth > box.clientWidth + 1;
  if (overflows === box.hasAttribute("data-overflows")) return;
  if (overflows) {
    box.setAttribute("data-overflows", "");
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", nameOf(box) + " (scrolls sideways)");
  } else {
    ["data-overflows", "tabindex", "role", "aria-label"].forEach((name) => box.removeAttribute(name));
  }
}

export function markScrollRegions(scope = document) {
  scope.querySelectorAll(BOXES).forEach(mark);
}

let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => markScrollRegions(), 150);
});
document.addEventListener("toggle", (event) => {
  if (event.target.open) markScrollRegions(event.target);
}, true);
