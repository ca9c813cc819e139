/*
 * Which device is the game master's. Every device at a table knows the room's secret (it is
 * in every player's link), so the secret cannot tell the host from a player. The host holds
 * an ECDSA P-256 key pair drawn when the table is opened; its public half travels in the
 * table links (./link.js). Its welcome to a phone is signed over the room, its own device id
 * and hers, so no other device can pass for it, nor replay a welcome sent to another phone.
 */

import { fromBase64Url, toBase64Url } from "../packing.js";

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };

function signed(room, host, peer) {
  return new TextEncoder().encode([room, host, peer].join("|"));
}

/* A new key pair: {key: the public half as base64url text, jwk: the private half to keep}. */
export async function newHostKey() {
  const pair = await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { key: toBase64Url(raw), jwk: await crypto.subtle.exportKey("jwk", pair.privateKey) };
}

/* The signature (base64url) of a welcome from device `host` to device `peer` in `room`. */
export async function signWelcome(jwk, room, host, peer) {
  const key = await crypto.subtle.importKey("jwk", jwk, ALGORITHM, false, ["sign"]);
  const signature = await crypto.subtle.sign(SIGNING, key, signed(room, host, peer));
  return toBase64Url(new Uint8Array(signature));
}

/* Whether `signature` is the host's (public key `key`) over a welcome from `host` to `peer`. */
export async function verifyWelcome(key, room, host, peer, signature) {
  try {
    const publicKey = await crypto.subtle.importKey("raw", fromBase64Url(key), ALGORITHM, false, ["verify"]);
    return await crypto.subtle.verify(SIGNING, publicKey, fromBase64Url(signature), signed(room, host, peer));
  } catch (error) {
    return false;
  }
}
