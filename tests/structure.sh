#!/usr/bin/env bash
# Structure slips (issue 33; spec/tgn.md §3, §5.4, §8.3): a comment, a
# variation or a reading left open in a record is reported at its
# opening, says where it runs to, and the records after it are read as
# if alone. For each slip, a file of three records -- the slip in the
# first, on line 2 -- must give
#   - three records (parse --summary);
#   - the slip's error, at its opening on line 2, and no other
#     diagnostic of the first record but those the slip's record has;
#   - for the other two records the very diagnostics and canonical form
#     that the same file gives with the first record's lines blank
#     (validate, fmt): their own games, their own problems;
#   - the same output with -j 2, in parts of a few bytes or of many
#     (cli/parts.c cuts a file where the reader would), and from
#     standard input.
# Then the same rule where it must not cut: a comment that quotes a tag
# line with no blank line before it reads on.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
TABLERO=$(cd "$(dirname "$TABLERO")" && pwd)/$(basename "$TABLERO")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
mkdir "$tmp/slip" "$tmp/alone"

# The two records after the slip: an Asalto record with an illegal turn
# (validate's TB401) and an Ocencahuac one with a turn it cannot read.
rest='[Game "asalto"]
1. c3-c4 c3-c4 *

[Game "ocencahuac"]
1. zz *
'

# slip NAME LINE2 MESSAGE: the first record is [Game "pitarra"], LINE2
# and a blank line; MESSAGE is the error expected on line 2 (a
# "file:2:col: error: ..." line, without the file's name).
slip() {
	local name=$1 line2=$2 want=$3 ok=1
	printf '[Game "pitarra"]\n%s\n\n%s' "$line2" "$rest" >"$tmp/slip/f.tgn"
	printf '\n\n\n%s' "$rest" >"$tmp/alone/f.tgn"
	local n
	n=$(cd "$tmp/slip" && "$TABLERO" parse --summary f.tgn 2>/dev/null || true)
	case $n in "f.tgn: 3 records,"*) ;; *) ok=0; echo "  not three records: $n" ;; esac
	local cmd
	for cmd in validate fmt; do
		set +e
		(cd "$tmp/slip" && "$TABLERO" "$cmd" f.tgn) >"$tmp/out" 2>"$tmp/err"
		(cd "$tmp/alone" && "$TABLERO" "$cmd" f.tgn) >"$tmp/out.alone" 2>"$tmp/err.alone"
		set -e
		cmp -s "$tmp/out" "$tmp/out.alone" ||
			{ ok=0; echo "  $cmd: the other records' output is not theirs alone"; }
		# the slip's record's diagnostics first, then exactly the others'
		local head=$(($(wc -c <"$tmp/err") - $(wc -c <"$tmp/err.alone")))
		if [ "$head" -lt 0 ] || ! cmp -s <(tail -c "+$((head + 1))" "$tmp/err") "$tmp/err.alone"; then
			ok=0; echo "  $cmd: the other records' diagnostics are not theirs alone"
		fi
		head -c "$head" "$tmp/err" >"$tmp/first"
		grep -qxF "f.tgn:$want" "$tmp/first" ||
			{ ok=0; echo "  $cmd: no 'f.tgn:$want' in:"; sed 's/^/    /' "$tmp/first"; echo; }
		if grep '^f\.tgn:' "$tmp/first" | grep -v '^f\.tgn:2:' | grep -q .; then
			ok=0; echo "  $cmd: the first record's diagnostics are not all on line 2:"
			sed 's/^/    /' "$tmp/first"; echo
		fi
		# -j 2 in parts, and standard input, as -j 1
		local j
		for j in 1 7 40 100000; do
			set +e
			(cd "$tmp/slip" && TABLERO_PART_SIZE=$j "$TABLERO" "$cmd" -j 2 f.tgn) \
				>"$tmp/out.j" 2>"$tmp/err.j"
			set -e
			cmp -s "$tmp/out" "$tmp/out.j" && cmp -s "$tmp/err" "$tmp/err.j" ||
				{ ok=0; echo "  $cmd -j 2 in parts of $j bytes is not -j 1"; }
		done
		set +e
		(cd "$tmp/slip" && "$TABLERO" "$cmd" -j 2 - <f.tgn) >"$tmp/out.in" 2>"$tmp/err.in"
		set -e
		cmp -s "$tmp/out" "$tmp/out.in" && cmp -s <(sed 's/^<stdin>:/f.tgn:/; s/^-:/f.tgn:/' \
			"$tmp/err.in") "$tmp/err" ||
			{ ok=0; echo "  $cmd from standard input is not the file's"; }
	done
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: structure $name"
	fi
}

said="this comment is never closed with '}': it runs into the next record at line 4 [TB104]"
slip "comment" '1. d1 {la cinta se corta a1 2. g1 b2 *' "2:7: error: $said"
slip "comment after the result" '1. d1 a1 * {fin' "2:12: error: $said"
slip "comment in a variation" '1. d1 a1 (1... g1 {otra 2. a4) *' "2:19: error: $said"
slip "comment in a reading" '1. d1 <a1 {uno | a7> *' "2:11: error: $said"
slip "comment in the tags" '[Site "Los Navajos"] {falta' "2:22: error: $said"
slip "variation" '1. d1 a1 (1... g1 2. a4' \
	"2:10: error: this variation is never closed with ')': it runs into the next record at line 4 [TB306]"
slip "variations nested" '1. d1 a1 (1... g1 (1... a7 2. a4' \
	"2:10: error: this variation is never closed with ')', nor is the one inside it: it runs into the next record at line 4 [TB306]"
slip "reading" '1. d1 <a1 | a7' \
	"2:7: error: this reading is never closed with '>': it runs into the next record at line 4 [TB312]"
slip "reading after a bar" '1. d1 <a1 |' \
	"2:7: error: this reading is never closed with '>': it runs into the next record at line 4 [TB312]"
slip "gap" '1. d1 <gap 2' \
	"2:7: error: this gap is never closed with '>': it runs into the next record at line 4 [TB312]"
slip "position" '1. d1 <position' \
	"2:7: error: this position is never closed with '>': it runs into the next record at line 4 [TB312]"

# Where it must not cut: a tag line with no blank line before it, or
# one indented, is a comment's text; the comment reads on to its '}'.
for text in '{el cuaderno anota:\n[Site "Los Navajos"] y sigue}' \
	'{el cuaderno anota:\n\n  [Site "Los Navajos"] y sigue}' \
	'{el cuaderno anota:\n\n[sic] y sigue}'; do
	printf "[Game \"pitarra\"]\n1. d1 $text a1 *\n\n%s" "$rest" >"$tmp/slip/f.tgn"
	n=$(cd "$tmp/slip" && "$TABLERO" parse --summary f.tgn 2>/dev/null || true)
	if [ "$n" = "f.tgn: 3 records, 1 error, 0 warnings" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: structure: a comment that quotes a tag line is cut: $n"
	fi
done

echo "structure: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
