#!/usr/bin/env bash
# tests/fuzz/seeds.sh DIR -- the seed corpus of each harness, made from
# samples/ and the examples of the spec (spec/*.md, spec/games/*.md,
# tests/errors.md: every "~~~~ example" block's input), into DIR/TARGET/:
#   parse reader validate svg html fill book show catalog
#          each sample and example (up to 64 KB)
#   xml    the same, and each sample as tablero XML
#   xmltgn each sample as tablero XML, and the examples of spec/xml.md
#   diff   the same, and each sample beside the next one (NUL between)
#   collate  the same (NUL between); the tape and the notebook, alone,
#          as a pair, beside another sample, and their collation with
#          the notebook
#   grep   a selector line ("t Site~Quer", "c tercia", "m ^1\. d1",
#          "e capture>=2", ...) before each sample
#   positions  the rules and a position: those validate --positions
#          prints for the samples, and the usual starts
#   build  each sample as a script of fuzz_build's operations: its game,
#          its tags, its movetext appended, its result
#   lsp    each sample after a 'D' (fuzz_lsp's session over a document)
#   tei    each sample and example, and each sample as TEI
# and the collation of the tape and the notebook for parse, validate,
# xml, svg, html, book, show, tei, catalog, fill and lsp.
# TABLERO and SPEC_RUNNER name the binaries (build/tablero,
# build/tests/spec_runner).
set -euo pipefail
out=${1:?usage: seeds.sh DIR}
T=${TABLERO:-build/tablero}
R=${SPEC_RUNNER:-build/tests/spec_runner}
cd "$(dirname "$0")/../.."
rm -rf "$out"
all="parse reader validate positions xml grep diff svg html fill collate book show xmltgn build lsp tei"
for t in $all; do mkdir -p "$out/$t"; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the examples' inputs (written, not run: make spec runs them)
mkdir -p "$tmp/ex"
"$R" --dump-only "$tmp/ex" spec/tgn.md spec/games/*.md spec/xml.md tests/errors.md >/dev/null
find "$tmp/ex" -type f -size +64k -delete
for t in parse reader validate xml diff svg html fill collate book show tei; do cp "$tmp/ex"/* "$out/$t/"; done
samples=(samples/*.tgn)
for t in parse reader validate xml diff svg html fill collate book show tei; do cp "${samples[@]}" "$out/$t/"; done
for s in "${samples[@]}"; do # tei: the samples' TEI too, read back
	"$T" tei "$s" >"$out/tei/$(basename "$s" .tgn).tei.xml" 2>/dev/null || true
done
for s in "${samples[@]}"; do
	"$T" xml "$s" >"$out/xml/$(basename "$s" .tgn).xml" 2>/dev/null || true
	cp "$out/xml/$(basename "$s" .tgn).xml" "$out/xmltgn/"
done
mkdir -p "$tmp/xmlex"
"$R" --dump-only "$tmp/xmlex" spec/xml.md >/dev/null
cp "$tmp/xmlex"/* "$out/xmltgn/"
for ((i = 0; i < ${#samples[@]}; i++)); do
	next=${samples[$(((i + 1) % ${#samples[@]}))]}
	{ cat "${samples[$i]}"; printf '\0'; cat "$next"; } >"$out/diff/pair-$i.tgn"
	cp "$out/diff/pair-$i.tgn" "$out/collate/"
done
tape=samples/pitarra-rodeo-2004-cinta.tgn notebook=samples/pitarra-rodeo-2004-cuaderno.tgn
{ cat "$tape"; printf '\0'; cat "$notebook"; } >"$out/collate/rodeo-pair"
{ cat "$tape"; printf '\0'; cat "$notebook"; printf '\0'; cat "${samples[0]}"; } >"$out/collate/rodeo-three"
"$T" collate "$tape" "$notebook" >"$tmp/coll.tgn" 2>/dev/null || true
{ cat "$tmp/coll.tgn"; printf '\0'; cat "$notebook"; } >"$out/collate/rodeo-collation"
k=0
while IFS= read -r sel; do
	for s in "${samples[@]}"; do
		k=$((k + 1))
		{ printf '%s\n' "$sel"; cat "$s"; } >"$out/grep/sel-$k.tgn"
	done
done <<'SELECTORS'
t Site~Quer
T Site~QUERÉTARO
t Date=1998.07.12
c tercia
C (?:a|b)+\w{2,}
m ^1\. d1
m x[a-g]\dx
e capture>=2
e tercia
SELECTORS
# positions: "rules\nposition", from what validate prints after turns
for s in "${samples[@]}"; do
	game=$(sed -n 's/^\[Game "\(.*\)"\]$/\1/p' "$s" | head -n 1)
	rules=$(sed -n 's/^\[Rules "\(.*\)"\]$/\1/p' "$s" | head -n 1)
	[ -n "$rules" ] && [ "$rules" != "?" ] || rules=$game
	"$T" validate --positions "$s" 2>/dev/null | sed -n 's/^[0-9][^{]*{\([^}]*\)}.*$/\1/p' |
		awk 'NR % 7 == 1' | head -n 12 >"$tmp/pos"
	j=0
	while IFS= read -r p; do
		j=$((j + 1))
		printf '%s\n%s\n' "$rules" "$p" >"$out/positions/$(basename "$s" .tgn)-$j"
	done <"$tmp/pos"
done
for g in pitarra asalto ocencahuac; do printf '%s\n' "$g" >"$out/positions/start-$g"; done
# build: the first record of each sample in canonical form, as operations
for s in "${samples[@]}"; do
	"$T" fmt "$s" 2>/dev/null | awk '
		/^\[Game "/ && !game { game = 1; v = $0; sub(/^\[Game "/, "", v); sub(/"\]$/, "", v)
		                        print "G " v; next }
		/^\[/ && !moves { v = $0; sub(/^\[/, "", v); sub(/ "/, "=", v); sub(/"\].*$/, "", v)
		                  print "T " v; next }
		/^$/ && game && !moves { moves = 1; next }
		moves && /^(1-0|0-1|1\/2-1\/2|\*)( |$)/ {
			if (text != "") print "A " text
			r = $1 == "1-0" ? 1 : $1 == "0-1" ? 2 : $1 == "*" ? 4 : 3
			print "S " r; exit }
		moves { text = text (text == "" ? "" : " ") $0 }' >"$out/build/$(basename "$s" .tgn)"
done
# find: a query (game, position, pattern, event, tag, words, flags: seven
# lines), a NUL, and a sample to index
mkdir -p "$out/find"
k=0
while IFS='|' read -r game pos pat ev tag words flags; do
	for s in "${samples[@]}"; do
		k=$((k + 1))
		{ printf '%s\n' "$game" "$pos" "$pat" "$ev" "$tag" "$words" "$flags"; printf '\0'
		  cat "$s"; } >"$out/find/query-$k"
	done
done <<'QUERIES'
|||||
pitarra||R R:a1,d1 Y:a7 -:d4|||
pitarra|R 3 R:d2,b4 Y:f4,d6 hand=10,10|||||
pitarra||R R:a1 -:d2|tercia||b
asalto|A 3 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,e4,f4,g4,a5,c5,d5,f5,g5 D:c6,d6|||||m24
asalto||D:d6 -:d5,d4||||
asalto||||Site=Fez||
||||Informant=?|mano|m12
|||capture|||m3b
QUERIES
all="$all find"
# catalog: TGN, as parse's
mkdir -p "$out/catalog" && cp "$tmp/ex"/* "${samples[@]}" "$out/catalog/"
all="$all catalog"
for s in "${samples[@]}"; do
	{ printf 'D'; cat "$s"; } >"$out/lsp/$(basename "$s" .tgn)"
done
# a collation (the tape and the notebook's), for the commands that
# write its apparatus or readings: no sample is one
for t in parse validate xml svg html book show tei catalog fill; do
	cp "$tmp/coll.tgn" "$out/$t/rodeo-collation.tgn"
done
{ printf 'D'; cat "$tmp/coll.tgn"; } >"$out/lsp/rodeo-collation"
for t in $all; do
	printf '%s: %s seeds\n' "$t" "$(ls "$out/$t" | wc -l)"
done
