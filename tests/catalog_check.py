#!/usr/bin/env python3
"""tests/catalog_check.py -- tablero catalog (spec/catalog.md) on every
sample, read back with Python's csv and json modules and checked against
facts this script finds in the TGN itself, by a reading of its own:

  - the number of records of each file, and each row's file and index;
  - the tags each Dublin Core column is mapped from, the date as W3CDTF;
  - the turns written, unknown (`?`, `?` points), gaps and readings of
    each main line, counted by a simple tokenizer of the movetext;
  - the CSV: CRLF line ends, a header, the same rows as the JSON Lines;
  - the turns' table: one row per node of the main line, the plies
    counted on, the written tokens in order, `time` and `region` the node's
    own evidence links,
    and La Pitarra's removals (`x` in a token) among its events.

usage: catalog_check.py TABLERO SAMPLE.tgn...   (prints PASS/FAIL lines,
then "RESULT passed failed"; exit 0 when nothing failed)
"""
import csv
import io
import json
import re
import subprocess
import sys

TABLERO = sys.argv[1]
FILES = sys.argv[2:]
passed = failed = 0

# the tag of each side's player, first side first (spec/catalog.md §2)
SIDES = {"pitarra": ("Red", "Yellow"), "asalto": ("Attackers", "Defenders"),
         "ocencahuac": ("Sanganguey", "Ceboruco")}
# the columns mapped from one tag each
TAG_COLS = {"title": "Event", "alternative": "LocalName", "creator": "Transcriber",
            "contributor_informant": "Informant", "contributor_recorder": "Recorder",
            "contributor_annotator": "Annotator", "coverage": "Site",
            "coverage_community": "Community", "source": "Source", "language": "Language",
            "rights": "Access", "description": "Notes", "game": "Game", "rules": "Rules"}


