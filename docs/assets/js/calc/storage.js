/*
 * What a player keeps on her device: the inputs of the widgets declared `saved` in Python
 * (the overcharge tracker, the spellcard builder, the deck), her named spellcards, and the
 * records of calculators declared with a `collection` (her characters, each with a roll log).
 *
 * Key layout (localStorage), versioned so a later layout can read and migrate this one:
 *   rpg-calc/v1/widget/<widget-id>  {"calc": name, "state": {param: text}, "saved": ISO time,
 *                                    "stamp": n}
 *   rpg-calc/v1/cards               [{"id", "name", "state": {param: text}, "card": {...},
 *                                     "cost": n}]
 *   rpg-calc/v1/collection/<calc>   {"current": id or null, "records": [{"id", "name",
 *                                     "state": {param: text}, "log": [{"key", "text", "at"}],
 *                                     "stamp": n, "summary"?: text}]}
 *     (a record's summary: what its last answer said of it, a battle's round and whose turn)
 * Reading is tolerant: a value that is missing, not JSON, of another shape or another
 * calculator is ignored (as if nothing were saved), never a broken page. Storage that is
 * full or switched off makes saving a no-op that reports false.
 *
 * Several tabs share this storage. A "stamp" (milliseconds, see nextStamp) says how new a
 * widget's inputs or a record are; a value saved before stamps existed reads as 0, the
 * oldest. A write never replaces a newer stamp than the one it was based on (saveWidget),
 * a collection is changed one record at a time on what is stored now (updateCollection), and
 * watch() tells a tab when another one changed a key (the browser's storage event).
 *
 * The whole of it exports as one JSON document ({format, version, widgets, cards,
 * collections}; a file without collections, from before they existed, still imports) and
 * imports back, validated, with a message naming the first problem. A collection's records
 * alone export in the same shape (exportRecords: one battle's file).
 */

const PREFIX = "rpg-calc/v1/";
const WIDGET_PREFIX = PREFIX + "widget/";
const CARDS_KEY = PREFIX + "cards";
const COLLECTION_PREFIX = PREFIX + "collection/";

export const FORMAT = "four-systems-saved-data";
export const VERSION = 1;
/* Limits of what is read back (far above real use; they keep a hostile file small). */
const MAX_CARDS = 200;
export const MAX_RECORDS = 100;
export const MAX_LOG = 30;
const MAX_FIELDS = 300;
/* An input's longest text: a battle's log of the engine's most events
   (calculators.battle.replay.MAX_LOG_TEXT), with room to spare. */
export const MAX_VALUE = 1600000;
const MAX_NAME = 80;

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function read(key) {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch (error) {
    return null;
  }
}

function write(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    return false;
  }
}

function keys() {
  try {
    return Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i))
      .filter((key) => key && key.indexOf(PREFIX) === 0);
  } catch (error) {
    return [];
  }
}

/* A widget state: an object of text values, or null if `value` is not one. Only `allowed`
   names are kept when given (a parameter a later build dropped is ignored). */
function cleanState(value, allowed) {
  if (!isObject(value)) return null;
  const names = Object.keys(value);
  if (names.length > MAX_FIELDS) return null;
  const state = {};
  for (const name of names) {
    const text = value[name];
    if (typeof text !== "string" || text.length > MAX_VALUE) return null;
    if (!allowed || allowed.has(name)) state[name] = text;
  }
  return state;
}

/* A value's stamp: a non-negative number, 0 when it has none (saved before stamps). */
export function stampOf(value) {
  const stamp = isObject(value) ? value.stamp : undefined;
  return typeof stamp === "number" && isFinite(stamp) && stamp > 0 ? stamp : 0;
}

/* The stamp of a change made now that replaces one stamped `after`: the clock's time, or
   just after `after` when the clock is behind it (another tab's clock never goes back). */
export function nextStamp(after) {
  return Math.max(Date.now(), (after || 0) + 1);
}

/* Whether `value` (a saved widget's record) is inputs of calculator `calc`. */
function widgetRecord(value, calc) {
  return isObject(value) && value.calc === calc;
}

/* The saved inputs of widget `id` running calculator `calc` and their stamp,
   {state, stamp}, or null. */
export function loadWidgetStamped(id, calc, allowed) {
  const record = read(WIDGET_PREFIX + id);
  if (!widgetRecord(record, calc)) return null;
  const state = cleanState(record.state, allowed);
  return state && { state: state, stamp: stampOf(record) };
}

/* Save widget `id`'s inputs, made by a change based on the saved ones stamped `base` (omit
   it to write whatever is there). Returns the new stamp; 0 when storage refused, or when
   another tab has saved newer inputs since `base` (they are kept, not overwritten). */
