/*
 * The game master's rooms, seen as one: the relays' room (./room.js) and every phone paired
 * by hand (./pairing.js), at once. A table opened online can take a phone with no internet
 * of its own, and one whose relays cannot be reached can take every phone by hand, with
 * nothing to switch. It has ./inbox.js's interface (each room guards what it takes), so
 * ./host.js does not know which room carried a message.
 */

export class Rooms {
  constructor(main) {
    this.main = main;
    this.paired = new Map();  /* peer id -> its PairedRoom */
    this.ready = main.ready.then(() => this);
    this.onMessage = () => {};
    this.onJoin = () => {};
    this.onLeave = () => {};
    this.onNoisy = () => {};
    this.listen(main);
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

  /* This device's id as `peer` knows it. */
  selfIdFor(peer) {
    const room = this.paired.get(peer);
    return room ? room.selfId : this.main.selfId;
  }

  /* Send `message` to `peer`, or to every device when none is named. */
  send(message, peer) {
    if (!peer) {
      this.main.send(message);
      this.paired.forEach((room) => room.send(message));
    } else {
      (this.paired.get(peer) || this.main).send(message, peer);
    }
  }

  get bytesIn() {
    return Array.from(this.paired.values()).reduce((sum, room) => sum + room.bytesIn, this.main.bytesIn);
  }

  get bytesOut() {
    return Array.from(this.paired.values()).reduce((sum, room) => sum + room.bytesOut, this.main.bytesOut);
  }

  peers() {
    return this.main.peers().concat(Array.from(this.paired.keys()));
  }

  leave() {
    this.main.leave();
    this.paired.forEach((room) => room.leave());
  }
}
