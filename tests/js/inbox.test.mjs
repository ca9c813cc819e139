// The table's guard on what other devices send (docs/assets/js/calc/table/inbox.js): a device
// that floods is ignored once it has had far more dropped than a table ever sends, and from
// then on every message of it closes its connection again; a device within its allowance is
// read and never disconnected.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Inbox } from "../../docs/assets/js/calc/table/inbox.js";

class Watched extends Inbox {
  constructor() {
    super(1000);
    this.read = [];
    this.noisy = [];
    this.closed = [];
    this.onMessage = (message, peer) => this.read.push(peer);
    this.onNoisy = (peer) => this.noisy.push(peer);
  }

  disconnect(peer) {
    this.closed.push(peer);
  }
}

test("a flood is read up to its burst, then ignored and its connection closed", () => {
  const inbox = new Watched();
  for (let i = 0; i < 1000; i += 1) inbox.receive({ kind: "hello", i: i }, "flood");
  const read = inbox.read.length;
  assert.ok(read >= 40 && read < 60, `read ${read}`);  // the burst, and what refilled meanwhile
  assert.deepEqual(inbox.noisy, ["flood"]);
  assert.ok(inbox.closed.length > 0 && inbox.closed.every((peer) => peer === "flood"));
  const closedBefore = inbox.closed.length;
  inbox.receive({ kind: "hello" }, "flood");  // it came back: closed again, still not read
  assert.equal(inbox.closed.length, closedBefore + 1);
  assert.equal(inbox.read.length, read);
});

test("a device within its allowance is read and never disconnected", () => {
  const inbox = new Watched();
  for (let i = 0; i < 30; i += 1) inbox.receive({ kind: "tap", i: i }, "aya");
  inbox.receive({ kind: "tap", pad: "x".repeat(5000) }, "aya");  // too long: dropped, not noisy
  assert.equal(inbox.read.length, 30);
  assert.deepEqual(inbox.noisy, []);
  assert.deepEqual(inbox.closed, []);
});
