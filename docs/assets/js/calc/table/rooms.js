/*
 * The game master's rooms, seen as one: the relays' rooms (./room.js), the table's own and one
 * per seat (./link.js seatRoom says why), and every phone paired by hand (./pairing.js), at
 * once. A table opened online can take a phone with no internet of its own, and one whose
 * relays cannot be reached can take every phone by hand, with nothing to switch. It has
 * ./inbox.js's interface (each room guards what it takes), so ./host.js does not know which
 * room carried a message.
 */

export class Rooms {
  /* `join(id)` joins the relays' room `id` (a ./room.js Room); the table's own room,
     `tableRoom`, is joined at once. */
  constructor(join, tableRoom) {
    this.join = join;
    this.relays = new Map();  /* relays' room id -> its Room */
    this.paired = new Map();  /* peer id -> its PairedRoom */
    this.onMessage = () => {};
    this.onJoin = () => {};
    this.onLeave = () => {};
    this.onNoisy = () => {};
    this.main = this.relay(tableRoom);
    this.ready = this.main.ready.then(() => this);
  }

  /* The relays' room `id`, joined on its first call. */
  relay(id) {
    if (!this.relays.has(id)) {
      const room = this.join(id);
      this.listen(room);
      this.relays.set(id, room);
    }
    return this.relays.get(id);
  }

  listen(room) {
    room.onMessage = (message, peer) => this.onMessage(message, peer);
    room.onJoin = (peer) => this.onJoin(peer);
    room.onLeave = (peer) => this.onLeave(peer);
    room.onNoisy = (peer) => this.onNoisy(peer);
  }

  /* A paired room whose answer was taken: its phone is one of the table's devices once its
     channel opens, and no longer once it closes. */
  add(room) {
    this.listen(room);
    room.onJoin = (peer) => { this.paired.set(peer, room); this.onJoin(peer); };
    room.closed.then(() => { if (this.paired.get(room.peer) === room) this.paired.delete(room.peer); });
  }

  /* The room `peer` is connected through. */
  roomOf(peer) {
    return this.paired.get(peer)
      || Array.from(this.relays.values()).find((room) => room.peers().includes(peer)) || this.main;
  }

  /* This device's id as `peer` knows it (the relays' rooms share one). */
  selfIdFor(peer) {
    return this.roomOf(peer).selfId;
  }

  /* Send `message` to `peer`, or to every device when none is named. */
  send(message, peer) {
    if (peer) { this.roomOf(peer).send(message, peer); return; }
    this.rooms().forEach((room) => room.send(message));
  }

  rooms() {
    return Array.from(this.relays.values()).concat(Array.from(this.paired.values()));
  }

  get bytesIn() {
    return this.rooms().reduce((sum, room) => sum + room.bytesIn, 0);
  }

  get bytesOut() {
    return this.rooms().reduce((sum, room) => sum + room.bytesOut, 0);
  }

  peers() {
    return Array.from(this.relays.values()).flatMap((room) => room.peers())
      .concat(Array.from(this.paired.keys()));
  }

  leave() {
    this.rooms().forEach((room) => room.leave());
  }
}
