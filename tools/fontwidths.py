#!/usr/bin/env python3
"""fontwidths.py REGULAR.ttf BOLD.ttf > lib/font_widths.c

Writes the advance widths of DejaVu Sans (regular and bold) for the
characters captions and books set, as a C table: how the library breaks
lines of text without font metrics at run time (lib/text_metrics.c, spec/svg.md
"Text"). Run once, by hand, when the font changes; the output is
committed. Python's standard library only: the TrueType file is read
here (tables head, hhea, hmtx and the Windows Unicode cmap, format 4).

Widths are in font units (2048 to the em). An Arabic letter that joins
has the widths of each of its forms (isolated, final, initial, medial:
the shaper picks one by its neighbours, and so does lib/text_metrics.c), from
the font's presentation forms; on its own it counts its widest.
"""
import struct
import sys
import unicodedata

RANGES = [  # (first, last): the characters measured; others count 1 em
    (0x0020, 0x024F),  # Latin, Latin-1, Latin Extended-A and -B
    (0x0300, 0x036F),  # combining diacritical marks
    (0x0600, 0x06FF),  # Arabic
    (0x2000, 0x206F),  # general punctuation (dashes, ellipsis, bidi controls)
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators (minus, plus-minus, infinity)
    (0x27E8, 0x27E9),  # angle brackets
    (0xFB50, 0xFDFF),  # Arabic presentation forms A
    (0xFE70, 0xFEFF),  # Arabic presentation forms B
]


def tables(data):
    n = struct.unpack(">H", data[4:6])[0]
    out = {}
    for i in range(n):
        tag, _, off, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        out[tag.decode("latin-1")] = (off, length)
    return out


def load(path):
    data = open(path, "rb").read()
    t = tables(data)
    head, hhea, hmtx, cmap = t["head"][0], t["hhea"][0], t["hmtx"][0], t["cmap"][0]
    upem = struct.unpack(">H", data[head + 18:head + 20])[0]
    nmetrics = struct.unpack(">H", data[hhea + 34:hhea + 36])[0]
    adv = [struct.unpack(">H", data[hmtx + 4 * i:hmtx + 4 * i + 2])[0] for i in range(nmetrics)]
    glyph = {}
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        pid, eid, off = struct.unpack(">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        sub = cmap + off
        if struct.unpack(">H", data[sub:sub + 2])[0] != 4 or (pid, eid) != (3, 1):
            continue
        segx2 = struct.unpack(">H", data[sub + 6:sub + 8])[0]
        segs = segx2 // 2
        ends = struct.unpack(">%dH" % segs, data[sub + 14:sub + 14 + segx2])
        base = sub + 16 + segx2
        starts = struct.unpack(">%dH" % segs, data[base:base + segx2])
        deltas = struct.unpack(">%dh" % segs, data[base + segx2:base + 2 * segx2])
        ro = base + 2 * segx2
        offsets = struct.unpack(">%dH" % segs, data[ro:ro + segx2])
        for k in range(segs):
            for c in range(starts[k], ends[k] + 1):
                if c == 0xFFFF:
                    continue
                if offsets[k] == 0:
                    g = (c + deltas[k]) & 0xFFFF
                else:
                    at = ro + 2 * k + offsets[k] + 2 * (c - starts[k])
                    g = struct.unpack(">H", data[at:at + 2])[0]
                    g = (g + deltas[k]) & 0xFFFF if g else 0
                if g:
                    glyph[c] = g
    assert upem == 2048, "DejaVu Sans has 2048 units to the em"
    return {c: adv[min(g, nmetrics - 1)] for c, g in glyph.items()}


FORMS = ("<isolated>", "<final>", "<initial>", "<medial>")


def forms(width):
    """Each Arabic letter's contextual forms' widths, from the presentation
    forms the font maps: {letter: [isolated, final, initial, medial]}, 0
    for a form it has not."""
    out = {}
    for c in sorted(width):
        if not (0xFB50 <= c <= 0xFDFF or 0xFE70 <= c <= 0xFEFF):
            continue
        d = unicodedata.decomposition(chr(c)).split()
        if len(d) == 2 and d[0] in FORMS:
            b = int(d[1], 16)
            f = out.setdefault(b, [0, 0, 0, 0])
            f[FORMS.index(d[0])] = max(f[FORMS.index(d[0])], width[c])
    return out


def widest_forms(width):
    """An Arabic letter's width on its own: the widest of its forms."""
    out = dict(width)
    for b, f in forms(width).items():
        out[b] = max([out.get(b, 0)] + f)
    return out


def table(name, width):
    rows, vals = [], []
    for first, last in RANGES:
        for c in range(first, last + 1):
            vals.append(width.get(c, 2048))
    print("static const uint16_t %s[%d] = {" % (name, len(vals)))
    for i in range(0, len(vals), 12):
        print("\t" + " ".join("%d," % v for v in vals[i:i + 12]))
    print("};")
    return rows


def arabic(reg, bold):
    """The letters that join: their joining ('D' both ways, 'R' to the
    right only) and their forms' widths, regular and bold."""
    fr, fb = forms(reg), forms(bold)
    print("const tb_font_joining tb_font_arabic[] = {")
    n = 0
    for c in sorted(fr):
        if not (0x0600 <= c <= 0x06FF):
            continue
        f, g = fr[c], fb.get(c, fr[c])
        join = "D" if f[2] or f[3] else "R" if f[1] else "U"
        if join == "U":
            continue
        print("\t{0x%04X, '%s', {{%s}, {%s}}}," % (c, join, ", ".join(map(str, f)), ", ".join(map(str, g))))
        n += 1
    print("\t{0, 0, {{0}, {0}}}")
    print("};")


def main():
    raw_regular, raw_bold = (load(p) for p in sys.argv[1:3])
    regular, bold = widest_forms(raw_regular), widest_forms(raw_bold)
    print("/* Generated by tools/fontwidths.py from DejaVu Sans and DejaVu Sans Bold")
    print(" * (Debian fonts-dejavu-core): advance widths in 1/2048 em, an Arabic")
    print(" * letter's widest form. Do not edit; see lib/text_metrics.c. */")
    print("#include \"text_metrics.h\"\n")
    print("const tb_font_range tb_font_ranges[] = {")
    off = 0
    for first, last in RANGES:
        print("\t{0x%04X, 0x%04X, %d}," % (first, last, off))
        off += last - first + 1
    print("\t{0, 0, 0}")
    print("};\n")
    table("S_regular", regular)
    print()
    table("S_bold", bold)
    print("\nconst uint16_t *const tb_font_widths[2] = {S_regular, S_bold};\n")
    arabic(raw_regular, raw_bold)


if __name__ == "__main__":
    main()
