#!/usr/bin/env python3
"""bench/slips.py -- how well `tablero validate` finds a transcriber's
slips (issue 33, "every slip in one pass"), measured.

usage: slips.py TABLERO OUTDIR [--records N] [--json FILE] [--floors FILE]
       slips.py --self-test

From random games of each game (fixed seeds; Asalto under the rules and
from the position bench/reconstruct.py uses) it writes records with
slips injected at random places, one file per kind of slip:

  point    one point of one turn misheard: same file or same rank
  sound    one point misheard by its Spanish sound: the letters b c d e g
           (be, ce, de, e, ge) for each other, the digits 6/3 and 7/6
  both     every point of a turn misheard by one sound (d4-d5 for b4-b5)
  removal  the point after `x` (the removal or the capture) changed
  swap     two adjacent turns swapped
  swap2    a turn swapped with its own side's next one
  missing  a turn left out; the turns after it keep the move numbers of
           the game (a transcriber numbering from the tape), so the
           numbers disagree after it
  doubled  a turn written twice (counted: the numbers after it follow)
  comment  a point slip with a comment after the turn naming both
           points, in random order (`{¿e4 o e3?}`)
  two6     two point slips (point, sound or removal) six plies apart
  mixed    one to three slips of the kinds above at random places

La Pitarra's placement and movement phases are separate targets. A
record is kept only when the slip changes the game so that the rules
refuse a turn of it (validate reports an error); the others are counted
as dropped. Every record has its ground truth: per slip its kind, the
line:col of the tokens changed (for missing: the token after the one
left out; for doubled: the second copy; a move number written just
before such a token counts as pointing at it) and the original tokens.

It then runs `validate -j 1` and `fill` once per file (records are
separated by blank lines, and the diagnostics' line numbers say whose
they are; fill's records are matched by their [Event "slipbench K"]
tag), and scores every slip (score_slip, wrong_asif, measure):

  localised  a diagnostic, or a repair note, points at the slip: its
             file:L:C, or the note's own 'at L:C, ' (the form the
             library moves to), else the diagnostic's place
  among      a repair note there writes the original turns (a swap's in
             their order; for doubled, a note saying a turn is written
             twice, or whose turns begin with the one after the copy)
  first      a diagnostic's first repair note is such a one
  as-if!     diagnostics that go on "as if it were so" on a first repair
             that is not the original at a slip
  fill!      records fill wrote with a turn that is neither as written
             nor the game's
  d/slip     errors and warnings beyond the clean game's, per slip
  delayed    the first turn the rules refuse comes after the slip (found
             by bisecting the record's prefixes, whatever validate says)

and prints the table, beside the issue's goals. OUTDIR keeps every
file, and KIND.truth every slip with what was found. `--json FILE`
writes the figures per kind; `--floors FILE` fails (exit 1) when one is
below its floor (check_floors; tests/slips.sh); `--self-test` runs the
hand-checked cases of the injection and the scorer and exits.
"""
import bisect
import json
import os
import random
import re
import subprocess
import sys
import zlib

# the games and their rules as the reconstruction bench plays them, and
# how it reads movetext: one place for both benches
import reconstruct
from reconstruct import GAMES, NUMBER, RESULT

# (label, game, phase): La Pitarra's placement (a token with no '-')
# and movement phases are measured apart
TARGETS = [("pitarra/place", "pitarra", "place"), ("pitarra/move", "pitarra", "move"),
           ("asalto", "asalto", None), ("ocencahuac", "ocencahuac", None)]
POINTISH = ["point", "sound", "removal"]   # the point slips two6 is made of
SINGLE = ["point", "sound", "both", "removal", "swap", "swap2", "missing", "doubled",
          "comment"]
KINDS = SINGLE + ["two6", "mixed"]
GOALS = "localised 100%, original among >= 95%, first: reported, wrong as-if 0, " \
        "wrong fills 0, diags/slip <= 2, two6 both found >= 90%"

POINT = re.compile(r"(?<![a-wyz])([a-h])(1[0-6]|[1-9])")
# Spanish dictation's confusions (spec/reconstruct.md §4.2): the records
# say so in their [Language] tag, so that they are weighed by that table.
LANGUAGE = "es"
SOUND_LETTERS = "bcdeg"
SOUND_DIGITS = {"6": "37", "3": "6", "7": "6"}
TURNISH = re.compile(r"^(pass|[A-Za-z]*[a-h](1[0-6]|[1-9])\S*)$")
DOUBLED_WORDS = re.compile(r"twice|doubl|repeat|again|copy|dos veces|repetid", re.I)
MIN_AFTER = 8     # written turns after a slip, to weigh a repair by
TURNS = 80        # plies of the random games
SPACING = 3       # plies between the slips of one record, at least


# ---------------------------------------------------------------- games

def run(tablero, args, text=None):
    """Runs tablero with args; returns (stdout, stderr), whatever the exit."""
    p = subprocess.run([tablero] + args, input=text, capture_output=True, text=True,
                       check=False)
    return p.stdout, p.stderr


