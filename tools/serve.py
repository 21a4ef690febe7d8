"""A static server for dist/ (build.py serve, and the browser tests)."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".tar": "application/x-tar",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
}


class Handler(SimpleHTTPRequestHandler):
    """Static files with explicit MIME types (.mjs, .wasm, ...).

    Cache-Control `no-cache` lets the browser keep every file but revalidate it
    (Last-Modified -> 304), so a rebuilt wheel is never served stale: Pyodide
    checks the wheel's sha256 against the lock file.

    `Access-Control-Allow-Origin: *` lets pages on other sites use the widgets
    (embed.js fetches its files and Pyodide with CORS; docs/embedding.md).
    """

    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    cross_origin = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.cross_origin:
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 0,
                *, quiet: bool = False, cross_origin: bool = True) -> ThreadingHTTPServer:
    """A server of `directory` (not yet serving); port 0 picks a free port.

    `cross_origin=False` leaves out Access-Control-Allow-Origin, as many hosts do by default
    (the browser tests check what a page on another site then shows).
    """
    kind = type("ConfiguredHandler", (Handler,), {"quiet": quiet, "cross_origin": cross_origin})
    handler = functools.partial(kind, directory=str(directory))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(directory: Path, port: int) -> None:
    server = make_server(directory, port=port)
    host, real_port = server.server_address[:2]
    print(f"Serving {directory} at http://{host}:{real_port}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
