#!/usr/bin/env python3
"""svg_pixels.py [--kind diagram|page] SVG... -- the documents checked in pixels.

Each document is rendered by rsvg-convert to PDF (one run for all of
them and their variants, below) and rasterised by poppler's pdftoppm
into PPMs (raw pixels: nothing to decode here), and looked at as an
editor would:

  - nothing outside the drawing or the page: the document is rendered
    on a larger canvas (its viewBox grown on every side) and every pixel
    beyond its own box must be white;
  - an even margin (diagrams): the ink leaves about the same margin on
    every side, none under 2 user units; margins kept (pages, sheets): no
    ink in the page's side margins, above the running head or under the
    page number;
  - no mark hides a piece: the document is rendered again without the
    marks of the last turn (arrows and their halos, rings, crosses,
    ghosts, bands, boxes); inside every piece, its letter included, the
    two are the same pixel for pixel; and the pixel above its centre,
    over its letter, has the piece's fill colour (from the document's style sheet);
  - the author's marks (spec/tgn.md 8.7: classes "am-..."), which the
    author places, over pieces too, are left out of these checks: the
    documents are checked without them (tests/marks_pixels.py checks
    them);
  - no text on a drawing: what is not a drawing (a diagram's caption; a
    page's lines, running head, page number) and the drawings (boards with
    their coordinates, figures with their captions) are rendered apart,
    and no pixel is inked in both -- a line that ran past its box into a
    diagram would be.

Python's standard library, rsvg-convert (librsvg2-bin) and pdftoppm
(poppler-utils). Prints each problem; exit 0 when there is none.
"""
import copy
import glob
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
MARKS = {"tercia", "halo", "move", "push", "from", "ghost", "placed", "taken", "huffed"}
DRAWINGS = {"diagram", "figure", "sheet-cell"}
ET.register_namespace("", "http://www.w3.org/2000/svg")


def classes(el):
    return set((el.get("class") or "").split())


def author_mark(el):
    """Is 'el' one of the author's marks (spec/tgn.md 8.7)?"""
    return any(c.startswith("am-") for c in classes(el))


def without(root, drop, top=False):
    """A copy of 'root' without the elements 'drop' picks (among the
    document's own children only, when 'top')."""
    doc = copy.deepcopy(root)
    for parent in [doc] if top else list(doc.iter()):
        for child in list(parent):
            if drop(child):
                parent.remove(child)
    return doc


def padded(doc, pad):
    vb = [float(v) for v in doc.get("viewBox").split()]
    mm = float(doc.get("width").rstrip("m")) / vb[2]
    doc.set("viewBox", "%g %g %g %g" % (vb[0] - pad, vb[1] - pad, vb[2] + 2 * pad, vb[3] + 2 * pad))
    doc.set("width", "%gmm" % ((vb[2] + 2 * pad) * mm))
    doc.set("height", "%gmm" % ((vb[3] + 2 * pad) * mm))
    return doc


class Image:
    def __init__(self, path):
        data = open(path, "rb").read()
        m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
        self.w, self.h = int(m.group(1)), int(m.group(2))
        self.px = data[m.end():]

    def pixel(self, x, y):
        x, y = min(max(int(x), 0), self.w - 1), min(max(int(y), 0), self.h - 1)
        i = (y * self.w + x) * 3
        return self.px[i], self.px[i + 1], self.px[i + 2]

    def row(self, y, x0=0, x1=None):
        x1 = self.w if x1 is None else x1
        base = y * self.w * 3
        return self.px[base + x0 * 3:base + x1 * 3]

    def ink_mask(self, level):
        """One bit a pixel (the last byte of its three): some channel under 'level'."""
        table = bytes(1 if b < level else 0 for b in range(256))
        t = int.from_bytes(self.px.translate(table), "big")
        return t | (t >> 8) | (t >> 16)


def transform_of(el):
    m = re.match(r"translate\(([-0-9.]+),([-0-9.]+)\) scale\(([-0-9.]+)\)", el.get("transform") or "")
    return (float(m.group(1)), float(m.group(2)), float(m.group(3))) if m else (0.0, 0.0, 1.0)


def pieces(root):
    """Every piece: (class, centre x, centre y, radius), in document units."""
    out = []

    def walk(el, tx, ty, s):
        dx, dy, ds = transform_of(el)
        tx, ty, s = tx + dx * s, ty + dy * s, s * ds
        cls = classes(el)
        if "piece" in cls:
            if el.tag == SVG + "circle":
                cx, cy, r = float(el.get("cx")), float(el.get("cy")), float(el.get("r"))
            else:
                r = float(el.get("width")) / 2
                cx, cy = float(el.get("x")) + r, float(el.get("y")) + r
            out.append(([c for c in cls if c != "piece"][0], tx + cx * s, ty + cy * s, r * s))
        for child in el:
            walk(child, tx, ty, s)

    walk(root, 0.0, 0.0, 1.0)
    return out


def variants(root, kind):
    """The renderings a document needs: full, without marks, text alone,
    drawings alone."""
    drawing = lambda el: bool(DRAWINGS & classes(el))
    keep = lambda el: drawing(el) or el.tag == SVG + "defs" or "page" in classes(el)
    return [root,
            without(root, lambda el: bool(classes(el) & MARKS)),
            without(root, drawing, top=True),
            without(root, lambda el: not keep(el), top=True)]


