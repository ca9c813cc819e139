/*
 * A JSON input declared `editor="pick-list"` in Python (data-calc-editor="pick-list"; a
 * Magical Burst monster's boss abilities and talents): a list of picks by name, rendered by
 * Python with what each does, a box to tick for one taken once and a count for one that may be
 * taken again. Ticking sets the input, a JSON list of the picks' ids, through the widget's
 * setInputs (so the address, the saved record and Undo follow as for any change); any change
 * of the input (Undo, a link, the folded JSON box) ticks the list again. Nothing here checks a
 * rule: the answer does, on the input.
 */

/* The input's text as a list, or null when it is not a list of names. */
function readList(text) {
  if (!(text || "").trim()) return [];
  try {
    const list = JSON.parse(text);
    return Array.isArray(list) && list.every((x) => typeof x === "string") ? list : null;
  } catch (error) {
    return null;
  }
}

export class PickList {
  constructor(widget, box) {
    this.widget = widget;
    this.name = box.querySelector("textarea[name]").name;
    this.items = Array.from(box.querySelectorAll("[data-pick]"));
    box.querySelector("[data-calc-picks]").addEventListener("change", () => this.store());
    widget.root.addEventListener("calc:change", () => this.show());
    this.show();
  }

  /* The pick of list entry `item` that `name` (an id or a name, in any case) stands for. */
  matches(item, name) {
    const key = name.trim().toLowerCase();
    return key === item.dataset.pick.toLowerCase() || key === item.dataset.pickLabel.toLowerCase();
  }

  times(item) {
    const control = item.querySelector("[data-pick-times]");
    return control.type === "checkbox" ? Number(control.checked) : Number(control.value);
  }

  /* The list as ticked, after what the input holds that the list does not offer (kept for
     the answer to judge). */
  store() {
    const kept = (readList(this.widget.state[this.name]) || [])
      .filter((name) => !this.items.some((item) => this.matches(item, name)));
    const picked = this.items.flatMap((item) => Array(this.times(item)).fill(item.dataset.pick));
    const list = kept.concat(picked);
    this.widget.setInputs({ [this.name]: list.length ? JSON.stringify(list) : "" });
  }

  /* Tick what the input holds (nothing, when it is not a list of names). */
  show() {
    const list = readList(this.widget.state[this.name]) || [];
    this.items.forEach((item) => {
      const count = list.filter((name) => this.matches(item, name)).length;
      const control = item.querySelector("[data-pick-times]");
      if (control.type === "checkbox") control.checked = count > 0;
      else control.value = String(Math.min(count, control.options.length - 1));
    });
  }
}
