#!/usr/bin/env python3
"""Cross-checks of `tablero diff`, `tablero diff --duplicates` and
`tablero grep` (spec/compare.md) against deliberately simple second
implementations, for tests/compare.sh. Python's standard library only.

Usage: compare_check.py TABLERO SCRATCH SECTION [XMLLINT_SCHEMA]

SECTION is one of
  diff   random games of the three games, and copies of them changed by
         random substitutions, insertions and deletions: the hunks of
         `diff --moves-only` must turn A's turns into B's, change no more
         turns than the mutation did and no fewer than an O(N*M) LCS
         says they must; the first divergence must be the first turn
         that differs, where each file writes it, with the points whose
         pieces differ in the positions `validate --positions` gives;
         records spelled differently must compare equal;
  dups   copies of random games (identical, turned or mirrored by the
         board's symmetries, cut short, Ocencahuac mirrored, which is
         not the same game) in three files: the groups and the "begins"
         relations `diff --duplicates` reports, as text and as XML, must
         be those computed here;
  grep   `grep -c` with --event, --tag, movetext patterns, -v, -c over
         several files, -l, against counts computed here from
         `validate --positions` and the canonical records.

Each check that fails prints "FAIL: ..."; the last line is
"RESULT <passed> <failed>".
"""
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

TABLERO = SCRATCH = None
SCHEMA = None
NS = "{urn:tablero:diff}"
PASSED = 0
FAILED = 0
FAIL_SHOWN = {}

ASALTO_POS = ("A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,"
              "a5,b5,f5,g5 D:d6,e7")
# Ocencahuac with both sides in their second stage: relocations, captures.
OCEN_STAGE2 = "C 40 S:Gb2,Gc4,Gd5,Mb7+,Ea8+,Pd8+ C:Pb1+,Md1+,Ee1+,Gc6,Gd7,Ge7"

SIDES = {"pitarra": "RY", "asalto": "AD", "ocencahuac": "SC"}
FILES = {"pitarra": 7, "asalto": 7, "ocencahuac": 5}


def check(cond, what, detail=None, group=None):
    """Counts a check; prints the first few failures of each group."""
    global PASSED, FAILED
    if cond:
        PASSED += 1
        return True
    FAILED += 1
    g = group or what
    FAIL_SHOWN[g] = FAIL_SHOWN.get(g, 0) + 1
    if FAIL_SHOWN[g] <= 4:
        print("FAIL: " + what)
        if detail:
            for line in str(detail).rstrip("\n").split("\n")[:40]:
                print("    " + line)
    elif FAIL_SHOWN[g] == 5:
        print("FAIL: (more failures of '%s' not shown)" % g)
    return False


