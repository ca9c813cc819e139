/*
 * Tap or point at a bar of a calculator chart to read its value (calculators/ui/charts.py):
 * the chart area carries every bar's values in data-values ("label:chance:at-least|…"), and
 * the bar under the pointer is outlined and read out under the chart. Listeners sit on the
 * document, so charts in answers replaced after a recompute work too.
 */

function show(area, clientX) {
  const svg = area.querySelector("svg");
  const values = (area.dataset.values || "").split("|").filter(Boolean);
  if (!svg || !values.length) return;
  const box = svg.getBoundingClientRect();
  if (!box.width) return;
  const index = Math.min(values.length - 1,
    Math.max(0, Math.floor(((clientX - box.left) / box.width) * values.length)));
  const [label, chance, atLeast] = values[index].split(":");
  const readout = area.parentElement.querySelector(".calc-chart-readout");
  if (readout) {
    readout.textContent = `${area.dataset.unit} ${label}: ${chance} (at least ${label}: ${atLeast})`;
  }
  svg.querySelectorAll("rect.active").forEach((rect) => rect.classList.remove("active"));
  const rect = svg.querySelectorAll("rect")[index];
  if (rect) rect.classList.add("active");
}

function onPointer(event) {
  const area = event.target.closest && event.target.closest(".calc-chart-area");
  if (area) show(area, event.clientX);
}

document.addEventListener("pointermove", onPointer);
document.addEventListener("click", onPointer);
