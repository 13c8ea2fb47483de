#!/usr/bin/env python3
"""One reading of a record everywhere (issue 31, spec/replay.md): every
command gives the same position after every turn as the record's one
replay, marked the same way.

For each record of the files given (the samples, and records with '?',
'?' points, gaps, readings and restated positions), the replay's frames
are taken through the Python binding (Record.frames()), and checked
against what each command prints:

- validate --positions: one line per frame of the main line and the
  variations, its position in braces, "[reconstructed]", "[open: ...]"
  or "[unknown: ...]" as the frame's status says;
- show --ply N, for every turn of the main line: the "Position:" line is
  the frame's position (the last known one where it is open or unknown),
  and the first line says "reconstructed" exactly where the frame does;
- html --list: each main-line turn's pieces are the frame's pieces, and
  its caption is marked reconstructed exactly where the frame is;
- xml --positions: the positions after the turns are the known frames'
  positions (as a multiset: a turn's <after> follows its variations);
- book --list --every 1: a diagram's caption is marked reconstructed
  exactly where the frame of its turn is;
- diff against fill's output: a '?', '?' point or gap the rules decide
  means what fill writes for it (<reconstructed ...>): no difference;
- grep -c --event K: every kind of event a known frame of the main line
  has is found (count 1, exit 0);
- Python Record.position(node): the frame's position when known, else
  PositionUnknown.

Usage: one_reading.py TABLERO PYTHONPATH FILE... ; standard library only.
"""
import os
import re
import subprocess
import sys

FAILS = []
COUNT = {"records": 0, "frames": 0, "show": 0, "html": 0}
MARKS = ("reconstructed", "reconstruida", "مستنتَجة", "مستنتجة")


def fail(where, what):
    FAILS.append(where)
    if len(FAILS) <= 20:
        print("FAIL: %s: %s" % (where, what))


