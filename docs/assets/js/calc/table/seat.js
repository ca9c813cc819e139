/*
 * A player's phone at a live table: a battle tracker page opened by a table link
 * (./link.js). It boots no Python: its seat's view comes rendered from the game master's
 * device (./host.js), and its buttons send the events they carry there.
 *
 * - On joining, and whenever the host's device comes back, it says hello with its release,
 *   rules, seat and the events it holds, and again while no welcome comes (a hello can be
 *   lost); only a welcome signed with the key in its link (./trust.js) makes a device the
 *   host, and it takes nothing from any other.
 * - It keeps the log the host sends by index and shows its own digest of it (./digest.js);
 *   when that differs from the host's, it asks for the whole log again.
 * - A tap is kept on the phone until the host answers: sent at once, or when the host is
 *   back (after a sleep, a lost network or a reload), and answered taken (with its index) or
 *   refused (with the reason, shown beside the view).
 * - A phone on another release is held, saying so, until it is reloaded into the host's.
 *
 * What it holds (the battle, its view, the taps not yet answered) is kept on the device, so a
 * reload shows the fight at once, even before the host answers.
 */

import { el, button } from "../dom.js";
import { effectOf, gameMasters, viewInputs } from "./buttons.js";
import { stateDigest } from "./digest.js";
import { randomToken, seatRoom, tableLink } from "./link.js";
import { MAX_FROM_HOST } from "./inbox.js";
import { Room } from "./room.js";
import { Tray } from "./tray.js";
import { verifyWelcome } from "./trust.js";

const STORE = "rpg-table-seat:";
/* How long a phone waits for the host's welcome before it opens the page afresh, by how many
   times it has (see watch()). */
const HOST_WAITS_MS = [8000, 20000, 40000, 60000];
const RETRIES = "rpg-table-retries";
/* How long a phone not yet welcomed waits before it says hello again, by how many times it
   has. A message sent the moment a data channel opens can be lost on its way: a phone paired
   by hand lost her first hello in one pairing in 25 to 50 here (Chromium 156, her channel open
   at both ends, nothing received at the game master's), and then waited for ever. */
const HELLO_AGAIN_MS = [2000, 4000, 8000];
/* Longest view HTML taken from the host. */
const MAX_VIEW = 400000;

/* A moment of her joining, once a visit, as a performance mark "table:<what>" (make bench
   reads them to say where a phone's first visit goes: the page, the room, the host, the view). */
function mark(what) {
  if (!performance.getEntriesByName("table:" + what, "mark").length) performance.mark("table:" + what);
}

function isCount(value) {
  return Number.isInteger(value) && value >= 0;
}

export class TableSeat {
  /* Her seat at the table `link` names ({room, secret, key, seat}), reached through the
     relays, or through `room` when given (a room paired by hand, ./pair-phone.js). */
  constructor(root, link, room) {
    mark("seat");
    this.root = root;
    this.link = link;
    this.release = root.dataset.calcBuild || "";
    this.rules = root.dataset.calcRules || "";
    this.output = root.querySelector("[data-calc-output]");
    this.host = "";
    this.held = false;
    root.dataset.calcBound = "1";
    root.dataset.tableSeat = link.seat || "";
    root.querySelectorAll("form, [data-calc-reset], [data-calc-undo]").forEach((node) => { node.hidden = true; });
    const kept = this.load();
    this.combatants = kept.combatants || [];
    this.events = Array.isArray(kept.events) ? kept.events : [];
    this.pending = Array.isArray(kept.pending) ? kept.pending : [];
    this.mount();
    if (kept.view) this.showView(kept.view, true);
    else this.output.replaceChildren(el("p", { text: "Joining the table…" }));
    this.showDigest();
    this.room = room || new Room(seatRoom(link.room, link.seat), link.secret, MAX_FROM_HOST);
    this.room.onJoin = (peer) => { mark("peer"); this.greet(peer); };
    this.room.onLeave = (peer) => {
      if (peer !== this.host) return;
      this.host = "";
      delete this.root.dataset.tableConnected;
      this.say(this.room.freshPageRejoins ? "The game master's device is away; waiting for it to come back…"
        : "The game master's device is away.");
      this.watch();
    };
    this.watch();
    this.room.onMessage = (message, peer) => this.receive(message, peer);
    this.room.ready.then(() => { mark("room"); this.say("Looking for the game master's device…"); },
                         (error) => this.say("The table could not be reached: " + (error.message || error)));
    this.output.addEventListener("click", (event) => this.onClick(event));
    root.calcTable = this;  /* for other scripts (make bench reads its room's counts) */
  }

