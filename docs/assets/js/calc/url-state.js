/*
 * A widget's inputs in the page address: ?<widget-id>.<param>=value, only where they differ
 * from the page's own inputs, so a link shares exactly what was changed. The address is read
 * and written by pure functions of its text (unit-tested under Node, tests/js/), which the two
 * functions at the end apply to the page's own address.
 */

/* The inputs of widget `widgetId` in the query `search` ("?a.b=1&..."), text values by name. */
export function stateFromSearch(search, widgetId) {
  const state = {};
  const prefix = widgetId + ".";
  new URLSearchParams(search).forEach((value, key) => {
    if (key.indexOf(prefix) === 0) state[key.slice(prefix.length)] = value;
  });
  return state;
}

/* Address `href` (absolute) with the widget's part of its query replaced by the inputs of
   `state` that differ from `initial`, in name order; the rest of the address is kept. */
export function withWidgetState(href, widgetId, state, initial) {
  const url = new URL(href);
  const prefix = widgetId + ".";
  Array.from(url.searchParams.keys()).forEach((key) => {
    if (key.indexOf(prefix) === 0) url.searchParams.delete(key);
  });
  Object.keys(state).sort().forEach((key) => {
    if (state[key] !== (initial[key] === undefined ? "" : initial[key])) {
      url.searchParams.set(prefix + key, state[key]);
    }
  });
  return url.href;
}

/* Link `href` (as written in the page, relative or not) with `name=value` added to its query,
   ahead of its fragment; unchanged when its query names `name` already. */
export function withParam(href, name, value) {
  const key = encodeURIComponent(name);
  if (href.indexOf(key + "=") >= 0) return href;
  const hash = href.indexOf("#");
  const [base, fragment] = hash < 0 ? [href, ""] : [href.slice(0, hash), href.slice(hash)];
  return base + (base.indexOf("?") < 0 ? "?" : "&") + key + "=" + encodeURIComponent(value)
    + fragment;
}

/* The inputs of widget `widgetId` given in the current address (text values by name). */
export function readUrlState(widgetId) {
  return stateFromSearch(window.location.search, widgetId);
}

/* Replace the widget's part of the address with the inputs of `state` that differ from
   `initial` (no new history entry). */
export function writeUrlState(widgetId, state, initial) {
  const href = withWidgetState(window.location.href, widgetId, state, initial);
  if (href !== window.location.href) history.replaceState(history.state, "", href);
}
