/*
 * Which of a widget's inputs apply, as the calculator declares them in Python (`Param.applies`
 * and `Param.offered`, written into the form by the widget template):
 *
 * - a field with data-applies="<param> [<param>...]" data-applies-values='["v", ...]' applies
 *   while one of those inputs (that itself applies) holds one of those values; otherwise it
 *   is hidden, left out of the request and of the address (Python would ignore it anyway),
 *   and keeps its value for when it applies again;
 * - an <option data-offered-values='[...]'> is listed while the select's controller
 *   (data-offered on its "Show all" box) holds one of those values, or when "Show all" is on.
 */

function parsed(text) {
  try { return JSON.parse(text || "[]"); } catch (error) { return []; }
}

/* The names of the inputs that do not apply to `state` (text values by name). */
export function inapplicable(form, state) {
  const out = new Set();
  form.querySelectorAll("[data-applies]").forEach((box) => {
    const field = box.querySelector("[name]");
    const values = parsed(box.dataset.appliesValues);
    if (!field) return;
    const holds = box.dataset.applies.split(" ").some((controller) => !out.has(controller)
      && values.includes(String(state[controller] === undefined ? "" : state[controller]).trim()));
    if (!holds) out.add(field.name);
  });
  return out;
}

/* `state` without the inputs that do not apply to it. */
export function applicable(form, state) {
  const skip = inapplicable(form, state);
  const out = {};
  Object.keys(state).forEach((key) => { if (!skip.has(key)) out[key] = state[key]; });
  return out;
}

/* Show the fields that apply to `state` and hide the others; list the offered options. */
export function showApplicable(form, state) {
  const skip = inapplicable(form, state);
  form.querySelectorAll("[data-applies]").forEach((box) => {
    const field = box.querySelector("[name]");
    box.hidden = Boolean(field && skip.has(field.name));
  });
  form.querySelectorAll("[data-calc-show-all]").forEach((box) => {
    const select = box.closest(".calc-field").querySelector("select");
    const controller = String(state[box.dataset.offered] || "");
    Array.from(select.options).forEach((option) => {
      if (!option.dataset.offeredValues) return;
      const listed = box.checked || option.selected
        || parsed(option.dataset.offeredValues).includes(controller);
      /* hidden for browsers that honour it on options, disabled for those that do not */
      option.hidden = !listed;
      option.disabled = !listed;
    });
  });
}
