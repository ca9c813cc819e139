/*
 * A widget's inputs in the page address: ?<widget-id>.<param>=value, only where they differ
 * from the page's own inputs, so a link shares exactly what was changed; a widget whose
 * record keeps a log (a battle) writes them compressed in the fragment instead (below). The address is read
 * and written by pure functions of its text (unit-tested under Node, tests/js/), which the two
 * functions at the end apply to the page's own address.
 */

import { deflate, fromBase64Url, inflate, toBase64Url } from "./packing.js";

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

/* The inputs of widget `widgetId` given in the current address (text values by name): its
   query's, then its compact part's (unpacked first, see unpackAddress). */
export function readUrlState(widgetId) {
  const compact = compactPart(widgetId);
  return Object.assign(stateFromSearch(window.location.search, widgetId), compact ? compact.inputs : {});
}

/* The id of the saved record the address's compact part names for widget `widgetId` ("" for
   none): a battle keeps its identity across devices. */
export function readUrlRecord(widgetId) {
  const compact = compactPart(widgetId);
  return compact ? compact.record : "";
}

/* Replace the widget's part of the address with the inputs of `state` that differ from
   `initial` (no new history entry): in the query, or, given `compact` ({record}: the saved
   record's id), in the fragment's compact form. Returns a promise of the address written. */
export function writeUrlState(widgetId, state, initial, compact) {
  if (!compact) {
    const href = withWidgetState(window.location.href, widgetId, state, initial);
    if (href !== window.location.href) history.replaceState(history.state, "", href);
    return Promise.resolve(href);
  }
  const turn = (writes.get(widgetId) || 0) + 1;
  writes.set(widgetId, turn);
  const inputs = changedInputs(state, initial);
  const payload = { inputs: inputs, record: compact.record || "" };
  const empty = !Object.keys(inputs).length && !payload.record;
  return (empty ? Promise.resolve("") : packState(payload)).then((packed) => {
    const href = withFragmentPart(window.location.href, widgetId, packed);
    if (writes.get(widgetId) !== turn) return href;  /* a newer write follows */
    const before = fragmentParts(window.location.hash)[widgetId];
    if (before && before !== packed) unpacked.delete(before);
    if (packed) unpacked.set(packed, payload);
    if (href !== window.location.href) history.replaceState(history.state, "", href);
    return href;
  });
}

/*
 * The compact form, for a widget declared with a record log (a battle: data-calc-compact):
 * its inputs travel in the address's fragment, which the browser never sends to the server,
 * as #<widget-id>=1.<payload>, the payload being the JSON {"inputs": {...}, "record": id}
 * compressed (deflate-raw, the browser's CompressionStream, ./packing.js) and written in base64url. A
 * battle's log of 300 events fits in a few kilobytes. Reading it is asynchronous, so the
 * page's fragment is unpacked (unpackAddress) before its widgets start; reading the
 * address's inputs then stays synchronous (readUrlState). Old query-string links still open.
 * build_scripts/link_sizes.py writes the same form in Python to measure it.
 */

const COMPACT = "1.";
/* Longest unpacked payload read (a battle of the engine's most events fits): a link is never
   a way to make the page inflate gigabytes. */
export const MAX_UNPACKED = 4000000;
/* packed text -> its payload {inputs, record}, for what this page read or wrote. */
const unpacked = new Map();
/* widget id -> the number of its latest write, so an older write never lands after it. */
const writes = new Map();

/* The inputs of `state` that differ from `initial`, in name order. */
export function changedInputs(state, initial) {
  const changed = {};
  Object.keys(state).sort().forEach((key) => {
    if (state[key] !== (initial[key] === undefined ? "" : initial[key])) changed[key] = state[key];
  });
  return changed;
}

/* A promise of address `href` with widget `widgetId`'s inputs `state` (those that differ from
   `initial`): in the query, or, given `compact` ({record}), packed in the fragment. The page's
   own address is left as it is (a seat link to copy). */
export function addressOf(href, widgetId, state, initial, compact) {
  if (!compact) return Promise.resolve(withWidgetState(href, widgetId, state, initial));
  const inputs = changedInputs(state, initial);
  const payload = { inputs: inputs, record: compact.record || "" };
  const empty = !Object.keys(inputs).length && !payload.record;
  return (empty ? Promise.resolve("") : packState(payload))
    .then((packed) => withFragmentPart(href, widgetId, packed));
}

/* `payload` ({inputs, record}) as the fragment's compact text ("1." and base64url). */
export async function packState(payload) {
  return COMPACT + toBase64Url(await deflate(JSON.stringify(payload)));
}

/* A payload from compact text: {inputs: {name: text}, record: id or ""}, or null when the
   text is not one (another form, broken, too large, not the expected shape). */
export async function unpackState(text) {
  if (typeof text !== "string" || text.indexOf(COMPACT) !== 0) return null;
  try {
    const json = await inflate(fromBase64Url(text.slice(COMPACT.length)), MAX_UNPACKED);
    if (json === null) return null;
    const payload = JSON.parse(json);
    const given = payload && payload.inputs;
    if (!given || typeof given !== "object" || Array.isArray(given)) return null;
    const inputs = {};
    Object.keys(given).forEach((key) => { if (typeof given[key] === "string") inputs[key] = given[key]; });
    const record = typeof payload.record === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(payload.record)
      ? payload.record : "";
    return { inputs: inputs, record: record };
  } catch (error) {
    return null;
  }
}

/* The compact parts of fragment `hash` ("#a=1.x&b=1.y"), packed text by widget id; a plain
   anchor (#section) has none. */
export function fragmentParts(hash) {
  const parts = {};
  (hash || "").replace(/^#/, "").split("&").forEach((part) => {
    const at = part.indexOf("=");
    if (at > 0) parts[decodeURIComponent(part.slice(0, at))] = part.slice(at + 1);
  });
  return parts;
}

/* Address `href` with widget `widgetId`'s compact part set to `packed` ("" removes it) and
   its inputs taken out of the query (an old link's); other widgets' parts are kept, a plain
   anchor is dropped. */
export function withFragmentPart(href, widgetId, packed) {
  const url = new URL(withWidgetState(href, widgetId, {}, {}));
  const parts = fragmentParts(url.hash);
  delete parts[widgetId];
  if (packed) parts[widgetId] = packed;
  const text = Object.keys(parts).map((id) => encodeURIComponent(id) + "=" + parts[id]).join("&");
  url.hash = text;
  return text ? url.href : url.href.replace(/#$/, "");
}

/* Unpack the compact parts of the current address not read yet: a promise once they are, or
   null when there is nothing to unpack (the widgets may start at once). */
export function unpackAddress() {
  const parts = fragmentParts(window.location.hash);
  const waiting = Object.keys(parts).filter((id) => !unpacked.has(parts[id]));
  if (!waiting.length) return null;
  return Promise.all(waiting.map((id) => unpackState(parts[id]).then((payload) => {
    unpacked.set(parts[id], payload);
  })));
}

/* The payload of widget `widgetId`'s compact part of the current address, if it has one. */
function compactPart(widgetId) {
  const packed = fragmentParts(window.location.hash)[widgetId];
  return (packed && unpacked.get(packed)) || null;
}
