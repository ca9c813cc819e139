/*
 * A player's phone opened by a pair link (./pair-code.js): her seat (./seat.js) over a room
 * paired by hand (./pairing.js). The phone answers the game master's offer and shows its
 * answer as a big QR code, with the code's text under it, for the game master's camera (or
 * for her to read out and type). A broken pair link is named as such, and the page is then
 * an ordinary tracker.
 */

import { el } from "../dom.js";
import { qrImage } from "./qr.js";
import { PairedRoom } from "./pairing.js";
import { TableSeat } from "./seat.js";

/* Pixels a module of the answer's code: big enough for a laptop's camera at arm's length,
   small enough that the code fits a phone's width (about 77 modules with its quiet zone). */
const ANSWER_CELL = 6;
const QUIET_ZONE = 4;

/* Mount a phone's seat for `pair` (what readPairLink read); false when the link is broken
   (its problem then shown above `root`, whose widget mounts as usual). */
export function mountPairedSeat(root, pair) {
  if (pair.error) {
    root.before(el("p", { className: "calc-live-table-notice", role: "alert", "data-table-pair-error": "" }, pair.error));
    return false;
  }
  const room = PairedRoom.answering(pair.offer);
  const seat = new TableSeat(root, pair.link, room);
  const box = el("div", { className: "calc-live-table-answer", "data-table-answer": "" },
    el("p", { text: "Making this phone's answer…" }));
  seat.panel.append(box);
  room.ready.then(async () => {
    const image = await qrImage(room.code, { alt: "This phone's answer, as a QR code", className: "calc-live-table-answer-qr",
                                             "data-table-answer-qr": "" }, ANSWER_CELL, QUIET_ZONE).catch(() => null);
    box.replaceChildren(
      el("p", { className: "calc-live-table-notice", text: "Hold this code up to the game master's camera " +
                "(her “Scan her answer”), screen turned to full brightness." }),
      ...(image ? [image] : []),
      el("p", { text: "Or read this code out for her to type (" + room.code.length + " characters):" }),
      el("code", { className: "calc-live-table-answer-text", "data-table-answer-text": "" }, room.code));
  }, () => box.remove());  /* the seat's status names the problem (a broken offer) */
  room.opened.then(() => box.replaceChildren(el("p", { text: "Paired with the game master's device." })));
  room.closed.then(() => box.replaceChildren(el("p", { className: "calc-live-table-notice", role: "alert",
    text: "The connection to the game master's device is closed. Ask her to pair your seat again " +
          "(“Pair without internet”) and scan her new code." })));
  return true;
}
