#!/usr/bin/env python3
"""Nothing cut at a PNG's edges: the outermost columns (left and right)
must be all background, the colour of the top-left pixel.  A title or a
label wider than the canvas is drawn up to the edge and cut there, so
this sees it without knowing the font.  Prints "WxH" and exits 0, or
prints which edge has ink at which rows and exits 1.

Usage: png_edges.py FILE.png [COLUMNS]   (COLUMNS: edge width, default 2)
Reads 8-bit RGB/RGBA/grey PNGs (what gnuplot's png and pngcairo write)
with the standard library only.
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: expected a PNG signature")
    pos, idat, plte = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            plte = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if depth != 8 or interlace:
        sys.exit(f"{path}: expected 8-bit non-interlaced, found depth {depth} interlace {interlace}")
    bpp = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    edge = int(argv[2]) if len(argv) == 3 else 2
    w, h, bpp, rows = read_png(argv[1])
    bg = rows[0][:bpp]
    bad = []
    for name, xs in (("left", range(edge)), ("right", range(w - edge, w))):
        ink = [y for y in range(h) if any(rows[y][x * bpp:(x + 1) * bpp] != bg for x in xs)]
        if ink:
            bad.append(f"{name} edge drawn on at rows {ink[0]}..{ink[-1]} ({len(ink)} rows)")
    if bad:
        print(f"{argv[1]}: {w}x{h}: " + "; ".join(bad))
        return 1
    print(f"{w}x{h}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
