/* What the device keeps (docs/assets/js/calc/storage.js): reading back tolerantly, the stamps
   that keep one tab from overwriting another's newer inputs, and the saved-data file's
   validation and summary. The browser's localStorage is a Map behind the Web Storage methods
   storage.js calls; everything else is the module's own code. */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import {
  FORMAT, MAX_LOG, VERSION, describe, exportAll, exportRecords, loadCards, loadCollection,
  loadWidgetStamped, nextStamp, replaceAll, saveWidget, stampOf, validate,
} from "../../docs/assets/js/calc/storage.js";

/* The Web Storage methods over a Map; `full` makes every write throw, as a full or switched-off
   storage does. */
class MemoryStorage {
  constructor() { this.items = new Map(); this.full = false; }
  get length() { return this.items.size; }
  key(i) { return Array.from(this.items.keys())[i] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) {
    if (this.full) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key) { this.items.delete(key); }
}

let storage;
beforeEach(() => {
  storage = new MemoryStorage();
  globalThis.window = { localStorage: storage };
});

const CARD = { id: "c1", name: "Fantasy Seal", state: { name: "Fantasy Seal", dice: "3" },
               card: { name: "Fantasy Seal" }, cost: 12 };
const RECORD = { id: "r1", name: "Reimu", state: { name: "Reimu" }, log: [], stamp: 5 };

function file(extra) {
  return { format: FORMAT, version: VERSION, widgets: {}, cards: [], ...extra };
}

test("a stamp is a positive finite number; anything else reads as the oldest, 0", () => {
  assert.equal(stampOf({ stamp: 17 }), 17);
  for (const value of [{}, { stamp: -3 }, { stamp: "9" }, { stamp: Infinity }, { stamp: NaN }, null, 4]) {
    assert.equal(stampOf(value), 0, JSON.stringify(value));
  }
});

test("a new stamp is the clock's time, or just after a stamp ahead of the clock", () => {
  const before = Date.now();
  const now = nextStamp(0);
  assert.ok(now >= before && now <= Date.now());
  const ahead = Date.now() + 3600000;
  assert.equal(nextStamp(ahead), ahead + 1);
});

test("saved inputs come back for the same widget and calculator only", () => {
  const stamp = saveWidget("mb-tracker", "mb-tracker", { heart: "2", fury: "4" });
  assert.ok(stamp > 0);
  assert.deepEqual(loadWidgetStamped("mb-tracker", "mb-tracker"), { state: { heart: "2", fury: "4" }, stamp });
  assert.equal(loadWidgetStamped("mb-tracker", "wr-check"), null);
  assert.equal(loadWidgetStamped("mb-tracker-2", "mb-tracker"), null);
  assert.deepEqual(loadWidgetStamped("mb-tracker", "mb-tracker", new Set(["heart"])).state, { heart: "2" });
});

test("a change based on older inputs never overwrites what another tab saved since", () => {
  const first = saveWidget("w", "mb-tracker", { heart: "1" });
  const other = saveWidget("w", "mb-tracker", { heart: "5" }, first);
  assert.ok(other > first);
  assert.equal(saveWidget("w", "mb-tracker", { heart: "2" }, first), 0);
  assert.deepEqual(loadWidgetStamped("w", "mb-tracker").state, { heart: "5" });
  assert.ok(saveWidget("w", "mb-tracker", { heart: "3" }, other) > other);
});

test("storage that refuses a write makes saving report 0, not throw", () => {
  storage.full = true;
  assert.equal(saveWidget("w", "mb-tracker", { heart: "1" }), 0);
});

test("what is not JSON, or of another shape, reads as nothing saved", () => {
  storage.setItem("rpg-calc/v1/widget/w", "{not json");
  storage.setItem("rpg-calc/v1/cards", JSON.stringify([CARD, { id: "", name: "x" }, "junk"]));
  storage.setItem("rpg-calc/v1/collection/wr-character", JSON.stringify({ records: "no" }));
  assert.equal(loadWidgetStamped("w", "mb-tracker"), null);
  assert.deepEqual(loadCards(), [CARD]);
  assert.deepEqual(loadCollection("wr-character"), { current: null, records: [] });
});

test("a file of another kind or a newer version is refused with one sentence", () => {
  assert.match(validate({ format: "other" }).problem, /not saved data from this site/);
  assert.match(validate([]).problem, /not saved data from this site/);
  assert.match(validate(file({ version: VERSION + 1 })).problem, /newer version of the site/);
  assert.match(validate(file({ cards: {} })).problem, /“cards” entry must be a list/);
  assert.match(validate(file({ widgets: [] })).problem, /“widgets” entry must be an object/);
  assert.match(validate(file({ collections: [] })).problem, /“collections” entry must be an object/);
});

