/*
 * The game master's side of a pairing done by hand, for a table with no relay reachable (or a
 * phone with no internet of its own): "Pair without internet" beside a seat's link.
 *
 * Her device makes an offer (./pairing.js) and shows the pair link as a QR code and as text
 * (./pair-code.js); her player's phone opens it and shows its answer as a QR code; "Scan her
 * answer" opens this device's camera and reads it from the frames (jsQR, ./qr.js), or she
 * types it. The answer taken, the phone joins the table's rooms (./rooms.js) and plays as
 * any other. One pairing is shown at a time; the pairings done stay connected.
 */

import { button, el } from "../dom.js";
import { MAX_FROM_PHONE } from "./inbox.js";
import { PairCodeError, pairLink } from "./pair-code.js";
import { PairedRoom } from "./pairing.js";
import { qrImage, qrReader } from "./qr.js";

/* How often a camera frame is read, and the widest frame read (a QR code on a phone held up
   to a laptop's camera fills much of the frame; a smaller frame is read sooner). */
const SCAN_EVERY_MS = 150;
const SCAN_WIDTH = 800;

export class HostPairing {
  constructor(host) {
    this.host = host;
    this.element = el("section", { className: "calc-live-table-pairing", "aria-label": "Pairing without internet",
                                   "data-table-pairing": "" });
    this.element.hidden = true;
  }

  /* Pair `seat` ({id, name}): a new offer, shown for her phone to scan. */
  async start(seat) {
    this.stop();
    const table = this.host.table;
    if (!table) return;
    const room = PairedRoom.offering(MAX_FROM_PHONE);
    this.room = room;
    this.seat = seat;
    table.room.add(room);
    this.status = el("p", { role: "status", "data-table-pair-status": "" });
    this.element.replaceChildren(el("h4", { text: "Pair " + seat.name + "'s phone without internet" }), this.status);
    this.element.hidden = false;
    this.say("Making the pairing code…");
    try {
      await room.ready;
    } catch (error) {
      this.say("The pairing code could not be made: " + (error && error.message ? error.message : error));
      return;
    }
    if (this.room !== room) return;  /* another pairing started meanwhile */
    const { room: id, secret, key } = table.kept;
    const href = pairLink(window.location.href, { room: id, secret: secret, key: key }, seat.id, room.code);
    const image = await qrImage(href, { alt: "QR code for " + seat.name + "'s phone to pair without internet",
                                        className: "calc-live-table-pair-qr", "data-table-pair-qr": "" }).catch(() => null);
    if (this.room !== room) return;
    this.field = el("textarea", { id: "calc-table-answer", rows: "3", spellcheck: "false", autocapitalize: "off",
                                  "data-table-answer-code": "" });
    const use = button("Use this code", { "data-table-answer-use": "" });
    use.addEventListener("click", () => this.take(this.field.value));
    const scan = button("Scan her answer", { className: "md-button md-button--primary", "data-table-scan": "" });
    scan.addEventListener("click", () => this.scan());
    const cancel = button("Cancel", { "data-table-pair-cancel": "" });
    cancel.addEventListener("click", () => this.close());
    this.video = el("video", { className: "calc-live-table-camera", muted: "", playsinline: "", "data-table-camera": "" });
    this.video.hidden = true;
    this.element.append(
      el("p", { text: "1. On " + seat.name + "'s phone, scan this code (or open the link under it). " +
                      "Both devices must be on the same network: a phone's hotspot will do." }),
      ...(image ? [image] : []),
      el("details", {}, el("summary", { text: "The link" }),
         el("a", { href: href, className: "calc-live-table-pair-link", "data-table-pair-link": "" }, href)),
      el("p", { text: "2. Her phone then shows a code: scan it with this device's camera, or type it." }),
      scan, this.video,
      el("label", { for: "calc-table-answer", text: "or type her code" }), this.field, use, cancel);
    this.say("Waiting for " + seat.name + "'s phone.");
    room.opened.then(() => {
      if (this.room !== room) return;
      this.stopCamera();
      this.say(seat.name + "'s phone is paired and connected.");
    });
    room.closed.then(() => {
      if (this.room === room) this.say("The connection to " + seat.name + "'s phone closed. Both devices must be on the same network; pair again.");
    });
  }

  say(text) {
    if (this.status) this.status.textContent = text;
  }

  /* Her phone's answer `code`, scanned or typed: taken, or refused with the reason. Whether
     it was taken. */
  async take(code) {
    const room = this.room;
    if (!room) return false;
    try {
      await room.accept(code);
    } catch (error) {
      this.say(error instanceof PairCodeError ? error.message : "That code could not be used: " + (error.message || error));
      return false;
    }
    this.stopCamera();
    /* Her phone's channel may have opened while the answer was applied: then it says so already. */
    if (!room.joined) this.say("Her answer is taken: connecting to " + this.seat.name + "'s phone…");
    return true;
  }

  /* Read her answer from the camera's frames until one is taken. */
  async scan() {
    const room = this.room;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      this.say("This browser gives no camera to the page: type her code instead.");
      return;
    }
    let read;
    try {
      read = await qrReader();
      this.stopCamera();
      this.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      this.say("The camera could not be opened (" + (error && error.name ? error.name : error) + "): type her code instead.");
      return;
    }
    if (this.room !== room) { this.stopCamera(); return; }
    this.video.srcObject = this.stream;
    this.video.hidden = false;
    await this.video.play().catch(() => {});
    this.say("Hold her phone's code up to the camera.");
    const canvas = document.createElement("canvas");
    const pen = canvas.getContext("2d", { willReadFrequently: true });
    let last = "";
    const frame = async () => {
      if (!this.stream || this.room !== room) return;
      const width = this.video.videoWidth;
      if (width) {
        const scale = Math.min(1, SCAN_WIDTH / width);
        canvas.width = Math.round(width * scale);
        canvas.height = Math.round(this.video.videoHeight * scale);
        pen.drawImage(this.video, 0, 0, canvas.width, canvas.height);
        const found = read(pen.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height,
                           { inversionAttempts: "dontInvert" });
        if (found && found.data && found.data !== last) {
          last = found.data;
          if (await this.take(found.data)) return;
        }
      }
      this.scanTimer = setTimeout(frame, SCAN_EVERY_MS);
    };
    frame();
  }

  stopCamera() {
    clearTimeout(this.scanTimer);
    if (this.stream) this.stream.getTracks().forEach((track) => track.stop());
    this.stream = null;
    if (this.video) { this.video.srcObject = null; this.video.hidden = true; }
  }

  /* Stop the pairing under way; an offer not yet answered is dropped (a phone paired stays). */
  stop() {
    this.stopCamera();
    if (this.room && !this.room.peer) this.room.leave();
    this.room = null;
  }

  /* Stop it and take it off the panel. */
  close() {
    this.stop();
    this.element.replaceChildren();
    this.element.hidden = true;
  }
}
