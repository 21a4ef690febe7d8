"""A static server for dist/ (build.py serve, and the browser tests)."""

from __future__ import annotations

import functools
import socket
import sys
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
    server_class = ThreadingHTTPServer
    if ":" in host:  # an IPv6 address such as :: or ::1
        server_class = type("IPv6Server", (ThreadingHTTPServer,), {"address_family": socket.AF_INET6})
    server = server_class((host, port), handler)
    server.daemon_threads = True
    return server


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (what devices on a home network use)."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    if sys.platform.startswith("linux"):  # the hostname often resolves to 127.0.1.1 only: ask each interface
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(probe.fileno(), 0x8915,  # SIOCGIFADDR
                                         struct.pack("256s", name.encode()[:15]))
                except OSError:
                    continue  # an interface without an IPv4 address
                found.add(socket.inet_ntoa(packed[20:24]))
    return sorted(a for a in found if not a.startswith("127."))


def addresses_to_share(host: str, port: int, known: list[str] | None = None) -> list[str]:
    """The game's addresses to open, for a server listening on `host`: loopback only, the one
    address given, or (0.0.0.0 / ::) every network address of this machine."""
    if host in ("0.0.0.0", "::", ""):
        others = network_addresses() if known is None else known
        return [f"http://127.0.0.1:{port}/"] + [f"http://{a}:{port}/" for a in others]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def serve(directory: Path, port: int, host: str = "127.0.0.1") -> None:
    """Serve `directory` until Ctrl-C, printing the addresses to open (and the one friends use)."""
    server = make_server(directory, host=host, port=port)
    real_port = server.server_address[1]
    urls = addresses_to_share(host, real_port)
    print(f"Serving {directory} at {urls[0]}  (Ctrl-C to stop)", flush=True)
    if host in LOOPBACK:
        print("Only this device can open it. To play with friends on other devices of your network: "
              "python3 build.py serve --host 0.0.0.0", flush=True)
    else:
        lan = [u for u in urls if "//127." not in u]
        if lan:
            print("Friends on your network open the game at: " + "  ".join(lan), flush=True)
            print("Host the table from that address (not 127.0.0.1): the invitations carry the address "
                  "of the page that made them.", flush=True)
        else:
            print("No network address found for this device: is it connected to a network?", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
