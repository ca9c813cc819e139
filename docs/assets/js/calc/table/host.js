/*
 * The game master's side of a live table, beside a battle tracker widget (./widget.js): her
 * device holds the battle, and every phone at the table sees it and plays its seat.
 *
 * "Open this battle to the table" draws a room, its secret and a signing key (./trust.js),
 * kept with the battle on this device so a reload resumes the same room, and shows a link and
 * a QR code for the table and one per seat, with "Pair without internet" for a phone paired by
 * hand (./pair-host.js); phones come through the relays and paired by hand at once
 * (./rooms.js). Each message a phone sends is taken in order, one at a time (two taps at
 * once: the second is checked against the state after the first):
 *
 * - checked first by the `table-message` calculator (the protocol's Param declarations, the
 *   same checks as any input; anything else is refused with its reason);
 * - `hello`: a phone on another release or other rules is held until it updates; otherwise it
 *   is welcomed (signed), sent the log from the last event it holds (or all of it when its
 *   digest differs) and its seat's view, rendered here so a phone needs no Python to play;
 * - `tap`: the event must be one the seat's view offers now; its seeds are drawn here, it is
 *   appended as the tracker's own buttons append, and a refusal of the engine undoes it and
 *   goes back to her with its reason; a tap already taken (sent again after a reconnection)
 *   is answered again, never appended twice;
 * - `look`: a view-only button of her view (a move pad, an action's die) sets her view's own
 *   inputs, kept here per device, and her view is rendered again.
 *
 * After every answer of the tracker that changes the battle, every phone is sent the events
 * it lacks (by index) and its view. Views are rendered only from the battle's inputs, her
 * seat and her view's own inputs: nothing of the game master's open tools reaches a phone.
 */

import { button, el } from "../dom.js";
import { offeredButtons, sameEvent, viewInputs } from "./buttons.js";
import { canonical, stateDigest } from "./digest.js";
import { MAX_FROM_PHONE } from "./inbox.js";
import { randomToken, seatRoom, tableLink } from "./link.js";
import { HostPairing } from "./pair-host.js";
import { qrImage } from "./qr.js";
import { Room } from "./room.js";
import { Rooms } from "./rooms.js";
import { Tray } from "./tray.js";
import { newHostKey, signWelcome } from "./trust.js";

const STORE = "rpg-table:";
/* Taps kept taken, per table, to answer one sent again (the newest only). */
const TAKEN_KEPT = 500;
const SITE_ROOT = new URL("../../../../", import.meta.url);

/* JSON `text` parsed, or `fallback` when it is blank or not JSON. */
function parsed(text, fallback) {
  if (!text) return fallback;
  try { return JSON.parse(text); } catch (error) { return fallback; }
}

/* How many leading items `a` and `b` share. */
function sharedPrefix(a, b) {
  const most = Math.min(a.length, b.length);
  let i = 0;
  while (i < most && canonical(a[i]) === canonical(b[i])) i += 1;
  return i;
}

/* One device at the table, as the host knows it. */
class Device {
  constructor(id) {
    this.id = id;
    this.seat = "";
    this.welcomed = false;
    this.held = "";
    this.known = 0;       /* events it holds, as sent from here */
    this.local = {};      /* its view's own inputs */
    this.offered = [];    /* the buttons of the view sent to it */
    this.viewFor = "";    /* the digest its view was rendered for */
  }

  /* What a button of its view sets among its view's own inputs (a blank one back to the
     calculator's default). */
  takeInputs(set) {
    const inputs = viewInputs(set);
    Object.keys(inputs).forEach((key) => {
      if (inputs[key] === "") delete this.local[key];
      else this.local[key] = inputs[key];
    });
  }
}

export class TableHost {
  constructor(widget) {
    this.widget = widget;
    this.root = widget.root;
    this.release = this.root.dataset.calcBuild || "";
    this.rules = this.root.dataset.calcRules || "";
    this.devices = new Map();
    this.queue = Promise.resolve();
    this.events = [];
    this.combatants = null;
    this.digest = "";
    this.tray = new Tray();
    this.mount();
    this.root.addEventListener("calc:answer", () => this.onAnswer());
    this.root.calcTable = this;  /* for other scripts (make bench reads its room's counts) */
  }

