/*
 * A table link: the address of a battle tracker page whose fragment names a live table's
 * room, its secret, the game master's public key and a seat,
 * `#table=<room>.<secret>.<key>.<seat>` (the seat percent-encoded, empty for the table link
 * that lets her pick one). The fragment never reaches a web server, so neither does the
 * secret. Pure functions of text, unit-tested under Node (tests/js/table-link.test.mjs).
 */

import { toBase64Url } from "../packing.js";

export const TABLE_PART = "table=";
/* base64url text of a room id, a secret or a key: what ./host.js draws (11, 22 and 87
   characters); a link with other text is not a table link. */
const TOKEN = /^[A-Za-z0-9_-]{8,120}$/;
/* Longest seat id (a combatant's id) a link may name. */
const MAX_SEAT = 40;

/* `href` with its fragment replaced by the table part for `table` ({room, secret, key}) and
   `seat`. */
export function tableLink(href, table, seat) {
  const url = new URL(href);
  url.hash = TABLE_PART + [table.room, table.secret, table.key, encodeURIComponent(seat || "")].join(".");
  return url.href;
}

/* {room, secret, key, seat} from a fragment ("#table=..."), or null when it is not a table
   link (another fragment, a broken one, a seat too long). */
export function readTableLink(hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (text.indexOf(TABLE_PART) !== 0) return null;
  const parts = text.slice(TABLE_PART.length).split(".");
  if (parts.length !== 4 || !parts.slice(0, 3).every((part) => TOKEN.test(part))) return null;
  let seat;
  try { seat = decodeURIComponent(parts[3]); } catch (error) { return null; }
  if (seat.length > MAX_SEAT) return null;
  return { room: parts[0], secret: parts[1], key: parts[2], seat: seat };
}

/* The relays' room a device joins for `seat` of the table `room`: the table's own room for the
   table link (she picks her seat there), one room per seat otherwise. The relays hand a new
   device's offers to a few devices of its room picked at random (a WebTorrent tracker passes
   each of its three offers to one other device), so in one room for the whole table a
   phone's offers often went to other phones and missed the game master's device, about one
   join in five, until it announced itself again (up to two minutes on a public relay). In
   her seat's room the only other device is the game master's. */
export function seatRoom(room, seat) {
  return seat ? room + "/" + seat : room;
}

/* `count` random bytes as base64url text. */
export function randomToken(count) {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(count)));
}
