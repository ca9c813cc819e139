/*
 * A widget's inputs in the page address: ?<widget-id>.<param>=value, only where they differ
 * from the page's own inputs, so a link shares exactly what was changed.
 */

/* The inputs of widget `widgetId` given in the current address (text values by name). */
export function readUrlState(widgetId) {
  const state = {};
  const prefix = widgetId + ".";
  new URLSearchParams(window.location.search).forEach((value, key) => {
    if (key.indexOf(prefix) === 0) state[key.slice(prefix.length)] = value;
  });
  return state;
}

/* Replace the widget's part of the address with the inputs of `state` that differ from
   `initial` (no new history entry). */
export function writeUrlState(widgetId, state, initial) {
  const url = new URL(window.location.href);
  const prefix = widgetId + ".";
  Array.from(url.searchParams.keys()).forEach((key) => {
    if (key.indexOf(prefix) === 0) url.searchParams.delete(key);
  });
  Object.keys(state).sort().forEach((key) => {
    if (state[key] !== (initial[key] === undefined ? "" : initial[key])) {
      url.searchParams.set(prefix + key, state[key]);
    }
  });
  if (url.href !== window.location.href) {
    history.replaceState(history.state, "", url.href);
  }
}
