#!/usr/bin/env bash
# -j N against -j 1: every command that spreads a collection over the
# machine's cores (parse, validate, fmt, xml, grep, diff --duplicates),
# and fill, which spreads a long search's layers
# must write the same standard output and standard error, byte for
# byte and in the input's order, and exit with the same status, with
# -j 2 and -j 4 as with -j 1 -- on the samples, on random collections,
# on a collection with errors and warnings in many records, and on
# hostile input (a megabyte line, deep nesting, a long chain, bytes
# that are not UTF-8, a record cut short). Run under ThreadSanitizer
# by make check-tsan, which looks for races there, not for outputs that
# differ (make check has compared every run of this file): so it sets
#   TABLERO_REF  a build without the sanitizers (make check's), which
#                makes the collections and the -j 1 runs every other
#                run is compared with (ThreadSanitizer has no race to
#                find in one thread), and
#   JOBS_RUNS    the runs beside -j 1: "4 p97", -j 4 and parts of 97
#                bytes with -j 2 -- the threads of a run with several
#                records a part, and a hand-off at every record (each
#                race ThreadSanitizer can see in -j 2, parts of 1 byte or
#                of 3000 is in code these two run); by default all five,
#                "2 4 p1 p97 p3000" (pN: parts of N bytes, -j 2).
set -euo pipefail
shopt -s extglob
: "${TABLERO:?set TABLERO}"
TABLERO=$(cd "$(dirname "$TABLERO")" && pwd)/$(basename "$TABLERO")
ref=${TABLERO_REF:-$TABLERO}
ref=$(cd "$(dirname "$ref")" && pwd)/$(basename "$ref")
jobs_runs=${JOBS_RUNS:-2 4 p1 p97 p3000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# ---- the collections ----
samples=("$root"/samples/*.tgn)
"$ref" random --seed 5 -n 150 >"$tmp/random-pitarra.tgn"
"$ref" random --game asalto --seed 6 -n 120 >"$tmp/random-asalto.tgn"
"$ref" random --game ocencahuac --seed 7 -n 60 >"$tmp/random-ocencahuac.tgn"
"$ref" random --rules "board=25; movement=fly" --seed 8 -n 60 >"$tmp/random-pitarra25.tgn"
# and every other game built in (its folder, lib/games/<name>/)
for d in "$root"/lib/games/*/; do
	g=$(basename "$d")
	[ -f "$d/game.c" ] && [ ! -f "$tmp/random-$g.tgn" ] &&
		"$ref" random --game "$g" --seed 9 -n 60 >"$tmp/random-$g.tgn"
done
randoms=("$tmp"/random-*.tgn)
# Errors and warnings in many records: the golden tests' inputs, each
# between random games, and games changed at random.
: >"$tmp/errors.tgn"
n=0
for f in "$here"/golden/*/*.tgn "$root"/samples/*.tgn; do
	cat "$f" >>"$tmp/errors.tgn"
	printf '\n' >>"$tmp/errors.tgn"
	"$ref" random --game "$(sed -n '1,20s/^\[Game "\([a-z]*\)"\].*/\1/p' "$f" | head -1 |
		grep . || echo pitarra)" --seed $((n += 1)) -n 2 >>"$tmp/errors.tgn"
	printf '\n' >>"$tmp/errors.tgn"
done
# a turn changed in every third random game: illegal turns, gaps filled
awk 'BEGIN { srand(3) } /^[0-9]+\./ && ++k % 3 == 0 { sub(/ [a-g][1-7]/, " ?") }
     /^[0-9]+\./ && k % 7 == 0 { sub(/ [a-g][1-7]/, " z9") } { print }' \
	"$tmp/random-pitarra.tgn" "$tmp/random-asalto.tgn" >"$tmp/changed.tgn"
# Hostile: a megabyte line, deep nesting, a long chain, bytes that are
# not UTF-8, a NUL, a record of many problems, one cut short.
{
	printf '[Game "pitarra"]\n[Site "'; head -c 1048576 /dev/zero | tr '\0' 'x'; printf '"]\n1. d1 a1 *\n\n'
	printf '[Game "pitarra"]\n1. d1 '; for _ in $(seq 300); do printf '(1... a1 '; done
	for _ in $(seq 300); do printf ')'; done; printf ' *\n\n'
	printf '[Game "asalto"]\n1. c1-c2'; for _ in $(seq 2000); do printf 'xc3xc5'; done; printf ' *\n\n'
	printf '[Game "pitarra"]\n[Site "\xff\xfe caf\xc3 \x00"]\n1. d1 \x80 a1 *\n\n'
	printf '[Game "pitarra"]\n1.'; for _ in $(seq 400); do printf ' q9 @@'; done; printf ' *\n\n'
	head -40 "$tmp/random-pitarra.tgn"
	printf '\n[Game "pitarra"]\n{never closed 1. d1 a1\n'
} >"$tmp/hostile.tgn"

# Parts (parse, validate, fmt, xml, grep but -l, and diff --duplicates
# read a regular file in parts, one per thread: cli/parts.c) cut where a
# record's end may not be clean: a
# comment open across lines that start with '[', records of tags and no
# moves, records with no result, a variation or an angle open at a cut,
# a record refused, line ends of every kind, a BOM at the start.
{
	printf '\xef\xbb\xbf[Game "pitarra"]\n[Site "x"]\n\n1. d1 a1 *\n\n'
	printf '[Game "pitarra"]\n\n1. d1 {open\n\n[Game "pitarra"]\n\n[Site "y"]\n} a1 *\n\n'
	printf '[Game "pitarra"]\n[Site "tags only"]\n\n[Game "asalto"]\n[Site "z"]\n\n'
	printf '[Game "pitarra"]\n\n1. d1 a1\n\n[Game "pitarra"]\n\n1. d1 (1... a1\n\n'
	printf '[Game "pitarra"]\n\n1. d1 <a1 |\n\n[Game "pitarra"]\r\n\r\n1. d1 a1 *\r\n\r\n'
	printf '[Game "pitarra"]\r\r1. d1 a1 *\r\r[Game "asalto"]\n1. c1-c2 *\n\n'
	printf '[Game "nogame"]\n\n1. d1 a1 *\n\n[Game "pitarra"]\n\n1. d1 a1 1-0 junk\n{x}\n\n'
	printf '[Game "pitarra"]\n\n1. d1 a1 * [Game "pitarra"] 1. d2 *\n\n[Game "pitarra"]\n1. d1 "str\n\n'
	head -60 "$tmp/random-asalto.tgn"
	printf '\n[Game "pitarra"]\n1. d1 a1 *\n[Game "pitarra"]\n1. d1 a1\n'
} >"$tmp/cuts.tgn"

# Files that are not TGN text (spec/tgn.md §2.1): told by their first
# 512 bytes, which the first part must hold whatever the part size --
# here a clean record comes first, then binary bytes within those 512
# (a first part of that record alone would read it, and go on); UTF-16,
# gzip, and Latin-1 text, whose bad bytes are counted a record; text
# padded with NUL bytes.
{
	printf '[Game "pitarra"]\n1. d1 a1 *\n\n[Game "pitarra"]\n{'
	for _ in $(seq 40); do printf '\x01\x02\x03\x04 '; done; printf '}\n\n'
	head -30 "$tmp/random-pitarra.tgn"
} >"$tmp/binary-late.tgn"
head -400 "$tmp/random-pitarra.tgn" | iconv -f UTF-8 -t UTF-16 >"$tmp/utf16.tgn"
head -400 "$tmp/random-pitarra.tgn" | gzip -c >"$tmp/gzip.tgn"
for k in $(seq 60); do
	printf '[Game "pitarra"]\n[Site "Le\xf3n %d"]\n{Jes\xfas \x93tercia\x94}\n' "$k"
	sed -n "$((k * 5)),$((k * 5 + 3))p" "$tmp/random-pitarra.tgn" | grep '^[0-9]' || true
	printf '*\n\n'
done >"$tmp/latin1.tgn"
{ head -60 "$tmp/random-pitarra.tgn"; head -c 5000 /dev/zero; } >"$tmp/padded.tgn"

# The output's rate changing at once: clean records (large parts), then
# records of a hundred diagnostics each (a part then prints more than
# parts.c lets it buffer, stops, and is read alone).
{
	"$ref" random --seed 9 -n 1200
	for _ in $(seq 300); do
		printf '\n[Game "pitarra"]\n\n1.'; for _ in $(seq 100); do printf ' q9'; done; printf ' *\n'
	done
	"$ref" random --seed 10 -n 300
} >"$tmp/rate.tgn"

# ---- the comparison ----
# same NAME CMD...: CMD with -j 1, then with each -j of $jobs_runs (the
# -j goes first, after the command's name); parse, validate, fmt, xml,
# grep and diff --duplicates also in parts of a few bytes
# (TABLERO_PART_SIZE), so that every record is cut somewhere.
same() {
	local name=$1 cmd=$2
	shift 2
	local j ok=1 runs=
	set +e
	"$ref" "$cmd" -j 1 "$@" >"$tmp/out.1" 2>"$tmp/err.1" </dev/null
	echo $? >"$tmp/status.1"
	set -e
	for j in $jobs_runs; do
		set +e
		if [[ $j != p* ]]; then
			"$TABLERO" "$cmd" -j $j "$@" >"$tmp/out.$j" 2>"$tmp/err.$j" </dev/null
		elif [[ $cmd = @(parse|validate|fmt|xml|diff|grep) ]]; then
			TABLERO_PART_SIZE=${j#p} "$TABLERO" "$cmd" -j 2 "$@" >"$tmp/out.$j" 2>"$tmp/err.$j" </dev/null
		else
			set -e
			continue
		fi
		echo $? >"$tmp/status.$j"
		set -e
		runs="$runs $j"
	done
	for j in $runs; do
		cmp -s "$tmp/out.1" "$tmp/out.$j" || { ok=0; echo "  stdout differs with -j $j"; }
		cmp -s "$tmp/err.1" "$tmp/err.$j" || { ok=0; echo "  stderr differs with -j $j"; }
		cmp -s "$tmp/status.1" "$tmp/status.$j" ||
			{ ok=0; echo "  status $(cat "$tmp/status.$j") with -j $j, $(cat "$tmp/status.1") with -j 1"; }
	done
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: jobs $name: tablero $cmd -j N $* is not the same as with -j 1"
		diff <(head -c 2000 "$tmp/err.1") <(head -c 2000 "$tmp/err.4") | head -10 || true
	fi
}

for set in samples randoms errors changed hostile cuts encodings; do
	case $set in
	encodings) files=("$tmp/binary-late.tgn" "$tmp/utf16.tgn" "$tmp/gzip.tgn" "$tmp/latin1.tgn"
	                  "$tmp/padded.tgn" "${samples[0]}") ;;
	samples) files=("${samples[@]}") ;;
	randoms) files=("${randoms[@]}") ;;
	errors) files=("$tmp/errors.tgn") ;;
	changed) files=("$tmp/changed.tgn") ;;
	hostile) files=("$tmp/hostile.tgn" "$tmp/random-asalto.tgn") ;;
	cuts) files=("$tmp/cuts.tgn") ;;
	esac
	same "$set parse" parse --summary "${files[@]}"
	same "$set parse --strict" parse --strict "${files[@]}"
	same "$set validate" validate --summary "${files[@]}"
	same "$set validate --strict" validate --strict "${files[@]}"
	same "$set fmt" fmt "${files[@]}"
	same "$set xml" xml "${files[@]}"
	same "$set xml --positions --sourcepos" xml --positions --sourcepos "${files[@]}"
	same "$set grep" grep 'd[1-3]' "${files[@]}"
	same "$set grep -c --event" grep -c --event tercia "${files[@]}"
	same "$set grep -l" grep -l --tag 'Game=pitarra' "${files[@]}"
	same "$set grep -v --max-steps" grep -v --max-steps 200 '(a|b|1|2)*x' "${files[@]}"
	same "$set diff --duplicates" diff --duplicates "${files[@]}" "${files[@]}"
	same "$set diff --duplicates --xml" diff --duplicates --xml "${files[@]}" "${files[@]}"
