#!/usr/bin/env bash
# The main job on the bundled samples: check every record in samples/
# against its game's rules and write what the converters produce into
# out/: the canonical TGN of each sample (out/tgn/), the positions after
# every turn (out/positions/), and its XML with the positions (out/xml/,
# checked to read back to the same TGN), and diagrams (out/svg/: the last
# position of each sample, and an A4 sheet of every tenth ply in
# grayscale); a book of each sample (out/book/NAME/, its SVG pages,
# and out/book/NAME.pdf when rsvg-convert is there), and one of them all
# with a contents page (out/book/samples.pdf); a web page of each sample
# that replays it (out/html/NAME.html, spec/html.md); and the game kept twice,
# the tape and the notebook, collated into one record (out/collation/:
# its TGN, checked by validate and by reading each witness back out of
# it, its XML and its TEI); and every sample as TEI P5 in one corpus
# (out/tei/samples.xml, spec/tei.md), checked to read back to the same TGN.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TABLERO:?set TABLERO}"
rm -rf out
mkdir -p out/tgn out/positions out/xml out/svg out/book out/html out/collation out/tei
status=0
for f in samples/*.tgn; do
	name=$(basename "$f")
	if "$TABLERO" validate --summary "$f"; then
		"$TABLERO" fmt "$f" >"out/tgn/$name"
		"$TABLERO" validate --positions "$f" >"out/positions/${name%.tgn}.txt" 2>/dev/null
		"$TABLERO" xml --positions "$f" >"out/xml/${name%.tgn}.xml"
		"$TABLERO" xml --to tgn "out/xml/${name%.tgn}.xml" | cmp -s - "out/tgn/$name" ||
			{ echo "demo: out/xml/${name%.tgn}.xml does not read back to the same TGN" >&2; status=1; }
		"$TABLERO" svg --tag Site --tag Date "$f" -o "out/svg/${name%.tgn}.svg"
		# plies after a turn nobody knows cannot be drawn: said, and left out
		"$TABLERO" svg --every 10 --grayscale --sheet a4 -d out/svg "$f" 2>/dev/null || [ $? = 1 ]
	else
		status=1
	fi
done
# a book of every sample (its SVG pages, and its PDF when rsvg-convert is
# there), and all of them as one book with a contents page
have_pdf=$(command -v rsvg-convert >/dev/null && echo 1 || true)
# A record whose [Access] forbids publication is left out, with one line
# saying so (exit 1, nothing else wrong): that is the archive's wish,
# not a failure of the demo.
book() {
	local err rc=0
	err=$("$TABLERO" book "$@" 2>&1 >/dev/null) || rc=$?
	[ -z "$err" ] || printf '%s\n' "$err" >&2
	[ "$rc" = 0 ] && return 0
	[ "$rc" = 1 ] && ! grep -qv 'forbids publication' <<<"$err"
}
for f in samples/*.tgn; do
	name=$(basename "$f" .tgn)
	book -d "out/book/$name" "$f" || status=1
	[ -z "$have_pdf" ] || book -o "out/book/$name.pdf" "$f" || status=1
done
[ -z "$have_pdf" ] || book -o out/book/samples.pdf samples/*.tgn || status=1
[ -n "$have_pdf" ] || echo "demo: no rsvg-convert (Debian: librsvg2-bin): the books' pages are in out/book/, no PDF"
# a web page of every sample, replaying it (one page per file); a record
# whose rules stop is replayed up to there (exit 1, said on its page), one
# whose [Access] forbids publication is left out (exit 1, said)
"$TABLERO" html -d out/html samples/*.tgn || [ $? = 1 ] || status=1
# The same game from the tape and from the notebook, collated
# (spec/compare.md, section 7): every reading kept, each with its witness.
rodeo=out/collation/pitarra-rodeo-2004
if "$TABLERO" collate --sigla cinta,cuaderno -o "$rodeo.tgn" \
	samples/pitarra-rodeo-2004-cinta.tgn samples/pitarra-rodeo-2004-cuaderno.tgn &&
	"$TABLERO" validate "$rodeo.tgn" && "$TABLERO" xml "$rodeo.tgn" >"$rodeo.xml" &&
	"$TABLERO" tei "$rodeo.tgn" >"$rodeo.tei.xml"; then
	for w in cinta cuaderno; do
		"$TABLERO" collate --witness "$w" "$rodeo.tgn" | cmp -s - "out/tgn/pitarra-rodeo-2004-$w.tgn" ||
			{ echo "demo: witness $w does not read back out of $rodeo.tgn" >&2; status=1; }
	done
else
	status=1
fi
# every sample as TEI P5, one corpus, read back to the canonical TGN
"$TABLERO" tei -o out/tei/samples.xml samples/*.tgn &&
	"$TABLERO" tei --to tgn out/tei/samples.xml | cmp -s - <("$TABLERO" fmt samples/*.tgn) ||
	{ echo "demo: out/tei/samples.xml does not read back to the same TGN" >&2; status=1; }
echo "demo: canonical TGN of $(ls out/tgn | wc -l) samples in out/tgn/, positions in out/positions/,"
echo "      XML with positions in out/xml/ (schema: schemas/tgn.rng), diagrams in out/svg/,"
echo "      a book of each sample in out/book/ (SVG pages$([ -n "$have_pdf" ] && echo ", PDF") and all of them in one"
echo "      $([ -n "$have_pdf" ] && echo "out/book/samples.pdf" || echo "(no PDF)")),"
echo "      a web page of each sample that replays it in out/html/,"
echo "      every sample as TEI P5 in out/tei/samples.xml (spec/tei.md),"
echo "      the tape and the notebook of one game collated in $rodeo.tgn (and .xml, .tei.xml)"
exit $status
