/*
 * A room reached with no relay: one WebRTC data channel to one device, paired by hand. The
 * game master's device makes an offer, which travels to a phone in a pair link
 * (./pair-code.js, shown as a QR code); the phone answers, and its answer travels back by the
 * laptop's camera or typed. It has ./inbox.js's interface, as ./room.js has, so the table's
 * two sides (./host.js, ./seat.js) run the same protocol over it, with the same guard.
 *
 * - The ICE servers are the configuration's (none reachable offline); the description is
 *   sent whole once ICE gathering is complete (no trickle), so the devices need only each
 *   other on the local network.
 * - The two devices name each other by the ICE user fragments of the offer and the answer,
 *   which both hold once paired, so no id needs to travel besides the codes.
 * - A data channel carries messages of at most 256 KiB in Chromium; the host's catch-up of
 *   a long log is larger, so every message goes as frames of FRAME characters, each but the
 *   last marked MORE, put together on arrival (and dropped once past the size taken).
 * - A closed connection is not made again: the two devices pair again by hand.
 */

import { MAX_FROM_HOST, Inbox } from "./inbox.js";
import { PairCodeError, packDescription, ufragOf, unpackDescription } from "./pair-code.js";
import { iceServers, tableConfig } from "./room.js";

const FRAME = 16000;
const MORE = "+";
const LAST = "=";
/* How long ICE gathering may take before the description goes with what it has (a STUN
   server named in the configuration and unreachable offline would hold it longer). */
const GATHERING_MS = 8000;
const CHANNEL = "table";

/* Once `connection` has gathered its candidates (or GATHERING_MS have passed). */
function gathered(connection) {
  if (connection.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHERING_MS);
    connection.addEventListener("icegatheringstatechange", () => {
      if (connection.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
    });
  });
}

export class PairedRoom extends Inbox {
  /* A room of one connection; `ready` resolves once its own code (`code`) is made. Use
     PairedRoom.offering() or PairedRoom.answering(). */
  constructor(maxSize) {
    super(maxSize);
    this.freshPageRejoins = false;
    this.peer = "";
    this.selfId = "";
    this.code = "";
    this.channel = null;
    this.partial = "";
    this.skipping = false;
    this.opened = new Promise((resolve) => { this.markOpened = resolve; });
    this.closed = new Promise((resolve) => { this.markClosed = resolve; });
  }

  /* The game master's side: an offer to one phone (`room.code`, once `ready`), answered by
     `accept(code)`. */
  static offering(maxSize) {
    const room = new PairedRoom(maxSize);
    room.ready = room.connect().then(async () => {
      room.attach(room.connection.createDataChannel(CHANNEL));
      return room.describe();
    });
    return room;
  }

  /* A phone's side: the answer to the offer `offerCode` (`room.code`, once `ready`; a bad
     offer rejects `ready` with a PairCodeError). */
  static answering(offerCode, maxSize = MAX_FROM_HOST) {
    const room = new PairedRoom(maxSize);
    room.ready = unpackDescription(offerCode, "offer").then(async (offer) => {
      await room.connect();
      room.connection.addEventListener("datachannel", (event) => room.attach(event.channel));
      room.peer = "paired-" + ufragOf(offer);
      try {
        await room.connection.setRemoteDescription({ type: "offer", sdp: offer });
      } catch (error) {
        room.peer = "";
        throw new PairCodeError("This phone's browser refused the game master's offer: " + (error.message || error));
      }
      return room.describe();
    });
    return room;
  }

  async connect() {
    const config = await tableConfig();
    this.connection = new RTCPeerConnection({ iceServers: iceServers(config) });
    this.connection.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(this.connection.connectionState)) this.close();
    });
  }

  /* Its own description (offer or answer) made whole, with every candidate: its id and its
     code from it. */
  async describe() {
    await this.connection.setLocalDescription();
    await gathered(this.connection);
    const sdp = this.connection.localDescription.sdp;
    this.selfId = "paired-" + ufragOf(sdp);
    this.code = await packDescription(sdp);
    return this;
  }

  /* The game master's side takes her phone's answer `code`; a PairCodeError says why not. */
  async accept(code) {
    const answer = await unpackDescription(code, "answer");
    if (this.connection.signalingState !== "have-local-offer") {
      throw new PairCodeError("This pairing has taken an answer already: make a new pairing code for her phone.");
    }
    /* Named before the answer is applied, not after: once it is, the channel may open at any
       moment, and its opening files this room under `peer` (rooms.js add), by which the
       game master's welcome finds her phone; filed under no name, the welcome would go to the
       relays' room instead. */
    this.peer = "paired-" + ufragOf(answer);
    try {
      await this.connection.setRemoteDescription({ type: "answer", sdp: answer });
    } catch (error) {
      this.peer = "";
      throw new PairCodeError("The browser refused that answer: " + (error.message || error));
    }
  }

  attach(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => { this.joined = true; this.onJoin(this.peer); this.markOpened(this.peer); });
    channel.addEventListener("close", () => this.close());
    channel.addEventListener("message", (event) => this.frame(event.data));
  }

  /* One frame of a message: kept until its last one, then the message read. */
  frame(data) {
    if (typeof data !== "string" || !data) return;
    if (!this.skipping) this.partial += data.slice(1);
    if (this.partial.length > this.maxSize) { this.partial = ""; this.skipping = true; }
    if (data[0] === MORE) return;
    const text = this.partial;
    const skipped = this.skipping;
    this.partial = "";
    this.skipping = false;
    if (skipped) { this.receive(null, this.peer); return; }  /* counted against its allowance */
    let message = null;
    try { message = JSON.parse(text); } catch (error) { /* not JSON: dropped by receive */ }
    this.receive(message, this.peer);
  }

  /* Send `message` to the paired device (when `peer` is it, or none is named). */
  send(message, peer) {
    if (!this.channel || this.channel.readyState !== "open" || (peer && peer !== this.peer)) return;
    const text = JSON.stringify(this.counted(message));
    try {
      for (let at = 0; at < text.length || at === 0; at += FRAME) {
        this.channel.send((at + FRAME < text.length ? MORE : LAST) + text.slice(at, at + FRAME));
      }
    } catch (error) { /* closing */ }
  }

  /* The device connected now, if any. */
  peers() {
    return this.channel && this.channel.readyState === "open" ? [this.peer] : [];
  }

  close() {
    if (this.gone) return;
    this.gone = true;
    if (this.joined) this.onLeave(this.peer);
    this.markClosed();
  }

  leave() {
    if (this.connection) this.connection.close();
    this.close();
  }

  /* Its one device flooded: the pairing ends (she pairs again if it was a mistake). */
  disconnect() {
    this.leave();
  }
}
