/* The codes of a pairing done by hand (docs/assets/js/calc/table/pair-code.js): a connection
   description packed and read back, the pair link, and every broken code or link refused
   with its reason. */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { test } from "node:test";

import { PairCodeError, packDescription, pairLink, readPairLink, ufragOf, unpackDescription }
  from "../../docs/assets/js/calc/table/pair-code.js";

/* A description as Chromium writes an answer for a data channel (fields as measured, values
   made up). */
const ANSWER = ["v=0", "o=- 8258224402729513098 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
  "a=extmap-allow-mixed", "a=msid-semantic: WMS", "m=application 40045 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 192.0.2.2", "a=candidate:1415967417 1 udp 2113937151 192.0.2.2 40045 typ host generation 0 network-cost 999",
  "a=ice-ufrag:AP1g", "a=ice-pwd:cuEVbOxLItkj4zWuR8wRtQkY", "a=ice-options:trickle",
  "a=fingerprint:sha-256 C9:31:10:3D:6D:A8:D6:65:0D:82:1D:21:92:80:7D:44:D2:93:A9:64:55:BC:CA:29:03:F9:D3:C6:97:C1:0C:D0",
  "a=setup:active", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""].join("\r\n");
const OFFER = ANSWER.replace("a=setup:active", "a=setup:actpass").replace("AP1g", "j8m5");
const TABLE = { room: "r0Om_id-1", secret: "s3cret-s3cret_s3cret12", key: "K".repeat(87) };

/* base64url of raw deflate, written with Node's zlib: another implementation than the page's. */
function zlibCode(text) {
  return deflateRawSync(Buffer.from(text)).toString("base64url");
}

async function refusal(code, kind) {
  await assert.rejects(unpackDescription(code, kind), PairCodeError);
  return unpackDescription(code, kind).catch((error) => error.message);
}

test("an answer packs to base64url and reads back as the same description", async () => {
  const code = await packDescription(ANSWER);
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.ok(code.length < ANSWER.length, `${code.length} characters for ${ANSWER.length}`);
  assert.equal(await unpackDescription(code, "answer"), ANSWER);
  assert.equal(await unpackDescription(zlibCode(ANSWER), "answer"), ANSWER);
  const typed = code.slice(0, 40) + " \n " + code.slice(40);  /* typed with a break */
  assert.equal(await unpackDescription(typed, "answer"), ANSWER);
  assert.equal(ufragOf(ANSWER), "AP1g");
});

test("a code that is not an answer is refused, naming the problem", async () => {
  const code = await packDescription(ANSWER);
  assert.match(await refusal("", "answer"), /empty/);
  assert.match(await refusal("hello", "answer"), /5 characters long; a connection code has over 200: some of it is missing/);
  assert.match(await refusal("<img src=x onerror=alert(1)>".repeat(10), "answer"), /characters a connection code never has: < = \( \) >/);
  const link = pairLink("https://x.test/wr/", TABLE, "aya", await packDescription(OFFER));
  assert.match(await refusal(link, "answer"), /the game master's own pairing link, not the answer/);
  assert.match(await refusal(code.slice(0, 30) + "Z" + code.slice(31), "answer"), /missing, extra or mistyped|not a connection code|length/);
  assert.match(await refusal(code.slice(0, -1), "answer"), /does not unpack|length|not a connection code/);
  assert.match(await refusal("x".repeat(3001), "answer"), /3001 characters long/);
  assert.match(await refusal(zlibCode("hello, game master " + randomBytes(300).toString("hex")), "answer"), /not a connection code of the table/);
  assert.match(await refusal(zlibCode(OFFER), "answer"), /her offer\), not the answer/);
  assert.match(await refusal(zlibCode(ANSWER), "offer"), /an answer, not the game master's offer/);
  assert.match(await refusal(zlibCode("v=0\r\n" + "a".repeat(1000000)), "answer"), /far more than a connection code holds/);
});

test("a pair link carries the table link's parts and the offer, all in the fragment", async () => {
  const offer = await packDescription(OFFER);
  const href = pairLink("https://x.test/wr/battle-tracker/?a=1#old", TABLE, "aya mei", offer);
  const url = new URL(href);
  assert.equal(url.search, "?a=1");
  assert.equal(url.hash, "#pair=r0Om_id-1.s3cret-s3cret_s3cret12." + "K".repeat(87) + ".aya%20mei." + offer);
  assert.deepEqual(readPairLink(url.hash), { link: { ...TABLE, seat: "aya mei" }, offer: offer });
  assert.equal(await unpackDescription(readPairLink(url.hash).offer, "offer"), OFFER);
});

test("a pair link cut short or edited is named as broken; another fragment is not one", () => {
  const whole = "#pair=r0Om_id-1.s3cret-s3cret_s3cret12." + "K".repeat(87) + ".aya.AAAA";
  assert.equal(readPairLink("#table=r0Om_id-1.s3cret-s3cret_s3cret12." + "K".repeat(87) + ".aya"), null);
  assert.equal(readPairLink(""), null);
  assert.match(readPairLink(whole.slice(0, 40)).error, /cut short or edited: it has 3 parts, not 5/);
  assert.match(readPairLink(whole.replace("r0Om_id-1", "<b>x<b>")).error, /table, secret, key or seat/);
  assert.match(readPairLink(whole.replace(".aya.", "..")).error, /names no seat/);
  assert.match(readPairLink(whole.replace(/AAAA$/, "")).error, /carries no offer/);
});
