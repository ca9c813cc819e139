// The browser tests' signalling relay: bittorrent-tracker's WebSocket tracker, the kind of
// relay the live table's torrent strategy announces to, listening on 127.0.0.1 only, so no test
// reaches a public relay (conftest.py points every test build at it through TABLE_RELAYS).
//
// Usage: node relay.mjs PORT [OWNER]
// prints "ready" once it listens; stops on SIGTERM or SIGINT, or once the process OWNER (a
// pid: the test run that started it, whose parallel workers share it) has ended.
//
// Devices are told to announce themselves every 10 s (the tracker's interval option is five
// times that for WebSocket clients), where the tracker's default is 2 minutes: a phone whose
// first offers miss the game master's device (room.js says when; now about one join in ten)
// is paired at its next announce, so the tests wait seconds for it, not minutes. Public
// WebTorrent trackers set their own interval; the live table page says what a slow join means.
//
// Only the server is imported: the package's main entry also loads its client, whose WebRTC
// peer needs a native module that is not installed here (see .npmrc).
import Server from "bittorrent-tracker/server";

const port = Number(process.argv[2]);
const owner = process.argv[3] === undefined ? null : Number(process.argv[3]);
const whole = (n) => Number.isInteger(n) && n > 0;
if (!whole(port) || (owner !== null && !whole(owner))) {
  console.error("usage: node relay.mjs PORT [OWNER]");
  process.exit(2);
}
const server = new Server({ udp: false, http: false, ws: true, stats: false,
                           interval: 50000 });
server.on("error", (err) => {
  console.error(`relay: ${err.message}`);
  process.exit(1);
});
server.on("listening", () => console.log("ready"));
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
server.listen(port, "127.0.0.1");
if (owner !== null) {
  setInterval(() => {
    try {
      process.kill(owner, 0);  // signal 0: only asks whether the process is there
    } catch {
      process.exit(0);  // open sockets need no goodbye: the run is over
    }
  }, 1000);
}
