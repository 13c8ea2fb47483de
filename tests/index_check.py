#!/usr/bin/env python3
"""tests/index_check.py TABLERO TMPDIR -- tablero index, find and tree
against a brute-force scan of their own (spec/collection.md).

Random collections (tablero random: short games, so that positions
recur, and symmetric ones too) are indexed; every answer of find (by
position, exactly and up to the board's symmetries, by pattern, by
material, by event) and of tree is compared with what a plain scan of
the records' positions finds. The positions come from tablero catalog
--turns (the one replay); what is searched for, the symmetries, the
patterns and the counting are this file's own. Then: an index updated
file by file against one made anew; the index read with Debian's
sqlite3 by the schema spec/collection.md documents."""
import json
import os
import random
import re
import sqlite3
import subprocess
import sys

TABLERO, TMP = sys.argv[1], sys.argv[2]
SIDES = {"pitarra": "RY", "asalto": "AD", "ocencahuac": "SC"}
SYMS = {"pitarra": 8, "asalto": 2, "ocencahuac": 1}
SIZE = {"pitarra": (7, 7), "asalto": (7, 7), "ocencahuac": (5, 8)}
failures = 0
# how often a symmetric search found more than the exact one: the test
# must see the symmetries at work, not only positions found exactly
seen = {"symmetric_more": 0, "pattern_symmetric_more": 0, "hits": 0}


def fail(msg):
    global failures
    failures += 1
    print("FAIL:", msg)


