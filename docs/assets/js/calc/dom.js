/* Building the page's own controls: every text goes in through textContent, never as HTML. */

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
   runs `onNo`. Either is expected to redraw the list. */
export function confirmDelete(item, question, keepLabel, yesAttrs, onYes, onNo) {
  const yes = button("Delete", Object.assign({ className: "md-button md-button--primary" }, yesAttrs));
  const no = button(keepLabel, {});
  yes.addEventListener("click", onYes);
  no.addEventListener("click", onNo);
  item.replaceChildren(el("span", { text: question + " " }), yes, no);
  yes.focus();
}
