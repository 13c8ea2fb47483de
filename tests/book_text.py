#!/usr/bin/env python3
"""book_text.py TGN TEXT -- the text of a book's PDF holds its records' words, in order.

TGN is the records in canonical form (tablero fmt), TEXT what pdftotext
read from the PDF tablero book made of them (cropped to the text block:
no running head or page number in the middle of a paragraph). Every word
of every comment of the movetext (after the tags), every turn's token --
a reading's first alternative, a reconstructed turn's -- and each result
must be found in TEXT, in the order of the records, each after the one
before; the words of a right-to-left comment in any order inside it (PDF
text extraction orders runs of the other direction as it can).

Both are compared word by word, as a reader would: Unicode NFKC,
without white space (lines broken anywhere), punctuation (which PDF text
extraction may move to the other end of a run of the other direction),
bidirectional controls and combining marks (Arabic vowel signs, which it
sets apart), and with lam-alef read either way round (the ligature's
letters, as poppler gives them). Prints what it could not find; exit 0 when everything was found.
"""
import re
import sys
import unicodedata


def norm(s):
    """'s' as compared: each word without marks, controls and punctuation,
    lam-alef as poppler gives it; the words run together."""
    out = []
    for w in unicodedata.normalize("NFKC", s).split():
        w = "".join(c for c in w if unicodedata.category(c) not in ("Mn", "Cf")
                    and not unicodedata.category(c).startswith("P"))
        out.append(w.replace("لا", "ال"))
    return "".join(out)


def items(tgn):
    """(kind, text) in order: comments and tokens of the movetext."""
    out = []
    for record in re.split(r"\n(?=\[Game )", tgn):
        body = re.sub(r"^(\[[^\n]*\]\n)+", "", record.lstrip("\n"), count=1)
        i = 0
        depth_reading = 0
        alt = 0
        while i < len(body):
            c = body[i]
            if c == "{":
                j, text = i + 1, []
                while body[j] != "}":
                    if body[j] == "\\":
                        j += 1
                    text.append(body[j])
                    j += 1
                t = "".join(text)
                m = re.match(r"@[A-Za-z0-9-]+ ", t)
                t = t[m.end():] if m else t
                # the author's marks the canonical form writes first (spec/tgn.md
                # 8.7) are drawn, not printed; a comment of marks alone is no text
                t = re.sub(r"^(\[%(cal|csl|cfl|clb) [^\]]*\] ?)+", "", t)
                if t:
                    out.append(("comment", t))
                i = j + 1
            elif body.startswith("<gap", i) or body.startswith("<position", i):
                i = body.index(">", i) + 1
            elif body.startswith("<reconstructed ", i):
                j = body.index(">", i)
                out.append(("turn", body[i + 15:j]))
                i = j + 1
            elif c == "<":
                depth_reading, alt = 1, 0
                i += 1
            elif c == "|":
                alt += 1
                i += 1
            elif c == ">" and depth_reading:
                depth_reading = 0
                i += 1
            elif c.isspace() or c in "()>":
                i += 1
            else:
                j = i
                while j < len(body) and not body[j].isspace() and body[j] not in "{}()|":
                    j += 1
                tok = body[i:j]
                i = j
                close = depth_reading and tok.endswith(">")
                if close:
                    tok = tok[:-1]
                if re.fullmatch(r"\d+\.(\.\.)?|\$\d+", tok) or tok.startswith("@"):
                    continue  # a number, a NAG, an evidence link (not printed)
                tok = re.sub(r"[!?]+$", "", tok) or tok
                if not (depth_reading and alt):  # an alternative: said in the note
                    out.append(("turn", tok))
                if close:
                    depth_reading = 0
    return out


def words(s):
    """The words of 's', normalised; a word with a combining mark only up
    to the letter before it (poppler may set the rest on another line)."""
    out = []
    for w in s.split():
        cut = next((i - 1 for i, c in enumerate(w) if unicodedata.category(c) == "Mn"), len(w))
        # "وe6": an Arabic letter against a point is two runs, two words
        for part in re.findall(r"[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]+|[^\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]+", w[:max(cut, 0)]):
            part = norm(part)
            if part:
                out.append(part)
    return out


def rtl(s):
    """Does 's' read right to left (its first strong character)?"""
    for c in s:
        d = unicodedata.bidirectional(c)
        if d in ("R", "AL"):
            return True
        if d == "L":
            return False
    return False


def main():
    tgn = open(sys.argv[1], encoding="utf-8").read()
    text = norm(open(sys.argv[2], encoding="utf-8").read())
    at, missing, count = 0, 0, 0
    for kind, s in items(tgn):
        ws = words(s)
        # right to left: each line's words, in whatever order poppler gives
        # them (it orders runs of the other direction as it can), inside the
        # stretch the comment can take
        window = 4 * sum(len(w) for w in ws) + 200 if rtl(s) else None
        end = at
        anchor = -1
        if window and ws:  # where the comment's longest word has most of its words near
            longest, best, k = max(ws, key=len), -1, text.find(max(ws, key=len), at)
            for _ in range(8):
                if k < 0:
                    break
                near = sum(0 <= text.find(w, max(0, k - window)) <= k + window for w in ws)
                if near > best:
                    anchor, best = k, near
                k = text.find(longest, k + 1)
        for w in ws:
            count += 1
            if window:  # found near the comment's longest word
                k = text.find(w, max(0, anchor - window)) if anchor >= 0 else -1
                bad = k < 0 or k > anchor + window
            else:
                k = text.find(w, end)
                bad = k < 0
            if bad:
                missing += 1
                print("%s: %s %r: %r not found after position %d%s" %
                      (sys.argv[2], kind, s[:60], w, at, " (it is earlier)" if text.find(w) >= 0 else ""))
                break
            end = max(end, k + len(w))
        at = end
        if missing:
            break
    if not missing:
        print("%s: %d words found in order" % (sys.argv[2], count))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
