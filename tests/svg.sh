#!/usr/bin/env bash
# Diagrams (spec/svg.md), beyond the golden files: for every sample, its
# last position, every tenth ply, the same in grayscale, and a sheet; for
# every game, its start as a bare position. Each document must be
#   - valid SVG 1.1: xmllint (libxml2) against the W3C DTD;
#   - rendered by rsvg-convert to PNG and to PDF with nothing on stderr;
#   - (single diagrams) right where it counts, in pixels: each piece's
#     colour at its centre, a board that is not empty (tests/svg_pixels.py).
# tools/deps.sh installs rsvg-convert (librsvg2-bin), the DTD
# (w3c-sgml-lib) and python3 when they are missing.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
dtd=/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # svg file, pixel check (1/0)
	local svg=$1 pixels=$2 ok=1
	xmllint --noout --dtdvalid "$dtd" "$svg" 2>"$tmp/err" || { ok=0; head -3 "$tmp/err"; }
	rsvg-convert -w 480 "$svg" -o "$tmp/out.png" 2>"$tmp/err" && [ ! -s "$tmp/err" ] ||
		{ ok=0; echo "  rsvg-convert (PNG) said:"; head -3 "$tmp/err"; }
	rsvg-convert -f pdf "$svg" -o "$tmp/out.pdf" 2>"$tmp/err" && [ ! -s "$tmp/err" ] ||
		{ ok=0; echo "  rsvg-convert (PDF) said:"; head -3 "$tmp/err"; }
	if [ "$pixels" = 1 ] && ! python3 "$here/svg_pixels.py" "$svg" "$tmp/out.png" >"$tmp/px"; then
		ok=0
		cat "$tmp/px"
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $svg"
	fi
}
for f in "$here"/../samples/*.tgn; do
	name=$(basename "$f" .tgn)
	mkdir -p "$tmp/$name" "$tmp/$name-gray" "$tmp/$name-sheet"
	"$TABLERO" svg "$f" -o "$tmp/$name.svg" --tag Site --tag Date
	# a sample with turns nobody knows has plies that cannot be drawn (exit 1)
	"$TABLERO" svg "$f" --every 10 -d "$tmp/$name" 2>/dev/null || [ $? = 1 ]
	"$TABLERO" svg "$f" --every 10 --grayscale --no-coords -d "$tmp/$name-gray" 2>/dev/null || [ $? = 1 ]
	"$TABLERO" svg "$f" --every 15 --sheet a4 -d "$tmp/$name-sheet" 2>/dev/null || [ $? = 1 ]
	check "$tmp/$name.svg" 1
	for s in "$tmp/$name"/*.svg "$tmp/$name-gray"/*.svg; do check "$s" 1; done
	for s in "$tmp/$name-sheet"/*.svg; do check "$s" 0; done
done
for rules in pitarra "pitarra; board=25" asalto ocencahuac "ocencahuac; river=6"; do
	case $rules in
	asalto*) pos="A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7" ;;
	pitarra*) pos="R 13 R:a1,d1,g1,b2 Y:a7,d7" ;;
	*) pos="" ;; # the start
	esac
	"$TABLERO" svg --rules "$rules" --position "$pos" -o "$tmp/bare.svg"
	check "$tmp/bare.svg" 1
done
echo "svg: $pass passed, $fail failed"
[ $fail = 0 ]
