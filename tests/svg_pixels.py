#!/usr/bin/env python3
"""svg_pixels.py SVG PNG -- pixel checks on a diagram rendered by rsvg-convert.

For each piece drawn in the SVG (elements of class "piece ..."), the
pixel of the PNG at the piece's centre must have the piece's fill colour
(from the document's own style sheet), and the board must not be empty
(some pixels darker than the background). Python's standard library
only: the PNG is decoded here (8-bit RGB or RGBA, non-interlaced, as
rsvg-convert writes it). Exit 0 when every check passes, 1 otherwise.
"""
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"


def png_pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, "unexpected PNG kind"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def main():
    svg_path, png_path = sys.argv[1], sys.argv[2]
    root = ET.parse(svg_path).getroot()
    vb = [float(v) for v in root.get("viewBox").split()]
    css = "".join(e.text or "" for e in root.iter(SVG + "style"))
    fills = dict(re.findall(r"\.piece\.([a-z]+)\{fill:(#[0-9a-f]{3,6})\}", css))
    width, height, bpp, rows = png_pixels(png_path)
    scale = width / vb[2]
    # the piece that just moved wears the arrowhead: not checked
    moved = None
    for el in root.iter(SVG + "path"):
        if "move" in (el.get("class") or "").split():
            last = re.findall(r"(-?[0-9.]+),(-?[0-9.]+)", el.get("d"))[-1]
            moved = (float(last[0]), float(last[1]))
    bad, checked = 0, 0
    for el in root.iter():
        cls = (el.get("class") or "").split()
        if "piece" not in cls or el.get("transform"):
            continue
        if el.tag == SVG + "circle":
            cx, cy = float(el.get("cx")), float(el.get("cy"))
        else:
            cx = float(el.get("x")) + float(el.get("width")) / 2
            cy = float(el.get("y")) + float(el.get("height")) / 2
        if moved and abs(cx - moved[0]) < 0.01 and abs(cy - moved[1]) < 0.01:
            continue
        want = fills[cls[1]].lstrip("#")
        if len(want) == 3:
            want = "".join(ch * 2 for ch in want)
        want = tuple(int(want[i:i + 2], 16) for i in (0, 2, 4))
        # up and left of the centre: clear of a piece's letter and of
        # the last move's arrow through it
        x, y = int((cx - 2.3) * scale), int((cy - 1.8) * scale)
        px = tuple(rows[y][x * bpp:x * bpp + 3])
        checked += 1
        if max(abs(p - w) for p, w in zip(px, want)) > 40:
            bad += 1
            print(f"{svg_path}: piece {cls[1]} at ({cx},{cy}): pixel {px}, want {want}")
    dark = sum(1 for r in rows for x in range(0, len(r), bpp) if sum(r[x:x + 3]) < 300)
    if dark < width * height // 200:
        bad += 1
        print(f"{svg_path}: the board looks empty ({dark} dark pixels)")
    print(f"{svg_path}: {checked} pieces checked, {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
