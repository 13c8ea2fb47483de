#!/usr/bin/env bash
# tests/index.sh -- tablero index, find and tree (spec/collection.md):
#   - find and tree against a brute-force scan over random collections,
#     symmetries included; an index updated file by file against one made
#     anew; the index read with Debian's sqlite3 by its documented schema
#     (tests/index_check.py);
#   - what users type reaches SQLite as a value: a search for
#     `x'); DROP TABLE records; --` in every field leaves the index
#     byte for byte as it was (find opens it read-only: a file no one may
#     write is searched all the same);
#   - a corrupt, truncated or foreign file given as an index, and one of
#     an older schema: one line, exit 2, and the command that rebuilds it;
#   - a second writer waits, then says the index is locked;
#   - near duplicates: diff --duplicates --near K against records made by
#     changing K turns of random games (tests/index_check.py near).
set -euo pipefail
: "${TABLERO:?set TABLERO}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL: $1"
	[ -n "${2:-}" ] && [ -f "$2" ] && head -20 "$2"
	return 0
}
command -v sqlite3 >/dev/null || { echo "FAIL: sqlite3 is missing (tools/deps.sh installs it)"; exit 1; }

# ---- brute force ----------------------------------------------------------
mkdir "$tmp/bf"
if python3 tests/index_check.py "$TABLERO" "$tmp/bf" >"$tmp/bf.out" 2>&1; then
	ok
	tail -1 "$tmp/bf.out"
else
	bad "find and tree against the brute-force scan" "$tmp/bf.out"
fi