def random_games(tablero, game, seed, n, turns=TURNS):
    """n random games of game from seed: a list of (tags, tokens), tags the
    [Game], [Rules] and [Position] lines and the bench's [Language], tokens
    the main line's turns (the games as bench/reconstruct.py makes them)."""
    games = []
    for rec in reconstruct.random_games(tablero, game, seed, n, turns):
        head, _, body = rec.partition("\n\n")
        tags = [l for l in head.splitlines()
                if re.match(r"\[(Game|Rules|Position) ", l)] + ['[Language "%s"]' % LANGUAGE]
        body = re.sub(r"\{[^}]*\}", " ", body)
        games.append((tags, [w for w in body.split() if not NUMBER.match(w) and w not in RESULT]))
    return games


def board_points(games):
    """The points of a board: every point the games' turns name."""
    return {m.group(0) for _, turns in games for t in turns for m in POINT.finditer(t)}


# ---------------------------------------------------------------- slips

class Entry:
    """A turn as written: its token, the ply its move number counts
    (ply 0 is 1.), the original ply or None (a copy), a comment after it;
    where the writer put it (pos: line, col; num: the move number's)."""

    def __init__(self, tok, ply, orig):
        self.tok, self.ply, self.orig, self.comment = tok, ply, orig, None
        self.pos = self.num = None


class Slip:
    """The ground truth of one slip: kind, the entries a diagnostic may
    point at (anchors), the original tokens, what was written."""

    def __init__(self, kind, anchors, orig, written, extra=None):
        self.kind, self.anchors, self.orig, self.written = kind, anchors, orig, written
        self.extra = extra or {}
        self.dist = None    # written plies from the slip to the first error
        self.refused = True  # the rules refuse the game with this slip alone

    def locs(self):
        """The line:col pairs that point at this slip."""
        out = set()
        for e in self.anchors:
            out.add(e.pos)
            if e.num:
                out.add(e.num)
        return out


def alike(p, board):
    """Points of the board that sound like p: its file or its rank."""
    return sorted(q for q in board if q != p and (q[0] == p[0] or q[1:] == p[1:]))


def sound_subs(p):
    """The one-sound changes of p (b/c/d/e/g for each other, 6/3, 7/6)."""
    out = []
    if p[0] in SOUND_LETTERS:
        out += [(p[0], c, c + p[1:]) for c in SOUND_LETTERS if c != p[0]]
    if p[1:] in SOUND_DIGITS:
        out += [(p[1:], d, p[0] + d) for d in SOUND_DIGITS[p[1:]]]
    return out


def change_point(tok, rng, board, how):
    """tok with one point changed ('alike', 'sound', or 'removal': the
    point after 'x'), or None when it has none to change."""
    spots = [m for m in POINT.finditer(tok)
             if how != "removal" or (m.start() > 0 and tok[m.start() - 1] == "x")]
    rng.shuffle(spots)
    for m in spots:
        p = m.group(0)
        if how == "sound":
            cands = [q for _, _, q in sound_subs(p) if q in board]
        else:
            cands = alike(p, board)
        if cands:
            return tok[:m.start()] + rng.choice(cands) + tok[m.end():]
    return None


def change_all(tok, rng, board):
    """tok with every point changed by one sound change, the same for
    all (d4-d5 for b4-b5: one letter heard the same wrong way in each);
    None for fewer than two points or when no one change fits them all
    (two different changes are two slips, not this one)."""
    pts = [m for m in POINT.finditer(tok)]
    if len(pts) < 2:
        return None
    common = None
    for m in pts:
        s = {(a, b) for a, b, q in sound_subs(m.group(0)) if q in board}
        common = s if common is None else common & s
    if not common:
        return None
    new = []
    a, b = sorted(common)[rng.randrange(len(common))]
    for m in pts:
        p = m.group(0)
        new.append(p.replace(a, b, 1) if p[0] == a else p[0] + b)
    out, last = "", 0
    for m, q in zip(pts, new):
        out += tok[last:m.start()] + q
        last = m.end()
    return out + tok[last:]


def inject(kind, entries, i, rng, board):
    """Puts a slip of kind at entry i of entries (changed in place);
    returns its Slip, or None when it does not apply there."""
    e = entries[i]
    if kind in ("point", "sound", "removal", "comment", "both"):
        how = {"point": "alike", "comment": "alike"}.get(kind, kind)
        new = change_all(e.tok, rng, board) if kind == "both" else \
            change_point(e.tok, rng, board, how)
        if not new or new == e.tok:
            return None
        old, e.tok = e.tok, new
        if kind == "comment":
            a = [p.group(0) for p in POINT.finditer(new)]
            b = [p.group(0) for p in POINT.finditer(old)]
            w, o = next((x, y) for x, y in zip(a, b) if x != y)
            e.comment = "¿%s o %s?" % ((w, o) if rng.random() < 0.5 else (o, w))
        return Slip(kind, [e], [old], [new], {"at": [e.orig]})
    if kind in ("swap", "swap2"):
        j = i + (1 if kind == "swap" else 2)
        if j >= len(entries) or entries[j].tok == e.tok:
            return None
        a, b = e.tok, entries[j].tok
        e.tok, entries[j].tok = b, a
        return Slip(kind, [e, entries[j]], [a, b], [b, a], {"at": [e.orig, entries[j].orig]})
    if kind == "missing":
        if i + 1 >= len(entries):
            return None
        gone = entries.pop(i)
        return Slip(kind, [entries[i]], [gone.tok], [], {"at": [gone.orig]})
    if kind == "doubled":
        copy = Entry(e.tok, e.ply + 1, None)
        for f in entries[i + 1:]:
            f.ply += 1
        entries.insert(i + 1, copy)
        nxt = entries[i + 2].tok if i + 2 < len(entries) else None
        return Slip(kind, [copy], [e.tok], [e.tok, e.tok], {"next": nxt, "at": [e.orig]})
    raise ValueError(kind)


