/*
 * A record that keeps a log (a battle's events, declared in Python as the collection's
 * RecordLog): how a link's log stands to the one kept on the device, the name of a copy kept
 * when they fork, and when a record last changed, in words. Pure functions of their
 * arguments, unit-tested under Node (tests/js/); ./collection.js applies them.
 */

/* The events of a log input's text (a JSON list; blank is none), or null when unreadable. */
function events(text) {
  if (!text || !text.trim()) return [];
  try {
    const list = JSON.parse(text);
    return Array.isArray(list) ? list.map((event) => JSON.stringify(event)) : null;
  } catch (error) {
    return null;
  }
}

/* How the log of a link (`linked`, its input's text) stands to the log kept (`kept`):
   {relation: "same"} (the same events), "extends" (the kept log and `count` more), "behind"
   (the kept log is the link's and `count` more) or "fork" (they part at event `at`). */
export function logRelation(kept, linked) {
  const mine = events(kept);
  const theirs = events(linked);
  if (!mine || !theirs) return kept === linked ? { relation: "same" } : { relation: "fork", at: 0 };
  const common = Math.min(mine.length, theirs.length);
  for (let i = 0; i < common; i++) {
    if (mine[i] !== theirs[i]) return { relation: "fork", at: i };
  }
  if (mine.length === theirs.length) return { relation: "same" };
  return theirs.length > mine.length ? { relation: "extends", count: theirs.length - mine.length }
                                     : { relation: "behind", count: mine.length - theirs.length };
}

/* The name of a copy of the record named `name`, none of `taken`, at most `longest` long:
   "Bridge (copy)", then "Bridge (copy 2)"... */
export function copyName(name, taken, longest) {
  const base = (name || "").trim() || "Unnamed";
  for (let n = 1; ; n++) {
    const tail = n === 1 ? " (copy)" : " (copy " + n + ")";
    const candidate = base.slice(0, longest - tail.length).trimEnd() + tail;
    if (taken.indexOf(candidate) < 0) return candidate;
  }
}

function twoDigits(n) {
  return (n < 10 ? "0" : "") + n;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/* When a record stamped `stamp` (milliseconds) last changed, seen at `now`: "changed just
   now", "changed 5 min ago", "changed at 21:04" (today), "changed 3 Dec 21:04"; "" for a
   record saved before stamps. */
export function changedWhen(stamp, now) {
  if (!stamp) return "";
  const minutes = Math.floor((now - stamp) / 60000);
  if (minutes < 1) return "changed just now";
  if (minutes < 60) return "changed " + minutes + " min ago";
  const then = new Date(stamp);
  const time = twoDigits(then.getHours()) + ":" + twoDigits(then.getMinutes());
  if (then.toDateString() === new Date(now).toDateString()) return "changed at " + time;
  return "changed " + then.getDate() + " " + MONTHS[then.getMonth()] + " " + time;
}
