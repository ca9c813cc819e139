/*
 * A live table's room: the WebRTC data channels between the table's devices, through the
 * trystero library (self-hosted in assets/vendor/, see build_scripts/vendor.py) and the
 * signalling relays of the site's configuration (assets/table.json, written from mkdocs.yml's
 * `extra.table`). Every device joins with the room's secret as its password, so a device
 * without it can neither connect nor read.
 *
 * What another device sends is untrusted: a message too long, or more messages than a table
 * ever sends (a flood), is dropped here before anything reads it, and a device that keeps
 * flooding is ignored for the rest of the visit, so the game master's tab stays responsive.
 */

const SITE_ROOT = new URL("../../../../", import.meta.url);
/* Longest message text taken from another device. The game master's catch-up of a long log
   is larger than a phone's tap: a phone takes more from the host than the host from her. */
export const MAX_FROM_PHONE = 16000;
export const MAX_FROM_HOST = 4000000;
/* A device may send a burst of BURST messages, then RATE a second; past IGNORE_AFTER
   dropped messages it is ignored. */
const BURST = 40;
const RATE = 20;
const IGNORE_AFTER = 200;

let configPromise = null;

/* The site's table configuration: {relays: [...], ice: [...], app}. */
export function tableConfig() {
  if (!configPromise) {
    configPromise = fetch(new URL("assets/table.json", SITE_ROOT)).then((response) => {
      if (!response.ok) throw new Error("The table's configuration could not be read.");
      return response.json();
    });
    configPromise.catch(() => { configPromise = null; });
  }
  return configPromise;
}

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

/* The size of a received message as JSON text (0 when it cannot be written as JSON). */
function sizeOf(message) {
  try { return JSON.stringify(message).length; } catch (error) { return Infinity; }
}

/* A joined room: `send(message, peer?)` to every device or one, and the handlers `onMessage
   (message, peer)`, `onJoin(peer)`, `onLeave(peer)` and `onNoisy(peer)` (a device just
   ignored for flooding). `maxSize` is the longest message taken. */
export class Room {
  constructor(room, secret, maxSize) {
    this.maxSize = maxSize;
    this.allowances = new Map();
    /* Message text taken and sent, in characters of JSON (what make bench reports). */
    this.bytesIn = 0;
    this.bytesOut = 0;
    this.onMessage = () => {};
    this.onJoin = () => {};
    this.onLeave = () => {};
    this.onNoisy = () => {};
    this.ready = this.join(room, secret);
  }

  async join(room, secret) {
    const config = await tableConfig();
    const trystero = await import(new URL("assets/vendor/trystero/torrent/index.mjs", SITE_ROOT).href);
    this.selfId = trystero.selfId;
    this.room = trystero.joinRoom({
      appId: config.app,
      password: secret,
      relayConfig: { urls: config.relays },
      rtcConfig: { iceServers: (config.ice || []).map((url) => ({ urls: url })) },
    }, room);
    this.action = this.room.makeAction("table");
    this.action.onMessage = (message, context) => this.receive(message, context.peerId);
    this.room.onPeerJoin = (peer) => this.onJoin(peer);
    this.room.onPeerLeave = (peer) => this.onLeave(peer);
    return this;
  }

  receive(message, peer) {
    let allowance = this.allowances.get(peer);
    if (!allowance) { allowance = new Allowance(); this.allowances.set(peer, allowance); }
    const was = allowance.ignored();
    if (!allowance.take()) {
      if (!was && allowance.ignored()) this.onNoisy(peer);
      return;
    }
    if (!message || typeof message !== "object" || Array.isArray(message)) return;
    const size = sizeOf(message);
    if (size > this.maxSize) return;
    this.bytesIn += size;
    this.onMessage(message, peer);
  }

  /* Send `message` to `peer`, or to every device when none is named. */
  send(message, peer) {
    if (!this.action) return;
    this.bytesOut += sizeOf(message);
    this.action.send(message, peer ? { target: peer } : undefined).catch(() => {});
  }

  /* The devices connected now. */
  peers() {
    return this.room ? Object.keys(this.room.getPeers()) : [];
  }

  leave() {
    if (this.room) this.room.leave();
  }
}
