"""A QR code encoder (ISO/IEC 18004) and SVG writer in pure Python, standard library only.

Draws invitation links (a WebRTC offer: a few hundred to ~2,000 characters of URL-safe
text) as QR codes in the page without any outside service; it runs the same on CPython
and in Pyodide (no js or pyscript import).

- `encode(data, ecc)` returns the module matrix (rows of booleans, True = dark) of the
  smallest version 1-40 that holds `data` at error correction level L, M, Q or H. Text
  is encoded as UTF-8 in byte mode (no ECI header: common readers detect UTF-8,
  and URL-safe text is plain ASCII anyway). All 8 masks are scored with the penalty
  rules of ISO/IEC 18004:2015 7.8.3.1 (N1 to N4) and the lowest one is kept. As in the
  standard's order of steps (7.1: mask, then "format and version information"), the
  masks are scored before the format and version information and the dark module are
  drawn, with those areas light.
- `svg(matrix)` returns a compact SVG: a white background with the quiet zone and one
  `<path>` that strokes each horizontal run of dark modules (about 43 KB for 2,000 bytes).

Speed (CPython 3.11 on the development machine, median of 20): 2,000 bytes of URL-safe
text at level M (version 38, 169 x 169 modules) encode in about 15 ms, and 37 ms for the
first code of a version (which builds that version's template, then cached); 500 bytes
(version 17) in about 6 ms, 10-14 ms the first time. The SVG of the 2,000-byte code takes
about 5 ms. Expect Pyodide to be a few times slower.

>>> m = encode("HELLO", "Q")
>>> len(m), len(m[0])          # version 1: 21 x 21 modules
(21, 21)
>>> m[0][:8]                   # the top-left finder pattern and its separator
[True, True, True, True, True, True, True, False]
>>> len(encode("x" * 2000))    # version 38
169
"""
# l10n-part: friends (this file's sentences load with play with friends: docs/i18n.md, "Bytes")

from __future__ import annotations

from functools import lru_cache
from html import escape

from stripdeck.i18n import _

__all__ = ["ECC_LEVELS", "encode", "capacity", "svg"]

ECC_LEVELS = ("L", "M", "Q", "H")
# The 2-bit error correction level in the format information (ISO/IEC 18004 Table C.1).
_ECC_FORMAT_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}

# ISO/IEC 18004 Table 9, per level L, M, Q, H and version 1-40 (index 0 unused): the
# error correction codewords per block, and the number of blocks.
_ECC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
          28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
          30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
_BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}

_MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)

# GF(256) with the QR code polynomial x^8 + x^4 + x^3 + x^2 + 1.
_EXP = [0] * 512
_LOG = [0] * 256
_value = 1
for _i in range(255):
    _EXP[_i] = _value
    _LOG[_value] = _i
    _value <<= 1
    if _value & 0x100:
        _value ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]
del _i, _value


def _size(version: int) -> int:
    """The width of a version's symbol in modules."""
    return 17 + 4 * version


def _data_codewords(version: int, ecc: str) -> int:
    """The number of data codewords of a version at a level."""
    raw = (16 * version + 128) * version + 64  # modules left for data and error correction
    if version >= 2:
        n = version // 7 + 2
        raw -= (25 * n - 10) * n - 55
        if version >= 7:
            raw -= 36
    return raw // 8 - _ECC_PER_BLOCK[ecc][version] * _BLOCKS[ecc][version]


def capacity(version: int, ecc: str = "M") -> int:
    """The most bytes a version holds in byte mode at a level.

    >>> capacity(1, "L"), capacity(40, "L"), capacity(40, "M"), capacity(40, "H")
    (17, 2953, 2331, 1273)
    """
    count_bits = 8 if version < 10 else 16
    return (_data_codewords(version, ecc) * 8 - 4 - count_bits) // 8


def _alignment_positions(version: int) -> list[int]:
    """The row and column centres of the alignment patterns (ISO/IEC 18004 Annex E).

    >>> _alignment_positions(1), _alignment_positions(7), _alignment_positions(32)
    ([], [6, 22, 38], [6, 34, 60, 86, 112, 138])
    """
    if version == 1:
        return []
    count = version // 7 + 2
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    size = _size(version)
    return [6] + [size - 7 - i * step for i in range(count - 2, -1, -1)]


