#!/usr/bin/env bash
# Diagrams (spec/svg.md), beyond the golden files: for every sample, its
# last position with a full caption in each language, every tenth turn
# in colour and in grayscale, and a sheet; for every game, its start as
# a bare position. Each document must be
#   - valid SVG 1.1: xmllint (libxml2) against the W3C DTD;
#   - rendered by rsvg-convert to PNG and to PDF with nothing on stderr;
#   - right in pixels (tests/svg_pixels.py): nothing outside the drawing,
#     an even margin, no mark over a piece or its letter, each piece in
#     its colour, no caption on the board; a sheet keeps its margins.
# tools/deps.sh installs rsvg-convert (librsvg2-bin), pdftoppm
# (poppler-utils), the DTD (w3c-sgml-lib), the fonts and python3.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
dtd=/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
renders() { # every file: valid, and rendered without a word from rsvg-convert
	local ok=1
	xmllint --noout --dtdvalid "$dtd" "$@" 2>"$tmp/err" || { ok=0; head -5 "$tmp/err"; }
	for svg in "$@"; do
		if ! rsvg-convert -w 400 "$svg" -o "$tmp/out.png" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
			ok=0
			echo "FAIL: rsvg-convert (PNG) on $svg said:"
			head -3 "$tmp/err"
		fi
	done
	if ! rsvg-convert -f pdf -o "$tmp/out.pdf" "$@" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
		ok=0
		echo "FAIL: rsvg-convert (PDF) said:"
		head -3 "$tmp/err"
	fi
	[ $ok = 1 ]
}
group() { # KIND FILE...: renders, then the pixel checks of svg_pixels.py
	local kind=$1
	shift
	if renders "$@" && python3 "$here/svg_pixels.py" --kind "$kind" "$@" >"$tmp/px"; then
		pass=$((pass + $#))
	else
		cat "$tmp/px" 2>/dev/null || true
		fail=$((fail + 1))
	fi
}
mkdir -p "$tmp/one" "$tmp/pages"
for f in "$here"/../samples/*.tgn; do
	name=$(basename "$f" .tgn)
	for lang in en es ar; do
		"$TABLERO" svg "$f" --lang $lang -o "$tmp/one/$name-$lang.svg" --tag Site --tag Date
	done
	# a sample with turns nobody knows has plies that cannot be drawn (exit 1)
	"$TABLERO" svg "$f" --every 16 -d "$tmp/one" 2>/dev/null || [ $? = 1 ]
	"$TABLERO" svg "$f" --every 16 --grayscale --no-coords --caption short -d "$tmp/one/gray-" \
		2>/dev/null || [ $? = 1 ]
	mkdir -p "$tmp/pages/$name"
	"$TABLERO" svg "$f" --every 6 --sheet a4 -d "$tmp/pages/$name" 2>/dev/null || [ $? = 1 ]
done
# a sheet of diagrams wider than the page allows: shrunk to fit it
mkdir -p "$tmp/pages/big"
"$TABLERO" svg "$here/../samples/ocencahuac-tepic-2011.tgn" --every 20 --size 200 --sheet letter \
	-d "$tmp/pages/big"
# every game built in (its folder, lib/games/<name>/): a bare position,
# at its start or one of its own below, and some boards under other rules
games=()
for d in "$here"/../lib/games/*/; do [ -f "$d/game.c" ] && games+=("$(basename "$d")"); done
for rules in "${games[@]}" "pitarra; board=25" "ocencahuac; river=6"; do
	case $rules in
	asalto*) pos="A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7" ;;
	pitarra*) pos="R 13 R:a1,d1,g1,b2 Y:a7,d7" ;;
	*) pos="" ;; # the start
	esac
	"$TABLERO" svg --rules "$rules" --position "$pos" -o "$tmp/one/bare-${rules%%;*}-$RANDOM.svg"
done
# one hop pushing back two pieces (Ocencahuac, spec/games/ocencahuac.md §4):
# an arc each, none on another (their control points apart)
# each game's diagram carries its own style rules and no other game's
# (tb_game.css): a random game's pieces, their classes in its sheet,
# none of the other games' pieces' classes there
for g in "${games[@]}"; do
	"$TABLERO" random --game "$g" --seed 4 --turns 12 >"$tmp/own-$g.tgn"
	"$TABLERO" svg "$tmp/own-$g.tgn" -o "$tmp/one/own-$g.svg"
	grep -o 'class="piece [^"]*"' "$tmp/one/own-$g.svg" | sed 's/class="piece \([^" ]*\).*/\1/' |
		sort -u >"$tmp/own-$g.classes"
done
for g in "${games[@]}"; do
	ok=1
	style=$(grep -o '<style[^>]*>[^<]*</style>' "$tmp/one/own-$g.svg")
	[ -s "$tmp/own-$g.classes" ] || { ok=0; echo "FAIL: $g's random game drew no piece"; }
	while read -r c; do
		[[ $style == *".piece.$c{"* ]] || { ok=0; echo "FAIL: $g's sheet has no rule for .piece.$c"; }
	done <"$tmp/own-$g.classes"
	for h in "${games[@]}"; do
		[ "$h" = "$g" ] && continue
		while read -r c; do
			grep -qx -- "$c" "$tmp/own-$g.classes" && continue # a class both games use
			[[ $style != *".piece.$c{"* ]] || { ok=0; echo "FAIL: $g's sheet styles $h's .piece.$c"; }
		done <"$tmp/own-$h.classes"
	done
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
printf '[Game "ocencahuac"]\n[Position "%s"]\n12. a4^d4>e4>c4 *\n' \
	"S 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Ga4 C:Pb4,Mc4,Gc7,Gd7,Ge7,Ee8" >"$tmp/two.tgn"
