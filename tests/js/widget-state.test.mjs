/* A widget's pure helpers (docs/assets/js/calc/widget.js): comparing input states, adding an
   item to a JSON list input or taking its last off, and telling a button that would move a
   seat link off its seat. Importing the module needs no DOM. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { appendTo, popFrom, sameState, unseats } from "../../docs/assets/js/calc/widget.js";

test("states with the same values are the same, whatever the order", () => {
  assert.ok(sameState({ a: "1", b: "2" }, { b: "2", a: "1" }));
  assert.ok(!sameState({ a: "1", b: "2" }, { a: "1", b: "3" }));
});

test("an absent input and a blank one are the same; a value and its absence are not", () => {
  assert.ok(sameState({ a: "1", note: "" }, { a: "1" }));
  assert.ok(sameState({}, { note: "" }));
  assert.ok(!sameState({ a: "1" }, {}));
  assert.ok(!sameState({}, { a: "0" }));
});

test("an item goes at the end of a JSON list, or starts one from empty text", () => {
  assert.equal(appendTo('[{"hp":3}]', { hp: 5 }), '[{"hp":3},{"hp":5}]');
  assert.equal(appendTo("", "x"), '["x"]');
  assert.equal(appendTo(undefined, 1), "[1]");
});

test("text that is not a JSON list is left as it is, for the answer to name its error", () => {
  assert.equal(appendTo("[1, 2", 3), "[1, 2");
  assert.equal(appendTo('{"a": 1}', 3), '{"a": 1}');
  assert.equal(appendTo("7", 3), "7");
});

test("Undo beside a battle's buttons takes the last event off its log, and only that", () => {
  assert.equal(popFrom('[{"type":"start"},{"type":"end-turn"}]'), '[{"type":"start"}]');
  assert.equal(popFrom("[]"), "[]");
  assert.equal(popFrom(""), "[]");
  assert.equal(popFrom("[1, 2"), "[1, 2");  /* not a list: left for the answer to refuse */
});

test("a seat link keeps its seat: a button setting another seat (or the game master's) unseats", () => {
  assert.ok(unseats({ seat: "", event: "" }, "seat", "aya"));
  assert.ok(unseats({ seat: "bob" }, "seat", "aya"));
  assert.ok(!unseats({ seat: "aya" }, "seat", "aya"));
  assert.ok(!unseats({ event: "", tool: "" }, "seat", "aya"));
});