test("the first entry in the wrong form is named", () => {
  assert.match(validate(file({ cards: [CARD, { ...CARD, cost: "12" }] })).problem, /^Card 2 of the file/);
  assert.match(validate(file({ widgets: { "Bad Id": { calc: "x", state: {} } } })).problem,
               /saved inputs “Bad Id”/);
  assert.match(validate(file({ widgets: { w: { calc: "x", state: { n: 3 } } } })).problem,
               /saved inputs “w”/);
  assert.match(validate(file({ collections: { "wr-character": { records: [{ id: "r" }] } } })).problem,
               /saved characters “wr-character”/);
});

test("a valid file comes back clean: unknown fields dropped, a roll log cut to its limit", () => {
  const log = Array.from({ length: MAX_LOG + 5 }, (_, i) => ({ key: "k" + i, text: "roll " + i, at: "t", extra: 1 }));
  const checked = validate(file({
    exported: "2026-01-01", widgets: { "mb-tracker": { calc: "mb-tracker", state: { heart: "2" }, saved: "x" } },
    cards: [{ ...CARD, extra: true }],
    collections: { "wr-character": { current: "gone", records: [{ ...RECORD, log: log }] } },
  }));
  assert.equal(checked.problem, undefined);
  const doc = checked.doc;
  assert.deepEqual(doc.widgets, { "mb-tracker": { calc: "mb-tracker", state: { heart: "2" } } });
  assert.deepEqual(doc.cards, [CARD]);
  const records = doc.collections["wr-character"].records;
  assert.equal(doc.collections["wr-character"].current, null);
  assert.equal(records[0].log.length, MAX_LOG);
  assert.deepEqual(records[0].log[0], { key: "k5", text: "roll 5", at: "t" });
});

test("a file from before collections existed still imports", () => {
  assert.deepEqual(validate(file({})).doc.collections, {});
});

test("everything exported imports back the same, replacing what was there", () => {
  saveWidget("mb-tracker", "mb-tracker", { heart: "2" });
  storage.setItem("rpg-calc/v1/cards", JSON.stringify([CARD]));
  storage.setItem("rpg-calc/v1/collection/wr-character", JSON.stringify({ current: "r1", records: [RECORD] }));
  storage.setItem("not-ours", "kept");
  const exported = JSON.parse(JSON.stringify(exportAll()));
  const checked = validate(exported);
  saveWidget("wr-check", "wr-check", { dice: "9" });
  assert.ok(replaceAll(checked.doc));
  assert.equal(loadWidgetStamped("wr-check", "wr-check"), null);
  assert.deepEqual(loadWidgetStamped("mb-tracker", "mb-tracker").state, { heart: "2" });
  assert.deepEqual(loadCards(), [CARD]);
  assert.deepEqual(loadCollection("wr-character"), { current: "r1", records: [RECORD] });
  assert.equal(storage.getItem("not-ours"), "kept");
});

test("the summary counts cards and records, and names each widget's saved inputs", () => {
  const names = { "wr-character": "Western Roses character", "mb-tracker": "overcharge tracker" };
  const doc = {
    cards: [CARD],
    collections: { "wr-character": { records: [RECORD, { ...RECORD, id: "r2" }] } },
    widgets: { "wr-character": { calc: "wr-character" }, "mb-tracker": { calc: "mb-tracker" },
               "gone": { calc: "gone" } },
  };
  assert.equal(describe(doc, names), "1 spellcard, 2 Western Roses characters, the saved inputs of "
    + "another page, the overcharge tracker");
  assert.equal(describe({ cards: [CARD, CARD], widgets: {} }, names), "2 spellcards");
  assert.equal(describe({ cards: [], widgets: {}, collections: {} }, names), "");
});

test("a battle of thousands of events is read back, with what its list shows of it", () => {
  const events = JSON.stringify(Array.from({ length: 4000 }, (_, i) =>
    ({ type: "gm-note", text: "The lanterns gutter and the bell rings twice over the hill " + i })));
  assert.ok(events.length > 300000);
  const battle = { id: "b1", name: "Bridge", state: { name: "Bridge", events: events }, log: [],
                   stamp: 9, summary: "Round 12: Bob's turn" };
  storage.setItem("rpg-calc/v1/collection/wr-battle", JSON.stringify({ current: "b1", records: [battle] }));
  const [read] = loadCollection("wr-battle").records;
  assert.equal(read.state.events, events);
  assert.equal(read.summary, "Round 12: Bob's turn");
});

test("one record exported alone is a saved-data file holding it, which validates as any", () => {
  const doc = exportRecords("wr-battle", [RECORD]);
  const checked = validate(JSON.parse(JSON.stringify(doc)));
  assert.deepEqual(checked.doc.collections, { "wr-battle": { current: null, records: [RECORD] } });
  assert.deepEqual([checked.doc.widgets, checked.doc.cards], [{}, []]);
  assert.equal(describe(checked.doc, { "wr-battle": "Western Roses battle" }), "1 Western Roses battle");
});
