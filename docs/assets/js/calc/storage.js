/*
 * What a player keeps on her device: the inputs of the widgets declared `saved` in Python
 * (the overcharge tracker, the spellcard builder, the deck) and her named spellcards.
 *
 * Key layout (localStorage), versioned so a later layout can read and migrate this one:
 *   rpg-calc/v1/widget/<widget-id>  {"calc": name, "state": {param: text}, "saved": ISO time}
 *   rpg-calc/v1/cards               [{"id", "name", "state": {param: text}, "card": {...},
 *                                     "cost": n}]
 * Reading is tolerant: a value that is missing, not JSON, of another shape or another
 * calculator is ignored (as if nothing were saved), never a broken page. Storage that is
 * full or switched off makes saving a no-op that reports false.
 *
 * The whole of it exports as one JSON document ({format, version, widgets, cards}) and
 * imports back, validated, with a message naming the first problem.
 */

const PREFIX = "rpg-calc/v1/";
const WIDGET_PREFIX = PREFIX + "widget/";
const CARDS_KEY = PREFIX + "cards";

export const FORMAT = "four-systems-saved-data";
export const VERSION = 1;
/* Limits of what is read back (far above real use; they keep a hostile file small). */
const MAX_CARDS = 200;
const MAX_FIELDS = 60;
const MAX_VALUE = 100000;
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

/* The saved inputs of widget `id` running calculator `calc`, or null. */
export function loadWidget(id, calc, allowed) {
  const record = read(WIDGET_PREFIX + id);
  if (!isObject(record) || record.calc !== calc) return null;
  return cleanState(record.state, allowed);
}

export function saveWidget(id, calc, state) {
  return write(WIDGET_PREFIX + id, { calc: calc, state: state, saved: new Date().toISOString() });
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

export function newCardId() {
  return "c" + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
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
  return { format: FORMAT, version: VERSION, exported: new Date().toISOString(),
           widgets: widgets, cards: loadCards() };
}

/* What is saved, in words, or "" when nothing is. */
export function describe(doc) {
  const parts = [];
  const count = doc.cards.length;
  if (count) parts.push(count === 1 ? "1 spellcard" : count + " spellcards");
  const names = { "mb-tracker": "the overcharge tracker", "spellcard-builder": "the card being built",
                  "spellcard-deck": "a spellcard deck" };
  Object.keys(doc.widgets).sort().forEach((id) => {
    parts.push(names[doc.widgets[id].calc] || "the inputs of " + id);
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
  return { doc: { format: FORMAT, version: VERSION, widgets: widgets, cards: cards } };
}

/* Replace everything saved with a validated document. Returns false if storage refused. */
export function replaceAll(doc) {
  keys().forEach((key) => {
    try { window.localStorage.removeItem(key); } catch (error) { /* nothing to remove */ }
  });
  let ok = saveCards(doc.cards);
  Object.keys(doc.widgets).forEach((id) => {
    ok = saveWidget(id, doc.widgets[id].calc, doc.widgets[id].state) && ok;
  });
  return ok;
}