def check(what, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s %s" % (what, detail))


def run(*args):
    p = subprocess.run([TABLERO, "catalog"] + list(args), capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


# ---- an independent reading of TGN ----------------------------------------

TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def records(path):
    """Each record of the file: its tags and its movetext."""
    out, tags, moves = [], None, []
    for line in open(path, encoding="utf-8"):
        m = TAG.match(line)
        if m and (tags is None or moves):
            if tags is not None:
                out.append((tags, "".join(moves)))
            tags, moves = {}, []
        if m and not moves:
            tags[m.group(1)] = re.sub(r'\\(.)', r'\1', m.group(2))
        elif tags is not None:
            moves.append(line)
    if tags is not None:
        out.append((tags, "".join(moves)))
    return out


def strip_nested(text, open_, close):
    out, depth = [], 0
    for c in text:
        if c == open_:
            depth += 1
        elif c == close and depth:
            depth -= 1
        elif not depth:
            out.append(c)
    return "".join(out)


def nodes(moves):
    """The main line's nodes: (kind, written, unknown, links) each, links
    the node's own evidence links ('@...' right after it, not after a
    comment of it): {"time": ..., "region": ...}."""
    text = re.sub(r"\{[^}]*\}", " \x01 ", moves)  # comments (kept as marks)
    text = re.sub(r";[^\n]*", " \x01 ", text)     # line comments
    text = strip_nested(text, "(", ")")           # variations
    out, own = [], False  # own: a link now is the last node's
    for tok in re.findall(r"<.*?>(?=\s|$)|[^\s<]+", text, re.S):
        if tok == "\x01":
            own = False
            continue
        if tok.startswith("@"):
            if own and out:
                out[-1][3]["time" if tok[1:2].isdigit() else "region"] = tok[1:]
            continue
        n = len(out)
        node(tok, out)
        if len(out) > n:  # a NAG or a number keeps the node's links its own
            own = True
            out[-1] = out[-1] + ({},)
    return out


def node(tok, out):
    """Appends to out what token tok writes, if it is a node: (kind,
    written, unknown). A group <...> ends at a '>' before a space or the
    end: one inside it (or in a plain token) is a pushback's ('d4^d7>d8')."""
    if tok.startswith("<"):
        body = tok[1:-1].strip()
        alts = [a.strip() for a in body.split("|")]
        first = alts[0]
        if first.startswith("gap"):
            out.append(("gap" if len(alts) == 1 else "reading", tok, False))
        elif first.startswith("position"):
            out.append(("position" if len(alts) == 1 else "reading", tok, False))
        elif len(alts) == 1 and first.startswith("reconstructed"):
            out.append(("move", tok, False))
        else:
            turn = first != "omitted"
            out.append(("reading" if turn else "reading-none", tok,
                        turn and "?" in re.sub(r"^reconstructed\s+", "", first)))
        return
    tok = re.sub(r"^\d+\.+", "", tok)          # a move number
    if not tok or re.fullmatch(r"\$\d+|1-0|0-1|1/2-1/2|\*", tok):
        return
    if tok == "?":
        out.append(("unknown", tok, True))
        return
    tok = re.sub(r"(?<=[0-9=+])[!?]+$", "", tok)  # !, ?, !?... after a point
    out.append(("pass" if tok in ("pass", "--") else "move", tok, "?" in tok))


def w3cdtf(date):
    parts = re.split(r"[.-]", date)
    out = []
    for p, n in zip(parts, (4, 2, 2)):
        if not re.fullmatch(r"[0-9]{%d}" % n, p):
            break
        out.append(p)
    return "-".join(out) or None


def known(v):
    return None if v in (None, "?") else v


# ---- the records' table ------------------------------------------------------

rc, out_csv, err = run(*FILES)
check("catalog csv exits 0", rc == 0, "exit %d: %s" % (rc, err))
rc, out_json, err = run("--format", "jsonl", *FILES)
check("catalog jsonl exits 0", rc == 0, "exit %d: %s" % (rc, err))
check("csv: every line ends in CRLF", out_csv.count(b"\n") == out_csv.count(b"\r\n")
      and out_csv.endswith(b"\r\n"))
rows = list(csv.DictReader(io.StringIO(out_csv.decode("utf-8"), newline="")))
objs = [json.loads(line) for line in out_json.decode("utf-8").splitlines()]
check("jsonl: one line per object, as many as the csv's rows", len(objs) == len(rows),
      "%d and %d" % (len(objs), len(rows)))
header = out_csv.decode("utf-8").split("\r\n", 1)[0].split(",")
for r, o in zip(rows, objs):
    check("jsonl keys are the csv header, in order", list(o) == header)
    same = all(("" if v is None else str(v)) == r[k] for k, v in o.items())
    check("csv and jsonl rows agree (%s #%s)" % (o["file"], o["index"]), same)
    for k in ("index", "turns", "unknown", "gaps", "readings", "errors", "warnings"):
        check("jsonl: %s is a number" % k, isinstance(o[k], int), repr(o[k]))

expected = [(f, i + 1, rec) for f in FILES for i, rec in enumerate(records(f))]
check("one row per record (%d)" % len(expected), len(objs) == len(expected),
      "got %d" % len(objs))
site_unknown = {}
for (f, index, (tags, moves)), o in zip(expected, objs):
    where = "%s #%d" % (f, index)
    check(where + ": file and index", (o["file"], o["index"]) == (f, index),
          repr((o["file"], o["index"])))
    for col, tag in TAG_COLS.items():
        check(where + ": " + col, o[col] == known(tags.get(tag)),
              "%r, not %r" % (o[col], tags.get(tag)))
    first, second = SIDES[tags["Game"]]
    check(where + ": contributor_first", o["contributor_first"] == known(tags.get(first)))
    check(where + ": contributor_second", o["contributor_second"] == known(tags.get(second)))
    check(where + ": date", o["date"] == w3cdtf(tags.get("Date", "?")),
          "%r from %r" % (o["date"], tags.get("Date")))
    ns = nodes(moves)
    turns = sum(k in ("move", "pass", "unknown", "reading") for k, _, _, _ in ns)
    unknown = sum(u for _, _, u, _ in ns)
    counts = {"turns": turns, "unknown": unknown,
              "gaps": sum(k == "gap" for k, _, _, _ in ns),
              "readings": sum(k.startswith("reading") for k, _, _, _ in ns)}
    for k, v in counts.items():
        check(where + ": " + k, o[k] == v, "%r, counted %r" % (o[k], v))
    check(where + ": no error", o["errors"] == 0 and o["error_code"] is None)
    if unknown:
        site = known(tags.get("Site"))
        site_unknown[site] = site_unknown.get(site, 0) + 1

# what the SQLite query must answer (tests/catalog.sh): records with
# unknown turns, by site, sites in order
print("BYSITE " + json.dumps(sorted(site_unknown.items()), ensure_ascii=False))
check("some sample has unknown turns", bool(site_unknown))

# ---- the turns' table --------------------------------------------------------

rc, turns_csv, err = run("--turns", *FILES)
check("catalog --turns exits 0", rc == 0, err)
rc, turns_json, err = run("--turns", "--format", "jsonl", *FILES)
check("catalog --turns jsonl exits 0", rc == 0, err)
trows = list(csv.DictReader(io.StringIO(turns_csv.decode("utf-8"), newline="")))
tobjs = [json.loads(line) for line in turns_json.decode("utf-8").splitlines()]
check("turns: csv and jsonl have as many rows", len(trows) == len(tobjs))
check("turns: time and region columns, null in JSON and empty in CSV alike",
      "time" in trows[0] and "region" in trows[0] and
      all((t["time"] or "") == r["time"] and (t["region"] or "") == r["region"]
          for t, r in zip(tobjs, trows)))
check("turns: some samples' turns have times and regions",
      any(t["time"] for t in tobjs) and any(t["region"] for t in tobjs))
for f, index, (tags, moves) in expected:
    where = "%s #%d" % (f, index)
    mine = [t for t in tobjs if t["file"] == f and t["index"] == index]
    ns = [n for n in nodes(moves)]
    check(where + ": a turn row per node of the main line", len(mine) == len(ns),
          "%d rows, %d nodes" % (len(mine), len(ns)))
    ply = 0
    for t, (kind, written, _, links) in zip(mine, ns):
        ply += kind in ("move", "pass", "unknown", "reading")
        if t["ply"] != ply:
            check(where + ": ply %d" % ply, False, "got %r" % t["ply"])
            break
        plain = kind in ("move", "pass", "unknown")
        if plain and t["written"] != written:
            check(where + ": written token", False, "%r, not %r" % (t["written"], written))
            break
        if t["status"] == "written" and t["kind"] == "move" and t["token"] != t["written"]:
            check(where + ": a turn as written is played as written", False, repr(t))
            break
        if (tags["Game"] == "pitarra" and t["kind"] == "move" and t["status"] == "written"
                and "x" in t["token"]):
            gone = t["token"].split("x")[-1]
            if "removal " + gone not in t["events"]:
                check(where + ": removal in the events", False, repr(t))
                break
        if (t["time"], t["region"]) != (links.get("time"), links.get("region")):
            check(where + ": the node's links", False, "%r, not %r" % (t, links))
            break
        if t["status"] in ("written", "reconstructed") and not t["position"]:
            check(where + ": a position where the rules know it", False, repr(t))
            break
    else:
        check(where + ": turn rows", True)

print("RESULT %d %d" % (passed, failed))
sys.exit(1 if failed else 0)
