#!/usr/bin/env bash
# tablero diff, diff --duplicates and grep (spec/compare.md) from the
# command line:
#   - cross-checks against deliberately simple second implementations in
#     tests/compare_check.py: diff on hundreds of random games of the
#     three games and mutated copies (hunks applied, changed turns
#     bounded by the mutation and an LCS, the first divergence and the
#     positions after it, respellings that must compare equal, XML);
#     --duplicates on copies turned, mirrored and cut short; grep -c on
#     events counted from validate --positions, tags and movetext;
#   - fixed cases of diff (one move, an inserted or missing move,
#     comments only, tags only, collections by order and --pair-by,
#     errors, unreadable files, both standard input), each --xml valid
#     against schemas/diff.rng by xmllint;
#   - grep over the three games: tags, comments in Spanish and Arabic
#     and everywhere a record has them, -i with accented capitals,
#     movetext, events, -v, -c, -l, exit statuses;
#   - pathological patterns against a 100 KB comment and a 3000-turn
#     record (and one slow pattern over 1 MB): every run ends within
#     20 s, never crashes, exits 1 or 2;
#     bad patterns exit 2 with "bad pattern" and a caret.
# The three cross-checks run side by side when nproc says two cores or
# more, each to its own log, the logs printed in order after them.
# Usage: TABLERO=build/tablero bash tests/compare.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
schema=$here/../schemas/diff.rng
# xml WHAT: the last output is valid against schemas/diff.rng.
xml() {
	cp "$tmp/out" "$tmp/last.xml"
	if xmllint --noout --relaxng "$schema" "$tmp/last.xml" 2>"$tmp/lint"; then ok; else
		bad "$1: not valid against diff.rng" "$tmp/lint"
	fi
}
# The cross-checks of compare_check.py, each to its own log: side by
# side when there are two cores or more (under ASan they are most of
# this suite's time, ~430 s one after another), else one after another;
# their logs printed after, in this order, each with its counts added.
py_sections="diff dups grep"
# py_run SECTION: runs it, its exit status to $tmp/py-SECTION.rc.
py_run() {
	local r=0
	python3 "$here/compare_check.py" "$T" "$tmp/py-$1" "$1" "$schema" \
		>"$tmp/py-$1.log" 2>&1 || r=$?
	echo "$r" >"$tmp/py-$1.rc"
}
# py_count SECTION: its log printed but for the RESULT line, its counts added.
py_count() {
	local log=$tmp/py-$1.log r res
	r=$(cat "$tmp/py-$1.rc" 2>/dev/null || echo missing)
	grep -v '^RESULT ' "$log" || true
	res=$(grep '^RESULT ' "$log" | tail -1 || true)
	if [ "$r" != 0 ] || [ -z "$res" ]; then
		bad "compare_check.py $1 did not finish (exit $r)" "$log"
		return
	fi
	set -- $res
	pass=$((pass + $2))
	fail=$((fail + $3))
}

if command -v xmllint >/dev/null; then ok; else
	bad "xmllint is missing (tools/deps.sh installs libxml2-utils): XML cannot be checked"
fi

# ===== 1, 3, 4: cross-checks against compare_check.py =====
if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
	for s in $py_sections; do py_run "$s" & done
	wait
else
	for s in $py_sections; do py_run "$s"; done
fi
for s in $py_sections; do py_count "$s"; done

# ===== 2. diff: fixed cases =====
cat >"$tmp/base.tgn" <<'EOF'
[Game "pitarra"]
[Site "Los Navajos, El Marqués"]
[Date "1998.07.12"]
[Red "Doña Chela"]
[Yellow "Juan Martínez"]

1. d1 d7 2. a1 {buena} g7 3. g1xd7 a7 4. b2 b6 5. f2 a4 *
EOF
sed 's/4\. b2/4. c3/' "$tmp/base.tgn" >"$tmp/one.tgn"
sed 's/4\. b2 b6/4. b2 g4 5. b6/; s/5\. f2 a4/f2 6. a4/' "$tmp/base.tgn" >"$tmp/ins.tgn"
sed 's/ {buena}//; s/a7 4\./a7 {mala} 4./' "$tmp/base.tgn" >"$tmp/com.tgn"
sed 's/5\. f2 a4/5. f2 $1 (5. f4 {mejor}) a4/' "$tmp/base.tgn" >"$tmp/var.tgn"
sed 's/, El Marqués//; s/1998\.07\.12/1998-07-12/; s/^\[Yellow.*/&\n[Informant "L. Ortiz"]/' \
	"$tmp/base.tgn" >"$tmp/tag.tgn"

t diff base.tgn one.tgn
expect "diff, one move differs" 1 "--- base.tgn (game 1, line 1)
+++ one.tgn (game 1, line 1)
@@ first divergence: ply 7, base.tgn:7:42, one.tgn:7:42 @@
  after it, the positions differ in 2 places (base.tgn | one.tgn):
  b2       R      | empty
  c3       empty  | R
@@ -6,3 +6,3 @@ base.tgn | one.tgn
      6  3... a7                       7 | 7
-     7  4. b2                         7 |
+     7  4. c3                           | 7
      8  4... b6                       7 | 7"
[ ! -s "$tmp/err" ] && ok || bad "diff, one move differs: something on stderr" "$tmp/err"

t diff --moves-only base.tgn ins.tgn
expect "diff, an inserted move" 1
[ "$(grep -Ec '^\+ +[0-9]' "$tmp/out")" = 1 ] && [ "$(grep -Ec '^- +[0-9]' "$tmp/out")" = 0 ] &&
	ok || bad "diff, an inserted move: one '+' line and no '-' line" "$tmp/out"
has "diff, an inserted move" "$tmp/out" '^\+ +8  4\.\.\. g4 +\| 7$'
has "diff, an inserted move: where it is" "$tmp/out" '^@@ first divergence: ply 8, ins\.tgn:7:45 @@$'
has "diff, an inserted move: its hunk" "$tmp/out" '^@@ -7,2 \+7,3 @@ base\.tgn \| ins\.tgn$'

t diff --moves-only ins.tgn base.tgn
expect "diff, a missing move" 1
[ "$(grep -Ec '^- +[0-9]' "$tmp/out")" = 1 ] && [ "$(grep -Ec '^\+ +[0-9]' "$tmp/out")" = 0 ] &&
	ok || bad "diff, a missing move: one '-' line and no '+' line" "$tmp/out"
has "diff, a missing move" "$tmp/out" '^- +8  4\.\.\. g4 +7 \|$'
has "diff, a missing move: where" "$tmp/out" '^@@ first divergence: ply 8, ins\.tgn:7:45 @@$'
has "diff, a missing move: its hunk" "$tmp/out" '^@@ -7,3 \+7,2 @@ ins\.tgn \| base\.tgn$'

# A whole move missing where turns repeat: two deletions are the
# shortest edit script (spec/compare.md §2.4), whatever the numbers do
printf '[Game "pitarra"]\n1. a1 pass 2. b2 pass 3. c3 pass 4. d3 pass *\n' >"$tmp/rep1.tgn"
printf '[Game "pitarra"]\n1. b2 pass 2. c3 pass 3. d3 pass *\n' >"$tmp/rep2.tgn"
t diff --moves-only rep1.tgn rep2.tgn
expect "diff, a move missing among repeated turns" 1
[ "$(grep -Ec '^- +[0-9]' "$tmp/out")" = 2 ] && [ "$(grep -Ec '^\+ +[0-9]' "$tmp/out")" = 0 ] &&
	ok || bad "diff, a move missing among repeated turns: two '-' lines (1. a1, 1... pass), no '+'" "$tmp/out"

t diff base.tgn com.tgn
expect "diff, comments only" 1 "--- base.tgn (game 1, line 1)
+++ com.tgn (game 1, line 1)
@@ comments @@ base.tgn | com.tgn
      3  2. a1                         7 | 7
-        {buena}
      6  3... a7                       7 | 7
+        {mala}"
t diff --ignore-comments base.tgn com.tgn
expect "diff --ignore-comments, comments only" 0 ""
t diff --moves-only base.tgn com.tgn
expect "diff --moves-only, comments only" 0 ""
t diff base.tgn var.tgn
expect "diff, a NAG and a variation only" 1
has "diff, a variation is a note" "$tmp/out" '^@@ comments @@ base\.tgn \| var\.tgn$'
has "diff, a variation is a note" "$tmp/out" '^\+ +! \(5\. f4 \{mejor\}\)$'
hasnt "diff, a variation is not a turn" "$tmp/out" '^@@ (first|-)'
t diff --ignore-comments base.tgn var.tgn
expect "diff --ignore-comments, a NAG and a variation only" 0 ""