# ---- values, never SQL ------------------------------------------------------
db=$tmp/s.db
"$TABLERO" index -o "$db" samples/*.tgn
cp "$db" "$tmp/before.db"
chmod a-w "$db"
evil="x'); DROP TABLE records; --"
for args in "--tag Site=$evil" "--tag $evil" "--text $evil" "--event $evil" \
	"--position $evil" "--pattern $evil" "--game pitarra --tag Informant=$evil"; do
	opt=${args%% *} rest=${args#* }
	if [ "$opt" = --game ]; then
		"$TABLERO" find --index "$db" --game pitarra --tag "Informant=$evil" >"$tmp/out" 2>&1 && rc=0 || rc=$?
	else
		"$TABLERO" find --index "$db" "$opt" "$rest" >"$tmp/out" 2>&1 && rc=0 || rc=$?
	fi
	if [ "$rc" -eq 0 ] || [ "$rc" -gt 2 ]; then
		bad "find $opt '$rest' found something or crashed (exit $rc)" "$tmp/out"
	else
		ok
	fi
done
"$TABLERO" tree --index "$db" --by "$evil" --game pitarra >"$tmp/out" 2>&1 || bad "tree --by '$evil'" "$tmp/out"
if cmp -s "$db" "$tmp/before.db" &&
	[ "$(sqlite3 -readonly "$db" 'SELECT count(*) FROM records; PRAGMA integrity_check;' | tr '\n' ' ')" = "13 ok " ]; then
	ok
else
	bad "the index changed under searches for $evil"
fi
n=$("$TABLERO" find --index "$db" --event tercia -c) || true
[ "$n" -ge 1 ] && ok || bad "find on a read-only index: $n"
chmod u+w "$db"
# a fortress event's count is in 'count' (1 to 9 attackers in it), and it
# names no point (the count is no point)
q="SELECT count(*) FROM events WHERE kind = 'fortress'"
nf=$(sqlite3 -readonly "$db" "$q") && nbad=$(sqlite3 -readonly "$db" "$q AND (count IS NULL OR count < 1 OR count > 9 OR point IS NOT NULL)") || true
[ "${nf:-0}" -ge 1 ] && [ "$nbad" = 0 ] && ok || bad "fortress events: $nf, of which $nbad without their count or with a point"

# ---- a refused turn cuts its line ------------------------------------------
# 3. f4xb6 is refused; validate goes on as if 1. f6 were 1. g4 (a slip),
# and plays the variation 3. d2 g7 from there: the index holds what the
# record reaches as written, up to the refused turn, and nothing the
# repair assumes; a restated position the rules know mends the line
cat >"$tmp/cut.tgn" <<'EOF2'
[Game "pitarra"]
[Result "*"]

1. f6 b6 2. e4 d6 3. f4xb6 (3. d2 g7) 3... f2 4. a1 *

[Game "pitarra"]
[Result "*"]

1. f6 b6 2. e4 d6 3. f4xb6 f2 <position "R 4 R:a1,e4 Y:b6,d6 hand=9,9"> 4. a7 *
EOF2
"$TABLERO" index -o "$tmp/cut.db" "$tmp/cut.tgn"
found() { "$TABLERO" find --index "$tmp/cut.db" --position "$1" -c 2>&1 || true; }
[ "$(found "R 3 R:e4,f6 Y:b6,d6 hand=10,10")" = 2 ] && ok || bad "the positions before a refused turn"
[ "$(found "R 4 R:d2,e4,g4 Y:b6,d6,g7 hand=9,9")" = 0 ] && ok || bad "a position under a slip's repair indexed"
[ "$(found "Y 4 R:a1,e4,a7 Y:b6,d6 hand=8,9")" = 1 ] && ok || bad "the line after a restated position"
[ "$(sqlite3 -readonly "$tmp/cut.db" "SELECT group_concat(status) || ' ' || count(*) FROM records;
  SELECT count(*) FROM occurs o JOIN records r ON r.id = o.record WHERE r.number = 1")" = "errors,errors 2
5" ] && ok || bad "a record cut at a refused turn: its status and positions"

# ---- files that are no index -------------------------------------------------
head -c 65536 /dev/urandom >"$tmp/junk.db"
head -c 40000 "$db" >"$tmp/trunc.db"
sqlite3 "$tmp/foreign.db" 'CREATE TABLE records(x); INSERT INTO records VALUES(1);'
cp "$db" "$tmp/old.db"
sqlite3 "$tmp/old.db" 'PRAGMA user_version = 2' # the schema before positions kept by material
for f in junk trunc foreign old; do
	for cmd in "find --event tercia" "tree --game pitarra"; do
		"$TABLERO" $cmd --index "$tmp/$f.db" >"$tmp/out" 2>"$tmp/err" && rc=0 || rc=$?
		if [ "$rc" -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || [ -s "$tmp/out" ] ||
			! grep -q "^tablero ${cmd%% *}: .*$f.db" "$tmp/err"; then
			bad "$cmd on a $f index: exit $rc, not one line" "$tmp/err"
		else
			ok
		fi
	done
done
"$TABLERO" find --index "$tmp/old.db" -c 2>"$tmp/err" || true
grep -q 'older tablero (schema 2).*tablero index --rebuild' "$tmp/err" && ok || bad "an older index: the command that rebuilds it" "$tmp/err"
"$TABLERO" index -o "$tmp/old.db" samples/pitarra-navajos-1998.tgn 2>"$tmp/err" && bad "an older index written without --rebuild" || ok
"$TABLERO" index --rebuild -o "$tmp/old.db" samples/*.tgn 2>"$tmp/err" || bad "index --rebuild" "$tmp/err"
[ "$("$TABLERO" find --index "$tmp/old.db" -c)" = 13 ] && ok || bad "the rebuilt index"
"$TABLERO" index -o "$tmp/foreign.db" samples/pitarra-navajos-1998.tgn 2>"$tmp/err" && bad "another program's database written" || ok
[ "$(sqlite3 "$tmp/foreign.db" 'SELECT count(*) FROM records')" = 1 ] && ok || bad "another program's database changed"

# ---- a second writer ---------------------------------------------------------
python3 - "$db" "$tmp/held" <<'EOF' &
import sqlite3, sys, time, os
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN EXCLUSIVE")
open(sys.argv[2], "w").close()
time.sleep(3)
con.execute("ROLLBACK")
EOF
holder=$!
while [ ! -e "$tmp/held" ]; do sleep 0.05; done
cp samples/pitarra-navajos-1998.tgn "$tmp/new.tgn"
"$TABLERO" index --busy-timeout 200 -o "$db" "$tmp/new.tgn" 2>"$tmp/err" && rc=0 || rc=$?
[ "$rc" -eq 2 ] && grep -q 'locked' "$tmp/err" && ok || bad "a second writer: exit $rc" "$tmp/err"
# with time enough, it waits and goes on
"$TABLERO" index --busy-timeout 10000 -o "$db" "$tmp/new.tgn" 2>"$tmp/err" && ok || bad "a writer that waits" "$tmp/err"
wait "$holder"

# ---- a build killed half way -------------------------------------------------
# SQLite's rollback journal stays on (spec/collection.md §8): a writer killed
# in the middle of a file leaves the index as it was before that file, for
# the readers and for the next writer
cp "$tmp/before.db" "$tmp/kill.db"
"$TABLERO" random --game pitarra -n 3000 --turns 40 --seed 8 >"$tmp/big.tgn"
"$TABLERO" index -o "$tmp/kill.db" "$tmp/big.tgn" 2>/dev/null &
writer=$!
while [ ! -e "$tmp/kill.db-journal" ] && kill -0 "$writer" 2>/dev/null; do sleep 0.02; done
sleep 0.3
if kill -9 "$writer" 2>/dev/null; then want=13; else want=3013; fi
wait "$writer" 2>/dev/null || true
n=$("$TABLERO" find --index "$tmp/kill.db" -c 2>&1) || true
[ "$n" = "$want" ] && ok || bad "a build killed half way: a reader found $n records, not $want"
"$TABLERO" index -o "$tmp/kill.db" samples/pitarra-navajos-1998.tgn "$tmp/new.tgn" 2>"$tmp/err" || bad "a writer after a build killed half way" "$tmp/err"
[ "$(sqlite3 "$tmp/kill.db" 'PRAGMA integrity_check')" = ok ] && [ ! -e "$tmp/kill.db-journal" ] &&
	[ "$("$TABLERO" find --index "$tmp/kill.db" -c)" = $((want + 1)) ] && ok ||
	bad "the index after a build killed half way and a writer after it"

# ---- the web page of a collection: its tree of turns played ------------------
"$TABLERO" random --game pitarra -n 30 --turns 8 --seed 3 >"$tmp/tree.tgn"
"$TABLERO" html --lang en -o "$tmp/tree.html" "$tmp/tree.tgn"
"$TABLERO" tree --json "$tmp/tree.tgn" >"$tmp/tree.json"
if python3 - "$tmp/tree.html" "$tmp/tree.json" <<'EOF2'
import html.parser, json, re, sys
class P(html.parser.HTMLParser):
    """The first turns of the tree: the items of the first list under its h3."""
    def __init__(self):
        super().__init__()
        self.in_tree = self.depth = 0
        self.items, self.text = [], None
    def handle_starttag(self, tag, attrs):
        if tag == "nav" and ("class", "tb-tree") in attrs:
            self.in_tree = 1
        elif self.in_tree and tag == "ul":
            self.depth += 1
        elif self.in_tree and tag == "li" and self.depth == 1:
            self.text = ""
    def handle_endtag(self, tag):
        if tag == "ul" and self.in_tree:
            self.depth -= 1
        elif tag == "nav":
            self.in_tree = 0
        elif tag in ("summary", "li") and self.text is not None:
            self.items.append(self.text)
            self.text = None
    def handle_data(self, data):
        if self.text is not None:
            self.text += data
p = P()
p.feed(open(sys.argv[1]).read())
got = {}
for t in p.items:
    m = re.match(r"1\. (\S+).*? (one|\d+) records?", t)
    got[m.group(1)] = 1 if m.group(2) == "one" else int(m.group(2))
want = {r["turn"]: r["games"] for r in json.load(open(sys.argv[2]))["turns"]}
sys.exit(0 if got == want and len(want) > 1 else f"html tree {got}, tablero tree {want}")
EOF2
then ok; else bad "the collection page's tree against tablero tree"; fi

# ---- collate: witnesses that may not be one match (TB608) ------------------
"$TABLERO" random --game pitarra -n 2 --turns 20 --seed 5 >"$tmp/two.tgn"
awk '/^\[Game /{n++} {print > ("'"$tmp"'/w" n ".tgn")}' "$tmp/two.tgn"
"$TABLERO" collate "$tmp/w1.tgn" "$tmp/w2.tgn" >/dev/null 2>"$tmp/err" || true
grep -q 'only [0-9]* of the 20 turns .*one match? \[TB608\]' "$tmp/err" && ok || bad "collate of two different games: no TB608" "$tmp/err"
sed 's/^\[Game "pitarra"\]/&\n[Language "es"]/' "$tmp/w2.tgn" >"$tmp/w2es.tgn"
"$TABLERO" collate "$tmp/w1.tgn" "$tmp/w2es.tgn" >/dev/null 2>"$tmp/err" || true
grep -q '¿son una misma partida? \[TB608\]' "$tmp/err" && ok || bad "TB608 in the record's language (es)" "$tmp/err"
"$TABLERO" collate samples/pitarra-rodeo-2004-cinta.tgn samples/pitarra-rodeo-2004-cuaderno.tgn >/dev/null 2>"$tmp/err" || true
grep -q TB608 "$tmp/err" && bad "TB608 for a tape and a notebook of one match" "$tmp/err" || ok

echo "index: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
