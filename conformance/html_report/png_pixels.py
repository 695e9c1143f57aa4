"""The pixels of a PNG file, decoded with zlib alone (8-bit RGB or RGBA, not interlaced: what
Chromium's screenshots are), for checking that colours really reach the screen."""
import struct
import zlib
from collections import Counter


def _add_bytes(a: bytes, b: bytes) -> bytes:
    """a + b byte by byte, modulo 256 (the Up filter), on whole rows as big integers."""
    n = len(a)
    x, y = int.from_bytes(a, "big"), int.from_bytes(b, "big")
    low, high = int.from_bytes(b"\x7f" * n, "big"), int.from_bytes(b"\x80" * n, "big")
    return (((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(n, "big")


def decode(path):
    """(width, height, bytes per pixel, rows): each row the unfiltered bytes of one line."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG file")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise ValueError(f"{path} has no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA, not interlaced, is decoded (got depth {depth}, colour type {colour})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev, i = [], bytes(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if kind == 1:  # Sub
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif kind == 2:  # Up
            line = bytearray(_add_bytes(bytes(line), prev))
        elif kind == 3:  # Average
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif kind == 4:  # Paeth
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif kind != 0:
            raise ValueError(f"{path}: unknown filter type {kind}")
        prev = bytes(line)
        rows.append(prev)
    return width, height, bpp, rows


def solid_rows(image, rgb, run):
    """How many rows of the decoded image hold `run` or more pixels of colour rgb side by side: a
    block that wide (a table cell) rather than text or a small swatch."""
    _, _, bpp, rows = image
    pixel = bytes(rgb) + (b"\xff" if bpp == 4 else b"")
    needle = pixel * run
    found = 0
    for row in rows:
        at = row.find(needle)
        while at >= 0 and at % bpp:  # only at a pixel boundary
            at = row.find(needle, at + 1)
        found += at >= 0
    return found