export function saveWidget(id, calc, state, base) {
  const stored = read(WIDGET_PREFIX + id);
  const storedStamp = widgetRecord(stored, calc) ? stampOf(stored) : 0;
  if (base !== undefined && storedStamp > base) return 0;
  const stamp = nextStamp(storedStamp);
  return write(WIDGET_PREFIX + id, { calc: calc, state: state, saved: new Date().toISOString(),
                                     stamp: stamp }) ? stamp : 0;
}

/* Call `callback` when another tab changes what is kept under `key` (or clears it all); the
   browser tells a tab of other tabs' writes only. A page brought back from the back/forward
   cache missed those events meanwhile, so it is told too. Returns a function that stops it. */
function watch(key, callback) {
  const listener = (event) => {
    if (event.key === key || event.key === null) callback();
  };
  const restored = (event) => {
    if (event.persisted) callback();
  };
  window.addEventListener("storage", listener);
  window.addEventListener("pageshow", restored);
  return () => {
    window.removeEventListener("storage", listener);
    window.removeEventListener("pageshow", restored);
  };
}

export function watchWidget(id, callback) {
  return watch(WIDGET_PREFIX + id, callback);
}

export function watchCards(callback) {
  return watch(CARDS_KEY, callback);
}

export function watchCollection(calc, callback) {
  return watch(COLLECTION_PREFIX + calc, callback);
}

/* A saved card, or null: {id, name, state, card, cost}. */
function cleanCard(value) {
  if (!isObject(value)) return null;
  const { id, name, cost } = value;
  const state = cleanState(value.state);
  if (typeof id !== "string" || !id || id.length > 40) return null;
  if (typeof name !== "string" || name.length > MAX_NAME) return null;
  if (!state || !isObject(value.card) || typeof cost !== "number") return null;
  return { id: id, name: name, state: state, card: value.card, cost: cost };
}

/* The saved cards, in the order saved; unreadable entries are left out. */
export function loadCards() {
  const cards = read(CARDS_KEY);
  if (!Array.isArray(cards)) return [];
  return cards.slice(0, MAX_CARDS).map(cleanCard).filter(Boolean);
}

export function saveCards(cards) {
  return write(CARDS_KEY, cards);
}

/* A new id for a saved card or character. */
export function newRecordId() {
  return "c" + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
}

/* A record of a collection, or null: {id, name, state, log, stamp, summary?}. */
function cleanRecord(value) {
  if (!isObject(value)) return null;
  const { id, name } = value;
  const state = cleanState(value.state);
  if (typeof id !== "string" || !id || id.length > 40) return null;
  if (typeof name !== "string" || name.length > MAX_NAME || !state) return null;
  const log = (Array.isArray(value.log) ? value.log : []).slice(-MAX_LOG).filter((entry) =>
    isObject(entry) && typeof entry.key === "string" && typeof entry.text === "string"
    && entry.text.length <= 500 && typeof entry.at === "string" && entry.at.length <= 40);
  const record = { id: id, name: name, state: state,
                  log: log.map((e) => ({ key: e.key.slice(0, 60), text: e.text, at: e.at })),
                  stamp: stampOf(value) };
  if (typeof value.summary === "string") record.summary = value.summary.slice(0, 120);
  return record;
}

/* A whole collection, or null: {current, records}. */
function cleanCollection(value) {
  if (!isObject(value) || !Array.isArray(value.records) || value.records.length > MAX_RECORDS) return null;
  const records = value.records.map(cleanRecord);
  if (records.some((r) => !r)) return null;
  const current = records.some((r) => r.id === value.current) ? value.current : null;
  return { current: current, records: records };
}

/* The records of calculator `calc` (an empty collection when none are readable). */
export function loadCollection(calc) {
  return cleanCollection(read(COLLECTION_PREFIX + calc)) || { current: null, records: [] };
}

export function saveCollection(calc, collection) {
  return write(COLLECTION_PREFIX + calc, collection);
}

/* Change the records of `calc` as they are stored now (not as a tab read them earlier, which
   would undo what other tabs did since): `change(collection)` edits them in place, and each
   record it edits should get a newer stamp (nextStamp). Returns {collection, saved}. */
export function updateCollection(calc, change) {
  const collection = loadCollection(calc);
  change(collection);
  return { collection: collection, saved: saveCollection(calc, collection) };
}

