/*
 * The answer in view while the inputs change: a compact bar fixed to the bottom of the screen
 * (CSS: .calc-sticky) repeating the answer's headline figures (.calc-figure: label and value),
 * shown only while the widget's form is on screen and its own headline is not. On a phone the
 * form fills the screen, so without it every change means scrolling down to read the answer.
 * Fixed rather than sticky, so showing and hiding it never moves the page.
 */

const MAX_FIGURES = 3;

export class StickySummary {
  constructor(root, output) {
    this.bar = root.querySelector("[data-calc-sticky]");
    this.output = output;
    this.headlineVisible = false;
    this.formVisible = false;
    if (!this.bar || !window.IntersectionObserver) return;
    const form = root.querySelector("form");
    this.observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        if (entry.target === form) this.formVisible = entry.isIntersecting;
        else this.headlineVisible = entry.isIntersecting;
      });
      this.show();
    });
    this.form = form;
    this.update(false);
  }

  /* Copy the headline figures of the answer now shown (`stale`: it is being recomputed). */
  update(stale) {
    if (!this.observer) return;
    const figures = Array.from(this.output.querySelectorAll(".calc-figure")).slice(0, MAX_FIGURES);
    this.bar.replaceChildren(...figures.map((figure) => {
      const item = document.createElement("span");
      item.className = "calc-sticky-item";
      const label = figure.querySelector(".label");
      const value = figure.querySelector(".value");
      const labelText = document.createElement("span");
      labelText.className = "calc-sticky-label";
      labelText.textContent = label ? label.textContent : "";
      const valueText = document.createElement("strong");
      valueText.textContent = value ? value.textContent : figure.textContent;
      item.append(labelText, " ", valueText);
      return item;
    }));
    this.bar.classList.toggle("calc-sticky-stale", stale);
    this.observer.disconnect();
    this.headlineVisible = false;
    this.observer.observe(this.form);
    const headline = this.output.querySelector(".calc-figures") || figures[0];
    if (headline) this.observer.observe(headline);
    this.show();
  }

  show() {
    this.bar.hidden = !this.formVisible || this.headlineVisible || !this.bar.childNodes.length;
  }
}
