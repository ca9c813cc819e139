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

/* The connections of a device that only offers (a phone, see Room): one that is handed
   another device's offer closes at once and refuses it, so the library drops its answer
   there. The class is made on first use: a page without WebRTC never joins a room. */
let OffersOnly = null;

function offersOnly() {
  if (!OffersOnly) {
    OffersOnly = class extends RTCPeerConnection {
      setRemoteDescription(description) {
        if (description && description.type === "offer") {
          this.close();
          return Promise.reject(new Error("This device only offers: an offer is not taken."));
        }
        return super.setRemoteDescription(description);
      }
    };
  }
  return OffersOnly;
}

/* A joined room, with ./inbox.js's interface. A page opened afresh is a new device to the
   relays, with fresh offers (`freshPageRejoins`, see ./seat.js).

   The game master's device joins `listening` (trystero's passive room): it makes no offers of
   its own until a phone's offer reaches it. A device that has offers out ignores an incoming
   offer from a device whose id sorts after its own (the library's rule for two devices
   offering at once) and waits for its own offers to reach that device, which the relays pass
   on only at its next announce: every 10 s with the tests' relay, up to two minutes with a
   public one. With the game master's device offering from the start, half the phones joining
   waited that long (measured: 9.5-11.6 s joins against 2 s).

   A phone only offers (`offersOnly`). Once the listening device has heard her first offer,
   it answers it and also starts offering in that room, and the relay hands its offer to her
   phone within milliseconds. A phone whose id sorts after the game master's took that offer
   too: two connections then formed between the same two devices, each device kept the first
   to open and closed the other, and when the two devices' firsts differed (the slow phone
   profile's processor makes that common) both were closed and she met no one until her
   page was reloaded (./seat.js, 8 s). A phone that only offers is ignored only where the
   game master's device already has offers out and its id sorts first: in a room where
   another device is connected (the same seat open twice, the table link's room while
   another phone picks her seat), where it waits for that reload (before, for the game
   master's device's next announce, which comes later with a public relay). */
export class Room extends Inbox {
  constructor(room, secret, maxSize, listening = false) {
    super(maxSize);
    this.freshPageRejoins = true;
    this.ready = this.join(room, secret, listening);
  }

  async join(room, secret, listening) {
    /* both at once: on a phone's first visit each is a round trip or more on her critical path */
    const [config, trystero] = await Promise.all([
      tableConfig(), import(new URL("assets/vendor/trystero/torrent/index.mjs", SITE_ROOT).href)]);
    this.selfId = trystero.selfId;
    this.room = trystero.joinRoom({
      appId: config.app,
      password: secret,
      relayConfig: { urls: config.relays },
      rtcConfig: { iceServers: iceServers(config) },
      passive: listening,
      /* trystero's constructor for its connections */
      rtcPolyfill: listening ? undefined : offersOnly(),
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

  disconnect(peer) {
    const connection = this.room && this.room.getPeers()[peer];
    if (connection) connection.close();
  }

  /* The devices connected now. */
  peers() {
    return this.room ? Object.keys(this.room.getPeers()) : [];
  }

  leave() {
    if (this.room) this.room.leave();
  }
}
