/* Building the page's own controls: every text goes in through textContent, never as HTML;
   and naming a page's elements in a selector safely. */

/* An element with attributes (`text` sets its text, `className` its class) and children. */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.keys(attrs || {}).forEach((key) => {
    if (key === "text") node.textContent = attrs[key];
    else if (key === "className") node.className = attrs[key];
    else node.setAttribute(key, attrs[key]);
  });
  children.forEach((child) => node.append(child));
  return node;
}

/* A theme button (type=button, so it never submits a form). */
export function button(label, attrs) {
  return el("button", Object.assign({ type: "button", className: "md-button" }, attrs), label);
}

/* Ask in place of list entry `item` before something is deleted: `question`, then a primary
   "Delete" button (with `yesAttrs`, focused) that runs `onYes`, and a `keepLabel` button that
   runs `onNo`. Either is expected to redraw the list; the focus then goes to the entries'
   own delete button (`deleteSelector`) in the same place: the same entry's when she kept it,
   the next one's (or the new last one's) when she deleted it, so a keyboard or a screen
   reader keeps her place in the list instead of being thrown back to the top of the page. */
export function confirmDelete(item, question, keepLabel, yesAttrs, deleteSelector, onYes, onNo) {
  const list = item.parentElement;
  const place = Array.from(list.children).indexOf(item);
  const refocus = () => {
    const entries = list.children;
    const entry = entries[Math.min(place, entries.length - 1)];
    const again = entry && entry.querySelector(deleteSelector);
    if (again) again.focus();
  };
  const yes = button("Delete", Object.assign({ className: "md-button md-button--primary" }, yesAttrs));
  const no = button(keepLabel, {});
  yes.addEventListener("click", () => { onYes(); refocus(); });
  no.addEventListener("click", () => { onNo(); refocus(); });
  item.replaceChildren(el("span", { text: question + " " }), yes, no);
  yes.focus();
}

/* `text` safe inside a CSS selector's quoted attribute value or id. */
export function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/[^\w-]/g, "");
}