def alone(turns, s):
    """The game's turns with slip s alone put in (s.extra["at"]: the
    original turns it changed); None when it changed a copy."""
    at = s.extra.get("at")
    if not at or None in at:
        return None
    t = list(turns)
    if s.kind == "missing":
        del t[at[0]]
    elif s.kind == "doubled":
        t.insert(at[0] + 1, t[at[0]])
    elif len(at) == 2:
        t[at[0]], t[at[1]] = t[at[1]], t[at[0]]
    else:
        t[at[0]] = s.written[0]
    return t


def phase_ok(tok, phase):
    """Is tok a turn of La Pitarra's phase ('place': no '-'), or any?"""
    if phase is None:
        return True
    return ("-" not in tok and tok != "pass") == (phase == "place")


def make_record(kind, turns, phase, rng, board):
    """Entries of one game with slips of kind put in; (entries, slips) or
    None when none could be put at the places tried."""
    entries = [Entry(t, k, k) for k, t in enumerate(turns)]
    last = len(entries) - MIN_AFTER
    if last < 2:
        return None
    if kind == "two6":
        for _ in range(40):
            i = rng.randrange(0, last - 6) if last > 6 else 0
            if not (phase_ok(entries[i].tok, phase) and i + 6 < last):
                continue
            s2 = inject(rng.choice(POINTISH), entries, i + 6, rng, board)
            if not s2:
                continue
            s1 = inject(rng.choice(POINTISH), entries, i, rng, board)
            if not s1:
                entries[i + 6].tok = s2.orig[0]
                continue
            s1.kind = s2.kind = "two6"
            return entries, [s1, s2]
        return None
    kinds = [kind] if kind != "mixed" else [rng.choice(SINGLE) for _ in range(rng.randint(1, 3))]
    slips, used = [], set()
    for k in kinds:
        for _ in range(40):
            i = rng.randrange(0, last)
            e = entries[i]
            if e.orig is None or not phase_ok(e.tok, phase) or \
                    any(abs(e.orig - u) < SPACING for u in used):
                continue
            if k in ("swap", "swap2") and any(
                    f.orig is None or f.orig in used
                    for f in entries[i + 1:i + (2 if k == "swap" else 3)]):
                continue
            s = inject(k, entries, i, rng, board)
            if s:
                used.update(a.orig for a in s.anchors if a.orig is not None)
                used.add(e.orig)
                slips.append(s)
                break
        else:
            if kind != "mixed":
                return None
    return (entries, slips) if slips else None


def write_record(tags, entries, event, line, mark=True):
    """The text of one record whose first line is file line 'line':
    its tags, an Event tag, the turns one move a line (a comment ends its
    line); sets each entry's pos and num when mark. Ends with a blank
    line."""
    out = list(tags) + ['[Event "%s"]' % event, ""]
    cur, prev = "", None
    for e in entries:
        p = e.ply
        if p % 2 == 0 or prev != p - 1 or cur == "":
            if cur:
                out.append(cur)
            num = (line + len(out), 1)
            cur = "%d%s " % (p // 2 + 1, "." if p % 2 == 0 else "...")
        else:
            cur += " "
            num = None
        if mark:
            e.num, e.pos = num, (line + len(out), len(cur) + 1)
        cur += e.tok
        if e.comment:
            out.append(cur + " {" + e.comment + "}")
            cur = ""
        prev = p
    if cur:
        out.append(cur)
    out += ["*", ""]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- diagnostics

DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|warning): (.*)$")
NOTE_AT = re.compile(r"^at (\d+):(\d+),? (.*)$")


class Repair:
    """A suggestion a note makes: where it says the slip is, the
    corrected turns it writes (tokens, move numbers left out), its words."""

    def __init__(self, loc, turns, words):
        self.loc, self.turns, self.words = loc, turns, words


def turns_of(text):
    """The turn tokens of a note's corrected turns, in order."""
    out = []
    for w in text.split():
        w = w.strip("(),;").rstrip("?.")
        if TURNISH.match(w) and not NUMBER.match(w):
            out.append(w)
    return out


def parse_repair(note, loc):
    """The Repair a note (text after 'note: ') makes, or None. The form
    the library is moving to, 'at L:C, <kind words>: <turns>: ...', is
    localised by itself; today's ('did you mean X? (...)', 'a turn seems
    to be missing before it: T: ...', 'the turns may be written out of
    order: T: ...', 'the one turn that fits here, given ...: T') at the
    diagnostic's location 'loc'. Today's words after 'at L:C, ' are read
    as today's."""
    m = NOTE_AT.match(note)
    if m:
        loc, note = (int(m.group(1)), int(m.group(2))), m.group(3)
    m2 = re.match(r"did you mean (\S+)\? \((.*)\)$", note)
    if m2:
        return Repair(loc, turns_of(m2.group(1)), m2.group(2).split(":")[0])
    for head in ("a turn seems to be missing before it", "the turns may be written out of order",
                 "the one turn that fits here", "the turns that fit here"):
        if note.startswith(head):
            parts = note.split(": ")
            return Repair(loc, turns_of(parts[1] if len(parts) > 1 else ""), head)
    if m:
        parts = note.split(": ")
        return Repair(loc, turns_of(parts[1] if len(parts) > 1 else ""), parts[0])
    return None