def run(args, stdin=None, cwd=None):
    p = subprocess.run([TABLERO] + args, cwd=cwd or SCRATCH, capture_output=True,
                       input=stdin, timeout=120)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def write(name, text):
    path = os.path.join(SCRATCH, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


# ===== Reading canonical TGN (what `random` and `fmt` write) =====

RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
NUMBER = re.compile(r"^\d+\.(\.\.)?$")
TAG = re.compile(r'^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$')


class Rec:
    """One record: tags, main-line tokens with where they stand, the
    comments after each token (index -1: before the first), result."""

    def __init__(self):
        self.tags = []
        self.tokens = []      # [token]
        self.where = []       # [(line, col)], 1-based, within self.text
        self.after = {}       # token index -> [comment text]
        self.result = "*"
        self.text = ""

    def tag(self, name):
        for n, v in self.tags:
            if n == name:
                return v
        return None

    def game(self):
        return self.tag("Game")

    def start(self):
        return self.tag("Position")


def split_records(text):
    """Canonical text -> the text of each record (each starts with [Game)."""
    out, cur = [], []
    for line in text.split("\n"):
        if line.startswith("[Game ") and cur:
            out.append("\n".join(cur).rstrip("\n") + "\n")
            cur = []
        cur.append(line)
    if any(s.strip() for s in cur):
        out.append("\n".join(cur).rstrip("\n") + "\n")
    return out


def parse_record(text):
    r = Rec()
    r.text = text
    lines = text.split("\n")
    i = 0
    while i < len(lines) and lines[i].startswith("["):
        m = TAG.match(lines[i])
        if not m:
            raise ValueError("not a tag line: %r" % lines[i])
        r.tags.append((m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")))
        i += 1
    # movetext: whitespace-separated, {comments} may span lines
    pos = sum(len(l) + 1 for l in lines[:i])
    s = text
    line, col = i + 1, 1
    k = pos
    while k < len(s):
        c = s[k]
        if c == "\n":
            line, col, k = line + 1, 1, k + 1
            continue
        if c in " \t\r":
            col, k = col + 1, k + 1
            continue
        if c == "{":
            e = s.index("}", k)
            body = s[k + 1:e]
            r.after.setdefault(len(r.tokens) - 1, []).append(body)
            for ch in s[k:e + 1]:
                if ch == "\n":
                    line, col = line + 1, 1
                else:
                    col += 1
            k = e + 1
            continue
        e = k
        while e < len(s) and s[e] not in " \t\r\n{":
            e += 1
        word = s[k:e]
        if NUMBER.match(word):
            pass
        elif word in RESULTS:
            r.result = word
        else:
            r.tokens.append(word)
            r.where.append((line, col))
        col += e - k
        k = e
    return r


def parse_file(text):
    return [parse_record(t) for t in split_records(text)]


# ===== Numbering and writing records =====

def start_side_number(game, position):
    """(side 0|1, number) of the first turn."""
    if not position:
        return 0, 1
    f = position.split()
    return SIDES[game].index(f[0]), int(f[1])


def numbering(game, position, i):
    """'N.' or 'N...' of the i-th turn (0-based) of the main line."""
    s0, n0 = start_side_number(game, position)
    t = s0 + i
    return "%d%s" % (n0 + t // 2, "." if t % 2 == 0 else "...")


def write_record(game, tokens, position=None, tags=(), rng=None, result="*",
                 first_line=1, after=None, spell=False, lead=""):
    """The text of a record, and (line, col) of each token. With 'spell',
    spelled as the reader allows but the canonical form does not write:
    glued or missing numbers, '…', '--', capital file letters."""
    out = []
    line = first_line
    for name, value in tags:
        out.append('[%s "%s"]\n' % (name, value))
        line += 1
    if position:
        out.append('[Position "%s"]\n' % position)
        line += 1
    out.append("\n")
    line += 1
    if lead:
        out.append(lead + "\n")
        line += 1
    where = []
    col = 1
    cur = ""
    s0, _ = start_side_number(game, position)

    def emit(text):
        nonlocal cur, col
        cur += text
        col += len(text)

    for i, tok in enumerate(tokens):
        first = (s0 + i) % 2 == 0
        num = numbering(game, position, i)
        t = tok
        if spell and rng:
            if rng.random() < 0.5:
                t = re.sub(r"([a-g])(?=[0-9])", lambda m: m.group(1).upper(), t)
            if t == "pass" and rng.random() < 0.5:
                t = "--"
        if cur and (not spell or rng.random() < 0.9):
            emit(" ")
        elif cur:
            out.append(cur + "\n")
            line, col, cur = line + 1, 1, ""
        if first or i == 0:
            if spell and rng.random() < 0.2 and i > 0:
                pass  # the number left out
            elif spell and rng.random() < 0.5:
                emit(num.replace("...", "…"))
            else:
                emit(num + " ")
        elif spell and rng.random() < 0.3:
            emit(num.replace("...", "…" if rng.random() < 0.5 else "..."))
        where.append((line, col))
        emit(t)
        for c in (after or {}).get(i, []):
            emit(" {%s}" % c)
        if not spell and rng and rng.random() < 0.15:
            out.append(cur + "\n")
            line, col, cur = line + 1, 1, ""
    if cur:
        emit(" ")
    emit(result)
    out.append(cur + "\n")
    return "".join(out), where, line


# ===== Symmetries and points =====

def sym_point(game, k, f, r):
    """Symmetry k of (file, rank), 0-based. La Pitarra: the eight of the
    square; Asalto: k=1 mirrors the files; Ocencahuac: k=1 mirrors the
    files too (not a symmetry of the game: used to make copies that
    must not be found)."""
    n = FILES[game] - 1
    if game == "pitarra":
        x, y = f, r
        if k & 4:
            x, y = y, x
        if k & 1:
            x = n - x
        if k & 2:
            y = n - y
        return x, y
    return (n - f, r) if k else (f, r)


def sym_text(game, k, text):
    def one(m):
        x, y = sym_point(game, k, ord(m.group(1)) - 97, int(m.group(2)) - 1)
        return chr(97 + x) + str(y + 1)
    return re.sub(r"([a-g])([1-9])", one, text)


def norm_position(game, pos):
    """A position string as a comparable value: side, number, pieces
    as a sorted tuple, extras."""
    if not pos:
        return ()
    f = pos.split()
    pieces, extras = [], []
    for g in f[2:]:
        if ":" in g and "=" not in g:
            side, lst = g.split(":", 1)
            for p in filter(None, lst.split(",")):
                pieces.append((side, p))
        else:
            extras.append(g)
    return (f[0], f[1], tuple(sorted(pieces)), tuple(sorted(extras)))


def shuffle_position(pos, rng):
    """The same position, its pieces listed in another order."""
    f = pos.split()
    out = f[:2]
    for g in f[2:]:
        if ":" in g and "=" not in g:
            side, lst = g.split(":", 1)
            pts = lst.split(",")
            rng.shuffle(pts)
            g = side + ":" + ",".join(pts)
        out.append(g)
    return " ".join(out)


def symmetries(game):
    return {"pitarra": 8, "asalto": 2, "ocencahuac": 1}[game]


def canon(game, pos, tokens):
    """Least form under the game's symmetries: equal exactly for games
    that are the same up to a symmetry."""
    best = None
    for k in range(symmetries(game)):
        v = (norm_position(game, sym_text(game, k, pos or "")),
             tuple(sym_text(game, k, t) for t in tokens))
        if best is None or v < best:
            best = v
    return (game,) + best


def begins(x, y):
    """Does game x (game, pos, tokens) begin game y, up to a symmetry?"""
    if x[0] != y[0] or len(x[2]) >= len(y[2]) or not x[2]:
        return False
    py = norm_position(y[0], y[1] or "")
    for k in range(symmetries(x[0])):
        if norm_position(x[0], sym_text(x[0], k, x[1] or "")) != py:
            continue
        if all(sym_text(x[0], k, t) == u for t, u in zip(x[2], y[2])):
            return True
    return False


# ===== LCS =====

def edit_distance(a, b):
    """Insertions and deletions that turn a into b: len(a)+len(b)-2 LCS,
    by the O(N*M) table (common ends stripped first)."""
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    a, b = a[i:], b[i:]
    j = 0
    while j < len(a) and j < len(b) and a[-1 - j] == b[-1 - j]:
        j += 1
    if j:
        a, b = a[:-j], b[:-j]
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0] * (len(b) + 1)
        for q, y in enumerate(b):
            cur[q + 1] = prev[q] + 1 if x == y else max(prev[q + 1], cur[q])
        prev = cur
    return len(a) + len(b) - 2 * prev[len(b)]


# ===== Positions from `validate --positions` =====

POSLINE = re.compile(r"^(\d+\.(?:\.\.)?) (\S+)  \{([^}]*)\}(?:  (.*))?$")


def parse_positions(text):
    """validate --positions output -> per record, [(number, token,
    position, [events])] of the turns whose positions the rules know
    (written or reconstructed)."""
    recs, cur = [], None
    for line in text.split("\n"):
        if line.startswith("# "):
            cur = []
            recs.append(cur)
            continue
        if not line.strip() or line.startswith("game over: ") or line.startswith("<"):
            continue  # a gap's or a restated position's line: not a turn
        if "}  [open" in line or "}  [unknown" in line:
            continue  # a turn whose position the rules do not know
        line = line.replace("}  [reconstructed]", "}", 1)
        m = POSLINE.match(line)
        if not m or cur is None:
            raise ValueError("cannot read the positions line %r" % line)
        ev = [e for e in (m.group(4) or "").split("; ") if e]
        cur.append((m.group(1), m.group(2), m.group(3), ev))
    return recs


def position_cells(game, pos):
    """Position string -> (to move, {point: piece text}, {key: value})."""
    f = pos.split()
    cells, extras = {}, {}
    for g in f[2:]:
        if "=" in g:
            k, v = g.split("=", 1)
            extras[k] = v
            continue
        side, lst = g.split(":", 1)
        for p in filter(None, lst.split(",")):
            m = re.match(r"^([A-Z]?)([a-g][0-9])(\+?)$", p)
            cells[m.group(2)] = side + m.group(1) + m.group(3)
    return f[0], cells, extras


def expected_position_diff(game, pa, pb):
    """{what: (in a, in b)} as the first divergence must list it."""
    ta, ca, ea = position_cells(game, pa)
    tb, cb, eb = position_cells(game, pb)
    d = {}
    for pt in set(ca) | set(cb):
        if ca.get(pt, "") != cb.get(pt, ""):
            d[pt] = (ca.get(pt, "") or "empty", cb.get(pt, "") or "empty")
    if ta != tb:
        d["to move"] = (ta, tb)
    for k in set(ea) | set(eb):
        if ea.get(k, "") != eb.get(k, ""):
            d[k] = (ea.get(k, "") or "empty", eb.get(k, "") or "empty")
    return d


# ===== diff: hunks applied, counted, located =====

HUNK = re.compile(r"^@@ -(\d+),(\d+) \+(\d+),(\d+) @@ a\.tgn \| b\.tgn$")
HLINE = re.compile(r"^([ +-])\s*(\d+)  (\d+\.(?:\.\.)?) (\S+)\s+(.*)$")
NOTELINE = re.compile(r"^([+-])        (\S.*)$")  # a changed turn's notes
WHERE = re.compile(r"^(\d*) ?\| ?(\d*)$")  # "3 | 5", "3 |", "| 5"


def where_lines(rest):
    """The end of a hunk line -> (A's line, B's line), None where absent."""
    m = WHERE.match(rest.strip())
    if not m:
        return "bad", "bad"
    return (int(m.group(1)) if m.group(1) else None,
            int(m.group(2)) if m.group(2) else None)
DIVERGE = re.compile(r"^@@ first divergence: ply (\d+)((?:, \S+:\d+:\d+)*) @@$")


def parse_diff(out):
    """Text of `diff --moves-only` for one pair -> header, divergence,
    [(a, n, b, m, [lines])] with lines (op, ply, number, token, rest)."""
    lines = out.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    res = {"header": lines[:2], "div": None, "divlines": [], "hunks": [], "bad": []}
    i = 2
    while i < len(lines):
        l = lines[i]
        m = DIVERGE.match(l)
        if m:
            locs = re.findall(r", (\S+):(\d+):(\d+)", m.group(2))
            res["div"] = (int(m.group(1)), {f: (int(a), int(b)) for f, a, b in locs})
            i += 1
            while i < len(lines) and lines[i].startswith("  "):
                res["divlines"].append(lines[i])
                i += 1
            continue
        m = HUNK.match(l)
        if m:
            h = [int(m.group(k)) for k in range(1, 5)] + [[]]
            i += 1
            while i < len(lines) and not lines[i].startswith("@@"):
                hm = HLINE.match(lines[i])
                nm = NOTELINE.match(lines[i])
                if nm and h[4] and h[4][-1][0] == nm.group(1):
                    pass  # notes under the turn before: compared elsewhere
                elif not hm:
                    res["bad"].append(lines[i])
                else:
                    h[4].append((hm.group(1), int(hm.group(2)), hm.group(3), hm.group(4),
                                 hm.group(5)))
                i += 1
            res["hunks"].append(h)
            continue
        res["bad"].append(l)
        i += 1
    return res


def apply_hunks(d, A, B, game, pos, wa, wb):
    """Applies the hunks to A; returns (problems, result, changed, runs)."""
    probs = []
    out, ia, changed = [], 0, 0
    runs = []
    for hi, (a, n, b, m, hl) in enumerate(d["hunks"]):
        a0 = a - 1 if n else a
        b0 = b - 1 if m else b
        if a0 < ia:
            probs.append("hunk %d starts at A node %d, before the end of the last (%d)"
                         % (hi + 1, a, ia))
            return probs, None, 0, runs
        if hi and a0 == ia:
            probs.append("hunk %d is not apart from the one before it" % (hi + 1))
        out.extend(A[ia:a0])
        ia = a0
        if len(out) != b0:
            probs.append("hunk %d says B node %d, the hunks before it give %d"
                         % (hi + 1, b, len(out) + (1 if m else 0)))
        na = nb = 0
        ops = "".join(x[0] for x in hl)
        for op, ply, num, tok, rest in hl:
            la, lb = where_lines(rest)
            if op in " -":
                if ia >= len(A) or A[ia] != tok:
                    probs.append("'%s%s' is not A's node %d (%s)" % (
                        op, tok, ia + 1, A[ia] if ia < len(A) else "none"))
                    return probs, None, 0, runs
                if ply != ia + 1 or num != numbering(game, pos, ia):
                    probs.append("'%s %s %s': A's node %d is ply %d, %s" % (
                        op, ply, num, ia + 1, ia + 1, numbering(game, pos, ia)))
                if la != wa[ia][0]:
                    probs.append("'%s %s' does not say A's line %d: %r" % (op, tok, wa[ia][0],
                                                                          rest))
                ia += 1
                na += 1
            if op in " +":
                j = len(out)
                if op == "+" and (ply != j + 1 or num != numbering(game, pos, j)):
                    probs.append("'+ %s %s %s': B's node %d is ply %d, %s" % (
                        ply, num, tok, j + 1, j + 1, numbering(game, pos, j)))
                if j < len(wb) and lb != wb[j][0]:
                    probs.append("'%s %s' does not say B's line %d: %r" % (op, tok, wb[j][0],
                                                                          rest))
                if op == "+" and la is not None or op == "-" and lb is not None:
                    probs.append("'%s %s' gives a line in the other file: %r" % (op, tok, rest))
                out.append(tok)
                nb += 1
            if op != " ":
                changed += 1
        if na != n or nb != m:
            probs.append("hunk @@ -%d,%d +%d,%d @@ shows %d and %d nodes" % (a, n, b, m, na, nb))
        # context: one node each side of a run, runs 1-2 nodes apart share
        for run in re.finditer(r"[-+]+", ops):
            runs.append(run.group(0))
            if not re.fullmatch(r"-*\+*", run.group(0)):
                probs.append("within a run, '+' before '-': %s" % ops)
        if not ops.strip():
            probs.append("a hunk with no change: %r" % ops)
        if ops.startswith("  ") or ops.endswith("  ") and len(ops) > 2:
            probs.append("more than one node of context at a hunk's end: %r" % ops)
        if not ops.startswith(" ") and (a0 != 0 or b0 != 0):
            probs.append("no context before a change that is not at the start: %r" % ops)
        if not ops.endswith(" ") and (ia != len(A) or len(out) != len(B)):
            probs.append("no context after a change that is not at the end: %r" % ops)
        for gap in re.findall(r"(?<=[-+]) +(?=[-+])", ops):
            if len(gap) > 2:
                probs.append("runs %d nodes apart share a hunk: %r" % (len(gap), ops))
    out.extend(A[ia:])
    return probs, out, changed, runs


def mutate(rng, tokens, pool):
    b = list(tokens)
    cost = 0
    for _ in range(rng.choice([1, 1, 2, 2, 3, 4, 6])):
        op = rng.choice("sid")
        if op == "s" and b:
            i = rng.randrange(len(b))
            t = rng.choice(pool)
            while t == b[i]:
                t = rng.choice(pool)
            b[i] = t
            cost += 2
        elif op == "i" or not b:
            b.insert(rng.randint(0, len(b)), rng.choice(pool))
            cost += 1
        else:
            del b[rng.randrange(len(b))]
            cost += 1
    return b, cost


def section_diff():
    rng = random.Random(20240607)
    xml_cases = []
    plan = [("pitarra", [], [(101, 40, 24), (211, 10, 120), (307, 6, 4)]),
            ("asalto", ["--position", ASALTO_POS], [(401, 40, 24), (503, 10, 120),
                                                     (601, 6, 4)]),
            ("ocencahuac", [], [(701, 40, 24), (809, 10, 140), (907, 6, 3)])]
    ncase = 0
    for game, extra, batches in plan:
        recs = []
        for seed, n, turns in batches:
            rc, out, err = run(["random", "--game", game] + extra +
                               ["--seed", str(seed), "-n", str(n), "--turns", str(turns)])
            check(rc == 0, "tablero random --game %s --seed %d exits 0" % (game, seed), err)
            recs += parse_file(out)
        pool = sorted({t for r in recs for t in r.tokens})
        for ci in range(len(recs) * 2):
            ncase += 1
            ra = recs[ci % len(recs)]
            A, pos, rules = ra.tokens, ra.start(), ra.tag("Rules")
            if ci % 15 == 0:
                B, cost = list(A), 0
            else:
                B, cost = mutate(rng, A, pool)
            tags = [("Game", game)] + ([("Rules", rules)] if rules else [])
            btext, wb, _ = write_record(game, B, pos, tags, rng=rng)
            write("a.tgn", ra.text)
            write("b.tgn", btext)
            what = "diff --moves-only, %s case %d (%d turns, %d edits)" % (
                game, ci, len(A), cost)
            rc, out, err = run(["diff", "--moves-only", "a.tgn", "b.tgn"])
            same = A == B
            check(rc == (0 if same else 1) and not err,
                  "%s: exit %d, no stderr" % (what, 0 if same else 1),
                  "exit %d\n%s%s" % (rc, err, out), group="diff exit status")
            if same:
                check(out == "", "%s: identical turns print nothing" % what, out,
                      group="diff identical")
                continue
            d = parse_diff(out)
            check(d["header"] == ["--- a.tgn (game 1, line 1)", "+++ b.tgn (game 1, line 1)"]
                  and not d["bad"], "%s: the header, and every line read" % what,
                  "\n".join(d["header"] + d["bad"]), group="diff layout")
            probs, res, changed, runs = apply_hunks(d, A, B, game, pos, ra.where, wb)
            detail = "A: %s\nB: %s\n%s\n%s" % (" ".join(A), " ".join(B), "\n".join(probs),
                                               out)
            check(res == B, "%s: (a) the hunks applied to A give B" % what, detail,
                  group="diff (a) hunks give B")
            check(not probs, "%s: hunk lines (plies, numbers, sources, context)" % what,
                  detail, group="diff hunk lines")
            dist = edit_distance(A, B)
            check(dist <= changed <= cost,
                  "%s: (b) %d changed lines, LCS distance %d, mutation %d" % (
                      what, changed, dist, cost), detail, group="diff (b) changed count")
            # the first divergence
            k = 0
            while k < len(A) and k < len(B) and A[k] == B[k]:
                k += 1
            want_locs = {}
            if runs:
                if "-" in runs[0]:
                    want_locs["a.tgn"] = ra.where[k]
                if "+" in runs[0]:
                    want_locs["b.tgn"] = wb[k]
            check(d["div"] is not None and d["div"][0] == k + 1 and d["div"][1] == want_locs,
                  "%s: first divergence at ply %d, %s" % (what, k + 1, want_locs),
                  "%s\n%s" % (d["div"], out), group="diff first divergence")
            # the positions after it, from validate --positions
            if runs and k > 0 and d["div"] is not None:
                na = k + ("-" in runs[0])
                nb = k + ("+" in runs[0])
                _, pa_out, _ = run(["validate", "--positions", "a.tgn"])
                _, pb_out, _ = run(["validate", "--positions", "b.tgn"])
                pa, pb = parse_positions(pa_out), parse_positions(pb_out)
                pa = pa[0] if pa else []
                pb = pb[0] if pb else []
                known = (len(pa) >= na and len(pb) >= nb and
                         [x[1] for x in pb[:nb]] == B[:nb])
                if known:
                    want = expected_position_diff(game, pa[na - 1][2], pb[nb - 1][2])
                    got, head = {}, d["divlines"][:1]
                    for l in d["divlines"][1:]:
                        m = re.match(r"^  (.+?)\s+(\S+)\s+\| (\S+)$", l)
                        if m:
                            got[m.group(1)] = (m.group(2), m.group(3))
                    n = len(want)
                    wanthead = ["  after it, the positions differ in %d place%s%s" % (
                        n, "" if n == 1 else "s", " (a.tgn | b.tgn):" if n else "")]
                    check(head == wanthead and got == want and
                          len(d["divlines"]) == n + 1,
                          "%s: the positions after the first divergence differ in %s"
                          % (what, sorted(want)),
                          "got %s\n%s" % (got, out), group="diff positions")
                else:
                    check(d["divlines"][:1] == [
                        "  the positions after it are not known (the rules cannot follow "
                        "a record there)"] and len(d["divlines"]) == 1,
                        "%s: positions after an unplayable turn are said to be unknown"
                        % what, out, group="diff positions unknown")
            if ci % 6 == 1:
                xml_cases.append((game, ci, A, B, d, changed))
                rc, xout, err = run(["diff", "--xml", "--moves-only", "a.tgn", "b.tgn"])
                name = "x%03d-%s-%d.xml" % (len(xml_cases), game, ci)
                write(name, xout)
                check(rc == 1, "%s --xml: exit 1" % what, err, group="diff xml exit")
                try:
                    root = ET.fromstring(xout.encode("utf-8"))
                    dels = [(int(e.get("ply")), e.get("token")) for e in root.iter(NS + "delete")]
                    ins = [(int(e.get("ply")), e.get("token")) for e in root.iter(NS + "insert")]
                    tdel = [(x[1], x[3]) for h in d["hunks"] for x in h[4] if x[0] == "-"]
                    tins = [(x[1], x[3]) for h in d["hunks"] for x in h[4] if x[0] == "+"]
                    div = root.find(".//" + NS + "divergence")
                    ok = (dels == tdel and ins == tins and div is not None and
                          int(div.get("ply")) == k + 1 and
                          len(div.findall(NS + "differs")) == max(0, len(d["divlines"]) - 1))
                    # what A keeps is what B keeps
                    keep_a = [t for i, t in enumerate(A) if (i + 1, t) not in set(dels)]
                    keep_b = [t for i, t in enumerate(B) if (i + 1, t) not in set(ins)]
                    ok = ok and keep_a == keep_b
                except ET.ParseError as e:
                    ok, dels, ins = False, str(e), ""
                check(ok, "%s --xml: the same deletes, inserts and divergence as the text"
                      % what, "xml: %s %s\n%s" % (dels, ins, xout), group="diff xml = text")
    # every XML document against the schema, at once
    names = sorted(f for f in os.listdir(SCRATCH) if re.match(r"x\d{3}-.*\.xml$", f))
    p = subprocess.run(["xmllint", "--noout", "--relaxng", SCHEMA] + names, cwd=SCRATCH,
                       capture_output=True, text=True)
    for n in names:
        check(("%s validates" % n) in p.stderr, "xmllint --relaxng diff.rng: %s" % n,
              p.stderr[-2000:], group="diff xml schema")
    # records that differ only in spelling compare equal
    rng = random.Random(77)
    for game, extra, seed in [("pitarra", [], 31), ("asalto", ["--position", ASALTO_POS], 32),
                              ("ocencahuac", [], 33)]:
        rc, out, err = run(["random", "--game", game] + extra +
                           ["--seed", str(seed), "-n", "25", "--turns", "60"])
        for ri, ra in enumerate(parse_file(out)):
            atext = ra.text.replace('[Date "????.??.??"]', '[Date "1998.07.12"]')
            write("a.tgn", atext)
            tags = [(n, v) for n, v in ra.tags if n != "Position"]
            tags = [(n, "1998-07-12" if n == "Date" else
                     v[:1].upper() + v[1:] if n == "Game" else v) for n, v in tags]
            rng.shuffle(tags)
            vtext, _, _ = write_record(game, ra.tokens, ra.start(), tags, rng=rng,
                                       result=ra.result, after=ra.after, spell=True)
            write("b.tgn", vtext)
            for args in (["a.tgn", "b.tgn"], ["b.tgn", "a.tgn"],
                         ["--moves-only", "a.tgn", "b.tgn"]):
                rc, dout, err = run(["diff"] + args)
                check(rc == 0 and dout == "" and err == "",
                      "diff %s: %s record %d spelled otherwise is the same (exit 0, "
                      "no output)" % (" ".join(args), game, ri),
                      "exit %d\n%s%s\n--- b.tgn:\n%s" % (rc, dout, err, vtext),
                      group="diff spelling")
            if ri % 5 == 0:
                rc, xout, err = run(["diff", "--xml", "a.tgn", "b.tgn"])
                try:
                    root = ET.fromstring(xout.encode("utf-8"))
                    pairs = root.findall(NS + "pair")
                    ok = rc == 0 and len(pairs) == 1 and len(list(pairs[0])) == 0
                except ET.ParseError:
                    ok = False
                check(ok, "diff --xml: %s record %d and its respelling: one empty <pair>"
                      % (game, ri), xout, group="diff spelling xml")


# ===== --duplicates =====

DUPLINE = re.compile(r"^(\S+):(\d+) \(game (\d+), (\d+) turns?\)( \(turned or mirrored\))?$")


def section_dups():
    rng = random.Random(4242)
    originals = []  # (game, pos, tokens, rules)
    for game, extra, seed, n in [("pitarra", [], 1000, 60),
                                 ("asalto", ["--position", ASALTO_POS], 2000, 20),
                                 ("ocencahuac", [], 3000, 20)]:
        rc, out, err = run(["random", "--game", game] + extra +
                           ["--seed", str(seed), "-n", str(n), "--turns", "40"])
        check(rc == 0, "random %s for --duplicates" % game, err)
        for r in parse_file(out):
            originals.append((game, r.start(), r.tokens, r.tag("Rules")))
    # the copies: (game, pos, tokens, rules, spell)
    items = []
    for gi, (game, pos, toks, rules) in enumerate(originals):
        items.append((game, pos, toks, rules, False))
        roll = rng.random()
        if roll < 0.15:
            continue  # unrelated: no copy
        copies = rng.randint(1, 3)
        for _ in range(copies):
            kind = rng.choice(["same", "sym", "prefix", "symprefix"])
            k = 0
            if kind in ("sym", "symprefix"):
                k = rng.randrange(1, 8) if game == "pitarra" else 1
            t = toks
            if kind in ("prefix", "symprefix") and len(toks) > 1:
                t = toks[:rng.randint(1, len(toks) - 1)]
            if pos and kind == "same" and rng.random() < 0.5:
                pos = shuffle_position(pos, rng)  # pieces in another order
            items.append((game, sym_text(game, k, pos) if pos else pos,
                          [sym_text(game, k, x) for x in t], rules, rng.random() < 0.5))
    # two games with no turn: never listed
    items.append(("pitarra", None, [], "pitarra", False))
    items.append(("pitarra", None, [], None, False))
    rng.shuffle(items)
    files = {"d1.tgn": [], "d2.tgn": [], "d3.tgn": []}
    for it in items:
        files[rng.choice(sorted(files))].append(it)
    recs = []  # (file, index, line, game, pos, tokens)
    for name, its in sorted(files.items()):
        text, line = "", 1
        for idx, (game, pos, toks, rules, spell) in enumerate(its, 1):
            tags = [("Game", game)]
            if rules and rng.random() < 0.7:
                tags.append(("Rules", rules))
            tags.append(("Site", rng.choice(["Amealco", "Ceuta", "Tepic", "?"])))
            lead = "{copia %d}" % idx if rng.random() < 0.3 else ""
            t, _, last = write_record(game, toks, pos, tags, rng=rng, first_line=line,
                                      spell=spell, lead=lead)
            recs.append((name, idx, line, game, pos, tuple(toks)))
            text += t + "\n"
            line = last + 2
        write(name, text)
    # what must be found
    groups = {}
    for r in recs:
        groups.setdefault(canon(r[3], r[4], r[5]), []).append(r)
    for g in groups.values():
        g.sort(key=lambda r: (r[0].encode(), r[1]))

    def desc(r):
        return "%s:%d (game %d, %d turn%s)" % (r[0], r[2], r[1], len(r[5]),
                                               "" if len(r[5]) == 1 else "s")
    want_same = set()
    for g in groups.values():
        if len(g) > 1 and g[0][5]:
            first = g[0]
            want_same.add(tuple(sorted(
                desc(r) + (" (turned or mirrored)" if (norm_position(r[3], r[4] or ""), r[5])
                           != (norm_position(first[3], first[4] or ""), first[5]) else "")
                for r in g)))
    reps = [g[0] for g in groups.values() if g[0][5]]
    want_begins = set()
    for y in reps:
        best = None
        for x in reps:
            if x is not y and begins((x[3], x[4], x[5]), (y[3], y[4], y[5])):
                if best is None or len(x[5]) > len(best[5]):
                    best = x
        if best:
            want_begins.add("%s begins %s" % (desc(best), desc(y)))
    check(want_same and want_begins, "the --duplicates files hold groups and prefixes",
          "%d groups, %d prefixes" % (len(want_same), len(want_begins)))
    # an Ocencahuac copy mirrored: must not be found, so make some
    mirrored = []
    for game, pos, toks, rules in originals:
        if game == "ocencahuac":
            mirrored.append((game, pos, [sym_text(game, 1, x) for x in toks], rules))
    # text
    rc, out, err = run(["diff", "--duplicates", "d1.tgn", "d2.tgn", "d3.tgn"])
    got_same, got_begins, bad = set(), set(), []
    lines = out.split("\n")[:-1]
    i = 0
    while i < len(lines):
        m = re.match(r"^same game, (\d+) records:$", lines[i])
        if m:
            n = int(m.group(1))
            members = [l[2:] for l in lines[i + 1:i + 1 + n]]
            if not all(l.startswith("  ") and DUPLINE.match(l[2:])
                       for l in lines[i + 1:i + 1 + n]):
                bad.append("\n".join(lines[i:i + 1 + n]))
            got_same.add(tuple(sorted(members)))
            i += 1 + n
            continue
        if " begins " in lines[i]:
            x, y = lines[i].split(" begins ")
            if not DUPLINE.match(x) or not DUPLINE.match(y):
                bad.append(lines[i])
            got_begins.add(lines[i])
        else:
            bad.append(lines[i])
        i += 1
    check(rc == 1 and err == "", "diff --duplicates d1 d2 d3: exit 1, no stderr",
          "exit %d\n%s" % (rc, err))
    check(not bad, "diff --duplicates: every line is a group, a member or 'begins'",
          "\n".join(bad))
    for s in sorted(want_same):
        check(s in got_same, "diff --duplicates lists the group %s" % (s,), None,
              group="dups group missing")
    for s in sorted(got_same - want_same):
        check(False, "diff --duplicates lists a group that is not one: %s" % (s,), None,
              group="dups group extra")
    for s in sorted(want_begins):
        check(s in got_begins, "diff --duplicates says: %s" % s, None,
              group="dups begins missing")
    for s in sorted(got_begins - want_begins):
        check(False, "diff --duplicates says what is not so: %s" % s, None,
              group="dups begins extra")
    # XML: the same, and valid
    rc, xout, err = run(["diff", "--duplicates", "--xml", "d1.tgn", "d2.tgn", "d3.tgn"])
    write("dups.xml", xout)
    p = subprocess.run(["xmllint", "--noout", "--relaxng", SCHEMA, "dups.xml"], cwd=SCRATCH,
                       capture_output=True, text=True)
    check(p.returncode == 0 and rc == 1, "diff --duplicates --xml: exit 1, valid", p.stderr)

    def xdesc(e):
        n = int(e.get("plies"))
        return "%s:%s (game %s, %d turn%s)%s" % (
            e.get("file"), e.get("line"), e.get("game"), n, "" if n == 1 else "s",
            " (turned or mirrored)" if e.get("symmetry") == "true" else "")
    try:
        root = ET.fromstring(xout.encode("utf-8"))
        xs = {tuple(sorted(xdesc(g) for g in s.findall(NS + "game")))
              for s in root.iter(NS + "same")}
        xb = {"%s begins %s" % (xdesc(p_.find(NS + "game")), xdesc(p_.find(NS + "of")))
              for p_ in root.iter(NS + "prefix")}
    except ET.ParseError as e:
        xs, xb = set(), {str(e)}
    check(xs == want_same and xb == want_begins,
          "diff --duplicates --xml: the groups and prefixes computed here",
          "missing %s\nextra %s" % (sorted((want_same - xs) | (want_begins - xb)),
                                    sorted((xs - want_same) | (xb - want_begins))))
    # the originals with no copy, and mirrored Ocencahuac games: nothing
    alone = [o for o in originals if o[0] != "pitarra" or len(o[2]) > 30]
    text, line = "", 1
    items2 = []
    for game, pos, toks, rules in alone + mirrored:
        t, _, last = write_record(game, toks, pos, [("Game", game)], rng=rng, first_line=line)
        items2.append((game, pos, tuple(toks)))
        text += t + "\n"
        line = last + 2
    write("alone.tgn", text)
    keys = [canon(*x) for x in items2]
    expect_any = len(set(keys)) != len(keys) or any(
        begins(x, y) for x in items2 for y in items2 if x is not y)
    check(not expect_any, "(Ocencahuac mirrored copies are not the same game here)")
    rc, out, err = run(["diff", "--duplicates", "alone.tgn"])
    check(rc == 0 and out == "" and err == "",
          "diff --duplicates: unrelated games and mirrored Ocencahuac games: exit 0, "
          "nothing", "exit %d\n%s%s" % (rc, out, err))
    rc, xout, err = run(["diff", "--duplicates", "--xml", "alone.tgn"])
    try:
        root = ET.fromstring(xout.encode("utf-8"))
        ok = rc == 0 and root.find(NS + "duplicates") is not None and \
            len(list(root.find(NS + "duplicates"))) == 0
    except ET.ParseError:
        ok = False
    check(ok, "diff --duplicates --xml, nothing found: an empty <duplicates>, exit 0", xout)
    # each Ocencahuac original with its mirror: still nothing
    for i, (game, pos, toks, rules) in enumerate(mirrored[:8]):
        t1, _, last = write_record(game, originals[[o[0] for o in originals].index(
            "ocencahuac") + i][2], pos, [("Game", game)], rng=rng)
        t2, _, _ = write_record(game, toks, pos, [("Game", game)], rng=rng,
                                first_line=last + 2)
        write("om.tgn", t1 + "\n" + t2)
        rc, out, err = run(["diff", "--duplicates", "om.tgn"])
        check(rc == 0 and out == "",
              "diff --duplicates: Ocencahuac game %d and its mirror (a<->e) are not the "
              "same game" % i, "exit %d\n%s%s" % (rc, out, err), group="dups ocencahuac")
    # each La Pitarra symmetry, one by one, on one game
    game, pos, toks, rules = originals[0]
    for k in range(8):
        t1, _, last = write_record(game, toks, pos, [("Game", game)], rng=rng)
        t2, _, _ = write_record(game, [sym_text(game, k, x) for x in toks], pos,
                                [("Game", game)], rng=rng, first_line=last + 2)
        write("s1.tgn", t1)
        write("s2.tgn", t2)
        rc, out, err = run(["diff", "--duplicates", "s1.tgn", "s2.tgn"])
        n = len(toks)
        want = ("same game, 2 records:\n  s1.tgn:1 (game 1, %d turns)\n"
                "  s2.tgn:1 (game 1, %d turns)%s\n" % (n, n, " (turned or mirrored)"
                                                       if k else ""))
        check(rc == 1 and out == want, "diff --duplicates: La Pitarra symmetry %d" % k,
              "exit %d\n%s%s\nwant:\n%s" % (rc, out, err, want), group="dups symmetry")


# ===== grep =====

def movetext(r):
    """The main line on one line, then the result: spec/compare.md §4."""
    game, pos = r.game(), r.start()
    parts = []
    for i, t in enumerate(r.tokens):
        num = numbering(game, pos, i)
        if num.endswith("...") and i:
            parts.append(t)
        else:
            parts.append(num + " " + t)
    return " ".join(parts + [r.result])


def event_counts(turns):
    """[(number, token, pos, events)] -> {event: most in one turn}."""
    best = {}
    for _, _, _, ev in turns:
        c = {}
        for e in ev:
            name = e.rsplit(" ", 1)[0]
            c[name] = c.get(name, 0) + 1
        for k, v in c.items():
            best[k] = max(best.get(k, 0), v)
    return best


def event_totals(turns):
    """[(number, token, pos, events)] -> {event: how many in the game}."""
    total = {}
    for _, _, _, ev in turns:
        for e in ev:
            name = e.rsplit(" ", 1)[0]
            total[name] = total.get(name, 0) + 1
    return total


def section_grep():
    # Asalto's chains zigzag here, so that long ones come up to search for
    sets = [("pitarra", [], 5000, 80),
            ("asalto", ["--position", ASALTO_POS, "--rules", "chain=zigzag"], 6000, 80),
            ("ocencahuac", [], 7000, 40), ("ocencahuac", ["--position", OCEN_STAGE2], 8000, 30)]
    files = []
    for i, (game, extra, seed, n) in enumerate(sets):
        rc, out, err = run(["random", "--game", game] + extra +
                           ["--seed", str(seed), "-n", str(n), "--turns", "400"])
        name = "g%d-%s.tgn" % (i, game)
        write(name, out)
        recs = parse_file(out)
        rc, pout, err = run(["validate", "--positions", name])
        pos = parse_positions(pout)
        check(len(pos) == len(recs) and all(
            [x[1] for x in p] == r.tokens for p, r in zip(pos, recs)),
            "validate --positions of %s plays every turn of every record" % name)
        files.append((name, game, recs, pos))
    events = ["tercia", "double tercia", "columpio", "removal", "capture", "pushback",
              "relocation", "coronation", "stage", "huff available", "huff", "fortress"]
    seen = set()
    for name, game, recs, pos in files:
        counts = [event_counts(p) for p in pos]
        for ev in events:
            for n in (1, 2, 3, 4):
                want = sum(1 for c in counts if c.get(ev, 0) >= n)
                if n > 1 and want == 0 and sum(1 for c in counts if c.get(ev, 0) >= n - 1) == 0:
                    continue
                spec = ev if n == 1 else "%s>=%d" % (ev, n)
                if want:
                    seen.add(spec)
                rc, out, err = run(["grep", "-c", "--event", spec, name])
                check(out == "%d\n" % want and rc == (0 if want else 1) and err == "",
                      "grep -c --event '%s' %s: %d games (counted from validate "
                      "--positions)" % (spec, name, want),
                      "got exit %d, %r %s" % (rc, out, err), group="grep event " + spec)
                if n == 1:
                    rc, out, err = run(["grep", "-c", "-v", "--event", spec, name])
                    check(out == "%d\n" % (len(recs) - want),
                          "grep -c -v --event '%s' %s: %d" % (spec, name, len(recs) - want),
                          out, group="grep -v event")
    for need in ["tercia", "double tercia", "columpio", "capture>=2", "capture>=3",
                 "pushback", "coronation", "stage", "relocation", "huff", "huff available"]:
        check(need in seen, "the random games hold a '%s' to search for" % need)
    # event selectors combined (AND) and inverted as a whole
    name, game, recs, pos = files[0]
    counts = [event_counts(p) for p in pos]
    want = sum(1 for c in counts if c.get("double tercia") and c.get("columpio"))
    rc, out, _ = run(["grep", "-c", "--event", "double tercia", "--event", "columpio", name])
    check(out == "%d\n" % want, "grep -c --event 'double tercia' --event columpio: %d" % want,
          out)
    rc, out, _ = run(["grep", "-c", "-v", "--event", "double tercia", "--event", "columpio",
                      name])
    check(out == "%d\n" % (len(recs) - want),
          "-v inverts the whole selection: %d" % (len(recs) - want), out)
    # tags and movetext against Python's re
    allrecs = [(n, r) for n, g, rs, p in files for r in rs]
    tag_cases = [("Event", r"seed 50[0-3]\d$"), ("Event", r"^tablero random, seed [78]"),
                 ("Result", r"^1-0$"), ("Result", r"1/2"), ("Game", r"^(asalto|pitarra)$"),
                 ("Position", r"D:d6,e7"), ("Rules", r"^ocencahuac$"), ("Site", r"^\?$")]
    mt_cases = [r"^1\. d1 ", r"x[a-g]\d x", r" pass pass ", r"(\b\S+\b) \1 \1", r"1-0$",
                r"\^[a-e]\d>[a-e]\d", r"H[a-g]\d/", r"==", r"\b[a-g]4-[a-g]4\b",
                r"^\d+\.\.\. ", r"(?:\S+ ){200}", r"\d+\. [a-g]\d+x[a-g]\d+x"]
    for name, game, recs, pos in files:
        for tname, pat in tag_cases:
            want = sum(1 for r in recs if r.tag(tname) is not None
                       and re.search(pat, r.tag(tname)))
            rc, out, err = run(["grep", "-c", "--tag", "%s~%s" % (tname, pat), name])
            check(out == "%d\n" % want and rc == (0 if want else 1),
                  "grep -c --tag '%s~%s' %s: %d" % (tname, pat, name, want),
                  "exit %d %r %s" % (rc, out, err), group="grep tag")
        for pat in mt_cases:
            want = sum(1 for r in recs if re.search(pat, movetext(r)))
            for args in (["-e", pat], ["--moves", pat], [pat]):
                rc, out, err = run(["grep", "-c"] + args + [name])
                check(out == "%d\n" % want and rc == (0 if want else 1),
                      "grep -c %s %s: %d" % (" ".join(args), name, want),
                      "exit %d %r %s" % (rc, out, err), group="grep moves")
        # Event is unique: = selects exactly one game
        r = recs[len(recs) // 2]
        rc, out, err = run(["grep", "--tag", "Event=%s" % r.tag("Event"), name])
        rc2, fout, _ = run(["fmt", "-"], stdin=r.text.encode())
        check(rc == 0 and out == fout, "grep --tag 'Event=%s' %s writes that one game, "
              "canonical" % (r.tag("Event"), name), out[:400])
    # the games written are the canonical records selected, blank-line apart
    name, game, recs, pos = files[1]
    sel = [r for r, p in zip(recs, pos) if event_counts(p).get("capture", 0) >= 2]
    rc, out, err = run(["grep", "--event", "capture>=2", name])
    fm = [run(["fmt", "-"], stdin=r.text.encode())[1] for r in sel]
    check(out == "\n".join(fm) and rc == (0 if sel else 1),
          "grep --event capture>=2 %s writes the %d games selected, in order" % (name, len(sel)),
          out[:300])
    # -c and -l over several files
    names = [f[0] for f in files]
    for spec in ["tercia", "capture>=3", "coronation", "relocation", "removal>=2"]:
        ev, _, n = spec.partition(">=")
        n = int(n or 1)
        per = [sum(1 for p in f[3] if event_counts(p).get(ev, 0) >= n) for f in files]
        rc, out, err = run(["grep", "-c", "--event", spec] + names)
        want = "".join("%s:%d\n" % (f, c) for f, c in zip(names, per))
        check(out == want and rc == (0 if sum(per) else 1),
              "grep -c --event %s over %d files: FILE:N each" % (spec, len(names)),
              "got:\n%swant:\n%s" % (out, want), group="grep -c files")
        rc, out, err = run(["grep", "-l", "--event", spec] + names)
        want = "".join("%s\n" % f for f, c in zip(names, per) if c)
        check(out == want and rc == (0 if sum(per) else 1),
              "grep -l --event %s over %d files: the files with a game" % (spec, len(names)),
              "got:\n%swant:\n%s" % (out, want), group="grep -l files")
    # 'huff' is not 'huff available': random Asalto games cut right after
    # the first turn that leaves a huff available, before any huff
    name, game, recs, pos = files[1]
    cut = 0
    for r, p in zip(recs, pos):
        for i, (_, _, _, ev) in enumerate(p):
            names = [e.rsplit(" ", 1)[0] for e in ev]
            if "huff" in names:
                break
            if "huff available" in names:
                t, _, _ = write_record(game, r.tokens[:i + 1], r.start(), [("Game", game)])
                write("avail.tgn", t)
                rc, out, err = run(["grep", "-c", "--event", "huff available", "avail.tgn"])
                rc2, out2, err2 = run(["grep", "-c", "--event", "huff", "avail.tgn"])
                check(out == "1\n" and out2 == "0\n" and rc2 == 1,
                      "a game where a huff was available and none was made: --event "
                      "'huff available' selects it, --event huff does not",
                      "huff available: %sexit %d; huff: %sexit %d\n%s" % (
                          out, rc, out2, rc2, t), group="grep huff vs huff available")
                cut += 1
                break
        if cut == 5:
            break
    check(cut == 5, "random Asalto games with a huff available before any huff: %d" % cut)
    # counts over the whole game ('... per game'), against validate --positions
    for name, game, recs, pos in files:
        totals = [event_totals(p) for p in pos]
        for ev in ("tercia", "removal", "capture", "pushback", "huff", "coronation"):
            seen_n = sorted({t.get(ev, 0) for t in totals})
            for n in sorted({0, 1, seen_n[len(seen_n) // 2], seen_n[-1], seen_n[-1] + 1}):
                for op, fn in ((">=", lambda a, b: a >= b), ("<=", lambda a, b: a <= b),
                               ("=", lambda a, b: a == b)):
                    spec = "%s%s%d per game" % (ev, op, n)
                    want = sum(1 for t in totals if fn(t.get(ev, 0), n))
                    rc, out, err = run(["grep", "-c", "--event", spec, name])
                    check(out == "%d\n" % want and rc == (0 if want else 1) and err == "",
                          "grep -c --event '%s' %s: %d games" % (spec, name, want),
                          "got exit %d, %r %s" % (rc, out, err), group="grep per game")
    # a turn the rules refuse (the turn before written again: its piece has
    # gone, its point is taken): the games that match before it are
    # selected; the others could not be looked at -- exit 2, said at it --
    # unless the game's rules never derive the event (spec/games/)
    derives = {"pitarra": {"tercia", "double tercia", "columpio", "removal"},
               "asalto": {"capture", "huff available", "huff", "fortress"},
               "ocencahuac": {"capture", "pushback", "relocation", "coronation", "stage"}}
    for name, game, recs, pos in files[:3]:
        cut_recs, expect = [], []
        for r, p in zip(recs, pos):
            if len(r.tokens) < 6:
                continue
            k = len(r.tokens) // 2
            toks = r.tokens[:k] + [r.tokens[k - 1]] + r.tokens[k + 1:]
            tags = [(t, v) for t, v in r.tags if t not in ("Position", "Result")]
            text, where, _ = write_record(game, toks, r.start(), tags)
            cut_recs.append(text)
            expect.append((p[:k], where[k]))
        line0, texts = 1, []
        for text, (before, (ln, col)) in zip(cut_recs, expect):
            texts.append(text)
            expect[len(texts) - 1] = (before, (ln + line0 - 1, col))
            line0 += text.count("\n") + 1
        write("refused.tgn", "\n".join(texts))
        for spec in ("tercia", "removal>=2 per game", "capture", "pushback"):
            ev, _, rest = spec.partition(">=")
            need = int(rest.split()[0]) if rest else 1
            sel = [(sum if rest else max)([0] + [c for c in
                   [sum(1 for e in x[3] if e.rsplit(" ", 1)[0] == ev) for x in before]])
                   >= need for before, _ in expect]
            rc, out, err = run(["grep", "-c", "--event", spec, "refused.tgn"])
            locs = ["refused.tgn:%d:%d: error: the rules stop at " % w
                    for (b, w), ok in zip(expect, sel) if not ok and ev in derives[game]]
            lines = [x for x in err.split("\n") if x]
            check(out == "%d\n" % sum(sel) and rc == (2 if locs else 0 if sum(sel) else 1)
                  and len(lines) == len(locs)
                  and all(l.startswith(w) for l, w in zip(lines, locs)),
                  "grep -c --event '%s' on %d %s games with a refused turn: %d selected, "
                  "%d could not be looked at (exit 2, said at the turn)" % (
                      spec, len(expect), game, sum(sel), len(locs)),
                  "exit %d %r\n%s\nwant %s" % (rc, out, err[:600], locs[:3]),
                  group="grep refused")


def main():
    global TABLERO, SCRATCH, SCHEMA
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    TABLERO, SCRATCH, section = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    SCHEMA = os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 else None
    os.makedirs(SCRATCH, exist_ok=True)
    {"diff": section_diff, "dups": section_dups, "grep": section_grep}[section]()
    print("RESULT %d %d" % (PASSED, FAILED))


if __name__ == "__main__":
    main()