  /* The battle in the tracker's inputs now: {combatants, events, name}; null while they are
     not JSON (an edit under way, which the tracker refuses anyway). */
  battle() {
    const inputs = this.widget.applying(this.widget.state);
    const combatants = parsed(inputs.combatants, []);
    const events = parsed(inputs.events, []);
    if (!Array.isArray(events)) return null;
    return { combatants: combatants, events: events, name: inputs.name || "" };
  }

  /* Where this battle's table is kept: by the saved battle's id. */
  storeKey() {
    return STORE + (this.widget.recordId || this.widget.id);
  }

  load() {
    return parsed(localStorage.getItem(this.storeKey()), null);
  }

  save() {
    if (!this.table) return;
    try { localStorage.setItem(this.table.storeKey, JSON.stringify(this.table.kept)); } catch (error) { /* full */ }
  }

  /* The panel: closed, one button; open, the links, the devices and the state digest. */
  mount() {
    this.pairing = new HostPairing(this);
    this.openButton = button("Open this battle to the table", { "data-table-open": "" });
    this.openButton.addEventListener("click", () => this.open(true));
    this.closeButton = button("Close the table", { "data-table-close": "" });
    this.closeButton.addEventListener("click", () => this.close());
    this.closeButton.hidden = true;
    this.status = el("p", { className: "calc-live-table-status", role: "status", "data-table-status": "" });
    this.digestLine = el("p", { className: "calc-live-table-digest", "data-table-digest": "" });
    this.links = el("div", { className: "calc-live-table-links", "data-table-links": "" });
    this.deviceList = el("ul", { className: "calc-live-table-devices", "aria-label": "Devices at the table",
                                 "data-table-devices": "" });
    this.panel = el("section", { className: "calc-live-table", "aria-label": "The live table", "data-table-host": "" },
      el("p", { className: "calc-live-table-about" }, "Play this fight live on every phone at the table: ",
         el("a", { href: new URL("live-table/", SITE_ROOT).href }, "about the table"), "."),
      this.openButton, this.closeButton, this.status, this.digestLine, this.tray.element,
      this.links, this.pairing.element, this.deviceList);
    this.root.prepend(this.panel);
  }

  /* Open this battle's table: the kept one (a reload resumes it), or a new room when
     `fresh` asks and none is kept. */
  async open(fresh) {
    const key = this.storeKey();
    let kept = this.load();
    if (!kept && !fresh) return;
    if (this.table && this.table.storeKey === key) return;
    this.close(true);
    if (!kept) {
      const host = await newHostKey();
      kept = { room: randomToken(8), secret: randomToken(16), key: host.key, jwk: host.jwk, taken: {} };
    }
    const secret = kept.secret;
    const room = new Rooms((id) => new Room(id, secret, MAX_FROM_PHONE, true), kept.room);
    this.table = { storeKey: key, kept: kept, room: room };
    this.save();
    room.onMessage = (message, peer) => this.enqueue(() => this.receive(message, peer));
    room.onJoin = (peer) => { this.device(peer); this.showDevices(); };
    room.onLeave = (peer) => { this.devices.delete(peer); this.showDevices(); };
    room.onNoisy = () => this.say("A device sent far more than a table does; it is ignored.");
    this.openButton.hidden = true;
    this.closeButton.hidden = false;
    this.say("Opening the table…");
    try {
      await room.ready;
    } catch (error) {
      this.say("The table could not open: " + (error && error.message ? error.message : error));
      return;
    }
    if (!this.table || this.table.room !== room) return;  /* closed meanwhile */
    this.say("The table is open: a phone joins by its link or QR code.");
    this.showLinks();
    this.enqueue(() => this.refresh());
  }

  /* The battle whose table is open was saved and given its id only now: its table is kept
     under that id from now on. */
  adopt(key) {
    localStorage.removeItem(this.table.storeKey);
    this.table.storeKey = key;
    this.save();
  }