def parse_diags(stderr):
    """validate's standard error as a list of diagnostics: dicts with
    line, col, sev, msg, notes (texts) and repairs (Repair, in order),
    asif (the note 'checking goes on as if it were so' given)."""
    diags = []
    for l in stderr.splitlines():
        m = DIAG.match(l)
        if m:
            diags.append({"line": int(m.group(2)), "col": int(m.group(3)), "sev": m.group(4),
                          "msg": m.group(5), "notes": [], "repairs": [], "asif": False})
        elif l.startswith("note: ") and diags:
            d = diags[-1]
            text = l[6:]
            d["notes"].append(text)
            if "checking goes on as if it were so" in text:
                d["asif"] = True
            r = parse_repair(text, (d["line"], d["col"]))
            if r:
                d["repairs"].append(r)
    return diags


# ---------------------------------------------------------------- scoring

def is_original(r, s):
    """Does repair r, at slip s, write what the game had?"""
    if s.kind in ("swap", "swap2"):
        it = iter(r.turns)
        return all(t in it for t in s.orig)
    if s.kind == "doubled":
        return bool(DOUBLED_WORDS.search(r.words)) or \
            (bool(r.turns) and r.turns[0] == s.extra.get("next"))
    return s.orig[0] in r.turns


def score_slip(s, diags):
    """One slip against its record's diagnostics: localised (a diagnostic
    or a repair points at it), among (a repair there writes the
    original), first (a diagnostic's first repair is that one)."""
    locs = s.locs()
    loc = any((d["line"], d["col"]) in locs for d in diags) or \
        any(r.loc in locs for d in diags for r in d["repairs"])
    good = [r for d in diags for r in d["repairs"] if r.loc in locs and is_original(r, s)]
    first = any(d["repairs"] and d["repairs"][0].loc in locs and is_original(d["repairs"][0], s)
                for d in diags)
    return {"localised": loc, "among": bool(good), "first": first}


def wrong_asif(slips, diags, same=None):
    """Diagnostics that go on 'as if it were so' on a first repair that is
    not the original of a slip of the record, where it says it is -- and,
    given same(diagnostic), does not give the game's own position after
    the illegal turn: two slips that one edit explains as well (2... f4
    for f6, then 5... a4xc3 for f4xc3: 5... f6xc3 places the same two
    pieces) are another reading of the same game, gone on with rightly."""
    n = 0
    for d in diags:
        if d["asif"]:
            r = d["repairs"][0] if d["repairs"] else None
            if not r or not any(r.loc in s.locs() and is_original(r, s) for s in slips):
                n += not (r and same and same(d))
    return n


def position_after(tablero, tags, toks):
    """The position (show's notation) after the turns toks, or None when
    the rules refuse one of them."""
    rec = write_record(tags, [Entry(t, n, n) for n, t in enumerate(toks)], "same", 1, False)
    out, err = run(tablero, ["show", "-"], rec)
    m = re.search(r"^Position: (.*)$", out, re.M)
    return m.group(1) if m and "the rules stop" not in err else None


def same_position(tablero, r, d):
    """Does the first repair of diagnostic d, put in record r's written
    turns, give the game's own position after the illegal turn?"""
    rep, ent = d["repairs"][0], r["entries"]
    i, ill = index_at(ent, rep.loc), index_at(ent, (d["line"], d["col"]))
    if i is None or ill is None:
        return False
    # what it stands for: a swap two written turns, a turn left out none
    # (a kind read wrongly here gives another position: counted wrong)
    consumed = 2 if "order" in rep.words else 0 if "missing" in rep.words else 1
    turns = [] if DOUBLED_WORDS.search(rep.words) else rep.turns
    toks = [e.tok for e in ent[:i]] + turns + [e.tok for e in ent[i + consumed:ill + 1]]
    if len(toks) > len(r["orig"]):
        return False
    mine = position_after(tablero, r["tags"], toks)
    return mine is not None and mine == position_after(tablero, r["tags"], r["orig"][:len(toks)])


def fill_tokens(record):
    """The main-line turns of a record fill wrote, as tokens
    (<reconstructed X> as X)."""
    _, _, body = record.partition("\n\n")
    body = re.sub(r"<reconstructed ([^>]*)>", r" \1 ", body)
    body = re.sub(r"\{[^}]*\}|<[^>]*>", " ", body)
    return [w for w in body.split() if not NUMBER.match(w) and w not in RESULT]


def event_of(record):
    """The slipbench number of a record's Event tag, or None."""
    m = re.search(r'\[Event "slipbench (\d+)"\]', record)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------- the bench

