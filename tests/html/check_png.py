#!/usr/bin/env python3
"""Checks a screenshot of the HTML report is not blank and shows the charts' bars.

usage: check_png.py SHOT.png COLOUR:MIN_PIXELS ...   (COLOUR as rrggbb)
Decodes the PNG with the standard library only (8-bit RGB or RGBA, not interlaced, as Chromium
writes it), then requires: more than 2 % of the pixels not white, more than 8 distinct colours, and
at least MIN_PIXELS pixels of each COLOUR (within 8 per channel: anti-aliasing).
"""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour_type not in (2, 6) or interlace != 0:
                sys.exit(f"{path}: unsupported PNG (depth {depth}, colour type {colour_type}, interlace {interlace})")
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if width is None:
        sys.exit(f"{path}: no IHDR chunk")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 0xFF
            elif f == 2:
                line[x] = (line[x] + b) & 0xFF
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append(line)
        prev = line
    return width, height, channels, rows


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    width, height, channels, rows = decode(sys.argv[1])
    wanted = []
    for arg in sys.argv[2:]:
        colour, minimum = arg.split(":")
        wanted.append((tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4)), int(minimum)))
    counts = [0] * len(wanted)
    non_white, colours = 0, set()
    for line in rows:
        for x in range(0, width * channels, channels):
            px = (line[x], line[x + 1], line[x + 2])
            if px != (255, 255, 255):
                non_white += 1
            if len(colours) < 1000:
                colours.add(px)
            for i, (c, _) in enumerate(wanted):
                if abs(px[0] - c[0]) <= 8 and abs(px[1] - c[1]) <= 8 and abs(px[2] - c[2]) <= 8:
                    counts[i] += 1
    total = width * height
    print(f"{sys.argv[1]}: {width}x{height}, {100.0 * non_white / total:.1f} % not white, "
          f"{len(colours)}{'+' if len(colours) >= 1000 else ''} colours")
    ok = True
    if non_white * 50 < total:
        print("FAIL: the screenshot is (nearly) blank")
        ok = False
    if len(colours) <= 8:
        print("FAIL: fewer than 9 colours: nothing was drawn")
        ok = False
    for (c, minimum), n in zip(wanted, counts):
        name = "#%02x%02x%02x" % c
        print(f"  {name}: {n} pixels (need {minimum})")
        if n < minimum:
            print(f"FAIL: too few pixels of {name}: a chart's bars did not render")
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
