/*
 * What an answer's buttons do, read from their markup, for the live table: a button either
 * adds an event to the battle's log (data-calc-append on "events") or only sets inputs of the
 * view (a move pad opened, an action's die picked), and a button that changes the seat or
 * takes the last event off (Undo) is the game master's alone.
 */

import { canonical } from "./digest.js";

/* The buttons of `container` (an element or a template's content) as {set, event, text}:
   `event` is the JSON value the button adds to the log (its seeds still "@random"), null for
   a button that only sets inputs. A button of the game master's alone is left out. */
export function offeredButtons(container, seat) {
  const offered = [];
  container.querySelectorAll("[data-calc-set]").forEach((button) => {
    if (gameMasters(button, seat)) return;
    let set;
    let append;
    try {
      set = JSON.parse(button.dataset.calcSet);
      append = JSON.parse(button.dataset.calcAppend || "{}");
    } catch (error) { return; }
    const keys = Object.keys(append);
    if (keys.some((key) => key !== "events")) return;
    let event = null;
    if (keys.length) {
      try { event = JSON.parse(append.events); } catch (error) { return; }
    }
    offered.push({ set: set, event: event, text: button.textContent.trim() });
  });
  return offered;
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