def build(tablero, outdir, per):
    """Writes OUTDIR/KIND.tgn for every kind, per records of each target
    (fewer when the slips stay legal); returns {kind: [record dicts]}."""
    pools = {}
    for game in GAMES:
        games = random_games(tablero, game, 3300, max(per, 40))
        pools[game] = ([g for g in games if len(g[1]) >= 20], board_points(games))
    out = {}
    for kind in KINDS:
        recs, text, line, cline, k = [], [], 1, 1, 0
        for label, game, phase in TARGETS:
            games, board = pools[game]
            rng = random.Random(zlib.crc32(("%s/%s" % (kind, label)).encode()))
            for j in range(per):
                tags, turns = games[(j * 7 + 3) % len(games)]
                made = None
                for _ in range(5):
                    made = make_record(kind, turns, phase, rng, board)
                    if made:
                        break
                if not made:
                    continue
                entries, slips = made
                t = write_record(tags, entries, "slipbench %d" % k, line)
                clean = write_record(tags, [Entry(x, n, n) for n, x in enumerate(turns)],
                                     "slipbench %d" % k, cline)
                recs.append({"k": k, "target": label, "game": game, "tags": tags,
                             "entries": entries,
                             "slips": slips, "first": line, "cfirst": cline,
                             "orig": turns, "clean": clean})
                cline += clean.count("\n")
                text.append(t)
                line += t.count("\n")
                k += 1
        path = os.path.join(outdir, kind + ".tgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(text))
        with open(os.path.join(outdir, kind + "-clean.tgn"), "w", encoding="utf-8") as f:
            f.write("".join(r["clean"] for r in recs))
        out[kind] = recs
    return out


def by_record(recs, diags, key="first"):
    """Hands each diagnostic to the record whose lines hold it (key:
    the record's first line in the file looked at)."""
    starts = [r[key] for r in recs]
    per = [[] for _ in recs]
    for d in diags:
        i = bisect.bisect_right(starts, d["line"]) - 1
        if 0 <= i < len(recs):
            per[i].append(d)
    return per


def index_at(entries, loc):
    """The index of the written turn at or before line:col loc."""
    best = None
    for n, e in enumerate(entries):
        if e.pos <= loc or (e.num and e.num <= loc):
            best = n
    return best


def first_illegal(tablero, path, recs):
    """Sets r["illegal"] of each record: the index of its first written
    turn the rules refuse, at or after its first slip -- as the rules
    decide, wherever validate says the slip is. Found by bisection over
    the record's prefixes, each round's prefixes of every record in one
    file (path) validated at once; the whole record must have an error."""
    span = {}
    for r in recs:
        at = min(index_at(r["entries"], a.pos) for s in r["slips"] for a in s.anchors)
        span[r["k"]] = [at, len(r["entries"]) - 1]
    pending = [r for r in recs if span[r["k"]][0] < span[r["k"]][1]]
    while pending:
        made = [(r["tags"], r["entries"][:(span[r["k"]][0] + span[r["k"]][1]) // 2 + 1], "prefix")
                for r in pending]
        for r, ds in zip(pending, validate_each(tablero, path, made)):
            lo, hi = span[r["k"]]
            if any(d["sev"] == "error" for d in ds):
                span[r["k"]][1] = (lo + hi) // 2
            else:
                span[r["k"]][0] = (lo + hi) // 2 + 1
        pending = [r for r in pending if span[r["k"]][0] < span[r["k"]][1]]
    for r in recs:
        r["illegal"] = span[r["k"]][0]


def measure(tablero, outdir, recs, kind):
    """Runs validate and fill on KIND.tgn; scores every record; returns
    the kept records, each with its slips scored."""
    path = os.path.join(outdir, kind + ".tgn")
    _, err = run(tablero, ["validate", "-j", "1", path])
    diags = parse_diags(err)
    _, cerr = run(tablero, ["validate", "-j", "1", os.path.join(outdir, kind + "-clean.tgn")])
    base = [len(d) for d in by_record(recs, parse_diags(cerr), "cfirst")]
    fout, _ = run(tablero, ["fill", path])
    filled = {}
    for rec in re.split(r"\n(?=\[Game )", fout):
        if event_of(rec) is not None:
            filled[event_of(rec)] = fill_tokens(rec)
    per = by_record(recs, diags)
    for r, ds in zip(recs, per):
        r["dropped"] = not any(d["sev"] == "error" for d in ds)
    first_illegal(tablero, os.path.join(outdir, kind + "-prefix.tgn"),
                  [r for r in recs if not r["dropped"] and len(r["slips"]) == 1])
    kept = []
    for r, ds, b in zip(recs, per, base):
        if r["dropped"]:
            continue
        errors = [d for d in ds if d["sev"] == "error"]
        for s in r["slips"]:
            idx = {index_at(r["entries"], a.pos) for a in s.anchors}
            at = min(idx)
            if len(r["slips"]) == 1:
                later = [r["illegal"]]
            else:   # past the first slip, the line goes on only as validate takes it
                later = [index_at(r["entries"], (d["line"], d["col"])) for d in errors]
                later = [x for x in later if x is not None and x >= at]
            s.dist = None if not later else 0 if min(later) in idx else min(later) - at
            s.score = score_slip(s, ds)
        r["diags"] = max(0, len(ds) - b)
        r["wrong_asif"] = wrong_asif(r["slips"], ds, lambda d: same_position(tablero, r, d))
        written = [e.tok for e in r["entries"]]
        got = filled.get(r["k"])
        r["wrong_fill"] = int(got is not None and got != written and got != r["orig"][:len(got)])
        kept.append(r)
    if kind in ("two6", "mixed"):
        refused_alone(tablero, os.path.join(outdir, kind + "-alone.tgn"), kept)
    with open(os.path.join(outdir, kind + ".truth"), "w", encoding="utf-8") as f:
        f.write(truth(kept))
    return kept


def refused_alone(tablero, path, kept):
    """Sets each slip's 'refused': do the rules refuse the game with that
    slip alone put in? A slip they do not refuse -- a side's two
    placements swapped, a point misheard as another that was free -- is
    another legal game, the same to anyone; a record of several slips is
    kept when one of them is refused, so the others may be such."""
    slips, made = [], []
    for r in kept:
        for s in r["slips"]:
            t = alone(r["orig"], s)
            if t is not None:
                slips.append(s)
                made.append((r["tags"], [Entry(x, n, n) for n, x in enumerate(t)], "alone"))
    for s, ds in zip(slips, validate_each(tablero, path, made)):
        s.refused = any(d["sev"] == "error" for d in ds)


def validate_each(tablero, path, made):
    """Writes the records 'made' -- (tags, entries, event) each -- to path
    one after another, validates the file once; returns each record's
    diagnostics, in order."""
    text, firsts, line = [], [], 1
    for tags, entries, event in made:
        t = write_record(tags, entries, event, line, False)
        firsts.append({"first": line})
        text.append(t)
        line += t.count("\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(text))
    _, err = run(tablero, ["validate", "-j", "1", path])
    return by_record(firsts, parse_diags(err))


def truth(kept):
    """The ground truth and the score of every kept record's slips, a
    line each: record, target, kind, where (line:col), original ->
    written, plies to the first error, what was found."""
    out = []
    for r in kept:
        for s in r["slips"]:
            where = " ".join("%d:%d" % a.pos for a in s.anchors)
            found = " ".join(k for k in ("localised", "among", "first") if s.score[k]) or "-"
            if not s.refused:
                found += " (legal alone)"
            out.append("%d %s %s %s %s -> %s dist=%s %s" % (
                r["k"], r["target"], s.kind, where, " ".join(s.orig),
                " ".join(s.written) or "(left out)", s.dist, found))
    return "\n".join(out) + "\n"


def pct(a, b):
    """a of b as a percentage, 5 wide ("-" for none)."""
    return "%5.1f" % (100.0 * a / b) if b else "    -"


def row(label, recs, made, slips):
    """A table row over records recs (slips: theirs, scored)."""
    n = len(slips)
    return "%-22s %5d %5d %6s %6s %6s %7d %7d %6s" % (
        label, made, len(recs), pct(sum(s.score["localised"] for s in slips), n),
        pct(sum(s.score["among"] for s in slips), n), pct(sum(s.score["first"] for s in slips), n),
        sum(r["wrong_asif"] for r in recs), sum(r["wrong_fill"] for r in recs),
        "%.2f" % (sum(r["diags"] for r in recs) / n) if n else "-")


def table(results):
    """The bench's table as lines, and a summary per kind; results:
    {kind: (records made, records kept)}."""
    head = "%-22s %5s %5s %6s %6s %6s %7s %7s %6s" % (
        "kind", "made", "kept", "loc%", "among%", "first%", "as-if!", "fill!", "d/slip")
    lines = [head, "-" * len(head)]
    summary = {}
    for kind in KINDS:
        made, kept = results[kind]
        slips = [s for r in kept for s in r["slips"]]
        lines.append(row(kind, kept, len(made), slips))
        summary[kind] = {k: (100.0 * sum(s.score[k] for s in slips) / len(slips) if slips else 0)
                         for k in ("localised", "among", "first")}
        summary[kind].update(records=len(kept), wrong_asif=sum(r["wrong_asif"] for r in kept),
                             wrong_fill=sum(r["wrong_fill"] for r in kept),
                             diags=sum(r["diags"] for r in kept) / len(slips) if slips else 0)
        if kind in ("two6", "mixed"):
            ref = [s for s in slips if s.refused]
            lines.append(row("  each refused alone", kept, len(made), ref))
            summary[kind + "-refused"] = {
                k: (100.0 * sum(s.score[k] for s in ref) / len(ref) if ref else 0)
                for k in ("localised", "among", "first")}
            summary[kind + "-refused"].update(
                records=len(kept), slips=len(ref), wrong_asif=summary[kind]["wrong_asif"],
                wrong_fill=summary[kind]["wrong_fill"], diags=summary[kind]["diags"])
            continue
        for name, test in (("immediate", lambda s: s.dist == 0),
                           ("delayed", lambda s: s.dist != 0)):
            sub = [r for r in kept if all(test(s) for s in r["slips"])]
            if sub and len(sub) != len(kept):
                ss = [s for r in sub for s in r["slips"]]
                lines.append(row("  " + name, sub, len(sub), ss))
    _, kept = results["two6"]
    both = sum(all(s.score["localised"] for s in r["slips"]) for r in kept)
    summary["two6"]["both"] = 100.0 * both / len(kept) if kept else 0
    lines.append("two6: both slips localised in %s%% of %d records" % (pct(both, len(kept)).strip(),
                                                                       len(kept)))
    singles = [s for k in SINGLE for r in results[k][1] for s in r["slips"]]
    lines.append("all single slips: localised %s%%, original among %s%%, first %s%% (%d slips)" % (
        pct(sum(s.score["localised"] for s in singles), len(singles)).strip(),
        pct(sum(s.score["among"] for s in singles), len(singles)).strip(),
        pct(sum(s.score["first"] for s in singles), len(singles)).strip(), len(singles)))
    lines.append("")
    lines.append("%-22s %5s %5s %6s %6s %6s" % ("by game (single slips)", "made", "kept", "loc%",
                                                 "among%", "first%"))
    for label, _, _ in TARGETS:
        ss = [s for k in SINGLE for r in results[k][1] if r["target"] == label for s in r["slips"]]
        made = sum(r["target"] == label for k in SINGLE for r in results[k][0])
        lines.append("%-22s %5d %5d %6s %6s %6s" % (
            label, made, len(ss), pct(sum(s.score["localised"] for s in ss), len(ss)),
            pct(sum(s.score["among"] for s in ss), len(ss)),
            pct(sum(s.score["first"] for s in ss), len(ss))))
    dists = [s.dist for s in singles if s.dist]
    if dists:
        lines.append("delayed single slips: %d, the first illegal turn 1-%d plies later "
                     "(median %d); by plies later:" % (len(dists), max(dists),
                                                       sorted(dists)[len(dists) // 2]))
        for lo, hi in ((1, 1), (2, 2), (3, 5), (6, 10), (11, 999)):
            ss = [s for s in singles if s.dist and lo <= s.dist <= hi]
            lines.append("  %-20s %5s %5d %6s %6s %6s" % (
                "%d" % lo if lo == hi else "%d-%d" % (lo, hi) if hi < 999 else "%d+" % lo,
                "", len(ss), pct(sum(s.score["localised"] for s in ss), len(ss)),
                pct(sum(s.score["among"] for s in ss), len(ss)),
                pct(sum(s.score["first"] for s in ss), len(ss))))
    lines.append("")
    lines.append("made: records written; kept: those the rules refuse somewhere (the rest stay")
    lines.append("legal and are dropped); loc: the slip pointed at; among: a repair there writes")
    lines.append("the original; first: a diagnostic's first repair does; as-if!: 'checking goes")
    lines.append("on as if it were so' on another; fill!: fill wrote a turn that is not the")
    lines.append("original; d/slip: errors and warnings past the clean game's, per slip.")
    lines.append("goals: " + GOALS)
    return lines, summary


# ---------------------------------------------------------------- floors

FLOOR_COLS = [("localised", ">="), ("among", ">="), ("first", ">="),
              ("wrong_asif", "<="), ("wrong_fill", "<="), ("diags", "<=")]


def check_floors(summary, text):
    """The floors of text that summary does not reach, as messages.
    text: lines 'KIND LOC AMONG FIRST ASIF FILL DSLIP' -- LOC, AMONG and
    FIRST the least percentages, ASIF and FILL the most wrong as-ifs and
    wrong fills, DSLIP the most diagnostics per slip; 'two6-both P' the
    least percentage of two6 records with both slips localised; '#'
    starts a comment. A kind the summary lacks is a failure."""
    bad = []
    for raw in text.splitlines():
        w = raw.split("#")[0].split()
        if not w:
            continue
        if w[0] == "two6-both":
            got = summary.get("two6", {}).get("both", -1)
            if got < float(w[1]):
                bad.append("two6: both slips localised %.1f%% < %s%%" % (got, w[1]))
            continue
        if w[0] not in summary or len(w) != 1 + len(FLOOR_COLS):
            bad.append("%s: no such kind, or not %d numbers" % (w[0], len(FLOOR_COLS)))
            continue
        for (col, op), v in zip(FLOOR_COLS, w[1:]):
            got = summary[w[0]][col]
            if (op == ">=" and got < float(v)) or (op == "<=" and got > float(v) + 1e-9):
                bad.append("%s: %s %.2f, the floor is %s %s" % (w[0], col, got, op, v))
    return bad


# ---------------------------------------------------------------- self-test

def self_test():
    """Hand-checked cases of the injection, the writer and the scorer;
    raises AssertionError on the first that fails."""
    board = {f + r for f in "abcdefg" for r in "1234567"}
    rng = random.Random(1)
    assert change_all("b4-b5", rng, board) in ("d4-d5", "c4-c5", "e4-e5", "g4-g5")
    assert change_point("d5xf6", random.Random(2), board, "removal").startswith("d5x")
    assert change_point("a1", rng, board, "removal") is None
    assert set(q for _, _, q in sound_subs("b6")) == {"c6", "d6", "e6", "g6", "b3", "b7"}
    # a record with turn 3 (ply 2) left out: the numbers follow the game
    ent = [Entry(t, k, k) for k, t in enumerate(["a1", "b2", "c3", "d4", "e5", "f6"])]
    s = inject("missing", ent, 2, rng, board)
    text = write_record(['[Game "pitarra"]'], ent, "slipbench 0", 1)
    assert text.splitlines()[3:6] == ["1. a1 b2", "2... d4", "3. e5 f6"], text
    assert s.locs() == {(5, 6), (5, 1)} and s.orig == ["c3"]
    # today's notes, at the error
    err = ("x.tgn:5:6: error: d4: it is Red's turn [TB401]\n2... d4\n     ^~\n"
           "note: position R 2 R:a1 Y:b2\n"
           "note: a turn seems to be missing before it: 2. c3: the next 3 turns are legal then\n"
           "note: checking goes on as if it were so\n"
           "x.tgn:5:1: warning: move number 2... does not match the count: this is 2. [TB302]\n")
    ds = parse_diags(err)
    assert len(ds) == 2 and ds[0]["asif"] and ds[0]["repairs"][0].turns == ["c3"]
    assert score_slip(s, ds) == {"localised": True, "among": True, "first": True}
    assert wrong_asif([s], ds) == 0
    # the form the library moves to: localised by the note, at an earlier turn
    ent = [Entry(t, k, k) for k, t in enumerate(["a1", "b2", "c3", "d4", "e5", "f6"])]
    s = Slip("point", [ent[1]], ["b2"], ["b3"])
    ent[1].tok = "b3"
    write_record(['[Game "pitarra"]'], ent, "slipbench 0", 1)
    err = ("x.tgn:5:4: error: e5: illegal [TB401]\n"
           "note: at 4:7, one point misheard: 1... b2: the next 4 turns are legal then\n"
           "note: at 4:7, one point written for another: 1... g3\n"
           "note: checking goes on as if it were so\n")
    ds = parse_diags(err)
    assert ds[0]["repairs"][0].loc == (4, 7) and ds[0]["repairs"][1].turns == ["g3"]
    assert score_slip(s, ds) == {"localised": True, "among": True, "first": True}
    # today's words after 'at L:C, ', and a turn written twice
    r = parse_repair("at 4:7, did you mean b2? (one point misheard: the next 4 turns are legal)",
                     (5, 4))
    assert r.loc == (4, 7) and r.turns == ["b2"] and r.words == "one point misheard"
    r = parse_repair("at 9:12, a turn written twice: 4... g1-f2: the next 9 turns are legal then",
                     (9, 1))
    assert r.loc == (9, 12) and r.turns == ["g1-f2"] and r.words == "a turn written twice"
    assert is_original(r, Slip("doubled", [], ["e4-e3"], [], {"next": "a1-a4"}))
    assert parse_repair("position R 15 R:a1,c3 Y:g1", (1, 1)) is None
    # the original only second: among, not first; going on is then wrong
    ds[0]["repairs"].reverse()
    assert score_slip(s, ds) == {"localised": True, "among": True, "first": False}
    assert wrong_asif([s], ds) == 1
    # ... unless it gives the game's own position there (same(d), which
    # the bench asks show)
    assert wrong_asif([s], ds, lambda d: True) == 0
    # an error at a later turn with today's note there: not localised
    ds = parse_diags("x.tgn:5:4: error: e5 [TB401]\nnote: did you mean e6? (one point misheard)\n")
    assert score_slip(s, ds) == {"localised": False, "among": False, "first": False}
    # a swap: both originals, in their order
    r = Repair((4, 7), turns_of("2. c3 b2 d4"), "the turns may be written out of order")
    assert is_original(r, Slip("swap", [], ["c3", "d4"], [])) and \
        not is_original(r, Slip("swap", [], ["d4", "c3"], []))
    # a comment naming both points stays after the turn, on its line
    ent = [Entry(t, k, k) for k, t in enumerate(["a1", "b2", "c3", "d4"])]
    s = inject("comment", ent, 0, random.Random(4), board)
    text = write_record(['[Game "pitarra"]'], ent, "slipbench 0", 1)
    assert re.search(r"^1\. [a-g][1-7] \{¿[a-g][1-7] o [a-g][1-7]\?\}$", text, re.M), text
    assert "1... b2" in text and s.orig == ["a1"]
    # fill's record read back
    assert fill_tokens('[Game "p"]\n\n1. a1 <reconstructed b2>\n2. c3 {x}\n*\n') == \
        ["a1", "b2", "c3"]
    summ = {"point": {"localised": 90.0, "among": 80.0, "first": 70.0, "wrong_asif": 2,
                      "wrong_fill": 0, "diags": 1.5}, "two6": {"both": 40.0}}
    assert check_floors(summ, "# c\npoint 90 80 70 2 0 1.5\ntwo6-both 40\n") == []
    assert len(check_floors(summ, "point 91 80 70 1 0 1.4 # up\ntwo6-both 41\n")) == 4
    assert check_floors(summ, "swap 0 0 0 0 0 0\n")
    print("slips.py self-test: passed")


# ---------------------------------------------------------------- main

def main(argv):
    """Parses the arguments, builds, measures, prints the table."""
    if "--self-test" in argv:
        self_test()
        return 0
    args = [a for a in argv[1:]]
    per, jpath = 60, None
    if "--records" in args:
        i = args.index("--records")
        per = int(args[i + 1])
        del args[i:i + 2]
    floors = None
    if "--floors" in args:
        i = args.index("--floors")
        with open(args[i + 1], encoding="utf-8") as f:
            floors = f.read()
        del args[i:i + 2]
    if "--json" in args:
        i = args.index("--json")
        jpath = args[i + 1]
        del args[i:i + 2]
    tablero, outdir = args[0], args[1]
    os.makedirs(outdir, exist_ok=True)
    recs = build(tablero, outdir, per)
    results = {k: (recs[k], measure(tablero, outdir, recs[k], k)) for k in KINDS}
    lines, summary = table(results)
    print("\n".join(lines))
    if jpath:
        with open(jpath, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1, sort_keys=True)
    if floors is not None:
        bad = check_floors(summary, floors)
        for b in bad:
            print("BELOW THE FLOOR: " + b)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
