/*
 * The codes of a pairing done by hand, for a table with no relay reachable (./pairing.js):
 * the game master's offer travels in a pair link, `#pair=<room>.<secret>.<key>.<seat>.<offer>`
 * (a table link's parts, ./link.js, then the offer; all in the fragment, which no web server
 * sees), and her phone's answer comes back as a code shown as a QR code and as text.
 *
 * A code is a connection description (SDP, about 560-720 bytes) compressed with the browser's
 * own deflate, as base64url text (../packing.js): about 540-630
 * characters. Only the fields that vary (ICE credentials, DTLS fingerprint, candidates) would
 * be about 100, but no well-kept library rebuilds an SDP from them, and the QR code, not the
 * typed text, is the way a code is meant to travel (README, "The live table").
 *
 * Pure functions of text, unit-tested under Node (tests/js/pair-code.test.mjs). A code or
 * fragment that is not what it should be is refused with a PairCodeError naming the problem.
 */

import { deflate, fromBase64Url, inflate, toBase64Url } from "../packing.js";
import { TABLE_PART, readTableLink, tableLink } from "./link.js";

export const PAIR_PART = "pair=";
/* Longest code read, and longest description it may unpack to (a real one is far shorter;
   the cap also stops a small code that unpacks to a flood). */
const MAX_CODE = 3000;
/* Shortest code read: a description deflated is some 400 bytes, over 500 characters. */
const MIN_CODE = 200;
const MAX_DESCRIPTION = 6000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/* A code or pair link refused; its message names the problem, for the person who made it. */
export class PairCodeError extends Error {}

/* The base64url code of the description `sdp`. */
export async function packDescription(sdp) {
  return toBase64Url(await deflate(sdp));
}

/* The description (SDP text) a code holds, checked to be of `kind` ("offer" or "answer"):
   a PairCodeError names what is wrong with it otherwise. Spaces and line breaks in a typed
   code are ignored. */
export async function unpackDescription(code, kind) {
  const text = String(code || "").replace(/\s+/g, "");
  if (!text) throw new PairCodeError("The code is empty.");
  if (text.length > MAX_CODE) {
    throw new PairCodeError("The code is " + text.length + " characters long; a connection code has at most " + MAX_CODE + ".");
  }
  if (text.includes("#" + PAIR_PART)) {
    throw new PairCodeError("This is the game master's own pairing link, not the answer her phone shows under it.");
  }
  if (text.length < MIN_CODE) {
    throw new PairCodeError("The code is " + text.length + " characters long; a connection code has over " + MIN_CODE + ": some of it is missing.");
  }
  if (!BASE64URL.test(text)) {
    const odd = Array.from(new Set(text.replace(/[A-Za-z0-9_-]/g, ""))).slice(0, 5).join(" ");
    throw new PairCodeError("The code holds characters a connection code never has: " + odd + ".");
  }
  let bytes;
  try { bytes = fromBase64Url(text); } catch (error) {
    throw new PairCodeError("The code's length is not one a connection code can have: a character is missing or extra.");
  }
  let sdp;
  try {
    sdp = await inflate(bytes, MAX_DESCRIPTION);
  } catch (error) {
    throw new PairCodeError("The code does not unpack: a character is missing, extra or mistyped.");
  }
  if (sdp === null) throw new PairCodeError("The code unpacks to far more than a connection code holds: it is not one.");
  if (!sdp.startsWith("v=0") || !/^m=application /m.test(sdp) || !/^a=fingerprint:/m.test(sdp)
      || !ufragOf(sdp)) {
    throw new PairCodeError("The code is not a connection code of the table (it names no data connection).");
  }
  const setup = (/^a=setup:(\w+)/m.exec(sdp) || [])[1];
  const isOffer = setup === "actpass";
  if (kind === "answer" && isOffer) {
    throw new PairCodeError("This is the game master's own code (her offer), not the answer her phone shows.");
  }
  if (kind === "offer" && !isOffer) throw new PairCodeError("The link carries an answer, not the game master's offer.");
  return sdp;
}

/* The ICE user fragment of the description `sdp` (random for each connection: the paired
   devices name each other by it), or "" when it has none. */
export function ufragOf(sdp) {
  return (/^a=ice-ufrag:([A-Za-z0-9+/]{4,256})\r?$/m.exec(sdp) || [])[1] || "";
}

/* `href` with its fragment replaced by the pair part: the table link's parts for `table`
   ({room, secret, key}) and `seat`, then the offer's code. */
export function pairLink(href, table, seat, offer) {
  const url = new URL(tableLink(href, table, seat));
  url.hash = PAIR_PART + url.hash.slice(1 + TABLE_PART.length) + "." + offer;
  return url.href;
}

/* A pair link's parts from a fragment: null when it is not one ("#table=...", another
   fragment), {link: {room, secret, key, seat}, offer} when it is, and {error} naming the
   problem when it starts as one but is broken (hand-edited, cut short). The offer is checked
   by unpackDescription when it is answered. */
export function readPairLink(hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (text.indexOf(PAIR_PART) !== 0) return null;
  const parts = text.slice(PAIR_PART.length).split(".");
  if (parts.length !== 5) {
    return { error: "This pairing link is cut short or edited: it has " + parts.length + " parts, not 5. Scan the game master's code again." };
  }
  const link = readTableLink("#" + TABLE_PART + parts.slice(0, 4).join("."));
  if (!link) return { error: "This pairing link's table, secret, key or seat is not as the game master's device writes them. Scan her code again." };
  if (!link.seat) return { error: "This pairing link names no seat. Ask the game master to pair from your seat's line." };
  if (!parts[4]) return { error: "This pairing link carries no offer. Scan the game master's code again." };
  return { link: link, offer: parts[4] };
}
