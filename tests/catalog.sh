#!/usr/bin/env bash
# tablero catalog (spec/catalog.md) from the command line:
#   - tests/catalog_check.py: the catalogue of every sample, read back with
#     Python's csv and json modules, against what the script reads in the
#     TGN itself (records, tags, dates, turns, unknown turns, gaps,
#     readings; the turns' table node by node);
#   - the spec's examples (tests/spec_cli.py spec/catalog.md);
#   - the CSV loaded into SQLite (sqlite3 .import, Debian's sqlite3) and
#     asked "records with unknown turns, by site" with GROUP BY: the answer
#     is the one catalog_check.py counted from the TGN;
#   - bad input: a record with an illegal turn and one with a syntax error
#     between good ones (each has its row, naming its first error; exit 1);
#     a missing file and a file that is no text (exit 2; -o's file left as
#     it was, nothing beside it); a bad --format;
#   - streaming: a collection ten times as long (tablero random) in about
#     the same peak memory, with both tables;
#   - CSV quoting and JSON escaping of a comma, quotes, a backslash and a
#     tab, read back exactly; -o writes what standard output would;
#     standard input; a collation's witnesses.
# Usage: TABLERO=build/tablero bash tests/catalog.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
TB_TIMEOUT=60
. "$here/lib.sh"

