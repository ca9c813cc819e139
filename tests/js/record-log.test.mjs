/* A battle's log brought by a link against the one kept (docs/assets/js/calc/record-log.js). */
import assert from "node:assert/strict";
import { test } from "node:test";

import { changedWhen, copyName, logRelation } from "../../docs/assets/js/calc/record-log.js";

const A = { type: "start", seed: 5 };
const B = { type: "end-turn", seed: 9 };
const C = { type: "attack", target: "bob", seed: 3 };
const log = (...events) => JSON.stringify(events);

test("a link's log that goes on from the kept one extends it by the events it adds", () => {
  assert.deepEqual(logRelation(log(A), log(A, B, C)), { relation: "extends", count: 2 });
  assert.deepEqual(logRelation("", log(A)), { relation: "extends", count: 1 });
  assert.deepEqual(logRelation(log(A, B), log(A, B)), { relation: "same" });
});

test("a link's log the kept one has gone past is behind it", () => {
  assert.deepEqual(logRelation(log(A, B, C), log(A)), { relation: "behind", count: 2 });
});

test("logs that part say at which event", () => {
  assert.deepEqual(logRelation(log(A, B), log(A, C)), { relation: "fork", at: 1 });
  assert.deepEqual(logRelation(log(A, B), log(A, { ...B, seed: 10 }, C)), { relation: "fork", at: 1 });
  assert.deepEqual(logRelation("not json", log(A)), { relation: "fork", at: 0 });
});

test("a copy is named after the battle, never as one already kept, within the name's limit", () => {
  assert.equal(copyName("Bridge", ["Bridge"], 60), "Bridge (copy)");
  assert.equal(copyName("Bridge", ["Bridge", "Bridge (copy)"], 60), "Bridge (copy 2)");
  assert.equal(copyName("", [], 60), "Unnamed (copy)");
  const long = copyName("x".repeat(60), [], 60);
  assert.equal(long.length, 60);
  assert.ok(long.endsWith("x (copy)"));
});

test("when a record changed reads as a player says it", () => {
  const now = new Date(2026, 11, 3, 21, 30).getTime();
  assert.equal(changedWhen(0, now), "");
  assert.equal(changedWhen(now - 20000, now), "changed just now");
  assert.equal(changedWhen(now - 5 * 60000, now), "changed 5 min ago");
  assert.equal(changedWhen(new Date(2026, 11, 3, 9, 4).getTime(), now), "changed at 09:04");
  assert.equal(changedWhen(new Date(2026, 10, 28, 21, 4).getTime(), now), "changed 28 Nov 21:04");
});
