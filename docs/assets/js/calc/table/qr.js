/*
 * QR codes at the table, both ways, with the libraries the site vendors from npm
 * (build_scripts/vendor.py): qrcode-generator draws them, jsQR reads them from a camera's
 * frames. Each is loaded on first use only.
 */

import { el } from "../dom.js";

const SITE_ROOT = new URL("../../../../", import.meta.url);

/* An image of the QR code of `text` (error correction L, the smallest code), `cell` pixels a
   module with a quiet zone of `margin` modules, its module count in `data-qr-modules`. */
export async function qrImage(text, attrs, cell = 4, margin = 2) {
  const qrcode = (await import(new URL("assets/vendor/qrcode/qrcode.mjs", SITE_ROOT).href)).default;
  const code = qrcode(0, "L");
  code.addData(text);
  code.make();
  return el("img", Object.assign({ src: code.createDataURL(cell, margin), "data-qr-modules": String(code.getModuleCount()) }, attrs));
}

/* jsQR's reader, `jsQR(rgba, width, height, options)`: its file is a UMD bundle, which run as
   a module sets `self.jsQR`. */
export async function qrReader() {
  await import(new URL("assets/vendor/jsqr/jsQR.js", SITE_ROOT).href);
  return self.jsQR;
}