# a turn read differently keeps each side's comments, text and XML
sed 's/a7 4\. b2 b6/a7 4. b2 {dos} b6/' "$tmp/base.tgn" >"$tmp/dos-a.tgn"
sed 's/a7 4\. b2 b6/a7 4. c3 {DOS distinto} $6 (4. f2) b6/' "$tmp/base.tgn" >"$tmp/dos-b.tgn"
t diff --tags-only --ignore-comments dos-a.tgn dos-b.tgn
expect "diff, a changed turn with comments: the tags alone are the same" 0 ""
t diff dos-a.tgn dos-b.tgn
expect "diff, a changed turn keeps both sides' comments" 1
has "diff, the '-' turn's comment under it" "$tmp/out" '^-     7  4\. b2 +7 \|$'
has "diff, the '-' turn's comment under it" "$tmp/out" '^-        \{dos\}$'
has "diff, the '+' turn's notes under it" "$tmp/out" '^\+        \?! \{DOS distinto\} \(4\. f2\)$'
hasnt "diff, a changed turn's comments are not compared again" "$tmp/out" '^@@ comments'
[ "$(grep -c 'dos-a\.tgn' "$tmp/out")" = 4 ] && ok ||
	bad "diff: each file named in ---, the divergence, its positions and the hunk, not on every line" "$tmp/out"
t diff --ignore-comments dos-a.tgn dos-b.tgn
expect "diff --ignore-comments, a changed turn" 1
hasnt "diff --ignore-comments: no notes under a changed turn" "$tmp/out" '^[-+]        '
t diff --xml dos-a.tgn dos-b.tgn
expect "diff --xml, a changed turn with comments" 1
xml "diff --xml, a changed turn with comments"
has "diff --xml, the deleted turn's comment" "$tmp/out" '<delete ply="7" .*token="b2".* notes="\{dos\}"/>'
has "diff --xml, the inserted turn's notes" "$tmp/out" '<insert ply="7" .*token="c3".* notes="\?! \{DOS distinto\} \(4\. f2\)"/>'
t diff --xml --ignore-comments dos-a.tgn dos-b.tgn
hasnt "diff --xml --ignore-comments: no notes" "$tmp/out" 'notes='