  /* Leave the room; forget it too unless `keep` (a reload or another battle shown). */
  close(keep) {
    if (!this.table) return;
    this.pairing.close();
    this.table.room.leave();
    if (!keep) localStorage.removeItem(this.table.storeKey);
    this.table = null;
    this.devices.clear();
    this.openButton.hidden = false;
    this.closeButton.hidden = true;
    this.links.replaceChildren();
    this.linksShown = "";
    this.showDevices();
    this.say(keep ? "" : "The table is closed; phones no longer follow this battle.");
  }

  say(text) {
    this.status.textContent = text;
  }

  device(peer) {
    if (!this.devices.has(peer)) this.devices.set(peer, new Device(peer));
    return this.devices.get(peer);
  }

  /* Run `step` after every step before it, so messages are handled one at a time. */
  enqueue(step) {
    this.queue = this.queue.then(step).catch((error) => console.error(error));
    return this.queue;
  }

  /* After every live answer: follow the battle shown (a reload resumes its table; another
     battle shown leaves it), and send every phone what changed. */
  onAnswer() {
    this.tray.update(this.widget.output);
    const key = this.storeKey();
    if (this.table && this.table.storeKey !== key) {
      if (this.table.storeKey === STORE + this.widget.id) this.adopt(key);  /* saved just now */
      else this.close(true);  /* another battle shown: its table, if any, opens instead */
    }
    if (!this.table) { this.open(false); return; }
    this.enqueue(() => this.refresh());
  }

  /* The battle's seats, one per combatant: [{id, name}], named as the tracker's seat links
     name them (kept from the game master's view, which a "Play as" view lacks). */
  seats() {
    this.seatNames = this.seatNames || new Map();
    this.widget.output.querySelectorAll("[data-seat-name]").forEach((node) => {
      const id = parsed(node.dataset.calcCopyLink, {}).seat;
      if (id) this.seatNames.set(id, node.dataset.seatName);
    });
    const battle = this.battle();
    const combatants = battle && Array.isArray(battle.combatants) ? battle.combatants : [];
    return combatants.filter((c) => c && typeof c.id === "string" && c.id).map((c) => ({
      id: c.id,
      name: this.seatNames.get(c.id) || (typeof c.name === "string" && c.name)
        || (c.character && typeof c.character.name === "string" && c.character.name) || c.id,
    }));
  }

  /* A link and a QR code for the table, and one per seat, whose relays' room it joins; drawn
     again only when they change (a seat more or less, or renamed). */
  async showLinks() {
    if (!this.table) return;
    const { room, secret, key } = this.table.kept;
    const table = { room: room, secret: secret, key: key };
    const page = window.location.href;
    const seats = this.seats();
    seats.forEach((seat) => this.table.room.relay(seatRoom(room, seat.id)));
    const entries = [{ label: "The table (each player picks her seat)", href: tableLink(page, table, "") }]
      .concat(seats.map((seat) => ({ label: seat.name + "'s phone", href: tableLink(page, table, seat.id), seat: seat })));
    const shown = JSON.stringify(entries.map((entry) => [entry.label, entry.href]));
    if (shown === this.linksShown) return;
    this.linksShown = shown;
    const images = await Promise.all(entries.map((entry) => qrImage(entry.href, {
      alt: "QR code of the link: " + entry.label, className: "calc-live-table-qr" }).catch(() => null)));  /* the links still work */
    if (this.linksShown !== shown) return;  /* closed, or drawn anew, meanwhile */
    this.links.replaceChildren(...entries.map((entry, i) => {
      const link = el("a", { href: entry.href, "data-table-link": "" }, entry.label);
      const copy = button("Copy", { "aria-label": "Copy the link: " + entry.label });
      copy.addEventListener("click", () => {
        if (navigator.clipboard) navigator.clipboard.writeText(entry.href).then(() => this.say("Copied: " + entry.label + "."), () => {});
      });
      const item = el("details", { className: "calc-live-table-link" }, el("summary", {}, entry.label), link, " ", copy);
      if (entry.seat) {
        const pair = button("Pair without internet", { "data-table-pair": entry.seat.id,
                                                       "aria-label": "Pair without internet: " + entry.label });
        pair.addEventListener("click", () => this.pairing.start(entry.seat));
        item.append(" ", pair);
      }
      if (images[i]) item.append(images[i]);
      return item;
    }));
  }