def run(tablero, *args):
    p = subprocess.run([tablero] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def pieces(position):
    """'R 7 R:d1,b2 Y:a1 hand=6,6' -> 'R:d1,b2 Y:a1' (what html --list shows)."""
    return " ".join(w for w in position.split()[2:] if "=" not in w)


def split_records(text):
    """The records of a file, as texts (each begins at a tag line after
    movetext, or at the file's start)."""
    out, cur, seen_moves = [], [], False
    for line in text.split("\n"):
        if line.startswith("[") and seen_moves:
            out.append("\n".join(cur))
            cur, seen_moves = [], False
        if line.strip() and not line.startswith("[") and not line.startswith("{"):
            seen_moves = True
        cur.append(line)
    if "".join(cur).strip():
        out.append("\n".join(cur))
    return out


def check_validate(tablero, path, where, frames):
    rc, out, _ = run(tablero, "validate", "--positions", path)
    lines = [l for l in out.split("\n") if l and not l.startswith("#") and "{" in l]
    mine = [f for f in frames if f.index >= 0 and f.alternative == 0]
    if len(lines) != len(mine):
        fail(where, "validate --positions prints %d lines, the replay has %d frames"
             % (len(lines), len(mine)))
        return
    for line, f in zip(lines, mine):
        m = re.search(r"\{([^}]*)\}", line)
        if f.position is not None and (not m or m.group(1) != f.position):
            fail(where, "validate --positions: %r, the frame says {%s}" % (line, f.position))
        mark = "[reconstructed]" in line
        if mark != (f.status == "reconstructed"):
            fail(where, "validate --positions: %r, the frame is %s" % (line, f.status))
        if f.status in ("open", "unknown") and "[%s" % f.status not in line:
            fail(where, "validate --positions: %r does not say %s" % (line, f.status))


def check_show(tablero, path, where, frames):
    for f in frames:
        if f.index < 0 or f.depth or f.alternative or f.node is None or f.ply < 1:
            continue
        if f.node.kind not in ("move", "pass", "unknown", "reading"):
            continue
        rc, out, err = run(tablero, "show", "--lang", "en", "--ply", str(f.ply), path)
        COUNT["show"] += 1
        m = re.search(r"^Position: (.*)$", out, re.M)
        if f.position is None:
            continue
        if not m:
            fail(where, "show --ply %d prints no position (%s)" % (f.ply, err.strip()))
            continue
        # a restated position right after a turn is the position after it
        nxt = [g for g in frames if g.index == f.index + 1 and g.depth == 0]
        want = f.position
        if nxt and nxt[0].node is not None and nxt[0].node.kind == "position" \
                and nxt[0].position is not None and nxt[0].known:
            want = nxt[0].position
        if m.group(1) != want:
            fail(where, "show --ply %d: %s, the frame says %s" % (f.ply, m.group(1), want))
        head = out.split("\n", 1)[0]
        if ("reconstructed" in head) != (f.status == "reconstructed"):
            fail(where, "show --ply %d: %r, the frame is %s" % (f.ply, head, f.status))


def check_html(tablero, path, where, frames, game):
    rc, out, _ = run(tablero, "html", "--list", "--game", str(game), path)
    rows = {}
    for line in out.split("\n"):
        m = re.match(r"f=\d+ ply=(\d+)  (.*?)  ((?:[A-Z]:\S*\s?)+|unknown)$", line)
        if m:
            rows[int(m.group(1))] = (m.group(2), m.group(3).strip())
    for f in frames:
        if f.index < 0 or f.depth or f.alternative or f.node is None or f.ply < 1:
            continue
        if f.ply not in rows or f.node.kind not in ("move", "pass", "unknown", "reading"):
            continue
        COUNT["html"] += 1
        caption, shown = rows[f.ply]
        if f.known and shown != pieces(f.position):
            fail(where, "html ply %d shows %s, the frame says %s" % (f.ply, shown, f.position))
        marked = any(w in caption for w in MARKS)
        if marked != (f.status == "reconstructed"):
            fail(where, "html ply %d: %r, the frame is %s" % (f.ply, caption, f.status))


def check_xml(tablero, path, where, frames, index):
    rc, out, _ = run(tablero, "xml", "--positions", path)
    docs = re.split(r"<record\b", out)[1:]
    if index >= len(docs):
        fail(where, "xml --positions has no record %d" % (index + 1))
        return
    got = re.findall(r'<after position="([^"]*)"', docs[index])
    want = [f.position for f in frames if f.index >= 0 and f.alternative == 0 and f.known
            and f.node is not None and f.node.kind in ("move", "pass", "unknown", "reading")]
    # a turn's <after> closes its element, after its variations: compared as sets
    if sorted(got) != sorted(want):
        fail(where, "xml --positions: %d positions after turns, the frames %d known, "
             "not the same" % (len(got), len(want)))


def main_turns(frames):
    return [f for f in frames if f.index >= 0 and not f.depth and not f.alternative
            and f.node is not None and f.ply >= 1
            and f.node.kind in ("move", "pass", "unknown", "reading")]


def check_book(tablero, path, where, frames):
    rc, out, _ = run(tablero, "book", "--list", "--every", "1", path)
    caps = {}
    for line in out.split("\n"):
        m = re.match(r"diagram \d+ \(record 1, page \d+, turn (\d+); ([^)]*)\): (.*)$", line)
        if m and m.group(2) == "every":  # not the diagram of a position restated after it
            caps[int(m.group(1))] = m.group(3)
    for f in main_turns(frames):
        if f.ply not in caps or not f.known:
            continue
        if any(w in caps[f.ply] for w in MARKS) != (f.status == "reconstructed"):
            fail(where, "book turn %d: %r, the frame is %s" % (f.ply, caps[f.ply], f.status))


def check_diff(tablero, path, where, frames, scratch):
    # A gap the rules decide is one node, fill writes its turns one by one:
    # they do not align turn for turn (spec/replay.md, "Decisions").
    if any(f.status == "reconstructed" and f.node is not None and f.node.kind == "gap"
           for f in frames):
        return
    rc, filled, _ = run(tablero, "fill", path)
    if rc not in (0, 1) or not filled.strip():
        return
    with open(scratch, "w", encoding="utf-8") as fh:
        fh.write(filled)
    rc, out, err = run(tablero, "diff", "--moves-only", path, scratch)
    if rc != 0:
        fail(where, "diff against fill's output (exit %d):\n%s%s" % (rc, out, err))


def check_grep(tablero, path, where, frames, kinds):
    seen = set()
    for f in main_turns(frames):
        if f.known:
            seen.update(e.kind for e in f.typed if e.kind in kinds)  # typed, not the text
    for k in sorted(seen):
        rc, out, err = run(tablero, "grep", "-c", "--event", k, path)
        if rc != 0 or out.strip() != "1":
            fail(where, "grep -c --event %r: exit %d, %r %s" % (k, rc, out.strip(), err.strip()))


def check_python(tablero_mod, rec, where, frames):
    for f in frames:
        if f.index < 0 or f.alternative or f.node is None:
            continue
        try:
            pos = rec.position(f.node)
            text = str(pos.notation if hasattr(pos, "notation") else pos)
            if not f.known:
                fail(where, "Record.position gives %s where the frame is %s" % (text, f.status))
            elif f.position not in text:
                fail(where, "Record.position gives %s, the frame %s" % (text, f.position))
        except tablero_mod.PositionUnknown:
            if f.known:
                fail(where, "Record.position raises where the frame is %s" % f.status)


def main():
    tablero, pypath, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    sys.path.insert(0, pypath)
    import tablero as tb
    import tempfile
    scratch = os.path.join(tempfile.mkdtemp(prefix="one_reading."), "filled.tgn")
    for path in files:
        with open(path, encoding="utf-8") as fh:
            recs = list(tb.loads(fh.read()))
        for i, rec in enumerate(recs):
            where = "%s #%d" % (path, i + 1)
            if rec.errors:
                continue
            try:
                frames = list(rec.frames())
            except tb.TableroError:
                continue
            COUNT["records"] += 1
            COUNT["frames"] += len(frames)
            if len(recs) == 1:  # a file of one record: the commands read it whole
                check_validate(tablero, path, where, frames)
                check_show(tablero, path, where, frames)
                check_book(tablero, path, where, frames)
                check_diff(tablero, path, where, frames, scratch)
                check_grep(tablero, path, where, frames, tb.EVENT_KINDS)
            check_html(tablero, path, where, frames, i + 1)
            check_xml(tablero, path, where, frames, i)
            check_python(tb, rec, where, frames)
    print("one reading: %d records, %d frames; show at %d turns, html at %d; %d failed"
          % (COUNT["records"], COUNT["frames"], COUNT["show"], COUNT["html"], len(FAILS)))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