  /* Until the host's device welcomes this phone, the page is opened afresh after a wait
     that grows (HOST_WAITS_MS): a new page is a new device to the relays, with fresh offers.
     The same page joining again is not: its offers can miss the host's device (./room.js
     says when), and the relays pass them on again only when it next announces itself, up
     to two minutes on a public relay. What the phone holds is kept (see the header), so
     nothing is lost. A room paired by hand is not made again by a fresh page: it waits. */
  watch() {
    clearTimeout(this.watchdog);
    if (!this.room.freshPageRejoins) return;
    const tries = Number(sessionStorage.getItem(RETRIES) || 0);
    this.watchdog = setTimeout(() => {
      if (this.host) return;
      sessionStorage.setItem(RETRIES, String(tries + 1));
      window.location.reload();
    }, HOST_WAITS_MS[Math.min(tries, HOST_WAITS_MS.length - 1)]);
  }

  storeKey() {
    return STORE + this.link.room + ":" + this.link.seat;
  }

  load() {
    try { return JSON.parse(localStorage.getItem(this.storeKey()) || "{}") || {}; } catch (error) { return {}; }
  }

  save(extra) {
    const kept = Object.assign(this.load(), { combatants: this.combatants, events: this.events,
                                             pending: this.pending }, extra || {});
    try { localStorage.setItem(this.storeKey(), JSON.stringify(kept)); } catch (error) { /* full */ }
  }

  mount() {
    this.status = el("p", { className: "calc-live-table-status", role: "status", "data-table-status": "" });
    this.notice = el("p", { className: "calc-live-table-notice", role: "alert", "data-table-notice": "" });
    this.notice.hidden = true;
    this.digestLine = el("p", { className: "calc-live-table-digest", "data-table-digest": "" });
    this.seatPicker = el("div", { className: "calc-live-table-seats", role: "group", "aria-label": "Pick your seat" });
    this.seatPicker.hidden = true;
    this.tray = new Tray();
    this.panel = el("section", { className: "calc-live-table", "aria-label": "The live table", "data-table-phone": "" },
      this.status, this.notice, this.digestLine, this.seatPicker, this.tray.element);
    this.root.prepend(this.panel);
  }

  say(text) {
    this.status.textContent = text;
  }