  showDevices() {
    const names = new Map(this.seats().map((seat) => [seat.id, seat.name]));
    const items = Array.from(this.devices.values()).filter((device) => device.welcomed || device.held)
      .map((device) => el("li", { "data-table-device": device.seat },
        (device.seat ? (names.get(device.seat) || device.seat) + "'s phone" : "A phone watching")
        + (device.held ? ": held (" + device.held + ")" : ": connected")));
    this.deviceList.replaceChildren(...items);
  }

  /* The battle changed (or a table opened): every welcomed phone gets what it lacks. */
  async refresh() {
    const battle = this.battle();
    if (!battle || !this.table) return;
    const digest = await stateDigest(battle.combatants, battle.events);
    if (digest === this.digest) return;
    const from = sharedPrefix(this.events, battle.events);
    const combatantsChanged = canonical(battle.combatants) !== canonical(this.combatants);
    this.events = battle.events;
    this.combatants = battle.combatants;
    this.name = battle.name;
    this.digest = digest;
    this.digestLine.textContent = "Table state " + digest + " · " + battle.events.length + " events";
    this.digestLine.dataset.tableDigest = digest;
    if (combatantsChanged) this.showLinks();  /* a seat more or less */
    for (const device of this.devices.values()) {
      if (!device.welcomed) continue;
      this.sendLog(device, Math.min(from, device.known), combatantsChanged);
      if (device.seat) await this.sendView(device);
    }
  }

  sendLog(device, from, withCombatants) {
    const message = { kind: "log", from: from, events: this.events.slice(from),
                      total: this.events.length, digest: this.digest, name: this.name };
    if (withCombatants || from === 0) message.combatants = this.combatants;
    this.table.room.send(message, device.id);
    device.known = this.events.length;
  }

  /* Render `device`'s seat with its view's own inputs, keep its buttons and send it. */
  async sendView(device) {
    const answer = await this.widget.runtime.call(this.widget.name, this.viewParams(device));
    if (answer.errors) {
      if (Object.keys(device.local).length) {  /* her view's own inputs no longer apply */
        device.local = {};
        await this.sendView(device);
        return;
      }
      this.table.room.send({ kind: "refused", tap: "", reason: answer.errors.map((e) => e.message).join(" ") }, device.id);
      return;
    }
    const template = document.createElement("template");
    template.innerHTML = answer.html;  /* built and escaped in Python */
    device.offered = offeredButtons(template.content, device.seat);
    device.viewFor = this.digest;
    this.table.room.send({ kind: "view", at: this.events.length, digest: this.digest, html: answer.html }, device.id);
  }

  /* The inputs of `device`'s view: the battle's, every view-only input at its own value (the
     game master's open tools stay hers), and the seat. */
  viewParams(device) {
    const inputs = this.widget.applying(this.widget.state);
    const viewOnly = new Set(["event", "tool"]);
    this.widget.output.querySelectorAll("[data-calc-set]").forEach((node) => {
      Object.keys(parsed(node.dataset.calcSet, {})).forEach((key) => viewOnly.add(key));
    });
    this.widget.output.querySelectorAll("[data-calc-field]").forEach((node) => viewOnly.add(node.dataset.calcField));
    device.offered.forEach((offer) => Object.keys(offer.set).forEach((key) => viewOnly.add(key)));
    const params = {};
    Object.keys(inputs).forEach((key) => {
      if (inputs[key] !== "" && !viewOnly.has(key)) params[key] = inputs[key];
    });
    Object.assign(params, device.local);
    params.seat = device.seat;
    return params;
  }

  /* One message from `peer`, checked by the protocol's declarations, then handled. */
  async receive(message, peer) {
    if (!this.table) return;
    const device = this.device(peer);
    const answer = await this.widget.runtime.call("table-message", message);
    if (answer.errors) {
      this.table.room.send({ kind: "refused", tap: typeof message.tap === "string" ? message.tap.slice(0, 24) : "",
                             reason: "Not taken: " + answer.errors.map((e) => e.message).join(" ") }, peer);
      return;
    }
    const template = document.createElement("template");
    template.innerHTML = answer.html;
    const checked = parsed((template.content.querySelector("[data-table-message]") || {}).dataset?.tableMessage, null);
    if (!checked) return;
    if (checked.kind === "hello") await this.hello(device, checked);
    else if (!device.welcomed) this.table.room.send({ kind: "refused", tap: checked.tap || "", reason: device.held
      ? "Not taken: this phone must update first (" + device.held + ")." : "Not taken: say hello first." }, peer);
    else if (checked.kind === "tap") await this.tap(device, checked);
    else if (checked.kind === "look") await this.look(device, checked);
    this.showDevices();
  }