def run(*args, ok=(0, 1)):
    p = subprocess.run([TABLERO, *args], capture_output=True, text=True)
    if p.returncode not in ok:
        fail(f"tablero {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    return p


# ---- positions, as this file reads them --------------------------------


def parse(text, game):
    """A position's notation as (to move, frozenset of (side, point,
    piece text), extras): the turn number and history keys dropped."""
    words = text.split()
    side, rest = words[0], words[2:] if words[1].isdigit() else words[1:]
    pieces, extras = [], []
    for w in rest:
        if len(w) >= 2 and w[1] == ":" and w[0] in SIDES[game]:
            for p in filter(None, w[2:].split(",")):
                pieces.append((w[0], p))
        else:
            k = w.split("=")[0]
            if k not in ("moved", "quiet"):
                extras.append(w)
    return side, tuple(sorted(pieces)), tuple(sorted(extras))


def sym_point(game, k, pt):
    """Point 'pt' under symmetry 'k' (bit 2 swaps files and ranks, bit 0
    mirrors the files, bit 1 the ranks), as tb_point_symmetry."""
    if pt == "?":
        return pt
    files, ranks = SIZE[game]
    f, r = ord(pt[0]) - 97, int(pt[1:]) - 1
    if k & 4:
        f, r = r, f
    if k & 1:
        f = files - 1 - f
    if k & 2:
        r = ranks - 1 - r
    return chr(97 + f) + str(r + 1)


def sym_piece(game, k, p):
    lead = p[0] if p[0].isupper() else ""
    crown = "+" if p.endswith("+") else ""
    core = p[len(lead):len(p) - len(crown)]
    return lead + sym_point(game, k, core) + crown


def image(game, k, pos):
    side, pieces, extras = pos
    return side, tuple(sorted((s, sym_piece(game, k, p)) for s, p in pieces)), extras


def images(game, pos):
    return {image(game, k, pos) for k in range(SYMS[game])}


def write(pos, number=7):
    """The notation of 'pos' (any turn number: find does not compare it)."""
    side, pieces, extras = pos
    by = {}
    for s, p in pieces:
        by.setdefault(s, []).append(p)
    game_sides = [g for g in SIDES.values() if side in g][0]
    parts = [side, str(number)] + [s + ":" + ",".join(by.get(s, [])) for s in game_sides]
    return " ".join(parts + list(extras))


# ---- the collection ----------------------------------------------------


SITES = ["El Rodeo", 'La \\"Griega\\"', "?", "Los Navajos", "El Rodeo"]


def regroup(text):
    """The random games' Site and Event made a few values, and a Round
    added, so that a tree by them has groups of several games: a Site
    with quotes, one unknown ("?"), an Event with a backslash, every
    seventh record without an Event, a Round with both."""
    n = [0]

    def one(m):
        n[0] += 1
        event = "" if n[0] % 7 == 0 else f'[Event "Feria \\\\ {n[0] % 3}"]\n'
        rnd = f'[Round "{n[0] % 2}.\\"{n[0] % 3}\\" \\\\"]\n'  # a tag without a column
        return f'[Site "{SITES[n[0] % len(SITES)]}"]\n{event}{rnd}'
    text = re.sub(r'^\[Event "[^"\n]*"\]\n', "", text, flags=re.M)
    return re.sub(r'^\[Site "[^"\n]*"\]\n', one, text, flags=re.M)


def tags_of(path):
    """{line: {name: value}}: each record's tags as written (the first
    of a name), its escapes read."""
    tags, line = {}, None
    with open(path) as f:
        for i, l in enumerate(f, 1):
            if l.startswith("[Game "):
                line = i
                tags[line] = {}
            m = re.match(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', l.rstrip("\n"))
            if m and line is not None:
                tags[line].setdefault(m.group(1), re.sub(r"\\(.)", r"\1", m.group(2)))
    return tags


def make_collection(seed):
    """Three files of random games; returns their paths."""
    files = []
    specs = [("pitarra", 120, 9), ("pitarra", 60, 14), ("asalto", 40, 8), ("ocencahuac", 40, 8)]
    for i, (game, n, turns) in enumerate(specs):
        out = subprocess.run([TABLERO, "random", "--game", game, "-n", str(n), "--turns",
                              str(turns), "--seed", str(seed + 1000 * i)],
                             capture_output=True, text=True, check=True).stdout
        path = os.path.join(TMP, f"c{i}-{game}.tgn")
        with open(path, "w") as f:
            f.write(regroup(out))
        files.append(path)
    return files


def scan(files):
    """Every record's main-line positions and tokens: {(file, line):
    (game, [(position, token that reached it, events)])}, the start first."""
    recs = {}
    for path in files:
        out = run("catalog", "--turns", "--format", "jsonl", path).stdout
        starts = {}
        for row in map(json.loads, run("catalog", "--format", "jsonl", path).stdout.splitlines()):
            starts[row["index"]] = row
        for line in out.splitlines():
            row = json.loads(line)
            key = (path, row["index"])
            recs.setdefault(key, []).append(row)
    return recs


def record_lines(path):
    """The line each record of 'path' starts on, by its place."""
    lines, n = {}, 0
    with open(path) as f:
        for i, l in enumerate(f, 1):
            if l.startswith("[Game "):
                n += 1
                lines[n] = i
    return lines


def start_of(path, index, game):
    with open(path) as f:
        text = f.read()
    rec = text.split("[Game ")[index]
    for l in rec.splitlines():
        if l.startswith("[Position "):
            return l.split('"')[1]
    return {"pitarra": "R 1 R: Y: hand=12,12",
            "ocencahuac": "S 1 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc7,Gd7,Ge7,Pc8,Md8,Ee8"}[game]


def build_truth(files):
    """{(path, line): (game, [(pos, token, events)])}."""
    truth = {}
    rows = scan(files)
    for path in files:
        lines = record_lines(path)
        game = os.path.basename(path).split("-")[1].split(".")[0]
        for index, line in lines.items():
            seq = [(parse(start_of(path, index, game), game), None, "")]
            for row in rows.get((path, index), []):
                if row["position"]:
                    seq.append((parse(row["position"], game), row["token"], row["events"] or ""))
            truth[(path, line)] = (game, seq)
    return truth


def found(out):
    """The (file, line) of each line of find's output."""
    hits = set()
    for l in out.splitlines():
        f, line = l.split(":")[:2]
        hits.add((f, int(line)))
    return hits


def check_positions(db, truth, rng):
    pool = [(k, g, p) for k, (g, seq) in truth.items() for p, _, _ in seq]
    for _ in range(40):
        key, game, pos = rng.choice(pool)
        k = rng.randrange(SYMS[game])
        q = image(game, k, pos)
        exact = {r for r, (g, seq) in truth.items() if g == game and any(p == q for p, _, _ in seq)}
        imgs = images(game, q)
        symm = {r for r, (g, seq) in truth.items() if g == game and any(p in imgs for p, _, _ in seq)}
        got = found(run("find", "--index", db, "--position", write(q)).stdout)
        if got != exact:
            fail(f"--position {write(q)}: {len(got)} records, the scan {len(exact)}")
        got = found(run("find", "--index", db, "--position", write(q), "--symmetric").stdout)
        if got != symm:
            fail(f"--position {write(q)} --symmetric: {len(got)} records, the scan {len(symm)}")
        seen["symmetric_more"] += len(symm) > len(exact)
        seen["hits"] += len(exact)
        if key not in symm:
            fail(f"the record the position came from is not found ({key})")


def matches(pos, need, empty, to_move):
    side, pieces, _ = pos
    if to_move and side != to_move:
        return False
    at = {p: s for s, p in pieces}
    return all(at.get(p) == s for s, p in need) and all(p not in at for p in empty)


def all_points(game):
    files, ranks = SIZE[game]
    return [chr(97 + f) + str(r + 1) for f in range(files) for r in range(ranks)]


def check_patterns(db, truth, rng):
    pool = [(g, p) for (g, seq) in truth.values() for p, _, _ in seq if p[1] and g != "ocencahuac"]
    for _ in range(30):
        game, pos = rng.choice(pool)
        pieces = [x for x in pos[1] if x[1] != "?"]
        need = rng.sample(pieces, min(len(pieces), rng.randint(1, 3)))
        occupied = {p for _, p in pos[1]}
        valid = set(all_points(game)) & set(p for (g, seq) in truth.values() if g == game
                                             for q, _, _ in seq for _, p in q[1])
        free = sorted(valid - occupied)
        empty = rng.sample(free, min(len(free), rng.randint(0, 2)))
        to_move = pos[0] if rng.random() < 0.5 else ""
        by = {}
        for s, p in need:
            by.setdefault(s, []).append(p)
        pat = " ".join(([to_move] if to_move else []) + [s + ":" + ",".join(v) for s, v in by.items()]
                       + (["-:" + ",".join(empty)] if empty else []))
        counts = []
        for symmetric in (False, True):
            want = set()
            for r, (g, seq) in truth.items():
                if g != game:
                    continue
                ks = range(SYMS[game]) if symmetric else [0]
                if any(matches(p, [(s, sym_point(game, k, x)) for s, x in need],
                               [sym_point(game, k, x) for x in empty], to_move)
                       for p, _, _ in seq for k in ks):
                    want.add(r)
            args = ["find", "--index", db, "--pattern", pat] + (["--symmetric"] if symmetric else [])
            got = found(run(*args).stdout)
            counts.append(len(want))
            if got != want:
                fail(f"--pattern '{pat}'{' --symmetric' if symmetric else ''}: "
                     f"{len(got)} records, the scan {len(want)}")
        seen["pattern_symmetric_more"] += counts[1] > counts[0]


def check_material_events(db, truth):
    for game, m in (("pitarra", (3, 3)), ("pitarra", (4, 4)), ("asalto", (24, 2))):
        want = {r for r, (g, seq) in truth.items() if g == game and any(
            sum(1 for s, _ in p[1] if s == SIDES[game][0]) == m[0] and
            sum(1 for s, _ in p[1] if s == SIDES[game][1]) == m[1] for p, _, _ in seq)}
        got = found(run("find", "--index", db, "--game", game, "--material", f"{m[0]},{m[1]}").stdout)
        if got != want:
            fail(f"--material {m} ({game}): {len(got)} records, the scan {len(want)}")
    for ev in ("tercia", "capture"):
        want = {r for r, (g, seq) in truth.items()
                if any(ev in [e.split(" ")[0] for e in evs.split("; ") if e] for _, _, evs in seq)}
        got = found(run("find", "--index", db, "--event", ev).stdout)
        if got != want:
            fail(f"--event {ev}: {len(got)} records, the scan {len(want)}")


def check_tree(db, truth, rng):
    pool = [(g, seq[i][0]) for (g, seq) in truth.values() for i in range(len(seq) - 1)]
    for _ in range(25):
        game, pos = rng.choice(pool)
        want = {}
        for r, (g, seq) in truth.items():
            if g != game:
                continue
            toks = {seq[i + 1][1] for i in range(len(seq) - 1) if seq[i][0] == pos}
            for t in toks:
                want[t] = want.get(t, 0) + 1
        out = run("tree", "--index", db, "--position", write(pos), "--json").stdout
        got = {t["turn"]: t["games"] for t in json.loads(out)["turns"]}
        if got != want:
            fail(f"tree at {write(pos)}: {got}, the scan {want}")
    want = {}
    for r, (g, seq) in truth.items():
        if g == "pitarra" and len(seq) > 1:
            want[seq[1][1]] = want.get(seq[1][1], 0) + 1
    got = {t["turn"]: t["games"] for t in
           json.loads(run("tree", "--index", db, "--game", "pitarra", "--json").stdout)["turns"]}
    if got != want:
        fail(f"tree at the start: {got}, the scan {want}")


def check_tree_by(db, truth, files, rng):
    """tree --by TAG against the scan, at the start and at positions:
    by a tag with a column of its own (Site, Informant: none has one)
    and Event; and by others, read from each record's tags (Round, with
    quotes and a backslash; Result; one no record has)."""
    tags = {(path, line): t for path in files for line, t in tags_of(path).items()}
    pool = [(g, seq[i][0]) for (g, seq) in truth.values() for i in range(len(seq) - 1)]
    wheres = [("pitarra", None)] + [rng.choice(pool) for _ in range(6)]
    results = ["1-0", "0-1", "1/2-1/2"]
    for by in ("Site", "Event", "Round", "Result", "Informant", "Nothing"):
        for game, pos in wheres:
            want = {}
            for r, (g, seq) in truth.items():
                if g != game:
                    continue
                if pos is None:
                    toks = {seq[1][1]} if len(seq) > 1 else set()
                else:
                    toks = {seq[i + 1][1] for i in range(len(seq) - 1) if seq[i][0] == pos}
                t = tags[r]
                for tok in toks:
                    w = want.setdefault((t.get(by, ""), tok), [0, [0, 0, 0, 0], set()])
                    w[0] += 1
                    res = t.get("Result")
                    w[1][results.index(res) if res in results else 3] += 1
                    if t.get("Site", "?") != "?":
                        w[2].add(t["Site"])
            args = ["--game", game] if pos is None else ["--position", write(pos)]
            out = json.loads(run("tree", "--index", db, "--by", by, "--json", *args).stdout)
            got = {(row["group"], row["turn"]): [row["games"], [row["results"][k] for k in
                   results + ["*"]], set(row["sites"])] for row in out["turns"]}
            if got != want:
                fail(f"tree --by {by} at {'the start' if pos is None else write(pos)}: "
                     f"{sorted(got.items())[:3]}, the scan {sorted(want.items())[:3]}")
            groups = [row["group"] for row in out["turns"]]
            if groups != sorted(groups, key=lambda g: g.encode()):
                fail(f"tree --by {by}: the groups are not in order: {groups[:6]}")


DUMP = [
    "SELECT f.path, r.offset, r.number, r.line, r.game, r.status, r.plies, r.result FROM records r"
    " JOIN files f ON f.id = r.file ORDER BY 1, 2",
    "SELECT f.path, r.offset, t.name, t.value FROM tags t JOIN records r ON r.id = t.record"
    " JOIN files f ON f.id = r.file ORDER BY 1, 2, 3, 4",
    "SELECT f.path, r.offset, o.frame, o.ply, o.depth, o.turn, o.side, o.token, o.next, o.before, o.after"
    " FROM occurs o JOIN records r ON r.id = o.record JOIN files f ON f.id = r.file ORDER BY 1, 2, 3",
    "SELECT f.path, r.offset, e.frame, e.kind, e.point, e.\"to\" FROM events e"
    " JOIN records r ON r.id = e.record JOIN files f ON f.id = r.file ORDER BY 1, 2, 3, 4, 5, 6",
    "SELECT id, sym, side, m0, m1, hex(bits), text FROM positions ORDER BY id",
    "SELECT f.path, r.offset, c.text FROM comments c JOIN records r ON r.id = c.record"
    " JOIN files f ON f.id = r.file ORDER BY 1, 2, 3",
]


def dump(db):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    out = [con.execute(q).fetchall() for q in DUMP]
    con.close()
    return out


def check_incremental(files):
    inc, full = os.path.join(TMP, "inc.db"), os.path.join(TMP, "full.db")
    run("index", "-o", inc, *files, ok=(0,))
    # one file changed (a game dropped, another's turns cut), one the same
    with open(files[1]) as f:
        games = f.read().split("\n[Game ")
    with open(files[1], "w") as f:
        f.write("\n[Game ".join(games[:-3]) + "\n")
    with open(files[0]) as f:
        text = f.read()
    os.utime(files[0])  # touched, not changed: left as it is
    p = run("index", "-v", "-o", inc, *files, ok=(0,))
    said = dict(l.rsplit(": ", 1) for l in p.stderr.splitlines() if not l.startswith("tablero"))
    if said.get(files[1]) != "indexed" or said.get(files[0]) != "unchanged":
        fail(f"re-indexing: {said}")
    with open(files[0], "w") as f:  # the same file rewritten with the same bytes
        f.write(text)
    run("index", "-o", full, *files, ok=(0,))
    if dump(inc) != dump(full):
        a, b = dump(inc), dump(full)
        which = [i for i in range(len(a)) if a[i] != b[i]]
        fail(f"an index updated file by file differs from one made anew (queries {which})")


def check_sqlite3_cli(db, truth):
    """Debian's sqlite3 reads the index by its documented schema."""
    # the view events (schema 4: a turn's events are JSON on its occurs row)
    q = ("SELECT DISTINCT f.path || ':' || r.line FROM events e JOIN records r ON r.id = e.record"
         " JOIN files f ON f.id = r.file WHERE r.game = 'pitarra' AND e.kind = 'tercia'"
         " ORDER BY 1;")
    p = subprocess.run(["sqlite3", "-readonly", db, q], capture_output=True, text=True)
    got = set(p.stdout.split())
    want = {f"{r[0]}:{r[1]}" for r, (g, seq) in truth.items() if g == "pitarra" and any(
        "tercia" in evs for _, _, evs in seq)}
    if p.returncode or got != want:
        fail(f"sqlite3 by the documented schema: {len(got)} records, the scan {len(want)} "
             f"{p.stderr.strip()}")
    # records.first: the first turn of each main line, for the tree at the start
    q = "SELECT f.path, r.line, r.first FROM records r JOIN files f ON f.id = r.file;"
    p = subprocess.run(["sqlite3", "-readonly", "-separator", "\t", db, q], capture_output=True,
                       text=True)
    got = {(f, int(l)): t or None for f, l, t in (x.split("\t") for x in p.stdout.splitlines())}
    want = {r: seq[1][1] if len(seq) > 1 else None for r, (g, seq) in truth.items()}
    if p.returncode or got != want:
        bad = [r for r in want if got.get(r, "-") != want[r]][:3]
        fail(f"records.first by the documented schema: {len(bad)} records differ, such as {bad}")
    p = subprocess.run(["sqlite3", db, "PRAGMA user_version; PRAGMA application_id;"],
                       capture_output=True, text=True)
    if p.stdout.split() != ["5", str(0x54424958)]:
        fail(f"the schema's version and mark: {p.stdout.split()}")


def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def check_near(rng):
    """diff --duplicates --near K against records made by changing K
    turns of random games, and a plain distance of every pair."""
    out = subprocess.run([TABLERO, "random", "--game", "pitarra", "-n", "12", "--turns", "24",
                          "--seed", "390"], capture_output=True, text=True, check=True).stdout
    games = ["[Game " + g for g in out.split("\n[Game ") if g]
    games[0] = games[0][len("[Game "):]
    made = []
    for g in games[:8]:
        head, moves = g.split("\n\n", 1)
        toks = re.sub(r"\{[^}]*\}", "", moves).split()
        turns = [i for i, x in enumerate(toks) if not x[0].isdigit() and not x.startswith("{")
                 and x not in ("1-0", "0-1", "*", "1/2-1/2")]
        k = rng.randint(1, 3)
        for i in rng.sample(turns[:20], k):
            toks[i] = "g1" if toks[i] != "g1" else "a7"
        made.append(head + "\n\n" + " ".join(toks) + "\n")
    a, b = os.path.join(TMP, "near-a.tgn"), os.path.join(TMP, "near-b.tgn")
    with open(a, "w") as f:
        f.write("\n".join(games))
    with open(b, "w") as f:
        f.write("\n".join(made))
    seqs = {}
    for path in (a, b):
        for row in map(json.loads, run("catalog", "--turns", "--format", "jsonl", path).stdout.splitlines()):
            seqs.setdefault((path, row["index"]), []).append(row["token"])
    for K in (1, 2, 3):
        want = set()
        keys = sorted(seqs)
        for i, x in enumerate(keys):
            for y in keys[i + 1:]:
                s, t = seqs[x], seqs[y]
                n = min(len(s), len(t))
                if s[:n] == t[:n]:
                    continue
                if 1 <= levenshtein(s, t) <= K:
                    want.add((x, y))
        p = run("diff", "--duplicates", "--near", str(K), a, b)
        got, lines = set(), p.stdout.splitlines()
        for i, l in enumerate(lines):
            if l.startswith("near, "):
                def game(s):
                    f, rest = s.strip().split(":", 1)
                    return (f, int(rest.split("game ")[1].split(",")[0]))
                got.add((game(lines[i + 1]), game(lines[i + 2])))
        if got != want:
            fail(f"diff --duplicates --near {K}: {sorted(got)}, a plain distance: {sorted(want)}")
        seen["near_pairs"] = seen.get("near_pairs", 0) + len(want)
    if seen.get("near_pairs", 0) < 8:
        fail("the records made by changing turns were not found near their games")


def main():
    rng = random.Random(39)
    files = make_collection(39)
    db = os.path.join(TMP, "c.db")
    run("index", "-o", db, *files, ok=(0,))
    truth = build_truth(files)
    nrec = len(truth)
    check_positions(db, truth, rng)
    check_patterns(db, truth, rng)
    check_material_events(db, truth)
    check_tree(db, truth, rng)
    check_tree_by(db, truth, files, rng)
    check_sqlite3_cli(db, truth)
    # the same searches over the files themselves, without an index
    q = write(truth[next(iter(truth))][1][3][0])
    a = run("find", "--index", db, "--position", q).stdout
    b = run("find", "--position", q, *files).stdout
    if a != b:
        fail("find over the files differs from find over their index")
    check_incremental(files)
    check_near(rng)
    if not seen["symmetric_more"] or not seen["pattern_symmetric_more"] or seen["hits"] < 80:
        fail(f"the random collection did not exercise the searches: {seen}")
    print(f"index: {nrec} records, {seen}, brute force: "
          f"{'ok' if not failures else str(failures) + ' failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