/* Everything saved, as one document for a file. */
export function exportAll() {
  const widgets = {};
  keys().forEach((key) => {
    if (key.indexOf(WIDGET_PREFIX) !== 0) return;
    const record = read(key);
    if (isObject(record) && typeof record.calc === "string" && cleanState(record.state)) {
      widgets[key.slice(WIDGET_PREFIX.length)] = { calc: record.calc, state: record.state };
    }
  });
  const collections = {};
  keys().forEach((key) => {
    if (key.indexOf(COLLECTION_PREFIX) !== 0) return;
    const collection = cleanCollection(read(key));
    if (collection && collection.records.length) collections[key.slice(COLLECTION_PREFIX.length)] = collection;
  });
  return { format: FORMAT, version: VERSION, exported: new Date().toISOString(),
           widgets: widgets, cards: loadCards(), collections: collections };
}

/* Records of calculator `calc`'s collection alone, as a document of the same shape (a file
   of one battle: the home page imports it as any export, a collection folds it by id). */
export function exportRecords(calc, records) {
  return { format: FORMAT, version: VERSION, exported: new Date().toISOString(), widgets: {},
           cards: [], collections: { [calc]: { current: null, records: records } } };
}

/* What is saved, in words, or "" when nothing is. `names` maps a calculator to what a player
   calls its saved data (declared `saved_as` in Python: "Western Roses character"). A widget
   of a collection holds the character open now, already counted among her characters. */
export function describe(doc, names) {
  const parts = [];
  const count = doc.cards.length;
  if (count) parts.push(count === 1 ? "1 spellcard" : count + " spellcards");
  const collections = doc.collections || {};
  Object.keys(collections).sort().forEach((calc) => {
    const count = collections[calc].records.length;
    const noun = names[calc] || "character";
    parts.push(count + " " + (count === 1 ? noun : noun + "s"));
  });
  Object.keys(doc.widgets).sort().forEach((id) => {
    const calc = doc.widgets[id].calc;
    if (collections[calc]) return;
    parts.push("the " + (names[calc] || "saved inputs of another page"));
  });
  return parts.join(", ");
}

/* Check a parsed export file. Returns {doc} (clean) or {problem} (one sentence). */
export function validate(doc) {
  if (!isObject(doc) || doc.format !== FORMAT) {
    return { problem: "This file is not saved data from this site (it has no \u201c" + FORMAT + "\u201d format mark)." };
  }
  if (typeof doc.version !== "number" || doc.version > VERSION) {
    return { problem: "This file was saved by a newer version of the site (format version " + doc.version + "); reload the site and try again." };
  }
  if (!isObject(doc.widgets)) return { problem: "The file's \u201cwidgets\u201d entry must be an object." };
  if (!Array.isArray(doc.cards)) return { problem: "The file's \u201ccards\u201d entry must be a list." };
  if (doc.cards.length > MAX_CARDS) return { problem: "The file lists " + doc.cards.length + " cards; at most " + MAX_CARDS + " can be imported." };
  const widgets = {};
  for (const id of Object.keys(doc.widgets)) {
    const record = doc.widgets[id];
    const state = isObject(record) && typeof record.calc === "string" && cleanState(record.state);
    if (!/^[a-z0-9-]{1,60}$/.test(id) || !state) {
      return { problem: "The saved inputs \u201c" + id.slice(0, 60) + "\u201d are not in the expected form ({\"calc\": name, \"state\": {input: text}})." };
    }
    widgets[id] = { calc: record.calc, state: state };
  }
  const cards = [];
  for (let i = 0; i < doc.cards.length; i++) {
    const card = cleanCard(doc.cards[i]);
    if (!card) return { problem: "Card " + (i + 1) + " of the file is not in the expected form (id, name, state, card, cost)." };
    cards.push(card);
  }
  const given = doc.collections === undefined ? {} : doc.collections;
  if (!isObject(given)) return { problem: "The file's \u201ccollections\u201d entry must be an object." };
  const collections = {};
  for (const calc of Object.keys(given)) {
    const collection = /^[a-z0-9-]{1,60}$/.test(calc) && cleanCollection(given[calc]);
    if (!collection) {
      return { problem: "The saved characters \u201c" + calc.slice(0, 60) + "\u201d are not in the expected form ({\"current\", \"records\": [{id, name, state, log}]})." };
    }
    collections[calc] = collection;
  }
  return { doc: { format: FORMAT, version: VERSION, widgets: widgets, cards: cards,
                  collections: collections } };
}

/* Replace everything saved with a validated document. Returns false if storage refused. */
export function replaceAll(doc) {
  keys().forEach((key) => {
    try { window.localStorage.removeItem(key); } catch (error) { /* nothing to remove */ }
  });
  let ok = saveCards(doc.cards);
  Object.keys(doc.collections).forEach((calc) => {
    ok = saveCollection(calc, doc.collections[calc]) && ok;
  });
  Object.keys(doc.widgets).forEach((id) => {
    ok = saveWidget(id, doc.widgets[id].calc, doc.widgets[id].state) && ok;
  });
  return ok;
}