t diff base.tgn tag.tgn
expect "diff, tags only" 1 "--- base.tgn (game 1, line 1)
+++ tag.tgn (game 1, line 1)
@@ tags @@
-[Site \"Los Navajos, El Marqués\"]
+[Site \"Los Navajos\"]
+[Informant \"L. Ortiz\"]"
t diff --moves-only base.tgn tag.tgn
expect "diff --moves-only, tags only" 0 ""
t diff --tags-only base.tgn one.tgn
expect "diff --tags-only, a move only" 0 ""
t diff --tags-only --moves-only base.tgn one.tgn
expect "diff --tags-only --moves-only: usage" 2 ""
has "diff --tags-only --moves-only: says why" "$tmp/err" 'exclude each other'

# Collections by order, and by tags
game() { # site round moves
	printf '[Game "asalto"]\n[Site "%s"]\n[Date "1979.??.??"]\n[Round "%s"]\n' "$1" "$2"
	printf '[Position "A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7"]\n\n%s *\n\n' "$3"
}
{ game Ceuta 1 "1. e4-e5 d6-c5 2. e3-e4 c5-d6"; game Ceuta 2 "1. e4-e5 d6-c5 2. e3-e4"
  game Tetuán 1 "1. c4-c5"; } >"$tmp/colA.tgn"
{ game Ceuta 1 "1. e4-e5 d6-c5 2. e3-e4 c5-d6"; game Ceuta 2 "1. e4-e5 d6-c5 2. e3-e4"; } \
	>"$tmp/colB.tgn"
{ game Tetuán 1 "1. c4-c5"; game Ceuta 1 "1. e4-e5 d6-c5 2. e3-e4 c5-d6"
  game Ceuta 2 "1. e4-e5 d6-c5 2. e3-e4"; } >"$tmp/colC.tgn"
t diff colA.tgn colB.tgn
expect "diff, by order, a game missing at the end of B" 1 \
	'only in colA.tgn: game 3 (line 17) [Site "Tetuán"] [Date "1979.??.??"], 1 turn'
t diff colB.tgn colA.tgn
expect "diff, by order, a game missing at the end of A" 1 \
	'only in colA.tgn: game 3 (line 17) [Site "Tetuán"] [Date "1979.??.??"], 1 turn'
t diff colA.tgn colC.tgn
expect "diff, by order, games in another order" 1
[ "$(grep -c '^--- ' "$tmp/out")" = 3 ] && ok || bad "diff, by order: three pairs differ" "$tmp/out"
t diff --pair-by Site,Round colA.tgn colC.tgn
expect "diff --pair-by Site,Round, games in another order" 0 ""
t diff --pair-by Round colA.tgn colC.tgn
expect "diff --pair-by Round: the first free game of B with the same Round" 1
has "diff --pair-by Round: game 1 with B's game 1" "$tmp/out" '^\+\+\+ colC\.tgn \(game 1, line 1\)$'
has "diff --pair-by Round: game 3 with B's game 2" "$tmp/out" '^\+\+\+ colC\.tgn \(game 2, line 9\)$'
[ "$(grep -c '^--- ' "$tmp/out")" = 2 ] && ! grep -q '^only in' "$tmp/out" && ok ||
	bad "diff --pair-by Round: game 2 with B's game 3, the same" "$tmp/out"
t diff --pair-by Site,Round colA.tgn colB.tgn
expect "diff --pair-by, a game only in A" 1 \
	'only in colA.tgn: game 3 (line 17) [Site "Tetuán"] [Date "1979.??.??"], 1 turn'
t diff --pair-by Site,Round colB.tgn colC.tgn
expect "diff --pair-by, a game only in B" 1 \
	'only in colC.tgn: game 1 (line 1) [Site "Tetuán"] [Date "1979.??.??"], 1 turn'
sed '/^\[Round/d' "$tmp/colB.tgn" >"$tmp/noround.tgn"
t diff --pair-by Round colB.tgn noround.tgn
expect "diff --pair-by Round: a missing tag pairs only with a missing tag" 1
[ "$(grep -c '^only in ' "$tmp/out")" = 4 ] && ok ||
	bad "diff --pair-by Round: four games without a partner" "$tmp/out"
t diff --pair-by 'Site;Round' colA.tgn colB.tgn
expect "diff --pair-by with a bad tag list: usage" 2 ""

# Errors
printf '[Game "pitarra"]\n1. d1 d9 *\n' >"$tmp/roto.tgn"
t diff base.tgn roto.tgn
expect "diff, a record with a syntax error" 2 ""
has "diff, a syntax error: its diagnostic" "$tmp/err" '^roto\.tgn:2:7: error: .*d9.*\[TB301\]$'
has "diff, a syntax error: the line" "$tmp/err" '^1\. d1 d9 \*$'
has "diff, a syntax error: a caret" "$tmp/err" '^      \^'
has "diff, a syntax error: not compared" "$tmp/err" 'game 1 of roto\.tgn cannot be compared'
{ cat "$tmp/roto.tgn"; echo; cat "$tmp/base.tgn"; } >"$tmp/roto2.tgn"
{ cat "$tmp/base.tgn"; echo; cat "$tmp/one.tgn"; } >"$tmp/two.tgn"
t diff two.tgn roto2.tgn
expect "diff, a collection with a broken record: the others compared" 2
has "diff, the others compared" "$tmp/out" '^\+     7  4\. b2 +\| 10$'
t diff base.tgn nonexistent.tgn
expect "diff, a file that does not exist" 2 ""
has "diff, a file that does not exist: named" "$tmp/err" 'nonexistent\.tgn'
mkdir -p "$tmp/adir"
t diff adir base.tgn
expect "diff, a directory" 2 ""
t diff - -
expect "diff - -" 2 ""
has "diff - -: says why" "$tmp/err" 'standard input'
set +e
(cd "$tmp" && timeout 20 "$T" diff - one.tgn <"$tmp/base.tgn") >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
expect "diff - B" 1
has "diff - B: standard input named" "$tmp/out" '^--- <stdin> \(game 1, line 1\)$'
t diff base.tgn
expect "diff with one file: usage" 2 ""
t diff --frobnicate base.tgn one.tgn
expect "diff with an unknown option: usage" 2 ""

# Records spelled otherwise are the same
cat >"$tmp/deletreo.tgn" <<'EOF'
[Date "1998-07-12"]
[Game "Pitarra"]
[Yellow "Juan Martínez"]
[Red "Doña Chela"]
[Site "Los Navajos, El Marqués"]
1.D1 d7 2.A1 {buena} G7
3.g1xD7 1…a7
B2 b6 5. F2 5...A4
*
EOF
t diff base.tgn deletreo.tgn
expect "diff, the same record spelled otherwise" 0 ""
[ ! -s "$tmp/err" ] && ok || bad "diff, spelled otherwise: stderr" "$tmp/err"

# XML of each kind of difference
for args in "base.tgn one.tgn" "base.tgn ins.tgn" "base.tgn com.tgn" "base.tgn var.tgn" \
	"base.tgn tag.tgn" "--tags-only base.tgn tag.tgn" "base.tgn deletreo.tgn" \
	"colA.tgn colB.tgn" "colB.tgn colA.tgn" "--pair-by Site,Round colA.tgn colC.tgn" \
	"--pair-by Round colB.tgn noround.tgn" "two.tgn roto2.tgn" "--ignore-comments base.tgn var.tgn"; do
	t diff --xml $args
	[ $rc -le 2 ] && ok || bad "diff --xml $args: exit $rc" "$tmp/both"
	xml "diff --xml $args"
done
t diff --xml base.tgn deletreo.tgn
expect "diff --xml, the same" 0 '<?xml version="1.0" encoding="UTF-8"?>
<tgndiff xmlns="urn:tablero:diff" version="1.0" a="base.tgn" b="deletreo.tgn">
 <pair a-game="1" a-line="1" b-game="1" b-line="1"/>
</tgndiff>'
t diff --xml colA.tgn colB.tgn
has "diff --xml, a game only in A" "$tmp/out" '<only in="a" game="3" line="17"/>'
t diff --xml base.tgn one.tgn
has "diff --xml: the first divergence" "$tmp/out" '<divergence ply="7" a-line="7" b-line="7" positions="known">'
has "diff --xml: a point that differs" "$tmp/out" '<differs at="c3" a="" b="R"/>'
has "diff --xml: the deleted turn" "$tmp/out" '<delete ply="7" number="4" side="first" token="b2" line="7" col="42"/>'
has "diff --xml: the inserted turn" "$tmp/out" '<insert ply="7" number="4" side="first" token="c3" line="7" col="42"/>'
t diff --duplicates --xml base.tgn deletreo.tgn one.tgn ins.tgn
expect "diff --duplicates --xml" 1
xml "diff --duplicates --xml"
t diff --duplicates base.tgn deletreo.tgn
expect "diff --duplicates, the same game spelled otherwise" 1 "same game, 2 records:
  base.tgn:1 (game 1, 10 turns)
  deletreo.tgn:1 (game 1, 10 turns)"
t diff --duplicates base.tgn one.tgn
expect "diff --duplicates, nothing the same" 0 ""
t diff --duplicates base.tgn nonexistent.tgn
expect "diff --duplicates, a file that does not exist" 2
t diff --duplicates
expect "diff --duplicates with no file: usage" 2 ""

# ===== 2. diff at open stretches: meanings, what the rules decide =====
# A tape whose 21... is inaudible: only g1-f2 fits, given 23. c3-d3xf2.
# Its notebook writes g1-f2: the same turn (and the same game for
# --duplicates); shown, where diff prints the turn, as reconstructed.
cat >"$tmp/cinta-q.tgn" <<'EOF'
[Game "pitarra"]
[Position "R 20 R:d1,d2,d3 Y:a1,g1,a7,g7"]

20. d3-c3 a1-b2 21. c3-d3xb2 ? {inaudible} 22. d3-c3 a7-b6 23. c3-d3xf2 *
EOF
sed 's/? {inaudible}/g1-f2/' "$tmp/cinta-q.tgn" >"$tmp/cuaderno-q.tgn"
sed 's/a7-b6/a7-d7/' "$tmp/cuaderno-q.tgn" >"$tmp/cuaderno-q2.tgn"
# a gap the rules decide (only 21. c3-d3xb2 leads to the restated
# position) and a '?' they cannot (eleven turns fit)
cat >"$tmp/hueco-q.tgn" <<'EOF'
[Game "pitarra"]
[Position "R 20 R:d1,d2,d3 Y:a1,g1,a7,g7"]

20. d3-c3 a1-b2 <gap 1> <position "Y 21 R:d1,d2,d3 Y:g1,a7,g7"> 21... g1-f2 *
EOF
printf '[Game "pitarra"]\n[Position "R 20 R:d1,d2,d3 Y:a1,g1,a7,g7"]\n\n20. d3-c3 a1-b2 21. c3-d3xb2 g1-f2 *\n' \
	>"$tmp/hueco-n.tgn"
printf '[Game "pitarra"]\n[Position "Y 20 R:d1,d2,c3,e5 Y:a1,a4,d7,f6 hand=0,0"]\n\n20... ? 21. e5-e4 *\n' \
	>"$tmp/abierto-q.tgn"
printf '[Game "pitarra"]\n[Position "Y 20 R:d1,d2,c3,e5 Y:a1,a4,d7,f6 hand=0,0"]\n\n20... a4-b4 21. e5-e4 *\n' \
	>"$tmp/abierto-n.tgn"
for f in cinta-q cuaderno-q cuaderno-q2 hueco-q hueco-n abierto-q abierto-n; do
	t validate "$f.tgn"
	expect "validate $f.tgn: the rules take it" 0
done
t diff --moves-only cinta-q.tgn cuaderno-q.tgn
expect "diff, a '?' the rules decide against the turn written: the same" 0 ""
t diff --moves-only cuaderno-q.tgn cinta-q.tgn
expect "diff, the turn written against a '?' the rules decide: the same" 0 ""
t diff cinta-q.tgn cuaderno-q.tgn
expect "diff, a decided '?': only its comment differs" 1
has "diff, a decided '?' is shown reconstructed" "$tmp/out" \
	'^      4  21\.\.\. \? \(reconstructed g1-f2\) +4 \| 4$'
hasnt "diff, a decided '?' is no disagreement" "$tmp/out" '^[-+] +[0-9]'
t diff cinta-q.tgn cuaderno-q2.tgn
expect "diff, a turn after a decided '?' differs" 1
has "diff, the positions after a decided '?' are known" "$tmp/out" \
	'^  after it, the positions differ in 2 places'
has "diff, a decided '?' in a hunk's context" "$tmp/out" \
	'^      4  21\.\.\. \? \(reconstructed g1-f2\) +4 \| 4$'
sed 's/ g1-f2 .*/ */' "$tmp/cuaderno-q.tgn" >"$tmp/cuaderno-q3.tgn"
t diff --xml cinta-q.tgn cuaderno-q3.tgn
expect "diff --xml, a decided '?'" 1
xml "diff --xml, a decided '?'"
has "diff --xml, a decided '?' marked reconstructed" "$tmp/out" \
	'<delete ply="4" .*token="\?" means="g1-f2" reconstructed="true"'
t diff --duplicates cinta-q.tgn cuaderno-q.tgn
expect "diff --duplicates, a decided '?' and the turn written: the same game" 1 \
	"same game, 2 records:
  cinta-q.tgn:1 (game 1, 7 turns)
  cuaderno-q.tgn:1 (game 1, 7 turns)"
t diff --moves-only hueco-q.tgn hueco-n.tgn
expect "diff, a decided gap against its turn written" 1
has "diff, a decided gap is its turns, reconstructed" "$tmp/out" \
	'^      3  <gap 1> \(reconstructed c3-d3xb2\) +4 \| 4$'
has "diff, only the restated position differs" "$tmp/out" '^- +3  <position '
[ "$(grep -Ec '^[-+] +[0-9]' "$tmp/out")" = 1 ] && ok ||
	bad "diff, a decided gap: the restated position is the one difference" "$tmp/out"
t diff --moves-only abierto-q.tgn abierto-n.tgn
expect "diff, a '?' the rules cannot decide differs from a turn written" 1
has "diff, an open '?' as written" "$tmp/out" '^- +1  20\.\.\. \? +4 \|$'
has "diff, after an open '?' the positions are not known" "$tmp/out" \
	'^  the positions after it are not known \(more than one turn fits the record there\)$'

# A gap of two turns the rules decide (only 18. a7-a4 e5-d5 fits,
# given 19. g7-d7 d5-e5xa4) is those two turns, one by one: against the
# same turns written out it is the same game, and where it is shown,
# each of its turns stands on a line of its own, reconstructed.
cat >"$tmp/cinta-g.tgn" <<'EOF'
[Game "pitarra"]

1. c3 f4 2. a1 b2 3. c4 c5 4. d1 g1 5. d3 e3 6. d2xe3 e3 7. f2 b6 8. a7 b4xc4
9. a4xf4 d6 10. f6 f4 11. g7 e5 12. d7xe5 e5 13. g7-g4 f4-e4xg4 14. f6-g7xd6 b6-d6
15. a7-b6 d6-d5xd7 16. b6-a7xb4 e5-f6 17. a4-b4 d5-e5xb4 <gap 2> {se da vuelta a la cinta}
19. g7-d7 d5-e5xa4 20. d7-a7 e5-d5 *
EOF
sed 's/<gap 2> {[^}]*}/18. a7-a4 e5-d5/' "$tmp/cinta-g.tgn" >"$tmp/cuaderno-g.tgn"
sed 's/<gap 2>/18. a7-b6 e5-d5/' "$tmp/cinta-g.tgn" >"$tmp/cuaderno-g2.tgn"
t validate cinta-g.tgn
expect "validate cinta-g.tgn: the rules decide its gap" 0
has "validate cinta-g.tgn: one sequence fits" "$tmp/err" 'only one sequence fits.*\[TB408\]'
t diff --moves-only cinta-g.tgn cuaderno-g.tgn
expect "diff, a decided gap of two turns against them written: the same" 0 ""
t diff --moves-only cuaderno-g.tgn cinta-g.tgn
expect "diff, two turns written against a decided gap of them: the same" 0 ""
t diff cinta-g.tgn cuaderno-g.tgn
expect "diff, a decided gap of two turns: only its comment differs" 1
has "diff, the gap's comment is its last turn's" "$tmp/out" \
	'^     36  <gap 2> \(reconstructed e5-d5\) 2/2 +5 \| 5$'
has "diff, the gap's comment" "$tmp/out" '^-        \{se da vuelta a la cinta\}$'
hasnt "diff, a decided gap of two turns is no disagreement" "$tmp/out" '^[-+] +[0-9]'
t diff --moves-only cinta-g.tgn cuaderno-g2.tgn
expect "diff, the first turn of a decided gap differs" 1
has "diff, at a decided gap's first turn" "$tmp/out" \
	'^@@ first divergence: ply 35, cinta-g\.tgn:5:58, cuaderno-g2\.tgn:5:62 @@$'
has "diff, the positions after a decided gap's first turn are known" "$tmp/out" \
	'^  after it, the positions differ in 2 places'
has "diff, where a7-a4 and a7-b6 part" "$tmp/out" '^  a4 +R +\| empty$'
has "diff, a decided gap's first turn, removed" "$tmp/out" \
	'^-    35  <gap 2> \(reconstructed a7-a4\) 1/2 +5 \|$'
has "diff, the turn written for it, inserted" "$tmp/out" '^\+    35  18\. a7-b6 +\| 5$'
has "diff, a decided gap's second turn is the turn written" "$tmp/out" \
	'^     36  <gap 2> \(reconstructed e5-d5\) 2/2 +5 \| 5$'
[ "$(grep -Ec '^[-+] +[0-9]' "$tmp/out")" = 2 ] && ok ||
	bad "diff, a decided gap: one turn of it differs, one line each side" "$tmp/out"
t diff --xml --moves-only cinta-g.tgn cuaderno-g2.tgn
expect "diff --xml, a decided gap's first turn differs" 1
xml "diff --xml, a decided gap's first turn differs"
has "diff --xml, a decided gap's turn" "$tmp/out" \
	'<delete ply="35" .*token="&lt;gap 2&gt;" means="a7-a4" reconstructed="true"'
# the samples: the tape's gap at 19. is the notebook's 19. d6-d5 f2-g1;
# what differs there is the position the tape restates after it
t diff --moves-only "$here/../samples/pitarra-rodeo-2004-cinta.tgn" \
	"$here/../samples/pitarra-rodeo-2004-cuaderno.tgn"
expect "diff, the rodeo tape against its notebook" 1
has "diff, the rodeo tape: its decided gap is the notebook's turns" "$tmp/out" \
	'^     38  <gap 2> \(reconstructed f2-g1\) 2/2 +27 \| 22$'
has "diff, the rodeo tape: first divergence, the restated position" "$tmp/out" \
	'^@@ first divergence: after ply 38, .*cinta\.tgn:28:1 @@$'
has "diff, the rodeo tape: the positions there are the same" "$tmp/out" \
	'^  after it, the positions are the same$'
hasnt "diff, the rodeo tape: no turn of its gap against the notebook's" "$tmp/out" \
	'^[-+] +3[78]  (19|<gap)'

# ===== 4. grep: fixed cases =====
cat >"$tmp/col.tgn" <<'EOF'
{@es Cuaderno de campo, hoja 3}
[Game "Pitarra"] {antetag}
[Site "Los Navajos, El Marqués, Querétaro"]
[Date "1998-07-12"]
[Red "Doña Chela"]

{preludio} 1. d1 d7 2. a1 {Éxito de Doña Chela en Querétaro} g7 (2... a4 {variante}) 3. g1xd7 <a7 {según la cinta} | b6 {lectura dudosa}> 4. b2 {dice \}así\}} b6 * {epílogo}

[Game "asalto"]
[Rules "asalto; chain=zigzag"]
[Site "Ceuta"]
[Position "D 10 A:c2,d2,b3,f3,g3,d4,a5,b5,f5,e6 D:e7,a4"]

10... e7xe5xc3xa3 {@ar ثلاث ضربات} *

[Game "ocencahuac"]
[Site "Tepic, Nayarit"]
[Position "S 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gd2 C:Md3,Gc7,Gd7,Ge7,Pc8,Ee8"]

12. d2^d4>d6 {ÁRBOL CAÍDO} c7-c6 *
EOF
t grep -c --tag 'Site~Quer' col.tgn
expect "grep -c --tag Site~Quer" 0 1
t grep -c --tag 'Site~quer' col.tgn
expect "grep -c --tag Site~quer (case)" 1 0
t grep -c -i --tag 'Site~QUERÉTARO' col.tgn
expect "grep -c -i --tag Site~QUERÉTARO" 0 1
t grep -c --tag 'Site~, [A-Z]\w+$' col.tgn
expect "grep -c --tag 'Site~, [A-Z]\\w+\$' (\\w takes é)" 0 2
t grep -c --tag 'Date=1998.07.12' col.tgn
expect "grep --tag Date=1998.07.12: the canonical value" 0 1
t grep -c --tag 'Date=1998-07-12' col.tgn
expect "grep --tag Date=1998-07-12: not the canonical value" 1 0
t grep -c --tag 'Game=pitarra' col.tgn
expect "grep --tag Game=pitarra ([Game \"Pitarra\"])" 0 1
t grep -c --tag 'Site=Ceuta' col.tgn
expect "grep --tag Site=Ceuta" 0 1
t grep -c --tag 'Site=Ceut' col.tgn
expect "grep --tag Site=Ceut: the whole value" 1 0
t grep -c --tag 'Informant~.' col.tgn
expect "grep --tag on a tag no record has" 1 0
t grep -c --comment 'ضربات' col.tgn
expect "grep --comment in Arabic" 0 1
t grep -c --comment '^ثلاث ضربات$' col.tgn
expect "grep --comment: the text without braces or language" 0 1
t grep -c --comment '^@ar' col.tgn
expect "grep --comment: the language is not text" 1 0
t grep -c -i --comment 'éxito' col.tgn
expect "grep -i --comment éxito (Éxito)" 0 1
t grep -c --comment 'éxito' col.tgn
expect "grep --comment éxito without -i" 1 0
t grep -c -i --comment 'árbol caído' col.tgn
expect "grep -i --comment 'árbol caído' (ÁRBOL CAÍDO)" 0 1
t grep -c -i --comment 'QUERÉTARO' col.tgn
expect "grep -i --comment QUERÉTARO" 0 1
t grep -c --comment 'Quer\wtaro' col.tgn
expect "grep --comment 'Quer\\wtaro' (\\w takes é)" 0 1
t grep -c --comment '^dice }así}$' col.tgn
expect "grep --comment: escapes undone" 0 1
for w in Cuaderno antetag preludio variante 'según la cinta' 'lectura dudosa' epílogo; do
	t grep -c --comment "$w" col.tgn
	expect "grep --comment '$w' (comments anywhere)" 0 1
done
t grep -c -e 'buena|Éxito|variante' col.tgn
expect "grep -e: comments are not movetext" 1 0
t grep -c -e 'a4' col.tgn
expect "grep -e: variations are not movetext" 1 0
t grep -c -e '^1\. d1 d7 2\. a1 g7 3\. g1xd7 <a7 \| b6> 4\. b2 b6 \*$' col.tgn
expect "grep -e: the movetext on one line, a reading without its comments" 0 1
t grep -c -e 'según|dudosa|\{' col.tgn
expect "grep -e: the comments of a reading are not movetext" 1 0
t grep -c -e '^10\.\.\. e7xe5xc3xa3 \*$' col.tgn
expect "grep -e: a record whose first turn is the second side's" 0 1
t grep -c 'd[12]' col.tgn
expect "grep PATTERN (positional)" 0 2
t grep -c -e 'D1' col.tgn
expect "grep -e D1 (case)" 1 0
t grep -c -i -e 'D1' col.tgn
expect "grep -i -e D1" 0 1
t grep -c -v 'd[12]' col.tgn
expect "grep -c -v" 0 1
t grep -c --tag 'Site~Ceuta' --comment 'ضربات' col.tgn
expect "grep: selectors together (and)" 0 1
t grep -c --tag 'Site~Ceuta' --comment 'Éxito' col.tgn
expect "grep: selectors together (and), none" 1 0
t grep -c -v --tag 'Site~Ceuta' --comment 'ضربات' col.tgn
expect "grep -v inverts the whole selection" 0 2
t grep -c --event 'capture>=3' col.tgn
expect "grep --event capture>=3" 0 1
t grep -c --event 'capture>=4' col.tgn
expect "grep --event capture>=4" 1 0
t grep -c --event pushback -e '^12\.' col.tgn
expect "grep --event pushback -e" 0 1
t grep -c --event tercia col.tgn
expect "grep --event tercia" 0 1
t grep -c --event coronation col.tgn
expect "grep --event coronation, none" 1 0
# A huff left available, and not made: 'huff available' is not 'huff'
printf '[Game "asalto"]\n[Position "%s"]\n\n%s *\n' \
	"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7" \
	"1. c4-c5 d6-d5 2. c3-c4 d5-d6 3. e4-e5 d6-e6 4. b3-c3 e7-d6" >"$tmp/huff.tgn"
t grep -c --event 'huff available' huff.tgn
expect "grep --event 'huff available', a capture passed up" 0 1
t grep -c --event huff huff.tgn
expect "grep --event huff, a huff available and not made" 1 0
t grep --tag 'Site~Ceuta' col.tgn
expect "grep writes the game, canonical" 0 '[Game "asalto"]
[Rules "asalto; chain=zigzag"]
[Site "Ceuta"]
[Date "????.??.??"]
[Attackers "?"]
[Defenders "?"]
[Result "*"]
[Position "D 10 A:c2,d2,b3,f3,g3,d4,a5,b5,f5,e6 D:a4,e7"]

10... e7xe5xc3xa3 {@ar ثلاث ضربات}
*'
t grep -v --tag 'Site~Ceuta' col.tgn
expect "grep -v writes the others, a blank line apart" 0
[ "$(grep -c '^\[Game ' "$tmp/out")" = 2 ] && [ "$(grep -c '^$' "$tmp/out")" = 3 ] && ok ||
	bad "grep -v: two games, one blank line between them" "$tmp/out"
# --event sees the turns the rules followed: a tercia before an illegal
# turn selects its game; a game the turns after it could change is said
# at that turn, not selected, and the exit status is 2 (could not look)
printf '[Game "pitarra"]\n1. d1 a7 2. a1 b6 3. g1xa7 d1 4. g7 c5 *\n' >"$tmp/ilegal1.tgn"
printf '[Game "pitarra"]\n1. d1 d1 2. a1 b6 3. g1xb6 c5 *\n' >"$tmp/ilegal2.tgn"
t grep -c --event tercia ilegal1.tgn
expect "grep --event: a tercia before an illegal turn" 0 1
hasnt "grep --event: a game answered before its illegal turn: nothing said" "$tmp/err" .
t grep -c --event tercia ilegal2.tgn
expect "grep --event: a tercia after an illegal turn could not be looked at" 2 0
has "grep --event: where the rules stop, said" "$tmp/err" \
	"^ilegal2\\.tgn:2:7: error: the rules stop at 1\\.\\.\\. d1 .*--event 'tercia'; the game is not selected$"
t grep -c --event removal ilegal1.tgn ilegal2.tgn
expect "grep -c over two files" 2 "ilegal1.tgn:1
ilegal2.tgn:0"
t grep -l --event removal ilegal1.tgn ilegal2.tgn col.tgn
expect "grep -l over three files" 2 "ilegal1.tgn
col.tgn"
t grep -l --event removal ilegal2.tgn
expect "grep -l, none, one could not be looked at" 2 ""
t grep -c -v --event removal ilegal2.tgn
expect "grep -c -v: a game not looked at is not selected by -v either" 2 0
t grep -c --event 'removal<=5 per game' ilegal1.tgn
expect "grep --event per game: at most, after an illegal turn, could not be told" 2 0
t grep -c --event 'tercia<=0 per game' ilegal1.tgn
expect "grep --event per game: more than at most before an illegal turn is an answer" 1 0
t grep -c --event 'tercia=1 per game' col.tgn
expect "grep --event per game: exactly" 0 1
t grep -c --event removal --tag Site~Nowhere ilegal2.tgn
expect "grep: a game another selector refuses needs no events" 1 0
hasnt "grep: a game another selector refuses: nothing said" "$tmp/err" .
# --event at open stretches (spec/compare.md §4.2): an event counts where
# every line the record may stand for has it. After a '?' the rules
# decide (only a1-b2 brings a piece to b2 for 21. c3-d3xb2) the turns
# are known again: both columpios count. A '?' that 11 turns fit, one
# of them a tercia: whether there is one depends on it (exit 2, one line
# naming it); a columpio happens in none of them (exit 1). A gap the
# rules decide (only 21. c3-d3xb2 leads to the restated position): its
# turn's events count, and those after it.
cat >"$tmp/decidido.tgn" <<'EOF'
[Game "pitarra"]
[Position "R 20 R:d1,d2,d3 Y:a1,g1,a7,g7"]

20. d3-c3 ? 21. c3-d3xb2 g1-f2 22. d3-c3 a7-b6 23. c3-d3xf2 *
EOF
cat >"$tmp/abierto.tgn" <<'EOF'
[Game "pitarra"]
[Position "Y 20 R:d1,d2,c3,e5 Y:a1,a4,d7,f6 hand=0,0"]

20... ? 21. e5-e4 *
EOF
cat >"$tmp/hueco.tgn" <<'EOF'
[Game "pitarra"]
[Position "R 20 R:d1,d2,d3 Y:a1,g1,a7,g7"]

20. d3-c3 a1-b2 <gap 1> <position "Y 21 R:d1,d2,d3 Y:g1,a7,g7">
21... g1-f2 22. d3-c3 a7-b6 23. c3-d3xf2 *
EOF
for f in decidido abierto hueco; do
	t validate "$f.tgn"
	expect "validate $f.tgn: the rules take it" 0
done
t grep -c --event columpio decidido.tgn
expect "grep --event columpio: after a decided '?'" 0 1
t grep -c --event 'columpio>=2 per game' decidido.tgn
expect "grep --event columpio per game: both, after a decided '?'" 0 1
t grep -c --event 'columpio=2 per game' decidido.tgn
expect "grep --event columpio=2 per game: exactly, after a decided '?'" 0 1
hasnt "grep --event, a decided '?': nothing said" "$tmp/err" .
t grep -c --event tercia abierto.tgn
expect "grep --event tercia: it depends on an open '?'" 2 0
[ "$(wc -l <"$tmp/err")" = 1 ] && ok || bad "grep --event, an open '?': one line" "$tmp/err"
has "grep --event, an open '?': the turn named" "$tmp/err" \
	"^abierto\\.tgn:4:7: error: 20\\.\\.\\. \\?: the answer to --event 'tercia' depends on what was played here .*; the game is not selected$"
t grep -c --event 'tercia<=0 per game' abierto.tgn
expect "grep --event tercia<=0 per game: it depends on an open '?'" 2 0
t grep -c --event columpio abierto.tgn
expect "grep --event columpio: no line of an open '?' has one" 1 0
hasnt "grep --event, an open '?' the answer does not depend on: nothing said" "$tmp/err" .
t grep -c --event 'columpio>=2 per game' hueco.tgn
expect "grep --event: a decided gap's turn counts, and the turns after it" 0 1
t grep -c --event 'removal=2 per game' hueco.tgn
expect "grep --event: the events of a decided gap's turn" 0 1
hasnt "grep --event, a decided gap: nothing said" "$tmp/err" .
# a gap nothing says the length of: the turns after it may have done
# anything La Pitarra's rules derive -- never a capture
printf '[Game "pitarra"]\n\n1. d1 d7 2. a1 <gap> {se perdió la hoja} *\n' >"$tmp/hoja.tgn"
t grep -c --event 'tercia<=0 per game' hoja.tgn
expect "grep --event: a gap of unknown length, a tercia may be in it" 2 0
has "grep --event: a gap of unknown length, said" "$tmp/err" \
	"^hoja\\.tgn:3:16: error: the rules stop at <gap> .*--event 'tercia<=0 per game'; the game is not selected$"
t grep -c --event 'capture<=0 per game' hoja.tgn
expect "grep --event: an event the game never derives is not in doubt" 0 1
hasnt "grep --event: an event the game never derives: nothing said" "$tmp/err" .
t grep -c --event capture abierto.tgn
expect "grep --event: an event the game never derives, after an open '?'" 1 0
hasnt "grep --event: an event the game never derives, after an open '?': nothing said" "$tmp/err" .
# exit 2: unreadable, errors, bad options
t grep -c d1 col.tgn nonexistent.tgn
expect "grep, a file that does not exist" 2
has "grep, a file that does not exist: named" "$tmp/err" 'nonexistent\.tgn'
has "grep, a file that does not exist: the others searched" "$tmp/out" '^col\.tgn:1$'
{ cat "$tmp/roto.tgn"; echo; cat "$tmp/col.tgn"; } >"$tmp/roto3.tgn"
t grep -c 'd[12]' roto3.tgn
expect "grep, a record with errors: the others searched" 2 2
has "grep, a record with errors: its diagnostic" "$tmp/err" '^roto3\.tgn:2:7: error: .*\[TB301\]$'
t grep -c --event removal ilegal1.tgn
hasnt "grep: warnings and an illegal turn after a match are not printed" "$tmp/err" .
t grep -c d1 adir
expect "grep, a directory" 2
for ev in 'bogus' 'capture>=0' 'capture>=65' 'capture>=' 'capture>=2x' 'Tercia' 'huff>=1>=2' \
	'capture<=2' 'capture=2' 'capture>=2 per' 'capture>=2 per match' \
	'capture>=-1 per game' 'capture>=99999999 per game' 'capture>2 per game'; do
	t grep -c --event "$ev" col.tgn
	expect "grep --event '$ev': usage" 2 ""
	has "grep --event '$ev': says why" "$tmp/err" '--event takes'
done
t grep -c --event 'capture>=16' col.tgn
expect "grep --event capture>=16 (the most a turn records)" 1 0
# the events are the library's one table (tb_event_name), named in full
for ev in 'huff available d6' 'tercia a1-a7' 'double' 'double tercia ' 'removal; capture'; do
	t grep -c --event "$ev" col.tgn
	expect "grep --event '$ev': an event's name, whole, not its text: usage" 2 ""
done
has "grep --event: the events listed from the library's table" "$tmp/err" \
	"the events: tercia, double tercia, columpio, removal, capture, pushback, relocation, coronation, stage, huff available, huff, fortress$"
# a chain's captures, counted typed: two in one turn, none a third
printf '[Game "asalto"]\n[Position "%s"]\n\n5... d6xd4xd2 *\n' \
	"D 5 A:c1,d1,e1,c2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,e4,f4,g4,d5 D:d6,e6" >"$tmp/chain.tgn"
t grep -c --event 'capture>=2' chain.tgn
expect "grep --event capture>=2: a chain of two" 0 1
t grep -c --event 'capture>=3' chain.tgn
expect "grep --event capture>=3: a chain of two, not three" 1 0
t grep -c --event 'capture=2 per game' chain.tgn
expect "grep --event capture=2 per game" 0 1
t grep -c -l d1 col.tgn
expect "grep -c -l: usage" 2 ""
t grep -c
expect "grep with no pattern: usage" 2 ""
t grep -c --tag
expect "grep --tag without its value: usage" 2 ""
t grep -c --frobnicate d1 col.tgn
expect "grep with an unknown option: usage" 2 ""
set +e
(cd "$tmp" && timeout 20 "$T" grep -c --event removal <"$tmp/ilegal1.tgn") >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
expect "grep on standard input" 0 1

# ===== 5. Patterns that backtrack without end, and bad patterns =====
python3 - "$tmp" <<'EOF'
import sys, random
d = sys.argv[1]
with open(d + "/big.tgn", "w") as f:  # a 100 KB comment of 'a', then '!'
    f.write('[Game "pitarra"]\n[Site "%s!"]\n{%s!}\n1. d1 *\n' % ("a" * 5000, "a" * 100000))
with open(d + "/big2.tgn", "w") as f:  # 100 KB with 19 'a' in it
    f.write('[Game "pitarra"]\n{%s}\n1. d1 *\n' % (("x" * 5000 + "a") * 19 + "x" * 5000))
rng = random.Random(3)
pts = ["a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4",
       "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"]
toks = []
for i in range(3000):
    r = rng.random()
    toks.append(rng.choice(pts) if r < 0.4 else rng.choice(pts) + "-" + rng.choice(pts)
                if r < 0.8 else rng.choice(pts) + "x" + rng.choice(pts) if r < 0.95 else "pass")
with open(d + "/long.tgn", "w") as f:  # 3000 turns
    f.write('[Game "pitarra"]\n\n' + " ".join(
        ("%d. " % (i // 2 + 1) if i % 2 == 0 else "") + t for i, t in enumerate(toks)) + " *\n")
EOF
t grep -c -e '^1\. ' long.tgn
expect "the 3000-turn record reads" 0 1
t fmt long.tgn
[ "$(grep -Ec '^[0-9]+\. ' "$tmp/out")" = 1500 ] && ok || bad "the record has 3000 turns" "$tmp/err"
deep=$(printf '(%.0s' $(seq 200))a$(printf ')%.0s' $(seq 200))
deeper=$(printf '(%.0s' $(seq 400))a$(printf ')%.0s' $(seq 400))
# each: an option, a pattern that must not select the game, the file
while IFS=$'\t' read -r opt pat file; do
	[ -n "$opt" ] || continue
	pat=${pat//DEEPER/$deeper}
	pat=${pat//DEEP/$deep}
	for i in "" -i; do
		t grep -c $i "$opt" "$pat" "$file"
		short="grep -c $i $opt '${pat:0:40}' $file"
		if [ $rc = 124 ]; then
			bad "$short: still running after 20 s"
		elif [ $rc -ge 128 ]; then
			bad "$short: killed by signal $((rc - 128))" "$tmp/err"
		elif [ $rc != 1 ] && [ $rc != 2 ]; then
			bad "$short: exit $rc, not 1 or 2" "$tmp/both"
		elif [ $rc = 2 ] && ! grep -Eq 'error: (bad pattern|the pattern of .* could not be matched|the search of this game took more than [0-9]+ steps)' "$tmp/err"; then
			bad "$short: exit 2 without saying why" "$tmp/both"
		else
			ok
		fi
	done
done <<'PATTERNS'
--comment	^(a|aa)+$	big.tgn
--comment	(a+)+b	big.tgn
--comment	(*NO_START_OPT)(a+)+b	big.tgn
--comment	(a+)+\W\W	big.tgn
--comment	(a|a?)+$	big.tgn
--comment	(a*)*$	big.tgn
--comment	((a*)*)*b	big.tgn
--comment	(?:(?:(?:(?:(?:a*)*)*)*)*)*!!	big.tgn
--comment	(?:a|b|ab)*c	big.tgn
--comment	(\w+\s?)*$	big.tgn
--comment	(.*a){20}	big2.tgn
--comment	(.*a){20}$	big2.tgn
--comment	(*NO_JIT)(.*a){20}	big2.tgn
--comment	(*NO_JIT)^(a|aa)+$	big.tgn
--comment	(*NO_JIT)(a*)*$	big.tgn
--comment	(*NO_JIT)(*NO_START_OPT)(a+)+b	big.tgn
--comment	(*LIMIT_MATCH=4000000000)^(a|aa)+$	big.tgn
--comment	(a+)\1+b	big.tgn
--comment	(a(?1)?)!!	big.tgn
--comment	(*NO_JIT)(a(?1)?)!!	big.tgn
--comment	(?=(a+))*+!!	big.tgn
--comment	DEEP!!	big.tgn
--comment	DEEPER	big.tgn
--comment	a{65535}b	big.tgn
--comment	a{65536}	big.tgn
--comment	(a{65535}){65535}	big.tgn
--comment	(?:a{1,65535}){1,65535}b	big.tgn
--comment	(?:.{0,65535}){0,65535}!!	big.tgn
--comment	\X*\X*\X*!!	big.tgn
--comment	(?i)(\p{L}|\p{N}|\s)*!!	big.tgn
--tag	Site~^(a|aa)+$	big.tgn
--tag	Site~(a*)*b	big.tgn
--tag	Site~(.*a){20}$	big.tgn
-e	^(\S+\s?)*\.$	long.tgn
-e	(*NO_START_OPT)^(\S+\s?)*\.$	long.tgn
-e	(\S+\s?)+-x	long.tgn
-e	((\S*)\s*)*\*\*	long.tgn
-e	(?:\d+\.|\S+|\s+)*\.\.\.	long.tgn
-e	^(\d+\.\s\S+\s?\S*\s?)*$	long.tgn
-e	(?:[a-g]\d(?:-|x)?)+\s+(?:[a-g]\d(?:-|x)?)+\s+=	long.tgn
-e	(.*-){3000}	long.tgn
-e	(*NO_JIT)(.*-){3000}	long.tgn
-e	(\d+\.(\s\S+)+)+#	long.tgn
-e	(*NO_JIT)(\d+\.(\s\S+)+)+!	long.tgn
-e	^(?:(?:\S+\s)+|\d+\.)+!	long.tgn
-e	(x+x+)+y	long.tgn
-e	DEEP!	long.tgn
PATTERNS
# a match over a limit is reported at its game, and the search goes on
{ cat "$tmp/big.tgn"; echo; cat "$tmp/base.tgn"; } >"$tmp/big3.tgn"
t grep -c --comment '^(a|aa)+$|buena' big3.tgn
expect "grep: a match over a limit, then a game that matches" 2 1
has "grep: a match over a limit is reported at its game" "$tmp/err" \
	'^big3\.tgn:1:1: error: (the search of this game took more than 10000000 steps, in --comment .*|the pattern of --comment could not be matched against this game: .*); it is not selected'
t grep -c -v --comment '^(a|aa)+$' big.tgn
expect "grep -v: a game over a limit is not selected either" 2 0

# Bad patterns: exit 2, "bad pattern", the argument and a caret under
# the offset PCRE2 gives, nothing read (the file does not exist)
while IFS=$'\t' read -r opt pat; do
	[ -n "$opt" ] || continue
	pat=$(printf '%b' "$pat")
	t grep -c "$opt" "$pat" nonexistent.tgn
	short="grep $opt '$pat'"
	if [ $rc != 2 ]; then
		bad "$short: exit $rc, not 2" "$tmp/both"
		continue
	fi
	ok
	if [ -s "$tmp/out" ] || grep -q nonexistent "$tmp/err"; then
		bad "$short: something was read or written" "$tmp/both"
	else
		ok
	fi
	if python3 - "$tmp/err" "$opt" "$pat" <<'EOF'; then ok; else bad "$short: the message and its caret" "$tmp/err"; fi
import re, sys
err = open(sys.argv[1], "rb").read().decode("utf-8", "replace").split("\n")
opt, pat = sys.argv[2], sys.argv[3].encode("utf-8", "surrogateescape")
m = re.match(r"^tablero grep: (--\w+|PATTERN):1:(\d+): error: bad pattern: .+ \(at offset (\d+)\)$",
             err[0])
if not m:
    sys.exit("no 'bad pattern' line: %r" % err[0])
col, off = int(m.group(2)), int(m.group(3))
skip = pat.index(b"~") + 1 if opt == "--tag" else 0
chars = sum(1 for b in pat[:skip + off] if b & 0xC0 != 0x80)
if col != chars + 1:
    sys.exit("column %d, but the offset %d is character %d" % (col, off, chars + 1))
if len(err) < 3 or err[2] != " " * (col - 1) + "^":
    sys.exit("no caret under column %d: %r" % (col, err[2:3]))
EOF
done <<'PATTERNS'
-e	(
-e	[a
-e	\\
-e	(?<n
-e	a)
-e	a{2,1}
-e	(?P<n>a)(?P<n>b)
-e	\\k<missing>
-e	\xff
-e	é\xc3(
-e	a\xc3\xa9\xe2(
--comment	añadió(
--moves	*a
--tag	Site~Quer(
--tag	Site~\xff
PATTERNS
for arg in '~x' '=x' '' 'Site' 'Si te~x' 'Site:x' 'Señal~x'; do
	t grep -c --tag "$arg" nonexistent.tgn
	expect "grep --tag '$arg': usage" 2 ""
	has "grep --tag '$arg': says why" "$tmp/err" '--tag takes NAME~PATTERN or NAME=VALUE'
done
t grep -c "$(printf 'a\xff')" nonexistent.tgn
expect "grep with a positional pattern that is not UTF-8" 2 ""
has "grep, not UTF-8: bad pattern" "$tmp/err" 'bad pattern: .*UTF-8'

# A pattern that fails slowly at every starting point, over a 1 MB
# comment: PCRE2 counts its match limit afresh at each starting point
# (this took 17 s). The budget of the game's search is reported, well
# within the timeout.
python3 - "$tmp/huge.tgn" <<'EOF2'
import random, sys
text = list("x" * 1000000)
for i in random.Random(1).sample(range(len(text)), 19):
    text[i] = "a"
with open(sys.argv[1], "w") as f:
    f.write('[Game "pitarra"]\n{%s}\n1. d1 *\n' % "".join(text))
EOF2
t grep -c --comment '(.*a){20}' huge.tgn
expect "grep, a slow pattern over a 1 MB comment: the budget, not minutes" 2 "0"
has "grep, a slow pattern over 1 MB: says the budget" "$tmp/err" 'took more than 10000000 steps'

# ===== the budget of a game's search (spec/compare.md §4.1) =====
# The cases of issue 14, each minutes long once: a 400-byte tag, a
# 300-byte comment, a 16 KB tag; and scans the match limit never saw
# (a counted repeat or a backreference that fails at every start).
python3 - "$tmp" <<'EOF2'
import sys
d = sys.argv[1]
def rec(name, tags="", comment=""):
    with open("%s/%s" % (d, name), "w") as f:
        f.write('[Game "pitarra"]\n%s%s1. d1 *\n' % (tags, "{%s}\n" % comment if comment else ""))
rec("tag400.tgn", tags='[Notes "%s"]\n' % ("a" * 400))
rec("com300.tgn", comment="a" * 300)
rec("tag16k.tgn", tags='[Notes "%s"]\n' % ("a" * 16000))
rec("runs.tgn", comment=("a" * 60000 + "b") * 20)
rec("t60.tgn", tags='[Notes "%s"]\n' % ("a" * 60), comment="a" * 60)
EOF2
while IFS=$'\t' read -r opt pat file; do
	t grep -c "$opt" "$pat" "$file"
	expect "grep $opt '$pat' $file: the budget" 2 "0"
	has "grep $opt '$pat' $file: says so, with the pattern and the option to raise it" \
		"$tmp/err" "^$file:1:1: error: the search of this game took more than 10000000 steps, in $opt '.*'; it is not selected \(--max-steps raises the limit\)$"
done <<'PATTERNS'
--tag	Notes~(?:a|a){1,22}(?:$|x)	tag400.tgn
--comment	(?:a|a){1,18}(?:$|x)	com300.tgn
--tag	Notes~(?:a|a){1,22}(?:$|x)	tag16k.tgn
--comment	a{60001}	runs.tgn
--comment	(?=a{60001})	runs.tgn
--comment	(a+)\1c	runs.tgn
--comment	a*[cd]	runs.tgn
PATTERNS
# PCRE2's own limits bound memory, and are reported as theirs.
t grep -c --comment '(a)*x!' big.tgn
expect "grep: the JIT stack" 2 "0"
has "grep: the JIT stack is PCRE2's limit" "$tmp/err" 'could not be matched against this game: JIT stack limit reached'
t grep -c --comment '(*NO_JIT)(a)*x!' big.tgn
expect "grep: the depth limit" 2 "0"
has "grep: the depth limit is PCRE2's" "$tmp/err" 'could not be matched against this game: matching depth limit exceeded'
# --max-steps: a pattern the default budget stops finds its game with
# more, and one it allows is stopped with less.
pat='Notes~(?:a|a){1,15}(?:$|x)'
t grep -c --tag "$pat" t60.tgn
expect "--tag over 60 bytes: over the default budget" 2 "0"
t grep -c --max-steps 100000000 --tag "$pat" t60.tgn
expect "--max-steps 100000000: the game is found" 0 "1"
t grep -c --max-steps 1000 -e d1 t60.tgn
expect "--max-steps 1000: a plain pattern still fits" 0 "1"
t grep -c --max-steps 10 --tag 'Notes~(?:a|a){1,4}$' t60.tgn
expect "--max-steps 10: stopped" 2 "0"
has "--max-steps 10: says the budget" "$tmp/err" 'took more than 10 steps'
for bad in 0 -1 x 1e6 1000000000001 99999999999999999999; do
	t grep -c --max-steps "$bad" -e d1 t60.tgn
	expect "--max-steps $bad: refused" 2 ""
	has "--max-steps $bad: says why" "$tmp/err" "^tablero grep: --max-steps takes a number of steps from 1 to 1000000000000, not '$bad'$"
done
# The least budget that finds a game: the same under the JIT and the
# interpreter (the count is PCRE2's callouts, not the machine's), and
# a game's budget is shared by its selectors (a tag and a comment of
# the same text cost twice what one does).
least() { # least budget with which grep -c ARGS... prints 1
	local lo=0 hi=100000000 mid
	while [ $((hi - lo)) -gt 1 ]; do
		mid=$(((lo + hi) / 2))
		if [ "$(cd "$tmp" && "$T" grep -c --max-steps "$mid" "$@" 2>/dev/null)" = 1 ]; then
			hi=$mid
		else
			lo=$mid
		fi
	done
	echo "$hi"
}
pat='(?:a|a){1,12}(?:$|x)'
jit=$(least --comment "$pat" t60.tgn)
interp=$(least --comment "(*NO_JIT)$pat" t60.tgn)
[ "$jit" = "$interp" ] && ok || bad "the budget a game needs: JIT $jit, interpreter $interp"
tag=$(least --tag "Notes~$pat" t60.tgn)
both=$(least --tag "Notes~$pat" --comment "$pat" t60.tgn)
[ "$tag" = "$jit" ] && [ "$both" = $((tag + jit)) ] && ok ||
	bad "one budget per game: tag $tag, comment $jit, both $both (not their sum)"

# ===== the review's cases (each was wrong once) =====
# A record with more than 100 warnings (a missing turn, then every
# number 1., each off the count by another amount) is compared and
# searched: TB110 is not one of its errors.
"$T" random --game ocencahuac --rules 'limit=none; crown=all_three' --turns 600 --seed 2 \
	>"$tmp/w-a.tgn"
awk 'NR==12{sub(/^[0-9]+\. [^ ]+ /, substr($0,1,index($0,".")) " ")}
     NR>12{sub(/^[0-9]+\. /, "1. ")} {print}' "$tmp/w-a.tgn" >"$tmp/w-b.tgn"
t parse w-b.tgn
has "the record has more than 100 warnings" "$tmp/err" 'TB110'
t diff --moves-only w-a.tgn w-b.tgn
expect "diff of a record with 100+ warnings: compared" 1
has "diff of a record with 100+ warnings: one turn deleted" "$tmp/out" '^-'
t grep -c -e . w-b.tgn
expect "grep of a record with 100+ warnings: searched" 0 "1"
# Empty inputs (qsort of nothing was undefined behaviour).
: >"$tmp/empty.tgn"
t diff --duplicates empty.tgn
expect "duplicates of an empty file" 0 ""
t diff --pair-by Site empty.tgn empty.tgn
expect "pair-by of two empty files" 0 ""
# Asalto: a [Position] restating the usual start is that start.
printf '[Game "asalto"]\n\n1. e4-e5 *\n' >"$tmp/as1.tgn"
printf '[Game "asalto"]\n[Position "A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:?,?"]\n\n1. e4-e5 *\n' >"$tmp/as2.tgn"
t diff --duplicates as1.tgn as2.tgn
expect "Asalto: the usual start restated is the same game" 1
hasnt "Asalto: a restated start is not a turned copy" "$tmp/out" 'turned'
# Fragments of unknown turns are nobody's duplicates.
printf '[Game "pitarra"]\n1. ? ? 2. ? *\n\n[Game "pitarra"]\n1. ? ? 2. ? ? 3. d1 *\n\n[Game "pitarra"]\n<gap> *\n\n[Game "pitarra"]\n<gap> *\n' >"$tmp/unk.tgn"
t diff --duplicates unk.tgn
expect "unknown turns and gaps only: no duplicates" 0 ""
# A gap that differs: the divergence is after the turns before it.
printf '[Game "pitarra"]\n\n1. d1 d7 2. a1 g7 *\n' >"$tmp/g1.tgn"
printf '[Game "pitarra"]\n\n1. d1 d7 <gap> 2. a1 g7 *\n' >"$tmp/g3.tgn"
t diff g1.tgn g3.tgn
has "a gap: first divergence after ply 2" "$tmp/out" '^@@ first divergence: after ply 2, '
# Tag values escaped as TGN writes them.
printf '[Game "pitarra"]\n[Site "La \\"Griega\\" \\\\ x"]\n1. d1 *\n' >"$tmp/esc.tgn"
t diff --tags-only esc.tgn g1.tgn
has "tag values escaped" "$tmp/out" '^-\[Site "La \\"Griega\\" \\\\ x"\]$'
# A start that differs shows under --moves-only.
printf '[Game "pitarra"]\n[Position "Y 1 R: Y: hand=12,12"]\n\n1... d1 2. d7 *\n' >"$tmp/sd3.tgn"
printf '[Game "pitarra"]\n\n1. d1 d7 *\n' >"$tmp/sd1.tgn"
t diff --moves-only sd1.tgn sd3.tgn
expect "a different start: different" 1
has "a different start: @@ start @@" "$tmp/out" '^@@ start @@$'
t diff --xml --moves-only sd1.tgn sd3.tgn
if xmllint --noout --relaxng "$schema" "$tmp/out" 2>/dev/null; then ok; else bad "start as XML: valid" "$tmp/both"; fi
# A filled '?' is shown as written, with its meaning, reconstructed.
printf '[Game "ocencahuac"]\n[Position "S 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gd2 C:Md3,Gc7,Gd7,Ge7,Pc8,Ee8"]\n12. d2^d4>? c7-c6 *\n' >"$tmp/q1.tgn"
printf '[Game "ocencahuac"]\n[Position "S 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gd2 C:Md3,Gc7,Gd7,Ge7,Pc8,Ee8"]\n12. d2^d4>? c7-c5 *\n' >"$tmp/q2.tgn"
t diff --moves-only q1.tgn q2.tgn
has "a filled '?': written, then its meaning" "$tmp/out" '12\. d2\^d4>\? \(reconstructed d2\^d4>d6\)'
t diff --xml --moves-only q1.tgn q2.tgn
if xmllint --noout --relaxng "$schema" "$tmp/out" 2>/dev/null; then ok; else bad "means as XML: valid" "$tmp/both"; fi
# --pair-by with a tag no game has says so; bad specs are refused.
t diff --pair-by site g1.tgn g1.tgn
has "pair-by a tag nobody has: a warning" "$tmp/err" 'no game has a \[site\] tag'
for spec in ',' 'Site,' ',Site' "$(printf 'x%.0s' $(seq 70))"; do
	t diff --pair-by "$spec" g1.tgn g1.tgn
	expect "pair-by '$spec' refused" 2 ""
done
t diff --pair-by
expect "pair-by without a value" 2 ""
has "pair-by without a value: says so" "$tmp/err" 'needs'
# --duplicates takes no comparison options; stdin once only.
t diff --duplicates --moves-only g1.tgn
expect "duplicates with --moves-only refused" 2 ""
t diff --duplicates - -
expect "duplicates reading stdin twice refused" 2 ""
# XML names the sources even when one cannot be read.
t diff --xml nonexistent.tgn g1.tgn
expect "XML with a missing file: trouble" 2
if xmllint --noout --relaxng "$schema" "$tmp/out" 2>/dev/null; then ok; else bad "XML with a missing file: still valid" "$tmp/both"; fi
# The budget is a game's: 2,000 comments share it.
python3 -c "print('[Game \"pitarra\"]\n1. d1 '+' '.join(['{'+'a'*32+'!}']*2000)+' *')" >"$tmp/many.tgn"
t grep -c --comment '^(a|aa)+$' many.tgn
expect "2,000 comments share one budget" 2 "0"
has "2,000 comments: the budget is reported" "$tmp/err" 'took more than 10000000 steps'
t grep -c --comment 'a!' many.tgn
expect "2,000 comments: a plain pattern still matches" 0 "1"
t grep -c --event 'capture>=17' many.tgn
expect "an event at least 17 times: refused" 2 ""

echo "compare: $pass passed, $fail failed"
[ $fail = 0 ]