done
same "samples validate --positions --board" validate --positions --board "${samples[@]}"
same "changed validate --positions" validate --positions "$tmp/changed.tgn"
same "errors validate --search-turns 2" validate --search-turns 2 --candidates 3 "$tmp/errors.tgn"
same "rate parse" parse --summary "$tmp/rate.tgn"
same "rate fmt" fmt "$tmp/rate.tgn"
same "stdin validate" validate - <"$tmp/errors.tgn"
same "missing file validate" validate "$tmp/errors.tgn" "$tmp/no-such-file.tgn" "${samples[0]}"

# standard input is looked at as a file's start is
for f in utf16 gzip binary-late latin1; do
	for j in 1 2; do
		"$TABLERO" parse -j $j - <"$tmp/$f.tgn" >"$tmp/stdin-out.$j" 2>&1 && echo 0 >>"$tmp/stdin-out.$j" ||
			echo $? >>"$tmp/stdin-out.$j"
	done
	if cmp -s "$tmp/stdin-out.1" "$tmp/stdin-out.2" && [ "$(grep -c ' error: ' "$tmp/stdin-out.1")" -ge 1 ] &&
	   { [ $f = latin1 ] || [ "$(grep -c ' error: ' "$tmp/stdin-out.1")" = 1 ]; }; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: jobs: parse - of $f.tgn: -j 2 is not -j 1, or not one error"
	fi
