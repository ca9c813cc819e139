/* A battle's inputs in the address's fragment, compressed (docs/assets/js/calc/url-state.js). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { inflateRawSync } from "node:zlib";

import { MAX_UNPACKED, fragmentParts, packState, unpackState, withFragmentPart }
  from "../../docs/assets/js/calc/url-state.js";

const EVENTS = JSON.stringify(Array.from({ length: 300 }, (_, i) =>
  ({ type: i % 7 ? "attack" : "end-turn", target: "wolf", attack: "danmaku", seed: 1000 + i })));

test("the payload is deflate-raw of its JSON, in base64url after the form's mark", async () => {
  const payload = { inputs: { events: EVENTS, name: "Bridge" }, record: "c1abc" };
  const packed = await packState(payload);
  assert.match(packed, /^1\.[A-Za-z0-9_-]+$/);
  const bytes = Buffer.from(packed.slice(2), "base64url");
  assert.deepEqual(JSON.parse(inflateRawSync(bytes).toString("utf8")), payload);
  assert.ok(packed.length < EVENTS.length / 4, `${packed.length} of ${EVENTS.length}`);
  assert.deepEqual(await unpackState(packed), payload);
});

test("text that is not a compact payload unpacks to nothing, never an error", async () => {
  for (const text of ["", "section", "1.", "1.!!!", "2.abc", "1." + Buffer.from("not deflate").toString("base64url")]) {
    assert.equal(await unpackState(text), null, text);
  }
  const list = await packState([1, 2]);
  assert.equal(await unpackState(list), null);
});

test("only text inputs and a plain record id are read from a payload", async () => {
  const packed = await packState({ inputs: { name: "A", seat: 3, events: "[]" }, record: "<b>" });
  assert.deepEqual(await unpackState(packed), { inputs: { name: "A", events: "[]" }, record: "" });
});

test("a payload that inflates past the limit is refused", async () => {
  const packed = await packState({ inputs: { events: "x".repeat(MAX_UNPACKED + 10) }, record: "" });
  assert.ok(packed.length < 20000);
  assert.equal(await unpackState(packed), null);
});

test("the fragment holds each widget's part; an anchor and the widget's query go", () => {
  assert.deepEqual(fragmentParts("#wr-battle=1.abc&mb-battle=1.de"), { "wr-battle": "1.abc", "mb-battle": "1.de" });
  assert.deepEqual(fragmentParts("#setup"), {});
  assert.equal(withFragmentPart("https://x.test/t/?wr-battle.events=%5B%5D&keep=1#setup", "wr-battle", "1.xyz"),
               "https://x.test/t/?keep=1#wr-battle=1.xyz");
  assert.equal(withFragmentPart("https://x.test/t/#wr-battle=1.a&other=1.b", "wr-battle", "1.c"),
               "https://x.test/t/#other=1.b&wr-battle=1.c");
  assert.equal(withFragmentPart("https://x.test/t/#wr-battle=1.a", "wr-battle", ""), "https://x.test/t/");
});