  tell(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  async showDigest() {
    const digest = await stateDigest(this.combatants, this.events);
    this.digest = digest;
    this.digestLine.textContent = "Table state " + digest + " · " + this.events.length + " events";
    this.digestLine.dataset.tableDigest = digest;
    return digest;
  }

  /* Say hello to `peer`, and again (HELLO_AGAIN_MS) while no welcome or hold has come and
     `peer` is still connected. */
  greet(peer, times = 0) {
    this.hello(peer);
    if (times >= HELLO_AGAIN_MS.length) return;
    setTimeout(() => {
      if (!this.host && !this.held && this.room.peers().includes(peer)) this.greet(peer, times + 1);
    }, HELLO_AGAIN_MS[times]);
  }

  async hello(peer) {
    const digest = this.events.length ? await stateDigest(this.combatants, this.events) : "";
    this.room.send({ kind: "hello", release: this.release, rules: this.rules, seat: this.link.seat,
                     have: this.events.length, digest: digest }, peer);
  }

  async receive(message, peer) {
    if (message.kind === "welcome") { await this.welcome(message, peer); return; }
    if (!this.host || peer !== this.host) {
      if (message.kind === "hold" && typeof message.reason === "string") this.hold(message);
      return;
    }
    if (message.kind === "log") await this.takeLog(message);
    else if (message.kind === "view") this.takeView(message);
    else if (message.kind === "taken") this.answered(message.tap, "");
    else if (message.kind === "refused") this.answered(message.tap, String(message.reason || "Not taken."));
    else if (message.kind === "hold") this.hold(message);
  }

  /* A host that is held to another release cannot be verified as the host first (it sends
     no welcome); its hold is shown, and taps stay on the phone. */
  hold(message) {
    this.held = true;
    this.say("Held: " + String(message.reason).slice(0, 300));
    this.tell("This phone's page is from another release than the game master's. Reload it to update; your taps wait here.");
    const reload = button("Reload to update", { "data-table-reload": "" });
    reload.addEventListener("click", () => window.location.reload());
    this.notice.append(" ", reload);
  }

  async welcome(message, peer) {
    if (typeof message.host !== "string" || message.host !== peer || typeof message.sig !== "string") return;
    if (!await verifyWelcome(this.link.key, this.link.room, peer, this.room.selfId, message.sig)) return;
    mark("welcome");
    this.host = peer;
    this.root.dataset.tableConnected = "";
    this.held = false;
    clearTimeout(this.watchdog);
    sessionStorage.removeItem(RETRIES);
    this.tell("");
    this.say("Connected to the game master's device" + (message.name ? ": " + String(message.name).slice(0, 80) : "") + ".");
    if (!this.link.seat) this.offerSeats(Array.isArray(message.seats) ? message.seats : []);
    this.pending.forEach((tap) => this.room.send(tap, this.host));
  }

  /* A table link names no seat: she picks hers. */
  offerSeats(seats) {
    this.seatPicker.replaceChildren(el("p", { text: "Which one are you?" }), ...seats
      .filter((seat) => seat && typeof seat.id === "string" && typeof seat.name === "string")
      .map((seat) => {
        const pick = button(seat.name.slice(0, 40), { "data-table-pick": seat.id });
        pick.addEventListener("click", () => {
          window.location.replace(tableLink(window.location.href, this.link, seat.id));
          window.location.reload();
        });
        return pick;
      }));
    this.seatPicker.hidden = false;
  }

  async takeLog(message) {
    if (!isCount(message.from) || !Array.isArray(message.events) || !isCount(message.total)
        || message.from + message.events.length !== message.total) return;
    if (message.from > this.events.length) { this.events = []; this.hello(this.host); return; }
    if (message.combatants !== undefined) this.combatants = message.combatants;
    this.events = this.events.slice(0, message.from).concat(message.events);
    mark("log");
    const digest = await this.showDigest();
    this.save();
    if (digest !== message.digest) {  /* parted from the host's: take the whole log again */
      this.events = [];
      this.hello(this.host);
    }
  }

  takeView(message) {
    if (typeof message.html !== "string" || message.html.length > MAX_VIEW) return;
    this.showView(message.html, false);
    mark("view");
    /* The state her view shows: a view comes after the events it shows, so for a moment her
       digest line can be ahead of her view (tests wait for both). */
    if (typeof message.digest === "string" && /^[0-9a-f]{1,16}$/.test(message.digest)) {
      this.root.dataset.tableView = message.digest;
    }
    this.save({ view: message.html });
    if (typeof BroadcastChannel !== "undefined") {  /* the seat is live: offline.js may precache */
      const channel = new BroadcastChannel("rpg-calc-runtime");
      channel.postMessage({ type: "seat" });
      channel.close();
    }
  }

  /* Show a view: the host's HTML, built and escaped in Python; buttons of the game master's
     alone are taken out. */
  showView(html, old) {
    const template = document.createElement("template");
    template.innerHTML = html;
    template.content.querySelectorAll("[data-calc-set], [data-calc-copy-link]").forEach((node) => {
      if (node.hasAttribute("data-calc-copy-link") || gameMasters(node, this.link.seat)) node.remove();
    });
    this.output.replaceChildren(template.content);
    this.root.dataset.calcState = old ? "pending" : "live";
    this.tray.update(this.output);
  }

  onClick(event) {
    const target = event.target.closest("[data-calc-set]");
    const effect = target && effectOf(target);
    if (!effect) return;
    if (this.held) { this.tell("Reload this page to update first; then your taps count."); return; }
    if (effect.event) {
      const tap = { kind: "tap", tap: randomToken(6), at: this.events.length, event: effect.event };
      this.pending.push(tap);
      this.save();
      if (this.host) {
        this.room.send(tap, this.host);
        this.say("Sent: " + effect.text + "…");
      } else {
        this.say("Not connected: “" + effect.text + "” is sent when the game master's device is back.");
      }
      return;
    }
    if (this.host) this.room.send({ kind: "look", inputs: viewInputs(effect.set) }, this.host);
  }

  /* The host answered tap `id`: taken (no `reason`) or refused. */
  answered(id, reason) {
    const before = this.pending.length;
    this.pending = this.pending.filter((tap) => tap.tap !== id);
    if (this.pending.length !== before) this.save();
    if (reason) this.tell(reason.slice(0, 300));
    else { this.tell(""); this.say("Taken."); }
  }
}