def check(path, root, kind, imgs, pad):
    problems = []
    full, plain, text, draw = imgs
    vb = [float(v) for v in root.get("viewBox").split()]
    w, h = full.w, full.h
    scale = w / (vb[2] + 2 * pad)
    off = int(round(pad * scale))
    # nothing outside the document's box
    outside = 0
    for y in range(h):
        if y < off - 1 or y > h - off:
            outside += min(full.row(y)) < 250
        else:
            outside += min(full.row(y, 0, max(off - 1, 1))) < 250 or min(full.row(y, w - off + 1)) < 250
    if outside:
        problems.append("ink outside the document's box on %d rows" % outside)
    # the ink's box
    ink = re.compile(rb"[\x00-\xea]")
    x0, y0, x1, y1 = w, h, -1, -1
    for y in range(off, h - off):
        row = full.row(y, off, w - off)
        m = ink.search(row)
        if not m:
            continue
        last = len(row) - 1 - ink.search(row[::-1]).start()
        x0, x1 = min(x0, off + m.start() // 3), max(x1, off + last // 3)
        y0, y1 = min(y0, y), max(y1, y)
    if x1 < 0:
        return problems + ["nothing is drawn"]
    m = [(x0 - off) / scale, (y0 - off) / scale, (w - off - 1 - x1) / scale, (h - off - 1 - y1) / scale]
    shown = ", ".join("%.1f" % v for v in m)
    if kind == "diagram" and (min(m) < 2.0 or max(m) > 2.2 * min(m)):
        problems.append("uneven margins (left, top, right, bottom): %s" % shown)
    if kind == "page" and (m[0] < 14.0 or m[2] < 14.0 or m[1] < 9.0 or m[3] < 9.0):
        problems.append("ink in the page's margins (left, top, right, bottom): %s mm" % shown)
    # no mark hides a piece or its letter; each piece in its colour
    css = "".join(e.text or "" for e in root.iter(SVG + "style"))
    fills = dict(re.findall(r"\.piece\.([a-z]+)\{fill:(#[0-9a-f]{3,6})\}", css))
    for cls, cx, cy, r in pieces(root):
        pcx, pcy, pr = off + cx * scale, off + cy * scale, r * scale
        inner = pr - max(1.5, 0.2 * pr)
        n, step, differ = int(inner), max(1, int(inner) // 6), 0
        for dy in range(-n, n + 1, step):
            for dx in range(-n, n + 1, step):
                if dx * dx + dy * dy <= inner * inner:
                    a, b = full.pixel(pcx + dx, pcy + dy), plain.pixel(pcx + dx, pcy + dy)
                    differ += max(abs(p - q) for p, q in zip(a, b)) > 40
        if differ:
            problems.append("a mark covers the %s piece at (%.1f, %.1f): %d samples differ" % (cls, cx, cy, differ))
        want = fills.get(cls)
        if want:
            want = want.lstrip("#")
            want = "".join(ch * 2 for ch in want) if len(want) == 3 else want
            want = tuple(int(want[i:i + 2], 16) for i in (0, 2, 4))
            got = full.pixel(pcx, pcy - 0.7 * pr)  # above a letter, inside the outline
            if max(abs(p - q) for p, q in zip(got, want)) > 48:
                problems.append("the %s piece at (%.1f, %.1f) is %s, not %s" % (cls, cx, cy, got, want))
    # no text on a drawing
    both = text.ink_mask(200) & draw.ink_mask(245)
    keep = int.from_bytes(b"\x00\x00\x01" * (w * h), "big")
    count = bin(both & keep).count("1")
    if count > 2:
        problems.append("text runs into a drawing: %d pixels inked by both" % count)
    return problems


def main():
    args = sys.argv[1:]
    kind = "diagram"
    if args[:1] == ["--kind"]:
        kind, args = args[1], args[2:]
    with tempfile.TemporaryDirectory() as tmp:
        docs, svgs = [], []
        for k, path in enumerate(args):
            root = without(ET.parse(path).getroot(), author_mark)
            vb = [float(v) for v in root.get("viewBox").split()]
            pad = vb[2] * 0.06
            docs.append((path, root, pad))
            for v, doc in enumerate(variants(root, kind)):
                name = os.path.join(tmp, "d%05d-%d.svg" % (k, v))
                ET.ElementTree(padded(copy.deepcopy(doc), pad)).write(name, encoding="utf-8",
                                                                      xml_declaration=True)
                svgs.append(name)
        pdf = os.path.join(tmp, "all.pdf")
        r = subprocess.run(["rsvg-convert", "-f", "pdf", "-o", pdf] + svgs, capture_output=True)
        if r.returncode or r.stderr:
            print("rsvg-convert: %s" % r.stderr.decode())
            return 1
        dpi = "100" if kind == "page" else "220"
        subprocess.run(["pdftoppm", "-r", dpi, pdf, os.path.join(tmp, "p")], check=True)
        ppms = sorted(glob.glob(os.path.join(tmp, "p-*.ppm")))
        bad = 0
        for k, (path, root, pad) in enumerate(docs):
            imgs = [Image(p) for p in ppms[4 * k:4 * k + 4]]
            problems = check(path, root, kind, imgs, pad)
            for p in problems:
                print("%s: %s" % (path, p))
            bad += bool(problems)
        print("svg_pixels: %d document%s, %d with problems" % (len(docs), "" if len(docs) == 1 else "s", bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
