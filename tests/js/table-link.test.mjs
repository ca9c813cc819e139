/* A live table's links and state digest (docs/assets/js/calc/table/link.js, digest.js). */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { canonical, stateDigest } from "../../docs/assets/js/calc/table/digest.js";
import { readTableLink, tableLink } from "../../docs/assets/js/calc/table/link.js";

const TABLE = { room: "r0Om_id-1", secret: "s3cret-s3cret_s3cret12", key: "K".repeat(87) };

test("a seat link carries the room, secret, key and seat in the fragment only", () => {
  const href = tableLink("https://x.test/wr/battle-tracker/?a=1#old", TABLE, "aya mei");
  const url = new URL(href);
  assert.equal(url.search, "?a=1");
  assert.ok(!url.search.includes(TABLE.secret));
  assert.equal(url.hash, "#table=r0Om_id-1.s3cret-s3cret_s3cret12." + "K".repeat(87) + ".aya%20mei");
  assert.deepEqual(readTableLink(url.hash), { ...TABLE, seat: "aya mei" });
  assert.equal(readTableLink(new URL(tableLink("https://x.test/", TABLE, "")).hash).seat, "");
});

test("a fragment that is not a whole table link is not read as one", () => {
  for (const hash of ["", "#wr-battle=1.abc", "#table=a.b.c", "#table=" + "r".repeat(9) + ".<script>." + "k".repeat(9) + ".x",
                      "#table=rrrrrrrr.ssssssss.kkkkkkkk.%E0%A4%A", "#table=rrrrrrrr.ssssssss.kkkkkkkk." + "x".repeat(41)]) {
    assert.equal(readTableLink(hash), null, hash);
  }
});

test("the canonical JSON sorts keys at every level and keeps list order", () => {
  assert.equal(canonical({ b: 1, a: [{ d: "é", c: null }, 2] }), '{"a":[{"c":null,"d":"é"},2],"b":1}');
});

test("the digest is SHA-256 of the canonical pair, as Python's json.dumps(sort_keys) writes it", async () => {
  const combatants = [{ name: "Aya", id: "aya", side: "heroes" }];
  const events = [{ type: "start", seed: 12 }, { type: "roll", combatant: "aya", check: "pwr", seed: 7 }];
  /* Written by hand as Python's json.dumps([c, e], sort_keys=True, separators=(",", ":")) would. */
  const text = '[[{"id":"aya","name":"Aya","side":"heroes"}],[{"seed":12,"type":"start"},{"check":"pwr","combatant":"aya","seed":7,"type":"roll"}]]';
  const expected = createHash("sha256").update(text).digest("hex").slice(0, 8);
  assert.equal(await stateDigest(combatants, events), expected);
  assert.notEqual(await stateDigest(combatants, events.slice(0, 1)), expected);
});