samples=("$top"/samples/*.tgn)

# ---- the samples, read back ------------------------------------------------
set +e
python3 "$here/catalog_check.py" "$T" "${samples[@]}" >"$tmp/py.log" 2>&1
r=$?
set -e
grep -v '^RESULT \|^BYSITE ' "$tmp/py.log" || true
res=$(grep '^RESULT ' "$tmp/py.log" | tail -1 || true)
if [ $r != 0 ] || [ -z "$res" ]; then
	bad "catalog_check.py failed (exit $r)" "$tmp/py.log"
else
	read -r _ p f <<<"$res"
	pass=$((pass + p))
	fail=$((fail + f))
fi

# ---- the spec's examples -----------------------------------------------------
if python3 "$here/spec_cli.py" "$T" "$top/spec/catalog.md" >"$tmp/spec.log" 2>&1; then
	ok
else
	bad "spec/catalog.md's examples" "$tmp/spec.log"
fi

# ---- SQLite: records with unknown turns, by site ----------------------------
if ! command -v sqlite3 >/dev/null; then
	bad "sqlite3 is missing (tools/deps.sh installs Debian's sqlite3)"
else
	t catalog -o "$tmp/cat.csv" "${samples[@]}"
	expect "catalog -o" 0 ""
	sqlite3 -batch "$tmp/cat.db" >"$tmp/sql.out" 2>"$tmp/sql.err" <<EOF
.mode csv
.import $tmp/cat.csv records
.mode list
.separator |
SELECT COUNT(*) FROM records;
SELECT coverage, COUNT(*) FROM records WHERE CAST(unknown AS INTEGER) > 0
 GROUP BY coverage ORDER BY coverage;
EOF
	# want: the records (a [Game] tag each), then catalog_check.py's count
	# of the records with unknown turns, by site
	python3 - "$tmp/py.log" "${samples[@]}" >"$tmp/sql.want" <<'EOF'
import json, sys
log = open(sys.argv[1], encoding="utf-8").read().splitlines()
by_site = json.loads([l for l in log if l.startswith("BYSITE ")][-1][7:])
print(sum(l.startswith("[Game ") for f in sys.argv[2:] for l in open(f, encoding="utf-8")))
for site, n in by_site:
    print("%s|%d" % (site or "", n))
EOF
	if [ -s "$tmp/sql.err" ]; then
		bad "sqlite3 said something" "$tmp/sql.err"
	elif ! cmp -s "$tmp/sql.out" "$tmp/sql.want"; then
		diff "$tmp/sql.want" "$tmp/sql.out" >"$tmp/sql.diff" || true
		bad "sqlite3: records with unknown turns by site (want, got)" "$tmp/sql.diff"
	elif [ "$(wc -l <"$tmp/sql.out")" -lt 3 ]; then
		bad "sqlite3: fewer than two sites with unknown turns" "$tmp/sql.out"
	else
		ok
	fi
fi

# ---- streaming: a collection ten times as long, the same memory -------------
# (not under the sanitizers, SAN set: ASan keeps what is freed in quarantine,
# so its peak memory grows with what a run allocates, however it streams)
if [ -n "${SAN:-}" ]; then
	echo "catalog: memory not measured under the sanitizers (SAN=$SAN)"
else
	"$T" random -n 300 --seed 7 --turns 60 >"$tmp/small.tgn"
	"$T" random -n 3000 --seed 7 --turns 60 >"$tmp/big.tgn"
	python3 - "$T" "$tmp/small.tgn" "$tmp/big.tgn" >"$tmp/rss.log" 2>&1 <<'EOF' && ok || bad "memory stays flat" "$tmp/rss.log"
import resource, subprocess, sys
def peak(*args):
    """The peak resident set of one run, in KiB (a child of a child of its own)."""
    code = ("import resource, subprocess, sys\n"
            "p = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, check=True)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,"
            " p.stdout.count(b'\\n'))")
    out = subprocess.run([sys.executable, "-c", code, sys.argv[1], "catalog"] + list(args),
                         check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), int(out[1])
for turns in ([], ["--turns"]):
    small, nsmall = peak(*turns, sys.argv[2])
    big, nbig = peak(*turns, sys.argv[3])
    print(turns, "300 records: %d KiB, %d lines; 3000: %d KiB, %d lines" % (small, nsmall, big, nbig))
    assert nbig > 9 * nsmall and (turns or nbig == 3001), "rows"
    assert big < small + 4096, "memory grows with the collection"
EOF
fi
# ---- bad input ---------------------------------------------------------------
cat >"$tmp/mixed.tgn" <<'EOF'
[Game "pitarra"]
[Site "Uno"]

1. d1 d7 *

[Game "pitarra"]
[Site "Dos"]

1. d1 d7 2. d1 *

[Game "pitarra"]
[Site "Tres"]

1. d1 d7 2. zz *

[Game "asalto"]
[Site "Cuatro"]

1. c3-c4 *
EOF
t catalog --format jsonl mixed.tgn
expect "a record with errors does not stop the catalogue" 1
python3 - "$tmp/out" >"$tmp/check.log" 2>&1 <<'EOF' && ok || bad "rows of mixed.tgn" "$tmp/check.log"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
assert [r["coverage"] for r in rows] == ["Uno", "Dos", "Tres", "Cuatro"], rows
assert [r["index"] for r in rows] == [1, 2, 3, 4]
assert [r["errors"] for r in rows] == [0, 1, 1, 0], [r["errors"] for r in rows]
assert rows[1]["error_code"] == "TB401" and rows[1]["error_at"] == "9:13", rows[1]
assert rows[1]["decided"] == 0 and rows[1]["turns"] == 3
assert rows[2]["error_code"] == "TB301" and rows[2]["error_at"] == "14:13", rows[2]
assert rows[2]["decided"] is None, rows[2]        # not replayed
assert rows[0]["error"] is None and rows[3]["error_at"] is None
EOF
hasnt "no diagnostics printed" "$tmp/err" '.'

echo "old" >"$tmp/keep.csv"
t catalog -o keep.csv mixed.tgn missing.tgn
expect "a missing file" 2
has "the missing file is named" "$tmp/err" "missing\.tgn"
if [ "$(cat "$tmp/keep.csv")" = old ]; then ok; else bad "-o's file replaced by an incomplete catalogue"; fi
if ls -a "$tmp" | grep -q '^keep\.csv\.tb'; then bad "a temporary file left beside -o's"; else ok; fi

printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR' >"$tmp/image.tgn"
t catalog image.tgn
expect "a file that is no text" 2
has "TB112 said" "$tmp/err" "TB112"

t catalog --format xml mixed.tgn
expect "a bad --format" 2
has "--format's values named" "$tmp/err" "csv or jsonl"

# ---- quoting, -o, standard input ---------------------------------------------
# (a tab in a tag's value: TGN takes it as it is)
printf '%s\n' '[Game "pitarra"]' '[Site "Tetuán, Marruecos"]' '[Event "Dijo \"ya\", y se fue"]' \
	"[Notes \"una$(printf '\t')barra \\\\ y comillas \\\"dobles\\\"\"]" '[Red "تطوان"]' '' '1. d1 *' \
	>"$tmp/quote.tgn"
t catalog quote.tgn
expect "quote.tgn" 0
cp "$tmp/out" "$tmp/quote.csv"
has "a quote doubled, the field quoted" "$tmp/quote.csv" '"Dijo ""ya"", y se fue"'
t catalog --format jsonl quote.tgn
cp "$tmp/out" "$tmp/quote.jsonl"
has "JSON escapes: tab, backslash, quote" "$tmp/quote.jsonl" '"una\\tbarra \\\\ y comillas \\"dobles\\""'
python3 - "$tmp/quote.csv" "$tmp/quote.jsonl" >"$tmp/check.log" 2>&1 <<'EOF' && ok || bad "quote.tgn read back" "$tmp/check.log"
import csv, json, sys
row = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))[0]
obj = json.loads(open(sys.argv[2], encoding="utf-8").read())
for r in (row, obj):
    assert r["title"] == 'Dijo "ya", y se fue', r["title"]
    assert r["description"] == 'una\tbarra \\ y comillas "dobles"', r["description"]
    assert r["coverage"] == "Tetuán, Marruecos" and r["contributor_first"] == "تطوان"
EOF

: >"$tmp/empty.tgn"
t catalog empty.tgn
expect "a file with no record" 0
head -1 "$tmp/quote.csv" >"$tmp/header.csv"
same "a file with no record: the header alone" "$tmp/header.csv" "$tmp/out"
t catalog --format jsonl empty.tgn
expect "a file with no record, as JSON Lines: nothing" 0 ""

t catalog --turns --format jsonl "${samples[@]}"
cp "$tmp/out" "$tmp/turns.stdout"
t catalog --turns --format jsonl -o turns.jsonl "${samples[@]}"
expect "--turns -o" 0 ""
same "-o writes what standard output would" "$tmp/turns.stdout" "$tmp/turns.jsonl"

set +e
(cd "$tmp" && "$T" catalog --format jsonl <quote.tgn) >"$tmp/stdin.out" 2>&1
rc=$?
set -e
expect "standard input" 0
has "standard input named <stdin>" "$tmp/stdin.out" '^\{"file":"<stdin>","index":1,'

# ---- a collation's witnesses ---------------------------------------------------
t collate --sigla cinta,cuaderno "$top/samples/pitarra-rodeo-2004-cinta.tgn" \
	"$top/samples/pitarra-rodeo-2004-cuaderno.tgn"
cp "$tmp/out" "$tmp/collation.tgn"
t catalog --format jsonl collation.tgn
sigla=$(sed -n 's/^\[Collation "\(.*\)"\]$/\1/p' "$tmp/collation.tgn")
case "$sigla" in
"cinta, cuaderno" | "cuaderno, cinta") ok ;;
*) bad "the collation's [Collation] tag: '$sigla'" "$tmp/collation.tgn" ;;
esac
has "a collation's witnesses, as its [Collation] names them" "$tmp/out" "\"witnesses\":\"$sigla\""
t catalog --format jsonl "$top/samples/pitarra-rodeo-2004-cinta.tgn"
has "no witnesses for a record that is no collation" "$tmp/out" '"witnesses":null'

echo "catalog: $pass passed, $fail failed"
[ "$fail" = 0 ]
