#!/usr/bin/env bash
# tablero collate (spec/compare.md, section 7) from the command line:
#   - tests/collate_check.py: random games of the three games under
#     several rule options, copied two and three times with random edits;
#     each collation in canonical form, accepted by validate when a copy
#     is the game itself, each witness read back exactly, the readings
#     giving every witness's turns in order (read by an independent
#     reading of section 7.3), a fixed point with a witness, a copy with
#     itself, the XML valid and read back;
#   - nothing written on failure: a refusal, a file with two records, an
#     unreadable one leave -o's file as it was, and no file beside it;
#     -o writes what standard output would;
#   - options: --sigla that does not name the records, --base no witness,
#     --witness with two files, two standard inputs, 16 files, an option
#     without its value: exit 2 with a message;
#   - evidence links (times, regions) kept with each witness's turns: the
#     samples' tape and notebook, and three witnesses whose links and
#     comments' links differ, each read back byte for byte, through XML too;
#   - a witness with errors collated up to its first one (exit 1, written);
#     standard input as a witness; "--" before a file named like an option;
#   - a long game (thousands of turns) in three copies with edits, within
#     a few seconds (the alignment is linear in space and near linear in
#     time for copies of one game).
# Usage: TABLERO=build/tablero bash tests/collate.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
TB_TIMEOUT=60
. "$here/lib.sh"

# ---- random games, random edits ------------------------------------------
set +e
python3 "$here/collate_check.py" "$T" "$tmp/py" "$here/../schemas/tgn.rng" >"$tmp/py.log" 2>&1
r=$?
set -e
grep -v '^RESULT ' "$tmp/py.log" || true
res=$(grep '^RESULT ' "$tmp/py.log" | tail -1)
if [ $r != 0 ] || [ -z "$res" ]; then
	bad "collate_check.py did not finish (exit $r)"
else
	read -r _ p f <<<"$res"
	pass=$((pass + p))
	fail=$((fail + f))
fi

# ---- fixed cases -----------------------------------------------------------
cat >"$tmp/a.tgn" <<'EOF'
[Game "pitarra"]
[Source "Cinta 3"]
1. d1 d7 2. a1 g7 3. g1xd7 a7 4. b2 b6 *
EOF
cat >"$tmp/b.tgn" <<'EOF'
[Game "pitarra"]
[Source "Cuaderno 2"]
1. d1 d7 2. a1 g7 3. g1xd7 a7 4. f2 b6 5. b2 *
EOF
cat >"$tmp/asalto.tgn" <<'EOF'
[Game "asalto"]
1. c3-c4 *
EOF
cat >"$tmp/two.tgn" <<'EOF'
[Game "pitarra"]
1. d1 *
[Game "pitarra"]
1. a1 *
EOF
cat >"$tmp/broken.tgn" <<'EOF'
[Game "pitarra"]
[Source "Cuaderno 9"]
1. d1 d7 2. a1 g7 3. g1xd7 z7 4. b2 *
EOF
printf 'antes\n' >"$tmp/keep.tgn"
cp "$tmp/keep.tgn" "$tmp/keep.orig"

t collate a.tgn b.tgn
expect "two records collated" 0
cp "$tmp/out" "$tmp/ab.tgn"
t collate -o written.tgn a.tgn b.tgn
expect "-o" 0
same "-o writes what standard output shows" "$tmp/written.tgn" "$tmp/ab.tgn"
# -o to something that is not a file is written, never renamed over
mkfifo "$tmp/fifo"
(timeout 20 cat "$tmp/fifo" >"$tmp/from-fifo") &
t collate -o fifo a.tgn b.tgn
wait
expect "-o a pipe" 0
same "-o a pipe: what came through it" "$tmp/from-fifo" "$tmp/ab.tgn"
[ -p "$tmp/fifo" ] && ok || bad "-o a pipe: the pipe is still a pipe" "$tmp/both"
if [ -c /dev/null ] && [ -w /dev/null ]; then
	t collate -o /dev/null a.tgn b.tgn
	expect "-o /dev/null" 0
	[ -c /dev/null ] && ok || bad "-o /dev/null: /dev/null is still a device" "$tmp/both"
