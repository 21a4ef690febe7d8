"""The app's icons, drawn at build time: two cards (a heart and a spade) on green felt.

PNG files for the web app manifest (192 and 512 px, and a "maskable" one whose drawing keeps
to the middle 80 %, so a phone may cut it to any shape) and an SVG of the same drawing for
the page's favicon. Shapes are signed distance functions, so edges are smooth with one
sample per pixel. Standard library only (zlib for PNG).
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

Colour = tuple[int, int, int]
FELT: Colour = (29, 107, 69)
FELT_DARK: Colour = (15, 74, 45)
CARD: Colour = (250, 250, 247)
EDGE: Colour = (160, 166, 176)
RED: Colour = (210, 35, 42)
BLACK: Colour = (23, 25, 28)


def _box(x: float, y: float, cx: float, cy: float, hw: float, hh: float, r: float) -> float:
    """Signed distance to a rounded rectangle centred at (cx, cy)."""
    qx, qy = abs(x - cx) - hw + r, abs(y - cy) - hh + r
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _circle(x: float, y: float, cx: float, cy: float, r: float) -> float:
    return math.hypot(x - cx, y - cy) - r


def _heart(x: float, y: float, cx: float, cy: float, s: float, down: bool = False) -> float:
    """A heart (point down) or, with ``down=False`` flipped, a spade's body, of size ``s``."""
    u, v = (x - cx) / s, (y - cy) / s
    if not down:
        v = -v
    # a square turned 45 degrees with two circles on its upper sides
    a, b = (u + v) / math.sqrt(2), (v - u) / math.sqrt(2)
    square = _box(a, b, 0.0, 0.0, 0.5, 0.5, 0.0)
    lobes = min(_circle(u, v, -0.354, -0.354, 0.5), _circle(u, v, 0.354, -0.354, 0.5))
    return min(square, lobes) * s


def _spade(x: float, y: float, cx: float, cy: float, s: float) -> float:
    body = _heart(x, y, cx, cy - 0.12 * s, s)
    stem = _box(x, y, cx, cy + 0.78 * s, 0.09 * s, 0.42 * s, 0.04 * s)
    foot = _box(x, y, cx, cy + 1.12 * s, 0.34 * s, 0.1 * s, 0.08 * s)
    return min(body, stem, foot)


Layer = tuple[Callable[[float, float], float], Colour, tuple[float, float, float, float]]


def _layers(size: int, maskable: bool) -> list[Layer]:
    """The drawing as (shape, colour, bounding box) layers, back to front, on a ``size`` canvas."""
    k = size / 512 * (0.8 if maskable else 1.0)  # the maskable icon keeps to the safe zone
    o = size / 2

    def at(v: float) -> float:
        return o + (v - 256) * k

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return at(x0) - 2, at(y0) - 2, at(x1) + 2, at(y1) + 2

    everywhere = (-1.0, -1.0, size + 1.0, size + 1.0)
    background: Callable[[float, float], float]
    if maskable:
        def background(x: float, y: float) -> float:
            return -1.0
    else:
        def background(x: float, y: float) -> float:
            return _box(x, y, o, o, size / 2, size / 2, size * 0.19)
    return [
        (background, FELT, everywhere),
        (lambda x, y: _circle(x, y, at(256), at(256), 230 * k), FELT_DARK, box(26, 26, 486, 486)),
        (lambda x, y: _box(x, y, at(200), at(236), 98 * k, 138 * k, 18 * k) - 3 * k, EDGE, box(99, 95, 301, 377)),
        (lambda x, y: _box(x, y, at(200), at(236), 98 * k, 138 * k, 18 * k), CARD, box(99, 95, 301, 377)),
        (lambda x, y: _heart(x, y, at(166), at(204), 50 * k, down=True), RED, box(110, 150, 222, 250)),
        (lambda x, y: _box(x, y, at(318), at(292), 98 * k, 138 * k, 18 * k) - 3 * k, EDGE, box(217, 151, 419, 433)),
        (lambda x, y: _box(x, y, at(318), at(292), 98 * k, 138 * k, 18 * k), CARD, box(217, 151, 419, 433)),
        (lambda x, y: _spade(x, y, at(318), at(272), 56 * k), BLACK, box(255, 200, 381, 350)),
    ]


def render(size: int, maskable: bool = False) -> bytes:
    """The icon as RGBA PNG bytes."""
    layers = _layers(size, maskable)
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # PNG filter type: none
        y = j + 0.5
        row = [(shape, colour, x0, x1) for shape, colour, (x0, y0, x1, y1) in layers if y0 <= y <= y1]
        for i in range(size):
            x = i + 0.5
            r = g = b = alpha = 0.0  # premultiplied by alpha
            for shape, (cr, cg, cb), x0, x1 in row:
                if x < x0 or x > x1:
                    continue
                cover = min(max(0.5 - shape(x, y), 0.0), 1.0)
                if cover:
                    r, g, b = cover * cr + (1 - cover) * r, cover * cg + (1 - cover) * g, cover * cb + (1 - cover) * b
                    alpha = cover + (1 - cover) * alpha
            if alpha:
                rows += bytes((round(r / alpha), round(g / alpha), round(b / alpha), round(alpha * 255)))
            else:
                rows += b"\0\0\0\0"
    return _png(size, size, bytes(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" rx="97" fill="#1d6b45"/><circle cx="256" cy="256" r="230" fill="#0f4a2d"/>
<rect x="102" y="98" width="196" height="276" rx="18" fill="#fafaf7" stroke="#a0a6b0" stroke-width="6"/>
<path d="M166 254 L131 219 A25 25 0 0 1 166 184 A25 25 0 0 1 201 219 Z" fill="#d2232a"/>
<rect x="220" y="154" width="196" height="276" rx="18" fill="#fafaf7" stroke="#a0a6b0" stroke-width="6"/>
<path d="M318 220 L277 261 A28 28 0 0 0 318 302 A28 28 0 0 0 359 261 Z M313 300 h10 v38 h14 v10 h-38 v-10 h14 Z"
 fill="#17191c"/></svg>
"""
"""The same drawing for the favicon (browsers scale it)."""

ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}


def write(folder: Path) -> list[Path]:
    """Write the icons into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, maskable) in ICONS.items():
        path = folder / name
        path.write_bytes(render(size, maskable))
        written.append(path)
    svg = folder / "icon.svg"
    svg.write_text(SVG, encoding="utf-8")
    return [*written, svg]
