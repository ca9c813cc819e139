/*
 * What every way of reaching the table's other devices shares (./room.js through the relays,
 * ./pairing.js by a pairing done by hand): the handlers the table's two sides set, the bytes
 * counted, and the guard on what comes in.
 *
 * What another device sends is untrusted: a message too long, or more messages than a table
 * ever sends (a flood), is dropped here before anything reads it, and a device that keeps
 * flooding is ignored for the rest of the visit and its connection closed (`disconnect`), so
 * the flood stops reaching this tab at all and the game master's taps stay quick.
 */

/* Longest message text taken from another device. The game master's catch-up of a long log
   is larger than a phone's tap: a phone takes more from the host than the host from her. */
export const MAX_FROM_PHONE = 16000;
export const MAX_FROM_HOST = 4000000;
/* A device may send a burst of BURST messages, then RATE a second; past IGNORE_AFTER
   dropped messages it is ignored. */
const BURST = 40;
const RATE = 20;
const IGNORE_AFTER = 200;

/* One device's allowance: a token bucket, and whether it is ignored. */
class Allowance {
  constructor() {
    this.tokens = BURST;
    this.at = performance.now();
    this.dropped = 0;
  }

  /* Whether one more message may be read now. */
  take() {
    const now = performance.now();
    this.tokens = Math.min(BURST, this.tokens + ((now - this.at) / 1000) * RATE);
    this.at = now;
    if (this.ignored() || this.tokens < 1) { this.dropped += 1; return false; }
    this.tokens -= 1;
    return true;
  }

  ignored() {
    return this.dropped > IGNORE_AFTER;
  }
}

/* The size of a message as JSON text (Infinity when it cannot be written as JSON). */
export function sizeOf(message) {
  try { return JSON.stringify(message).length; } catch (error) { return Infinity; }
}

/* The interface of a room, whatever carries it: `send(message, peer?)` to every device or
   one, `selfId` (this device's id as the others know it), and the handlers `onMessage
   (message, peer)`, `onJoin(peer)`, `onLeave(peer)` and `onNoisy(peer)` (a device just
   ignored for flooding). `maxSize` is the longest message taken. A subclass calls `receive`
   with each message that arrives and `counted` with each it sends. */
export class Inbox {
  constructor(maxSize) {
    this.maxSize = maxSize;
    this.allowances = new Map();
    /* Message text taken and sent, in characters of JSON (what make bench reports). */
    this.bytesIn = 0;
    this.bytesOut = 0;
    this.onMessage = () => {};
    this.onJoin = () => {};
    this.onLeave = () => {};
    this.onNoisy = () => {};
  }

  /* A message from `peer`: read on only if within its allowance, an object, and not too
     long. */
  receive(message, peer) {
    let allowance = this.allowances.get(peer);
    if (!allowance) { allowance = new Allowance(); this.allowances.set(peer, allowance); }
    const was = allowance.ignored();
    if (!allowance.take()) {
      if (!was && allowance.ignored()) this.onNoisy(peer);
      if (allowance.ignored()) this.disconnect(peer);  /* again if it comes back */
      return;
    }
    if (!message || typeof message !== "object" || Array.isArray(message)) return;
    const size = sizeOf(message);
    if (size > this.maxSize) return;
    this.bytesIn += size;
    this.onMessage(message, peer);
  }

  /* Close the connection to `peer`, a device ignored for flooding; each way of connecting
     says how. */
  disconnect() {}

  /* `message`, about to be sent, counted. */
  counted(message) {
    this.bytesOut += sizeOf(message);
    return message;
  }
}
