/*
 * A live table's room: the WebRTC data channels between the table's devices, through the
 * trystero library (self-hosted in assets/vendor/, see build_scripts/vendor.py) and the
 * signalling relays of the site's configuration (assets/table.json, written from mkdocs.yml's
 * `extra.table`). Every device joins with the room's secret as its password, so a device
 * without it can neither connect nor read. What comes in is guarded as ./inbox.js says.
 */

import { Inbox } from "./inbox.js";

const SITE_ROOT = new URL("../../../../", import.meta.url);

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

/* The ICE servers of the configuration, as RTCPeerConnection takes them. */
export function iceServers(config) {
  return (config.ice || []).map((url) => ({ urls: url }));
}

/* A joined room, with ./inbox.js's interface. A page opened afresh is a new device to the
   relays, with fresh offers (`freshPageRejoins`, see ./seat.js).

   The game master's device joins `listening` (trystero's passive room): it makes no offers of
   its own and answers every phone's. A device that has offers out ignores an incoming offer
   from a device whose id sorts after its own (the library's rule for two devices offering
   at once) and waits for its own offers to reach that device, which the relays pass on only
   at its next announce: every 10 s with the tests' relay, up to two minutes with a public
   one. With the game master's device offering too, half the phones joining waited that
   long (measured: 9.5-11.6 s joins against 2 s). */
export class Room extends Inbox {
  constructor(room, secret, maxSize, listening = false) {
    super(maxSize);
    this.freshPageRejoins = true;
    this.ready = this.join(room, secret, listening);
  }

  async join(room, secret, listening) {
    const config = await tableConfig();
    const trystero = await import(new URL("assets/vendor/trystero/torrent/index.mjs", SITE_ROOT).href);
    this.selfId = trystero.selfId;
    this.room = trystero.joinRoom({
      appId: config.app,
      password: secret,
      relayConfig: { urls: config.relays },
      rtcConfig: { iceServers: iceServers(config) },
      passive: listening,
    }, room);
    this.action = this.room.makeAction("table");
    this.action.onMessage = (message, context) => this.receive(message, context.peerId);
    this.room.onPeerJoin = (peer) => this.onJoin(peer);
    this.room.onPeerLeave = (peer) => this.onLeave(peer);
    return this;
  }

  /* Send `message` to `peer`, or to every device when none is named. */
  send(message, peer) {
    if (!this.action) return;
    this.action.send(this.counted(message), peer ? { target: peer } : undefined).catch(() => {});
  }

  /* The devices connected now. */
  peers() {
    return this.room ? Object.keys(this.room.getPeers()) : [];
  }

  leave() {
    if (this.room) this.room.leave();
  }
}
