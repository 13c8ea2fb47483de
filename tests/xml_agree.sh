#!/usr/bin/env bash
# The reader's check of the schema beside libxml2's RELAX NG with the
# schema (tests/xml_agree.c, spec/xml.md §7): on the XML of every sample
# (plain, and with --positions --sourcepos), every XML of spec/xml.md's
# examples (what xml writes, and what xml-read reads), the fuzz inputs of
# fuzz_xmltgn (its corpus and findings), and 600 documents mutated from
# those both accept. They must accept and refuse the same documents.
set -euo pipefail
: "${TABLERO:?set TABLERO}" "${XML_AGREE:?set XML_AGREE}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for f in "$here"/../samples/*.tgn; do
	n=$((n + 1))
	"$TABLERO" xml "$f" >"$tmp/sample-$n.xml" 2>/dev/null || true
	"$TABLERO" xml --positions --sourcepos "$f" >"$tmp/sample-$n-p.xml" 2>/dev/null || true
	for x in "$tmp/sample-$n.xml" "$tmp/sample-$n-p.xml"; do # a writer that wrote nothing
		[ -s "$x" ] || { echo "xml-agree: tablero xml wrote nothing for $f" >&2; exit 1; }
	done
done
# spec/xml.md: an "example xml" block's XML is after its "." line, an
# "example xml-read" block's before it
awk -v dir="$tmp" '
	/^~~~~ example xml(-read)?$/ { inb = 1; read = ($3 == "xml-read"); part = 0; k++;
		out = sprintf("%s/spec-%03d.xml", dir, k); next }
	inb && /^~~~~$/ { inb = 0; close(out); next }
	inb && /^\.$/ { part = 1; next }
	inb && ((read && part == 0) || (!read && part == 1)) { print > out }
' "$here/../spec/xml.md"
fuzz=()
for d in "$here"/fuzz/corpus/xmltgn "$here"/fuzz/findings/xmltgn; do
	[ -d "$d" ] && for f in "$d"/*; do [ -f "$f" ] && fuzz+=("$f"); done
done
"$XML_AGREE" --mutate "${XML_AGREE_N:-600}" --seed "${XML_AGREE_SEED:-38}" --every-under 3000 --keep "${XML_AGREE_KEEP:-$tmp}" "$here/../schemas/tgn.rng" \
	"$tmp"/*.xml "${fuzz[@]}"