fi
t collate - b.tgn
expect "standard input with no record" 2 # "-" reads /dev/null here
has "standard input with no record" "$tmp/err" "<stdin>: it holds no record"
set +e
(cd "$tmp" && "$T" collate - b.tgn <a.tgn >"$tmp/out" 2>"$tmp/err")
rc=$?
set -e
expect "standard input as a witness" 0
has "standard input as a witness" "$tmp/out" '^\[Collation "[AB], [AB]"\]' 
t collate -- a.tgn b.tgn
expect "-- before the files" 0

for refused in "a.tgn asalto.tgn" "a.tgn two.tgn" "a.tgn missing.tgn"; do
	# shellcheck disable=SC2086
	t collate -o keep.tgn $refused
	[ "$rc" != 0 ] && ok || bad "collate -o keep.tgn $refused: exit 0"
	same "collate -o keep.tgn $refused leaves the file" "$tmp/keep.tgn" "$tmp/keep.orig"
	if ls "$tmp" | grep -q 'keep.tgn.tb'; then bad "a temporary file is left beside keep.tgn"; else ok; fi
done
t collate a.tgn asalto.tgn
expect "different games" 1
has "different games" "$tmp/err" "TB601"
has "nothing written" "$tmp/err" "tablero collate: nothing written"
t collate a.tgn two.tgn
expect "a file with two records" 2
has "a file with two records" "$tmp/err" "two.tgn: it holds more than one record"

t collate a.tgn broken.tgn
expect "a witness with errors" 1
has "a witness with errors: its error" "$tmp/err" "TB301"
has "a witness with errors: where it stops" "$tmp/err" "TB603"
has "a witness with errors: the collation is written" "$tmp/out" '^\[Collation "A, B"\]'

t collate --sigla A a.tgn b.tgn
expect "--sigla one name short" 2
has "--sigla one name short" "$tmp/err" "--sigla names 1 witness, but 2 of the records are not collations"
t collate --sigla 'a b,c' a.tgn b.tgn
expect "--sigla with a space" 2
t collate --sigla ',x' a.tgn b.tgn
expect "--sigla with an empty name" 2
t collate --base Z a.tgn b.tgn
expect "--base no witness" 2
has "--base no witness" "$tmp/err" "--base Z: no witness is named so"
t collate --witness A a.tgn b.tgn
expect "--witness with two files" 2
t collate --witness A ab.tgn
expect "--witness" 0
t collate --witness Z ab.tgn
expect "--witness no such witness" 1
has "--witness no such witness" "$tmp/err" "TB605"
t collate --witness A a.tgn
expect "--witness on a record that is no collation" 1
has "--witness on a record that is no collation" "$tmp/err" "TB604"
t collate - -
expect "two standard inputs" 2
t collate a.tgn --sigla
expect "an option without its value" 2
t collate --frob a.tgn
expect "an unknown option" 2
files=()
for i in $(seq 16); do files+=(a.tgn); done
t collate "${files[@]}"
expect "16 files" 2

# ---- a long game -----------------------------------------------------------
"$T" random --game ocencahuac --rules "limit=none; crown=all_three" --seed 1 --turns 3000 \
	>"$tmp/long.tgn"