def _format_bits(ecc: str, mask: int) -> int:
    """The 15-bit format information: level and mask, BCH(15,5) code, XOR 0x5412."""
    data = _ECC_FORMAT_BITS[ecc] << 3 | mask
    rem = data
    for _step in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _version_bits(version: int) -> int:
    """The 18-bit version information: version, Golay (18,6) code.

    >>> hex(_version_bits(7))
    '0x7c94'
    """
    rem = version
    for _step in range(12):
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
    return version << 12 | rem


def _format_cells(size: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The (x, y) cells of format bits 0-14, first and second copy."""
    first = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
    second = [(size - 1 - i, 8) for i in range(8)] + [(8, size - 15 + i) for i in range(8, 15)]
    return first, second


@lru_cache(maxsize=8)
def _template(version: int) -> tuple[list[str], list[int], list[tuple[list[int], list[int]]]]:
    """A version's function patterns (format and version areas light), data cells in order, masks.

    Returns the cells as '0'/'1' characters (row-major), the row-major indices of the data
    modules in placement order, and per mask its pattern over the data modules as rows and
    as columns of integers (the leftmost or top module is the highest bit).
    """
    size = _size(version)
    cells = ["0"] * (size * size)
    reserved = [False] * (size * size)

    def put(x: int, y: int, dark: bool) -> None:
        cells[y * size + x] = "1" if dark else "0"
        reserved[y * size + x] = True

    for i in range(size):  # timing patterns
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):  # finders with their separators
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < size and 0 <= y < size:
                    put(x, y, max(abs(dx), abs(dy)) not in (2, 4))
    centres = _alignment_positions(version)
    last = len(centres) - 1
    for i, cx in enumerate(centres):
        for j, cy in enumerate(centres):
            if (i, j) in ((0, 0), (0, last), (last, 0)):
                continue  # where the finders are
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    put(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
    first, second = _format_cells(size)
    for x, y in first + second + [(8, size - 8)]:  # format areas and the dark module
        put(x, y, False)
    if version >= 7:
        for i in range(18):
            a, b = size - 11 + i % 3, i // 3
            put(a, b, False)
            put(b, a, False)

    order = []
    for right in range(size - 1, 0, -2):
        if right <= 6:
            right -= 1  # skip the vertical timing pattern
        upward = ((right + 1) & 2) == 0
        for vert in range(size):
            y = size - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not reserved[y * size + x]:
                    order.append(y * size + x)

    free = [int("".join("0" if r else "1" for r in reserved[y * size:(y + 1) * size]), 2) for y in range(size)]
    width = f"0{size}b"
    masks = []
    for condition in _MASKS:
        rows = []
        for y in range(size):
            period = "".join("1" if condition(x, y) else "0" for x in range(6))
            rows.append(int((period * (size // 6 + 1))[:size], 2) & free[y])
        columns = [int("".join(column), 2) for column in zip(*(format(row, width) for row in rows))]
        masks.append((rows, columns))
    return cells, order, masks


@lru_cache(maxsize=8)
def _generator_table(degree: int) -> tuple[int, ...]:
    """For each byte c, c times the Reed-Solomon generator of a degree, as a big-endian integer."""
    gen = [1]  # the coefficients of prod(x - a^i), highest power first
    for i in range(degree):
        nxt = gen + [0]
        for j, coef in enumerate(gen):
            if coef:
                nxt[j + 1] ^= _EXP[_LOG[coef] + i]
        gen = nxt
    table = [0]
    for c in range(1, 256):
        lc = _LOG[c]
        table.append(int.from_bytes(bytes(_EXP[lc + _LOG[g]] if g else 0 for g in gen[1:]), "big"))
    return tuple(table)


def _ecc(block: bytes, degree: int) -> bytes:
    """The Reed-Solomon error correction codewords of a block (the remainder of the division)."""
    table = _generator_table(degree)
    shift = 8 * (degree - 1)
    keep = (1 << shift) - 1
    rem = 0
    for byte in block:
        rem = ((rem & keep) << 8) ^ table[(rem >> shift) ^ byte]
    return rem.to_bytes(degree, "big")


def _codewords(data: bytes, version: int, ecc: str) -> bytes:
    """The final interleaved data and error correction codewords for byte-mode data."""
    capacity_bytes = _data_codewords(version, ecc)
    count_bits = 8 if version < 10 else 16
    bits = ("0100" + format(len(data), f"0{count_bits}b") + format(int.from_bytes(data, "big"), f"0{8 * len(data)}b")
            if data else "0100" + "0" * count_bits)
    bits += "0" * min(4, capacity_bytes * 8 - len(bits))  # terminator
    bits += "0" * (-len(bits) % 8)
    message = int(bits, 2).to_bytes(len(bits) // 8, "big")
    message += b"\xec\x11" * ((capacity_bytes - len(message)) // 2 + 1)
    message = message[:capacity_bytes]

    blocks = _BLOCKS[ecc][version]
    degree = _ECC_PER_BLOCK[ecc][version]
    short = blocks - capacity_bytes % blocks  # blocks with one data codeword fewer
    short_len = capacity_bytes // blocks
    data_blocks, ecc_blocks, start = [], [], 0
    for i in range(blocks):
        length = short_len + (i >= short)
        block = message[start:start + length]
        start += length
        data_blocks.append(block)
        ecc_blocks.append(_ecc(block, degree))
    out = bytearray()
    for i in range(short_len + 1):
        out.extend(block[i] for block in data_blocks if i < len(block))
    for i in range(degree):
        out.extend(block[i] for block in ecc_blocks)
    return bytes(out)


def _penalty(rows: list[int], columns: list[int], size: int) -> tuple[int, int, int, int]:
    """The penalty scores (N1, N2, N3, N4) of a square symbol (ISO/IEC 18004:2015 7.8.3.1).

    Takes the rows and the columns as integers of `size` bits, 1 = dark. N1: 3 + i per
    run of 5 + i same-colour modules in a row or column. N2: 3 per 2 x 2 block of one
    colour. N3: 40 per 1:1:3:1:1 (dark:light:dark:dark:dark:light:dark) pattern in a row
    or column with 4 light modules before or after it (counted once if both), outside
    the symbol counting as light. N4: 10 per full 5% the dark share is off 50%.

    >>> _penalty([0] * 21, [0] * 21, 21)  # all light
    (798, 1200, 0, 100)
    >>> _penalty([0b1011101] * 7, [0b1111111, 0, 0b1111111, 0b1111111, 0b1111111, 0, 0b1111111], 7)
    (35, 36, 280, 40)
    """
    full = (1 << size) - 1
    pairs = full >> 1  # bit k compares modules k and k + 1
    n1 = n3 = 0
    for line in rows + columns:
        same = ~(line ^ (line >> 1)) & pairs
        fives = same & (same >> 1) & (same >> 2) & (same >> 3)  # 5 equal modules from bit k up
        n1 += fives.bit_count() + 2 * (fives & ~(same << 1)).bit_count()  # run of 5 + i: i + 1 windows, + 2
        a = line << 4  # 4 light modules of quiet zone below, and all light above
        core = a & ~(a >> 1) & (a >> 2) & (a >> 3) & (a >> 4) & ~(a >> 5) & (a >> 6)
        light = ~a & ~(a >> 1) & ~(a >> 2) & ~(a >> 3)  # 4 light modules from bit k up
        n3 += (core & ((light << 4) | (light >> 7))).bit_count()
    n2 = 0
    for a, b in zip(rows, rows[1:]):
        same = ~(a ^ b) & full
        n2 += (same & (same >> 1) & ~(a ^ (a >> 1)) & pairs).bit_count()
    total = size * size
    dark = sum(row.bit_count() for row in rows)
    return n1, 3 * n2, 40 * n3, 10 * (abs(20 * dark - 10 * total) // total)


def _candidates(data: bytes, version: int, ecc: str) -> list[tuple[list[int], list[int]]]:
    """The symbol under each of the 8 masks, without format and version information: rows and columns."""
    size = _size(version)
    template, order, masks = _template(version)
    cells = template[:]
    codewords = _codewords(data, version, ecc)
    bits = format(int.from_bytes(codewords, "big"), f"0{8 * len(codewords)}b")
    for index, bit in zip(order, bits):  # remainder bits stay light
        cells[index] = bit
    rows = [int("".join(cells[y * size:(y + 1) * size]), 2) for y in range(size)]
    columns = [int("".join(cells[x::size]), 2) for x in range(size)]
    return [([a ^ b for a, b in zip(rows, mask_rows)], [a ^ b for a, b in zip(columns, mask_columns)])
            for mask_rows, mask_columns in masks]


def _encode(data: bytes, ecc: str, version: int | None, mask: int | None) -> tuple[list[list[bool]], int, int]:
    """The matrix, version and mask of byte-mode data at a level (version and mask chosen when None)."""
    if ecc not in _ECC_FORMAT_BITS:
        raise ValueError(f"error correction level must be one of L, M, Q, H, not {ecc!r}")
    if mask is not None and mask not in range(8):
        raise ValueError(f"mask must be 0-7, not {mask!r}")
    if version is None:
        version = next((v for v in range(1, 41) if len(data) <= capacity(v, ecc)), 0)
        if not version:
            raise ValueError(f"data too long for a QR code: {len(data)} bytes, the most at level {ecc} "
                             f"is {capacity(40, ecc)} (version 40)")
    elif version not in range(1, 41):
        raise ValueError(f"version must be 1-40, not {version!r}")
    elif len(data) > capacity(version, ecc):
        raise ValueError(f"data too long for version {version} at level {ecc}: {len(data)} bytes, "
                         f"the most is {capacity(version, ecc)}")

    size = _size(version)
    candidates = _candidates(data, version, ecc)
    if mask is None:
        mask = min(range(8), key=lambda m: sum(_penalty(*candidates[m], size)))
    width = f"0{size}b"
    matrix = [list(map("1".__eq__, format(row, width))) for row in candidates[mask][0]]

    fmt = _format_bits(ecc, mask)
    for cells_of_copy in _format_cells(size):
        for i, (x, y) in enumerate(cells_of_copy):
            matrix[y][x] = bool(fmt >> i & 1)
    matrix[size - 8][8] = True  # the dark module
    if version >= 7:
        info = _version_bits(version)
        for i in range(18):
            a, b = size - 11 + i % 3, i // 3
            matrix[b][a] = matrix[a][b] = bool(info >> i & 1)
    return matrix, version, mask


def encode(data: str | bytes, ecc: str = "M", *, version: int | None = None,
           mask: int | None = None) -> list[list[bool]]:
    """The QR code of `data` (str as UTF-8) in byte mode: rows of modules, True = dark.

    `ecc` is the error correction level, L (7%), M (15%), Q (25%) or H (30%). The
    smallest version that holds the data and the mask with the lowest penalty are
    chosen unless `version` (1-40) or `mask` (0-7) is given. Raises ValueError when
    the data does not fit (more than 2,331 bytes at M, for example).

    >>> [len(encode("a" * n, "L")) for n in (17, 18)]  # 17 bytes fit version 1 at L, 18 need version 2
    [21, 25]
    >>> encode("x" * 2332, "M")
    Traceback (most recent call last):
    ...
    ValueError: data too long for a QR code: 2332 bytes, the most at level M is 2331 (version 40)
    """
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    return _encode(raw, ecc.upper() if isinstance(ecc, str) else ecc, version, mask)[0]


def svg(matrix: list[list[bool]], *, module: int = 4, quiet: int = 4, label: str | None = None) -> str:
    """An SVG image of a matrix: a white square with a `quiet`-module margin and one path of the dark modules.

    Each row's runs of dark modules are strokes 1 module wide along the row's middle
    (`M` to the first run, `m` across each gap, `h` along each run); the viewBox is in
    modules and `module` is the size of one in pixels; `label` is what a screen reader says
    ("QR code" in the language in use if none is given).

    >>> print(svg([[True, True, False], [False, True, True], [True, False, True]], module=2, quiet=1, label='<"a">'))
    ... # doctest: +NORMALIZE_WHITESPACE
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 5" width="10" height="10" role="img"
    aria-label="&lt;&quot;a&quot;&gt;" shape-rendering="crispEdges"><rect width="5" height="5"
    fill="#fff"/><path fill="none" stroke="#000" d="M1 1.5h2M2 2.5h2M1 3.5h1m1 0h1"/></svg>
    """
    if module < 1 or quiet < 0:
        raise ValueError("module must be at least 1 and quiet at least 0")
    if label is None:
        label = _("QR code")
    width, height = (len(matrix[0]) if matrix else 0) + 2 * quiet, len(matrix) + 2 * quiet
    parts = []
    for y, row in enumerate(matrix):
        end = -1  # where the last run of the row ended
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            parts.append(f"M{start + quiet} {y + quiet}.5h{x - start}" if end < 0 else f"m{start - end} 0h{x - start}")
            end = x
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width * module}" '
            f'height="{height * module}" role="img" aria-label="{escape(label, quote=True)}" '
            f'shape-rendering="crispEdges"><rect width="{width}" height="{height}" fill="#fff"/>'
            f'<path fill="none" stroke="#000" d="{"".join(parts)}"/></svg>')