"$TABLERO" svg "$tmp/two.tgn" -o "$tmp/one/two-pushes.svg"
arcs=$(grep -o 'class="push" d="[^"]*"' "$tmp/one/two-pushes.svg" | grep -o 'Q[0-9.]*,[0-9.]*' | sort -u | wc -l)
if [ "$arcs" = 2 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL: a hop pushing back two pieces: $arcs distinct arcs, not 2"; fi
# a tercia's band in the colour of the side that made it: red's 4.
# f2xb6, yellow's 12... c5xd2 (the band was yellow's for both)
nav="$here/../samples/pitarra-navajos-1998.tgn"
for c in "4. red" "12... yellow"; do
	set -- $c
	"$TABLERO" svg --move "$1" "$nav" -o "$tmp/one/tercia-$2.svg"
	if [ "$(grep -o 'class="tercia[^"]*"' "$tmp/one/tercia-$2.svg")" = "class=\"tercia $2\"" ]; then
		pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the band of $2's tercia at $1"; fi
done
# author's marks (spec/tgn.md 8.7): the samples' marked turns in colour
# and grayscale among the documents checked above; a record with one
# arrow and one shade of each colour found in the pixels of both
# (tests/marks_pixels.py), and a label's '<' and '&' escaped
enc="$here/../samples/pitarra-encuentro-2019.tgn"
"$TABLERO" svg --move 13. "$enc" -o "$tmp/one/marks-enc-13.svg"
"$TABLERO" svg --move 19... --grayscale "$enc" -o "$tmp/one/marks-enc-19-gray.svg"
"$TABLERO" svg --move 20. "$here/../samples/asalto-tetuan-1986.tgn" -o "$tmp/one/marks-tetuan-20.svg"
printf '[Game "pitarra"]\n1. d1 {[%%cal Ra7g7,Gb6f6,Yb2f2,Bc5e5] [%%cfl Ra4,Gg4,Yc3,Be3] [%%csl Rd3] [%%clb Bg1:<&]} *\n' \
	>"$tmp/marks.tgn"
"$TABLERO" svg --ply 1 "$tmp/marks.tgn" -o "$tmp/one/marks-colour.svg"
"$TABLERO" svg --ply 1 --grayscale "$tmp/marks.tgn" -o "$tmp/one/marks-gray.svg"
if python3 "$here/marks_pixels.py" "$tmp/one/marks-colour.svg" "$tmp/one/marks-gray.svg" >"$tmp/mp" &&
	grep -q '>&lt;&amp;</text>' "$tmp/one/marks-colour.svg" &&
	[ "$(grep -c 'class="am-' "$tmp/one/marks-enc-13.svg")" -ge 4 ]; then
	pass=$((pass + 1)); else fail=$((fail + 1)); cat "$tmp/mp"; echo "FAIL: author's marks"; fi
# --every K asking for more diagrams than svg draws at once (4096) is
# refused, naming the K that fits, and nothing is written: never a list
# cut short without a word (a random Ocencahuac game of 2,500 turns)
"$TABLERO" random --game ocencahuac --rules "limit=none; crown=all_three" --turns 5000 \
	--seed 3 >"$tmp/long.tgn"
mkdir -p "$tmp/many"
set +e
"$TABLERO" svg --every 1 -d "$tmp/many" "$tmp/long.tgn" 2>"$tmp/many.err"
rc=$?
set -e
if [ $rc = 2 ] && grep -q "asks for 5001 diagrams .* more than 4096: give --every 2 or more" \
	"$tmp/many.err" && [ -z "$(ls "$tmp/many")" ]; then
	pass=$((pass + 1)); else fail=$((fail + 1)); cat "$tmp/many.err"; echo "FAIL: --every past 4096 diagrams"; fi
# and --plies past 4096, a list longer than any buffer: refused as a
# whole, not cut to what fitted (a list of 4097 plies is 19 KB)
set +e
"$TABLERO" svg --plies "$(seq -s, 0 4096)" -d "$tmp/many" "$tmp/long.tgn" 2>"$tmp/many.err"
rc=$?
set -e
if [ $rc = 2 ] && grep -q "^tablero svg: --plies: at most 4096 diagrams in one run$" "$tmp/many.err" &&
	[ "$(wc -l <"$tmp/many.err")" = 1 ] && [ -z "$(ls "$tmp/many")" ]; then
	pass=$((pass + 1)); else fail=$((fail + 1)); cat "$tmp/many.err"; echo "FAIL: --plies past 4096 diagrams"; fi
group diagram "$tmp"/one/*.svg "$tmp"/one/gray-/*.svg
group page "$tmp"/pages/*/*.svg
echo "svg: $pass documents passed, $fail groups failed"
[ $fail = 0 ]
