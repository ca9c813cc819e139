/*
 * The state digest every device at a live table shows: a battle is its combatants and its
 * log, so two devices holding the same pair hold the same fight. It is the first 8 hex
 * digits of the SHA-256 of the pair's canonical JSON (object keys sorted at every level),
 * computed by each device from what it holds, so a difference shows where the copies part.
 */

/* `value` as JSON text with every object's keys in sorted order. */
export function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort()
      .map((key) => JSON.stringify(key) + ":" + canonical(value[key])).join(",") + "}";
  }
  return JSON.stringify(value === undefined ? null : value);
}

/* A promise of the digest of `combatants` and `events` (parsed JSON values). */
export async function stateDigest(combatants, events) {
  const bytes = new TextEncoder().encode(canonical([combatants, events]));
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash.slice(0, 4), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
