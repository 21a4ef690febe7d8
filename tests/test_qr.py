"""web/friends/qr.py, the QR code encoder: checked against segno (an independent encoder) and zxing-cpp (a decoder).

segno 1.6.6 has one known deviation from ISO/IEC 18004 7.4.10 (heuer/segno issue #148, open): it
adds 8 zero padding bits when the bit stream already ends on a codeword boundary, which in byte
mode is always the case unless the terminator is cut short. Its codes then carry a 0x00 data
codeword where the standard (and qr.py) put the first 0xEC pad codeword: they decode the same but
differ in modules. The `segno_fixed` fixture patches that one function with the standard rule;
`test_segno_unpatched_agrees_when_the_data_fills_the_symbol` shows the rest agrees unpatched.

segno also scores the N3 penalty (the 1:1:3:1:1 finder-like pattern) slightly differently: after
counting a pattern it resumes the search 7 modules on, so a second pattern overlapping the first
(10111011101 with 4 light modules after) is not counted. qr.py counts every occurrence, as Table 11
of ISO/IEC 18004:2015 reads. The penalty tests below check qr.py's scores against a plain
module-by-module reference that can score either way, and check that reference against segno; the
automatic mask agrees with segno's except where that N3 difference decides it.
"""

from __future__ import annotations

import doctest
import random
import re
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import segno
import zxingcpp
from segno import consts as segno_consts
from segno import encoder as segno_encoder

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))

from friends import qr  # noqa: E402

LEVELS = ("L", "M", "Q", "H")
SVG_NS = "{http://www.w3.org/2000/svg}"


def _standard_padding_bits(buff: Any, version: object, length: int) -> None:
    buff.extend([0] * (-length % 8))


@pytest.fixture
def segno_fixed(monkeypatch: pytest.MonkeyPatch) -> None:
    """segno with ISO/IEC 18004 7.4.10 padding (see the module docstring)."""
    monkeypatch.setattr(segno_encoder, "write_padding_bits", _standard_padding_bits)


def _segno(data: bytes, ecc: str, version: int | None = None, mask: int | None = None) -> segno.QRCode:
    return segno.make_qr(data, version=version, error=ecc, mask=mask, mode="byte", boost_error=False)


def _bools(code: segno.QRCode) -> list[list[bool]]:
    """segno's module matrix (a tuple of bytearrays without the quiet zone, 1 = dark) as qr.py's."""
    return [[bool(module) for module in row] for row in code.matrix]


def _random_bytes(rng: random.Random, length: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(length))


