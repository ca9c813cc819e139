/*
 * The table's dice tray: the log lines the newest events added, shown on every device above
 * its view, so a roll made anywhere is seen everywhere (who, the faces, the total and what
 * it did, as the log line says). A view's log is an `ol.battle-log` numbered from its
 * `start`; the lines numbered past the last ones shown are the new ones.
 */

import { el } from "../dom.js";

export class Tray {
  constructor() {
    this.element = el("div", { className: "calc-live-table-tray", "aria-live": "polite",
                               "aria-label": "Latest rolls and events" });
    this.element.hidden = true;
    this.last = null;
  }

  /* Show the lines of `container`'s log numbered past those shown before. */
  update(container) {
    const log = container.querySelector("ol.battle-log");
    if (!log) return;
    const items = Array.from(log.children);
    const first = Number(log.getAttribute("start") || 1);
    const last = first + items.length - 1;
    if (this.last === null || last < this.last) {
      this.last = last;
      return;
    }
    const fresh = items.filter((item, index) => first + index > this.last);
    this.last = last;
    if (!fresh.length) return;
    this.element.replaceChildren(...fresh.map((item) => {
      const small = item.querySelector("small");
      const text = item.textContent.replace(small ? small.textContent : "", "").trim();
      return el("p", { text: text });
    }));
    this.element.hidden = false;
  }
}
