#!/usr/bin/env python3
"""marks_pixels.py COLOUR.svg GRAY.svg -- the author's marks (spec/tgn.md
8.7, spec/svg.md) found in the pixels of one diagram drawn in colour and
in grayscale, as a reader would find them:

  - in colour, each arrow (class "am-arrow am-X") is in its colour along
    its middle, and each shaded point (class "am-shade am-X") has its
    colour inside its square, away from the board's lines: green, red,
    yellow (orange) and blue each told by the balance of the channels;
  - in grayscale, the four colours are told apart without colour: a
    green arrow is dark all along its middle, a red, yellow or blue one
    has gaps (dashes), a red one's dashes at least twice as long as a
    yellow one's dots; the four shades are four grays, 15 levels apart.

The diagram is a single drawing whose arrows run over empty points (the
test's record, tests/svg.sh). Each document is rendered by rsvg-convert
to PDF and by pdftoppm to a PPM (svg_pixels.Image). Python's standard
library; exit 0 when every check holds, else the failures are printed.
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_pixels import Image, classes  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
DPI = 400


def render(path, tmp):
    pdf = os.path.join(tmp, os.path.basename(path) + ".pdf")
    subprocess.run(["rsvg-convert", "-f", "pdf", "-o", pdf, path], check=True)
    stem = os.path.join(tmp, os.path.basename(path))
    subprocess.run(["pdftoppm", "-r", str(DPI), "-singlefile", pdf, stem], check=True)
    return Image(stem + ".ppm")


def marks(root, kind):
    """(colour letter, element) of each mark of 'kind' ("am-arrow")."""
    out = []
    for el in root.iter():
        c = classes(el)
        if kind in c:
            colour = [x[3:] for x in c if x.startswith("am-") and len(x) == 4]
            out.append((colour[0], el))
    return out


def to_px(root, img):
    vb = [float(v) for v in root.get("viewBox").split()]
    sx, sy = img.w / vb[2], img.h / vb[3]
    return lambda x, y: (x * sx, y * sy)


def hue(rgb):
    r, g, b = rgb
    if r > 150 and g > 110 and b < g - 50:
        return "y"
    if r > g + 60 and r > b + 60:
        return "r"
    if b > r + 50 and b > g + 20:
        return "b"
    if g > r + 30 and g > b + 20:
        return "g"
    return "?"


def along(line, px, n=41, lo=0.2, hi=0.8):
    x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
    for i in range(n):
        t = lo + (hi - lo) * i / (n - 1)
        yield px(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)


def shade_inside(rect, px):
    """A point inside a shaded square, off the lines through its point:
    a third of the way from the centre to a side, a sixth down."""
    x, y = float(rect.get("x")), float(rect.get("y"))
    w = float(rect.get("width"))
    return px(x + w * 0.2, y + w * 0.4)


def check_colour(path, img):
    root = ET.parse(path).getroot()
    px = to_px(root, img)
    problems, seen = [], set()
    for colour, line in marks(root, "am-arrow"):
        hues = [hue(img.pixel(*p)) for p in along(line, px)]
        if hues.count(colour) < 0.8 * len(hues):
            problems.append("arrow am-%s: its middle is %s" % (colour, "".join(hues)))
        seen.add("arrow " + colour)
    for colour, rect in marks(root, "am-shade"):
        rgb = img.pixel(*shade_inside(rect, px))
        if hue(rgb) != colour:
            problems.append("shade am-%s: inside it %r" % (colour, rgb))
        seen.add("shade " + colour)
    want = {"%s %s" % (k, c) for k in ("arrow", "shade") for c in "gryb"}
    if seen != want:
        problems.append("expected an arrow and a shade of each colour, found %s" % sorted(seen))
    return problems


def dark_runs(img, points):
    runs, run = [], 0
    for p in points:
        if sum(img.pixel(*p)) < 3 * 110:
            run += 1
        else:
            if run:
                runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return runs


def check_gray(path, img):
    root = ET.parse(path).getroot()
    px = to_px(root, img)
    problems, longest, grays = [], {}, {}
    for colour, line in marks(root, "am-arrow"):
        runs = dark_runs(img, list(along(line, px, n=400, lo=0.1, hi=0.75)))
        longest[colour] = max(runs) if runs else 0
        solid = len(runs) == 1 and runs[0] == 400
        if (colour == "g") != solid:
            problems.append("gray arrow am-%s: dark runs %s (green solid, the others dashed)"
                            % (colour, runs[:12]))
    if longest.get("r", 0) < 2 * longest.get("y", 1):
        problems.append("gray: red's dashes (%s) not twice yellow's dots (%s)"
                        % (longest.get("r"), longest.get("y")))
    for colour, rect in marks(root, "am-shade"):
        grays[colour] = sum(img.pixel(*shade_inside(rect, px))) / 3
    levels = sorted(grays.values())
    if len(levels) != 4 or any(b - a < 15 for a, b in zip(levels, levels[1:])):
        problems.append("gray shades not four grays 15 apart: %s" % grays)
    return problems


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[0])
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        problems = [("colour", p) for p in check_colour(sys.argv[1], render(sys.argv[1], tmp))]
        problems += [("grayscale", p) for p in check_gray(sys.argv[2], render(sys.argv[2], tmp))]
    for which, p in problems:
        print("FAIL: marks_pixels (%s): %s" % (which, p))
    print("marks_pixels: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