def _reference_scores(matrix: list[list[int]], *, segno_n3: bool = False) -> tuple[int, int, int, int]:
    """The penalty scores N1-N4, module by module; segno_n3 skips patterns overlapping a counted one."""
    n = len(matrix)
    lines = [list(row) for row in matrix] + [list(column) for column in zip(*matrix)]
    n1 = n3 = 0
    for line in lines:
        run = 1
        for a, b in zip(line, line[1:]):
            if a == b:
                run += 1
            else:
                n1 += run - 2 if run >= 5 else 0
                run = 1
        n1 += run - 2 if run >= 5 else 0
        padded = [0] * 4 + line + [0] * 4  # the quiet zone is light
        i = 4
        while i <= n - 3:
            if padded[i:i + 7] == [1, 0, 1, 1, 1, 0, 1] and (not any(padded[i - 4:i]) or not any(padded[i + 7:i + 11])):
                n3 += 40
                i += 7 if segno_n3 else 1
            else:
                i += 1
    n2 = sum(3 for y in range(n - 1) for x in range(n - 1)
             if matrix[y][x] == matrix[y][x + 1] == matrix[y + 1][x] == matrix[y + 1][x + 1])
    dark = sum(map(sum, matrix))
    n4 = 10 * (abs(20 * dark - 10 * n * n) // (n * n))
    return n1, n2, n3, n4


def _unpack(rows: list[int], size: int) -> list[list[int]]:
    return [[int(bit) for bit in format(row, f"0{size}b")] for row in rows]


def _pack(matrix: list[list[int]]) -> tuple[list[int], list[int]]:
    rows = [int("".join(map(str, row)), 2) for row in matrix]
    columns = [int("".join(map(str, column)), 2) for column in zip(*matrix)]
    return rows, columns


# --- the module's own examples and tables -----------------------------------------------------

def test_doctests() -> None:
    result = doctest.testmod(qr)
    assert result.attempted >= 8 and result.failed == 0


def test_tables_match_segno() -> None:
    for version in range(1, 41):
        if version >= 7:
            assert qr._version_bits(version) == segno_consts.VERSION_INFO[version - 7]
        want = segno_consts.ALIGNMENT_POS[version - 2] if version > 1 else ()
        assert tuple(qr._alignment_positions(version)) == want
        for ecc in LEVELS:
            level = segno_consts.ERROR_MAPPING[ecc]
            assert qr._data_codewords(version, ecc) * 8 == segno_consts.SYMBOL_CAPACITY[version][level]
            blocks = segno_consts.ECC[version][level]
            assert sum(b.num_blocks for b in blocks) == qr._BLOCKS[ecc][version]
            assert {b.num_total - b.num_data for b in blocks} == {qr._ECC_PER_BLOCK[ecc][version]}
    for index, ecc in enumerate(("M", "L", "H", "Q")):
        for mask in range(8):
            assert qr._format_bits(ecc, mask) == segno_consts.FORMAT_INFO[index * 8 + mask]


def test_capacity_at_version_40() -> None:
    assert [qr.capacity(40, ecc) for ecc in LEVELS] == [2953, 2331, 1663, 1273]


# --- module matrices against segno --------------------------------------------------------------

def _fixed_cases() -> list[Any]:
    """(version, level, length, mask, seed): every version and level; full, empty and random lengths."""
    rng = random.Random(18004)
    cases = []
    for version in range(1, 41):
        for i, ecc in enumerate(LEVELS):
            cap = qr.capacity(version, ecc)
            lengths = [cap, rng.randrange(cap)] if version > 3 else [0, 1, cap - 1, cap]
            for length in lengths:
                mask = (version + i + length) % 8
                cases.append(pytest.param(version, ecc, length, mask, rng.randrange(1 << 30),
                                          id=f"v{version}-{ecc}-{length}B-mask{mask}"))
    return cases


@pytest.mark.parametrize(("version", "ecc", "length", "mask", "seed"), _fixed_cases())
def test_matrix_matches_segno_at_the_same_version_and_mask(segno_fixed: None, version: int, ecc: str,
                                                           length: int, mask: int, seed: int) -> None:
    data = _random_bytes(random.Random(seed), length)
    assert qr.encode(data, ecc, version=version, mask=mask) == _bools(_segno(data, ecc, version, mask))


@pytest.mark.parametrize("version", [1, 6, 7, 21, 40])
def test_segno_unpatched_agrees_when_the_data_fills_the_symbol(version: int) -> None:
    for mask, ecc in enumerate(LEVELS):
        data = _random_bytes(random.Random(version), qr.capacity(version, ecc))  # terminator cut short
        assert qr.encode(data, ecc, version=version, mask=mask) == _bools(_segno(data, ecc, version, mask))
    data = b"stripdeck"
    assert qr.encode(data, "M", version=version, mask=0) != _bools(_segno(data, "M", version, 0))  # issue #148


def _auto_cases() -> list[tuple[bytes, str]]:
    """Text of all kinds, and lengths either side of version boundaries (7: version information)."""
    cases = [(b"", "M"), (b"A", "L"), (b"hello, world", "H"),
             ("héllo wörld ✓ 日本語 🃏♠♥".encode(), "Q"), ("é".encode() * 40, "M"),
             (b"https://example.org/join#" + b"abcdefghijklmnopqrstuvwxyz0123456789-_" * 12, "M")]
    for version, ecc in [(1, "L"), (1, "H"), (2, "M"), (5, "Q"), (6, "M"), (6, "L"), (9, "L"), (9, "H"),
                         (13, "M"), (20, "Q"), (26, "M")]:
        cap = qr.capacity(version, ecc)
        cases += [(bytes(range(65, 91)) * (cap // 26) + b"z" * (cap % 26), ecc), (b"=" * (cap + 1), ecc)]
    return cases


def _check_choice_against_segno(data: bytes, ecc: str, version: int | None = None) -> bool:
    """Assert qr.py picks segno's version and mask, or a mask only segno's N3 counting rejects; True if equal."""
    reference = _segno(data, ecc, version)
    matrix, chosen, mask = qr._encode(data, ecc, version, None)
    assert chosen == reference.version
    if mask == reference.mask:
        assert matrix == _bools(reference)
        return True
    size = len(matrix)
    candidates = qr._candidates(data, chosen, ecc)
    segno_style = [sum(_reference_scores(_unpack(rows, size), segno_n3=True)) for rows, _ in candidates]
    assert segno_style.index(min(segno_style)) == reference.mask
    literal = [sum(_reference_scores(_unpack(rows, size))) for rows, _ in candidates]
    assert literal.index(min(literal)) == mask
    return False


@pytest.mark.parametrize(("data", "ecc"), _auto_cases(), ids=lambda v: f"{len(v)}B" if isinstance(v, bytes) else v)
def test_version_and_mask_choice_match_segno(segno_fixed: None, data: bytes, ecc: str) -> None:
    assert qr.encode(data, ecc) == qr.encode(data.decode("utf-8"), ecc)
    _check_choice_against_segno(data, ecc)


def test_mask_choice_matches_segno_at_the_same_version(segno_fixed: None) -> None:
    rng = random.Random(8)
    same = 0
    cases = [(version, ecc) for version in [*range(1, 15), 20, 27, 33, 40] for ecc in LEVELS]
    for version, ecc in cases:
        data = _random_bytes(rng, rng.randrange(qr.capacity(version, ecc) + 1))
        same += _check_choice_against_segno(data, ecc, version)
    assert same >= len(cases) - 3


def test_the_n3_difference_with_segno_decides_a_mask(segno_fixed: None) -> None:
    """"R" in version 2 at M: mask 1 has an overlapping finder-like pair that segno counts once."""
    assert (qr._encode(b"R", "M", 2, None)[2], _segno(b"R", "M", version=2).mask) == (0, 1)
    rows, columns = qr._candidates(b"R", 2, "M")[1]
    mine = qr._penalty(rows, columns, 25)
    assert mine == _reference_scores(_unpack(rows, 25))
    assert mine[2] == segno_encoder.mask_scores(tuple(map(bytearray, _unpack(rows, 25))), 25, 25)[2] + 40


# --- the penalty rules ------------------------------------------------------------------------------

@pytest.mark.parametrize(("version", "ecc"), [(1, "M"), (2, "L"), (4, "H"), (7, "Q"), (10, "M"), (16, "L")])
def test_penalty_matches_a_plain_reference_and_segno(version: int, ecc: str) -> None:
    size = 17 + 4 * version
    data = _random_bytes(random.Random(version), qr.capacity(version, ecc) // 2)
    for rows, columns in qr._candidates(data, version, ecc):
        matrix = _unpack(rows, size)
        assert [int("".join(map(str, c)), 2) for c in zip(*matrix)] == columns
        assert qr._penalty(rows, columns, size) == _reference_scores(matrix)
        assert segno_encoder.mask_scores(tuple(map(bytearray, matrix)), size, size) == \
            _reference_scores(matrix, segno_n3=True)


def test_penalty_on_random_matrices() -> None:
    rng = random.Random(7)
    for _ in range(150):
        size = rng.randrange(1, 40)
        density = rng.choice((0.2, 0.5, 0.8))
        matrix = [[int(rng.random() < density) for _ in range(size)] for _ in range(size)]
        assert qr._penalty(*_pack(matrix), size) == _reference_scores(matrix)


@pytest.mark.parametrize(("line", "count"), [
    ("1011101", 1), ("00001011101", 1), ("10111010000", 1), ("000010111010000", 1),  # edges are light
    ("1110111011101", 1), ("11101110111011", 0), ("1001011101001", 0), ("0000101110110000", 1),
    ("10111011101", 2), ("1011101011101", 2),  # overlapping at 4 and 6 modules: both have light outside
    ("1111011101111", 0), ("1000101110100001", 1),
])
def test_penalty_n3_counts_each_finder_like_pattern(line: str, count: int) -> None:
    size = len(line)
    matrix = [[int(c) for c in line]] + [[0] * size for _ in range(size - 1)]
    assert qr._penalty(*_pack(matrix), size)[2] == 40 * count == _reference_scores(matrix)[2]


# --- decoding -------------------------------------------------------------------------------------------

def _image(matrix: list[list[bool]], scale: int = 3, quiet: int = 4) -> memoryview:
    """An 8-bit grey image of a matrix with its quiet zone, for zxing-cpp (no numpy needed)."""
    side = (len(matrix) + 2 * quiet) * scale
    pixels = bytearray(b"\xff" * (side * side))
    for y, row in enumerate(matrix):
        line = b"".join(b"\x00" * scale if dark else b"\xff" * scale for dark in row)
        for dy in range(scale):
            start = ((y + quiet) * scale + dy) * side + quiet * scale
            pixels[start:start + len(line)] = line
    return memoryview(bytes(pixels)).cast("B", (side, side))


@pytest.mark.parametrize(("text", "ecc"), [
    ("hello", "M"), ("a", "L"), ("héllo wörld ✓ 日本語 🃏", "Q"),
    ("https://stripdeck.example/#join=" + "Ab9_-" * 60, "H"),
    ("x" * 2000, "M"), ("abc" * 984 + "a", "L"), ("z" * 1663, "Q"), ("q" * 1273, "H"),
])
def test_zxing_decodes_the_code(text: str, ecc: str) -> None:
    """(zxing-cpp reports no code for empty content, so there is no empty case here.)"""
    matrix, version, mask = qr._encode(text.encode(), ecc, None, None)
    results = zxingcpp.read_barcodes(_image(matrix), formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(results) == 1
    result = results[0]
    assert result.bytes == text.encode() and result.text == text
    assert result.ec_level == ecc
    assert (result.extra["Version"], result.extra["DataMask"]) == (str(version), mask)


# --- errors -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ecc", LEVELS)
def test_too_long_data_raises(ecc: str) -> None:
    cap = qr.capacity(40, ecc)
    assert len(qr.encode(b"a" * cap, ecc)) == 177
    with pytest.raises(ValueError, match=rf"data too long for a QR code: {cap + 1} bytes, the most at level {ecc}"):
        qr.encode(b"a" * (cap + 1), ecc)
    with pytest.raises(ValueError, match="too long"):
        qr.encode("é" * (cap // 2 + 1), ecc)  # two UTF-8 bytes each


def test_bad_arguments_raise() -> None:
    with pytest.raises(ValueError, match="error correction level"):
        qr.encode("a", "X")
    with pytest.raises(ValueError, match="version must be 1-40"):
        qr.encode("a", version=41)
    with pytest.raises(ValueError, match="data too long for version 1 at level H"):
        qr.encode("a" * 8, "H", version=1)
    with pytest.raises(ValueError, match="mask must be 0-7"):
        qr.encode("a", mask=8)
    assert qr.encode("a", "h") == qr.encode(b"a", "H")


# --- SVG ---------------------------------------------------------------------------------------------------

_RUN = re.compile(r"M(\d+) (\d+)\.5h(\d+)|m(\d+) 0h(\d+)")


def _modules_from_svg(d: str, side: int) -> list[list[bool]]:
    """The dark modules drawn by the path, on the whole image including the quiet zone."""
    grid = [[False] * side for _ in range(side)]
    x = y = 0
    assert "".join(m.group(0) for m in _RUN.finditer(d)) == d
    for match in _RUN.finditer(d):
        if match.group(1) is not None:
            x, y, length = int(match.group(1)), int(match.group(2)), int(match.group(3))
        else:
            x, length = x + int(match.group(4)), int(match.group(5))
        for i in range(length):
            assert not grid[y][x + i]
            grid[y][x + i] = True
        x += length
    return grid


@pytest.mark.parametrize(("text", "module", "quiet"), [("hi", 4, 4), ("x" * 2000, 2, 4), ("stripdeck", 1, 0)])
def test_svg_is_well_formed_and_draws_the_matrix(text: str, module: int, quiet: int) -> None:
    matrix = qr.encode(text)
    size = len(matrix)
    side = size + 2 * quiet
    root = ET.fromstring(qr.svg(matrix, module=module, quiet=quiet))
    assert root.tag == f"{SVG_NS}svg" and root.get("role") == "img" and root.get("aria-label") == "QR code"
    assert root.get("viewBox") == f"0 0 {side} {side}"
    assert (root.get("width"), root.get("height")) == (str(side * module),) * 2
    rect, path = list(root)
    assert rect.tag == f"{SVG_NS}rect" and rect.get("fill") == "#fff"
    assert rect.get("x", "0") == rect.get("y", "0") == "0" and rect.get("width") == rect.get("height") == str(side)
    assert path.tag == f"{SVG_NS}path" and path.get("stroke") == "#000"
    grid = _modules_from_svg(path.get("d", ""), side)
    assert [row[quiet:quiet + size] for row in grid[quiet:quiet + size]] == matrix
    assert sum(map(sum, grid)) == sum(map(sum, matrix))  # nothing drawn in the quiet zone


def test_svg_escapes_the_label() -> None:
    label = 'Join <Ann & "Bob"> \'now\''
    text = qr.svg(qr.encode("x"), label=label)
    assert ET.fromstring(text).get("aria-label") == label
    assert "&lt;Ann &amp; &quot;Bob&quot;&gt;" in text and "<Ann" not in text


def test_svg_is_compact() -> None:
    matrix = qr.encode("x" * 2000)
    assert len(qr.svg(matrix)) < 12 * sum(map(sum, matrix)) // 2  # well under one path command per module


# --- speed -----------------------------------------------------------------------------------------------

def test_encoding_2000_bytes_at_m_is_fast() -> None:
    times = []
    for i in range(3):
        start = time.perf_counter()
        qr.encode("ABCDEFGHIJ"[i] * 2000)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.2, f"{min(times) * 1000:.0f} ms"
