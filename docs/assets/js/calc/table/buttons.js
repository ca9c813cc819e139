/*
 * What an answer's buttons do, read from their markup, for the live table: a button either
 * adds an event to the battle's log (data-calc-append on "events") or only sets inputs of the
 * view (a move pad opened, an action's die picked), and a button that changes the seat or
 * takes the last event off (Undo) is the game master's alone.
 */

import { canonical } from "./digest.js";

/* What `button` does: {set, event, text}, `event` being the JSON value it adds to the log
   (its seeds still "@random"), null for a button that only sets inputs; null for a button
   whose markup says anything else (a list other than the log, JSON that does not parse). */
export function effectOf(button) {
  let set;
  let append;
  let event = null;
  try {
    set = JSON.parse(button.dataset.calcSet);
    append = JSON.parse(button.dataset.calcAppend || "{}");
    const keys = Object.keys(append);
    if (keys.some((key) => key !== "events")) return null;
    if (keys.length) event = JSON.parse(append.events);
  } catch (error) { return null; }
  return { set: set, event: event, text: button.textContent.trim() };
}

/* The buttons of `container` (an element or a template's content) as their effects
   (effectOf), less those of the game master's alone. */
export function offeredButtons(container, seat) {
  return Array.from(container.querySelectorAll("[data-calc-set]"))
    .filter((button) => !gameMasters(button, seat))
    .map(effectOf).filter(Boolean);
}

/* Whether `button` is the game master's alone at a seat: it changes the seat away from
   `seat`, or takes an event off the log. */
export function gameMasters(button, seat) {
  if (button.hasAttribute("data-calc-pop")) return true;
  let set;
  try { set = JSON.parse(button.dataset.calcSet || "{}"); } catch (error) { return true; }
  return Object.prototype.hasOwnProperty.call(set, "seat") && String(set.seat) !== seat;
}

/* Whether two events are the same button's (canonical JSON, seeds as written). */
export function sameEvent(a, b) {
  return canonical(a) === canonical(b);
}

/* The inputs a view-only button sets, without those a device keeps its own (the seat, the
   transient "event" box). */
export function viewInputs(set) {
  const inputs = {};
  Object.keys(set).forEach((key) => {
    if (key !== "seat" && key !== "event") inputs[key] = String(set[key]);
  });
  return inputs;
}
