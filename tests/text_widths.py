#!/usr/bin/env python3
"""text_widths.py TEXT_EM TGN... -- the widths lines are broken by, against ink.

Captions and pages are broken into lines by the library's widths
(lib/text_metrics.c, from the DejaVu Sans advances of lib/font_widths.c); a line must
never be wider on paper than they say. This takes every tag value and
comment of the records given (Spanish, Arabic, names with accents), in
pieces as long as a caption's line, and strings of the widest
characters; asks the library (TEXT_EM, build/tests/text_em) each one's
width, regular and bold; draws each on its own line of an SVG page, from
the left or (right to left) from the right end of the width it was
given; renders the page with rsvg-convert and pdftoppm; and measures
each line's ink: it must stay inside that width but for a glyph's
overhang (0.15 em, which lib/typeset.c keeps back at the end of every
line), and the width must not overstate it by much (a loose measure
would waste the line).

Python's standard library, rsvg-convert and pdftoppm. Exit 0 when every
line fits.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from xml.sax.saxutils import escape

SIZE = 4.0      # font size, user units (millimetres)
LINE = 9.0
LEFT = 10.0
OVERHANG = 0.15  # em: what lib/typeset.c keeps back at a line's end


def widths(text_em, lines):
    """The library's widths of 'lines', regular and bold, in em."""
    out = subprocess.run([text_em], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return [tuple(float(v) for v in l.split()) for l in out if l]


def rtl(s):
    for ch in s:
        d = unicodedata.bidirectional(ch)
        if d in ("R", "AL"):
            return True
        if d == "L":
            return False
    return False


def strings(paths):
    out = set()
    for p in paths:
        src = open(p, encoding="utf-8").read()
        out.update(v for v in re.findall(r'^\[\w+ "(.*)"\]$', src, re.M) if len(v) < 90)
        for c in re.findall(r"\{(?:@[\w-]+ )?([^}]*)\}", src):
            words = c.split()
            for i in range(0, len(words), 8):  # pieces as long as a caption's line
                out.add(" ".join(words[i:i + 8]))
    out.update(["WWWWWWWWWW", "ÑÑÑÑÑ ÜÜÜÜÜ", "مممممم ككككك", "ﻼﻼﻼ لالالا", "—–…«»±∓−+",
                "Sangangüey: Cervantes Ríos, Rubén", "المحاصران: الحاج عبد الكريم التازي"])
    return sorted(out)


def main():
    lines = strings(sys.argv[2:])
    ems = widths(sys.argv[1], lines)
    width = 190.0
    rows = [(s, bold, ems[i][bold]) for i, s in enumerate(lines) for bold in (0, 1)]
    height = LINE * (len(rows) + 2)
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%gmm" height="%gmm" '
             'viewBox="0 0 %g %g"><style type="text/css">text{font-family:\'DejaVu Sans\',sans-serif;'
             'font-size:%gpx}.b{font-weight:bold}</style>' % (width + 20, height, width + 20, height, SIZE),
             '<rect x="0" y="0" width="%g" height="%g" fill="#fff"/>' % (width + 20, height)]
    expect = []
    for i, (s, bold, e) in enumerate(rows):
        w = e * SIZE
        y = LINE * (i + 1)
        r = rtl(s)
        x = LEFT + w if r else LEFT
        attrs = ' direction="rtl" unicode-bidi="embed"' if r else ""
        parts.append('<text x="%g" y="%g"%s%s>%s</text>' %
                     (x, y, attrs, ' class="b"' if bold else "", escape(s)))
        expect.append((s, bold, w, r, y))
    parts.append("</svg>")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "w.svg")
        open(svg, "w", encoding="utf-8").write("\n".join(parts))
        pdf = os.path.join(tmp, "w.pdf")
        r = subprocess.run(["rsvg-convert", "-f", "pdf", "-o", pdf, svg], capture_output=True)
        if r.returncode or r.stderr:
            print("rsvg-convert: " + r.stderr.decode())
            return 1
        dpi = 300
        subprocess.run(["pdftoppm", "-r", str(dpi), "-singlefile", pdf, os.path.join(tmp, "w")], check=True)
        data = open(os.path.join(tmp, "w.ppm"), "rb").read()
        m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
        pw, ph = int(m.group(1)), int(m.group(2))
        px = data[m.end():]
        scale = pw / (width + 20)
        ink = re.compile(rb"[\x00-\xc8]")
        loose = 0
        for s, bold, w, r, y in expect:
            x0, x1 = pw, -1
            for yy in range(int((y - SIZE * 1.0) * scale), int((y + SIZE * 0.3) * scale)):
                row = px[yy * pw * 3:(yy + 1) * pw * 3]
                a = ink.search(row)
                if a:
                    x0 = min(x0, a.start() // 3)
                    x1 = max(x1, (len(row) - 1 - ink.search(row[::-1]).start()) // 3)
            if x1 < 0:
                continue
            left, right = x0 / scale, (x1 + 1) / scale
            used = right - left
            # a glyph may overhang its advance by a little (a final ra's tail):
            # the paragraphs keep OVERHANG of every line back for it
            if right > LEFT + w + OVERHANG * SIZE or left < LEFT - OVERHANG * SIZE:
                bad += 1
                print("wider than measured (%s%.2f mm inked, %.2f mm said): %r" %
                      ("bold, " if bold else "", used, w, s))
            elif used < 0.80 * w - SIZE * 0.3 and len(s) > 8:
                loose += 1
                print("the table says %.2f mm for %.2f mm inked: %r" % (w, used, s))
        print("text_widths: %d lines, %d wider than their measure, %d measured far too wide" %
              (len(expect), bad, loose))
    return 1 if bad or loose else 0


if __name__ == "__main__":
    sys.exit(main())