  async hello(device, message) {
    const room = this.table.room;
    if (message.release !== this.release || message.rules !== this.rules) {
      device.held = message.release !== this.release ? "another release of the site" : "other rules";
      device.welcomed = false;
      room.send({ kind: "hold", release: this.release, rules: this.rules,
                  reason: "This page is from " + device.held + " than the game master's. Reload it to update, then it joins." }, device.id);
      return;
    }
    if (message.seat && !this.seats().some((seat) => seat.id === message.seat)) {
      room.send({ kind: "refused", tap: "", reason: "This battle has no seat “" + message.seat + "”: pick one." }, device.id);
      message.seat = "";
    }
    device.held = "";
    if (device.seat !== message.seat) { device.local = {}; device.offered = []; }
    device.seat = message.seat;
    const self = room.selfIdFor(device.id);
    const signature = await signWelcome(this.table.kept.jwk, this.table.kept.room, self, device.id);
    room.send({ kind: "welcome", release: this.release, rules: this.rules, host: self,
                sig: signature, name: this.name || "", seats: this.seats() }, device.id);
    device.welcomed = true;
    let from = 0;
    if (message.have <= this.events.length && message.digest
        && await stateDigest(this.combatants, this.events.slice(0, message.have)) === message.digest) {
      from = message.have;
    }
    this.sendLog(device, from, from === 0);
    if (device.seat) await this.sendView(device);
  }

  async tap(device, message) {
    const room = this.table.room;
    const taken = this.table.kept.taken;
    if (Object.prototype.hasOwnProperty.call(taken, message.tap)) {
      room.send({ kind: "taken", tap: message.tap, index: taken[message.tap] }, device.id);
      return;
    }
    const refuse = (reason) => room.send({ kind: "refused", tap: message.tap, reason: reason }, device.id);
    if (!device.seat) { refuse("Not taken: pick a seat to play."); return; }
    if (device.viewFor !== this.digest) await this.sendView(device);
    const offer = device.offered.find((candidate) => candidate.event && sameEvent(candidate.event, message.event));
    if (!offer) {
      refuse("Not taken: that is not offered to your seat now"
             + (message.at < this.events.length ? " (the fight moved on since you tapped)." : "."));
      return;
    }
    const index = this.events.length;
    const answered = this.settled();
    this.widget.applySet({}, { events: JSON.stringify(offer.event) });
    const errors = await answered;
    if (errors) {
      this.widget.undo();
      refuse("Not taken: " + errors.map((e) => e.message).join(" "));
      return;
    }
    device.takeInputs(offer.set);
    taken[message.tap] = index;
    const ids = Object.keys(taken);
    if (ids.length > TAKEN_KEPT) ids.slice(0, ids.length - TAKEN_KEPT).forEach((id) => delete taken[id]);
    this.save();
    room.send({ kind: "taken", tap: message.tap, index: index }, device.id);
    await this.refresh();
  }

  async look(device, message) {
    if (!device.seat) return;
    const wanted = canonical(message.inputs);
    const offer = device.offered.find((candidate) => !candidate.event && canonical(viewInputs(candidate.set)) === wanted);
    if (!offer) {
      this.table.room.send({ kind: "refused", tap: "", reason: "Not taken: that button is not on your view now." }, device.id);
      return;
    }
    device.takeInputs(offer.set);
    await this.sendView(device);
  }

  /* A promise of the tracker's next answer: null, or the errors refusing its inputs. */
  settled() {
    return new Promise((resolve) => {
      const done = (event) => {
        this.root.removeEventListener("calc:answer", done);
        this.root.removeEventListener("calc:errors", done);
        resolve(event.type === "calc:errors" ? event.detail : null);
      };
      this.root.addEventListener("calc:answer", done);
      this.root.addEventListener("calc:errors", done);
    });
  }
}
