/*
 * The editors the site script draws for a widget's field, by the field's data-calc-editor
 * (declared in Python, `Param(editor=...)`): a spellcard deck's list of cards
 * (./deck-cards.js) and a list of picks by name (./pick-list.js). Each is made once a field,
 * with the widget and the field's box, once the widget is bound.
 */

import { DeckCards } from "./deck-cards.js";
import { PickList } from "./pick-list.js";

const EDITORS = { "card-list": DeckCards, "pick-list": PickList };

/* Mount the editor of each such field of the page's widgets, once. */
export function mountFieldEditors() {
  Object.entries(EDITORS).forEach(([editor, Editor]) => {
    document.querySelectorAll(`[data-calc] .calc-field[data-calc-editor="${editor}"]`).forEach((box) => {
      const root = box.closest("[data-calc]");
      if (!root.calcWidget || box.dataset.editorBound) return;
      box.dataset.editorBound = "1";
      new Editor(root.calcWidget, box);
    });
  });
}