python3 - "$tmp" <<'EOF'
import re, sys
d = sys.argv[1]
text = open(d + "/long.tgn").read()
head, _, body = text.partition("\n\n")
head = "\n".join(l for l in head.split("\n") if not l.startswith("[Result "))
toks = [t for t in re.sub(r"\{[^}]*\}", " ", body).split() if not re.match(r"^\d+\.", t)][:-1]
for k, (i, j) in enumerate([(len(toks) // 3, 1), (len(toks) // 2, 2), (2 * len(toks) // 3, 5)]):
    t = toks[:i] + toks[i + j:]
    open("%s/long%d.tgn" % (d, k), "w").write(head + "\n\n" + " ".join(t) + " *\n")
EOF
turns=$(grep -o '^[0-9]*\.' "$tmp/long.tgn" | tail -1)
start=$(date +%s)
t collate -o longc.tgn long.tgn long0.tgn long1.tgn long2.tgn
end=$(date +%s)
expect "a long game ($turns moves) in four copies" 0
if [ $((end - start)) -le 20 ]; then ok; else bad "a long game took $((end - start)) s"; fi
i=0
for f in long.tgn long0.tgn long1.tgn long2.tgn; do
	w=$(printf "\\$(printf '%03o' $((65 + i)))")
	t collate --witness "$w" longc.tgn
	"$T" fmt "$tmp/$f" >"$tmp/want" 2>/dev/null
	same "the long game's witness $w read back" "$tmp/out" "$tmp/want"
	i=$((i + 1))
done

# ---- evidence links, each witness's kept with its turns (spec/compare.md 7.4)
root=$(cd "$here/.." && pwd)
t collate --sigla cinta,cuaderno -o links.tgn "$root/samples/pitarra-rodeo-2004-cinta.tgn" \
	"$root/samples/pitarra-rodeo-2004-cuaderno.tgn"
expect "collate two witnesses, one with times and regions" 0
has "the tape's links on its turns, named" "$tmp/links.tgn" \
	'^1\. c5 \{cinta: @\} @0:00:00-0:00:02 @h1#70,110,170,40 1\.\.\. g7 \{cinta: @\} @0:00:02-0:00:04'
for w in cinta cuaderno; do
	t collate --witness "$w" links.tgn
	expect "--witness $w out of the collation with links" 0
	"$T" fmt "$root/samples/pitarra-rodeo-2004-$w.tgn" >"$tmp/want-$w.tgn"
	same "witness $w read back byte for byte, its links with it" "$tmp/out" "$tmp/want-$w.tgn"
done
(cd "$tmp" && "$T" xml links.tgn >links.xml && "$T" xml --to tgn links.xml >links-back.tgn) || bad "xml of the collation with links"
"$T" fmt "$tmp/links.tgn" >"$tmp/links-canon.tgn"
same "the collation with links, TGN -> XML -> TGN" "$tmp/links-back.tgn" "$tmp/links-canon.tgn"
# three witnesses: links the same in two, another in the third, none in
# one place; a comment's links; a reading's alternative's links
printf '[Game "pitarra"]\n[Recording "c.ogg"]\n\n1. d1 @0:00:10 a1 @0:00:12 {abre} @0:00:12.5 2. <d2 @0:00:15 | d3 {se oye mal}> *\n' >"$tmp/l1.tgn"
printf '[Game "pitarra"]\n[Recording "c.ogg"]\n\n1. d1 @0:00:10 a1 {abre} @0:00:13 2. <d2 @0:00:15 | d3 {se oye mal}> *\n' >"$tmp/l2.tgn"
printf '[Game "pitarra"]\n[Recording "c.ogg"]\n\n1. d1 @0:00:11 a1 {abre} 2. d2 *\n' >"$tmp/l3.tgn"
t collate --sigla A,B,C -o l.tgn l1.tgn l2.tgn l3.tgn
expect "collate three witnesses with links that differ" 0
has "links two witnesses share, named once" "$tmp/l.tgn" '\{A, B: @\} @0:00:10 \{C: @\} @0:00:11'
for w in A B C; do
	i=$(( $(printf '%d' "'$w") - 64 ))
	t collate --witness "$w" l.tgn
	"$T" fmt "$tmp/l$i.tgn" >"$tmp/want.tgn"
	same "witness $w of three, its links and its comments' links" "$tmp/out" "$tmp/want.tgn"
done

echo "collate: $pass passed, $fail failed"
[ $fail = 0 ]
