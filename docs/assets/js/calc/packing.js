/*
 * Text packed small for an address or a code: the browser's own deflate (CompressionStream,
 * "deflate-raw") written as base64url, the alphabet a URL's fragment keeps as it is. Used by
 * the compact form of a battle's address (./url-state.js) and by the live table's links and
 * pairing codes (./table/). Pure functions, unit-tested under Node.
 */

/* base64url text of `bytes`. */
export function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/* The bytes of base64url `text` (throws on text that is not base64). */
export function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/* `text` deflated (raw deflate, no header). */
export async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/* The text `bytes` inflate to, or null once it passes `max` characters (a small input is
   never a way to make the page inflate gigabytes); rejects when `bytes` are not deflate
   data. */
export async function inflate(bytes, max) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))
    .pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
    if (text.length > max) { reader.cancel().catch(() => {}); return null; }
  }
}