done

# fmt -i and xml -o: the files written are the same too
for j in 1 2 4; do
	mkdir -p "$tmp/in.$j"
	cp "${samples[@]}" "$tmp/random-asalto.tgn" "$tmp/in.$j/"
	cp "$here/golden/parse-errors/bad.tgn" "$tmp/in.$j/"
	set +e
	(cd "$tmp/in.$j" && "$TABLERO" fmt -i -j $j ./*.tgn >"$tmp/fmt-out.$j" 2>"$tmp/fmt-err.$j"
	 echo $? >>"$tmp/fmt-out.$j"
	 "$TABLERO" xml -j $j -o all.xml ./*.tgn 2>>"$tmp/fmt-err.$j"; echo $? >>"$tmp/fmt-out.$j"
	 "$TABLERO" xml -j $j -o good.xml "$(basename "${samples[0]}")"; echo $? >>"$tmp/fmt-out.$j")
	set -e
done
if diff -r "$tmp/in.1" "$tmp/in.2" >/dev/null && diff -r "$tmp/in.1" "$tmp/in.4" >/dev/null &&
   cmp -s "$tmp/fmt-out.1" "$tmp/fmt-out.4" && cmp -s "$tmp/fmt-err.1" "$tmp/fmt-err.4" &&
   [ -s "$tmp/in.4/good.xml" ]; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL: jobs: fmt -i and xml -o with -j 2 and -j 4 do not write what -j 1 writes"
fi

# In a log of both outputs (2>&1), a record's diagnostics come after the
# canonical form of the records before it, with any -j: the standard
# output (64 KiB buffered off a terminal) goes out before diagnostics do.
{
	"$ref" random --seed 11 -n 300
	printf '\n[Game "pitarra"]\n1. d1 z9 *\n\n'
	"$ref" random --seed 12 -n 3
} >"$tmp/late.tgn"
order_ok=1
for j in 1 2; do
	"$TABLERO" fmt -j $j "$tmp/late.tgn" >"$tmp/late.log" 2>&1 || true
	before=$(awk '/ error: / { print n; exit } /^\[Game / { n++ }' "$tmp/late.log")
	[ "$before" = 300 ] || { order_ok=0; echo "  fmt -j $j: $before records before the error"; }
done
if [ $order_ok = 1 ]; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL: jobs: fmt's diagnostics in a log of both outputs are not after the records before"
fi

# fill -j N makes a long search's layers in N threads (stretch_split.c;
# spec/reconstruct.md §3): what it writes and says is -j 1's -- a gap
# before written turns, one toward a restated position (searched from
# both ends), and one over its limit of positions
python3 "$root/bench/reconstruct.py" "$ref" "$tmp/recon" >/dev/null
same "fill gap 6" fill "$tmp/recon/pitarra-gap6.tgn" "$tmp/recon/asalto-gap8.tgn"
same "fill gap 8 to a position" fill "$tmp/recon/ocencahuac-gap8-pos.tgn"
same "fill over the limit" fill --search-positions 60000 "$tmp/recon/pitarra-gap6.tgn" \
	"$tmp/recon/ocencahuac-gap8.tgn"

# -j's own arguments
if "$TABLERO" validate -j 0 "${samples[0]}" >/dev/null 2>&1 &&
   "$TABLERO" validate -j3 "${samples[0]}" >/dev/null 2>&1 &&
   "$TABLERO" validate --jobs=2 "${samples[0]}" >/dev/null 2>&1 &&
   ! "$TABLERO" validate -j x "${samples[0]}" >/dev/null 2>&1 &&
   ! "$TABLERO" validate -j 999 "${samples[0]}" >/dev/null 2>&1 &&
   ! "$TABLERO" diff -j 2 "${samples[0]}" "${samples[1]}" >/dev/null 2>&1 &&
   ! "$TABLERO" validate "${samples[0]}" -j >/dev/null 2>&1; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL: jobs: -j 0, -j3, --jobs=2 are taken, -j x and -j 999 refused"
fi

echo "jobs: $pass passed, $fail failed"
[ "$fail" = 0 ]
