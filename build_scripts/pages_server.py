"""A built site served on localhost as GitHub Pages serves it, for the benchmarks that load it
in a browser (``phone_bench.py``, ``lighthouse.py``): text and WebAssembly gzip-compressed when
the browser accepts it, the zip, wheel and snapshot (already compressed) as they are."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import os
import threading
from pathlib import Path


class PagesHandler(http.server.SimpleHTTPRequestHandler):
    """The site as GitHub Pages serves it: text and WebAssembly gzip-compressed when the
    browser accepts it (each file compressed once, at level 6, and kept), the rest as is."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".whl": "application/zip",
                      ".bin": "application/octet-stream",
                      ".webmanifest": "application/manifest+json"}
    compressed = (".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt", ".wasm",
                  ".webmanifest")

    @staticmethod
    @functools.cache
    def gzipped(path: str, mtime: float) -> bytes:
        with open(path, "rb") as f:
            return gzip.compress(f.read(), compresslevel=6)

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if ("gzip" not in self.headers.get("Accept-Encoding", "")
                or not path.endswith(self.compressed) or not os.path.isfile(path)):
            return super().send_head()
        body = self.gzipped(path, os.path.getmtime(path))
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, *args) -> None:
        pass


def serve(site: Path, port: int) -> http.server.ThreadingHTTPServer:
    """``site`` served at ``http://127.0.0.1:<port>/`` from a thread of its own, until the
    caller's ``shutdown()`` and ``server_close()``."""
    handler = functools.partial(PagesHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
