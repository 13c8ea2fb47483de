#!/usr/bin/env bash
# TEI P5 (spec/tei.md): records and collations written as TEI and read
# back.
#   - every sample (also with --positions: a position wherever tablero
#     xml --positions has one), every spec example that formats cleanly and that
#     XML can carry, all the samples as one teiCorpus, and a collation
#     (the rodeo game's tape and notebook) are written as TEI; read back
#     (--to tgn), each gives what `tablero fmt` gives, byte for byte;
#   - jing validates every document against TEI's tei_all schema
#     (../shared/schemas/tei_all.rng; one JVM for all of them), and the
#     collation has its listWit and readings with witnesses;
#   - text that looks like markup (<, &, ]]>, quotes) is escaped;
#   - malformed TEI, TEI with a DOCTYPE and XML that is not TEI are
#     refused: "file:line:col: error:", exit 2, nothing written.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
: "${SPEC_RUNNER:?set SPEC_RUNNER}"
here=$(cd "$(dirname "$0")" && pwd)
top=$here/..
schema=$top/../shared/schemas/tei_all.rng
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tei" "$tmp/ex"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# roundtrip NAME TGN...: TEI of the files, kept for jing, read back
# equal to fmt's canonical form
roundtrip() {
	local name=$1
	shift
	"$TABLERO" fmt "$@" >"$tmp/canon.tgn" 2>/dev/null || true
	if ! "$TABLERO" tei "$@" >"$tmp/tei/$name.xml" 2>"$tmp/err"; then
		bad "tei $name: $(head -1 "$tmp/err")"
		return
	fi
	if ! "$TABLERO" tei --to tgn "$tmp/tei/$name.xml" >"$tmp/back.tgn" 2>"$tmp/err"; then
		bad "tei --to tgn $name: $(head -1 "$tmp/err")"
	elif ! cmp -s "$tmp/canon.tgn" "$tmp/back.tgn"; then
		bad "$name: TGN -> TEI -> TGN differs"
		diff "$tmp/canon.tgn" "$tmp/back.tgn" | head -5
	else
		ok
	fi
}

for f in "$top"/samples/*.tgn; do
	roundtrip "$(basename "$f" .tgn)" "$f"
done
roundtrip corpus "$top"/samples/*.tgn
# --positions: a position after every turn xml --positions has one after
for f in "$top"/samples/*.tgn; do
	name=pos-$(basename "$f" .tgn)
	"$TABLERO" tei --positions "$f" >"$tmp/tei/$name.xml" 2>/dev/null || [ $? = 1 ] ||
		bad "tei --positions $name"
	"$TABLERO" fmt "$f" 2>/dev/null | cmp -s - <("$TABLERO" tei --to tgn "$tmp/tei/$name.xml" 2>/dev/null) ||
		bad "$name: TGN -> TEI --positions -> TGN differs"
	want=$("$TABLERO" xml --positions "$f" 2>/dev/null | grep -c '<after ' || true)
	got=$(grep -c '<note type="position">' "$tmp/tei/$name.xml" || true)
	[ "$want" = "$got" ] && [ "$got" -gt 0 ] && ok || bad "$name: $got positions, XML has $want"
done
grep -q '^<teiCorpus ' "$tmp/tei/corpus.xml" && ok || bad "several records make no teiCorpus"

# evidence links: times as a <timeline> and @synch, regions as <facsimile>
# zones and @facs (the round trips above keep them)
grep -q '<when xml:id="t.2475000" interval="2475000" since="#t.start"/>' \
	"$tmp/tei/pitarra-fragmento-cinta.xml" &&
	grep -q 'synch="#t.2475000">f2</seg>' "$tmp/tei/pitarra-fragmento-cinta.xml" &&
	grep -q '<graphic url="cuaderno-2-p14.jpg"/>' "$tmp/tei/asalto-cuaderno-ceuta-1979.xml" &&
	grep -q 'facs="#z.p14.112.310.160.44"' "$tmp/tei/asalto-cuaderno-ceuta-1979.xml" && ok ||
	bad "evidence links are not a timeline and facsimile zones"

# xml --tei is tablero tei, both ways
"$TABLERO" xml --tei "$top"/samples/*.tgn 2>/dev/null | cmp -s - "$tmp/tei/corpus.xml" &&
	"$TABLERO" xml --tei --to tgn "$tmp/tei/corpus.xml" 2>/dev/null |
	cmp -s - <("$TABLERO" fmt "$top"/samples/*.tgn 2>/dev/null) && ok || bad "xml --tei is not tablero tei"

# the spec's examples: those fmt writes without an error and XML can
# carry (tablero tei refuses the others, as tablero xml does)
"$SPEC_RUNNER" --dump-only "$tmp/ex" "$top"/spec/tgn.md "$top"/spec/games/*.md \
	"$top"/spec/xml.md "$top"/spec/reconstruct.md >/dev/null
examples=0
for f in "$tmp"/ex/*.tgn; do
	"$TABLERO" fmt "$f" >"$tmp/canon.tgn" 2>/dev/null || continue
	[ -s "$tmp/canon.tgn" ] || continue
	"$TABLERO" tei "$f" >/dev/null 2>&1 || continue
	roundtrip "ex-$(basename "$f" .tgn)" "$f"
	examples=$((examples + 1))
done
[ "$examples" -ge 150 ] && ok || bad "only $examples spec examples round-tripped"

# a collation of the game kept twice, on tape and in a notebook
"$TABLERO" collate --sigla cinta,cuaderno "$top"/samples/pitarra-rodeo-2004-cinta.tgn \
	"$top"/samples/pitarra-rodeo-2004-cuaderno.tgn >"$tmp/collation.tgn" 2>/dev/null
roundtrip collation "$tmp/collation.tgn"
c=$tmp/tei/collation.xml
if grep -Eq '<witness xml:id="wit[12]">cinta</witness>' "$c" &&
	grep -Eq '<witness xml:id="wit[12]">cuaderno</witness>' "$c" &&
	grep -q '<rdg type="[a-z]*" wit="#wit1">' "$c" && grep -q '<rdg type="[a-z]*" wit="#wit2">' "$c"; then
	ok
else
	bad "the collation's TEI lacks its listWit or readings with witnesses"
fi

# hostile text: markup, entities, a CDATA end and quotes in comments and tags
cat >"$tmp/hostile.tgn" <<'TGN'
{@es <TEI> & </note> ]]> "lead"}
[Game "pitarra"]
[Site "<b>&amp; \"Sitio\" ]]> '"]
[Red "A & B"]
[Extra "<!-- x --> <![CDATA[ y ]]>"] {<note>tag</note>}

{@es <seg type="turn">d1</seg> &lt; ]]>} 1. d1 {a < b && c > d} a1 {"quoted" 'single'}
2. g1 (2. g4 {]]>}) *
TGN
roundtrip hostile "$tmp/hostile.tgn"
# dates the calendar does not have get no @when (XML Schema refuses it)
for d in 1998.02.30 0000.01.01 1999.02.29 2000.02.29 1998.07.?? 1998; do
	printf '[Game "pitarra"]\n[Date "%s"]\n\n1. d1 *\n' "$d" >"$tmp/date.tgn"
	roundtrip "date-$d" "$tmp/date.tgn"
done
grep -q 'when="2000-02-29"' "$tmp/tei/date-2000.02.29.xml" && grep -q 'when="1998-07"' \
	"$tmp/tei/date-1998.07.??.xml" && ! grep -q 'when=' "$tmp/tei/date-1998.02.30.xml" && ok ||
	bad "Date as @when"
h=$tmp/tei/hostile.xml
if xmllint --noout "$h" 2>/dev/null && ! grep -q '<TEI> &' "$h" && ! grep -q ']]>' "$h" &&
	grep -q '&lt;seg type="turn"&gt;d1&lt;/seg&gt; &amp;lt; ]]&gt;' "$h" &&
	[ "$(grep -c '<seg type="turn"' "$h")" = 4 ]; then
	ok
else
	bad "hostile text is not escaped"
fi

# what cannot be read: diagnosed where it is, exit 2, nothing written
refuse() { # name, document, what the message must say
	printf '%s' "$2" >"$tmp/in.xml"
	local rc=0
	"$TABLERO" tei --to tgn -o "$tmp/out.tgn" "$tmp/in.xml" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [ $rc = 2 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/out.tgn" ] &&
		grep -Eq "^$tmp/in.xml:[0-9]+:[0-9]+: error: .*$3" "$tmp/err"; then
		ok
	else
		bad "malformed TEI ($1): exit $rc, $(head -1 "$tmp/err")"
	fi
}
good=$(cat "$tmp/tei/pitarra-navajos-1998.xml")
refuse truncated "${good%</body>*}" "not well-formed"
refuse "bad nesting" "${good/<\/teiHeader>/}" "not well-formed"
refuse "not TEI" '<?xml version="1.0"?><tgn xmlns="urn:tablero:tgn"/>' "not TEI"
refuse doctype '<?xml version="1.0"?>
<!DOCTYPE TEI [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<TEI xmlns="http://www.tei-c.org/ns/1.0">&x;</TEI>' "DOCTYPE"
refuse "stray element" "${good/<seg type=\"turn\"/<foo/><seg type=\"turn\"}" "unexpected <foo>"
# a turn the notation refuses: said at the TEI line of its segment
sed '0,/subtype="first">[^<]*</s//subtype="first">zz9</' "$tmp/tei/pitarra-navajos-1998.xml" >"$tmp/in.xml"
line=$(grep -n '>zz9<' "$tmp/in.xml" | cut -d: -f1)
rc=0
"$TABLERO" tei --to tgn "$tmp/in.xml" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ $rc = 2 ] && [ ! -s "$tmp/out" ] && grep -q "^$tmp/in.xml:$line:[0-9]*: error: .*zz9" "$tmp/err" &&
	ok || bad "a bad token: exit $rc, $(head -1 "$tmp/err") (its segment is on line $line)"
# what an element holds is one token, number or count, never more TGN
refuse "a token that is more" "${good/subtype=\"first\">/subtype=\"first\">d1 [Game \"x\"] }" \
	"a turn's token: .* is not one"
refuse "a link that points nowhere" "${good/subtype=\"first\">/subtype=\"first\" synch=\"#x\">}" \
	"@synch points at one <when> or two"
# a good document after a bad one: still nothing written
rc=0
"$TABLERO" tei --to tgn "$tmp/tei/pitarra-navajos-1998.xml" "$tmp/in.xml" >"$tmp/out" 2>/dev/null || rc=$?
[ $rc = 2 ] && [ ! -s "$tmp/out" ] && ok || bad "a bad document among good ones: exit $rc, output written"

# the media by TEI's own elements (spec/tei.md 7): [Recording] as a
# recordingStmt's media, [Facsimile]'s pages as surfaces with graphics,
# read back from them when the notes do not say them
rodeo=$tmp/tei/pitarra-rodeo-2004-cinta.xml
if grep -q '<media mimeType="audio/ogg" url="media/pitarra-rodeo-2004.opus"/>' "$rodeo" &&
	grep -q '<graphic url="media/pitarra-rodeo-2004-h1.png"/>' "$rodeo"; then
	ok
else
	bad "the rodeo tape's TEI has no recordingStmt media or facsimile graphic"
fi
sed '/<note type="tag" n="Recording">/d; /<note type="tag" n="Facsimile">/d' "$rodeo" \
	>"$tmp/tei/media-without-notes.xml"
"$TABLERO" fmt "$top/samples/pitarra-rodeo-2004-cinta.tgn" >"$tmp/media-want.tgn"
if "$TABLERO" tei --to tgn "$tmp/tei/media-without-notes.xml" >"$tmp/media-back.tgn" 2>"$tmp/err" &&
	cmp -s "$tmp/media-back.tgn" "$tmp/media-want.tgn"; then
	ok
else
	bad "[Recording] and [Facsimile] not read back from TEI's recordingStmt and facsimile"
fi

# every document valid under tei_all, in one JVM
if [ ! -f "$schema" ]; then
	echo "tei: SKIPPED validation: no TEI schema at $schema"
elif ! command -v jing >/dev/null; then
	bad "jing is not installed (tools/deps.sh installs it)"
elif jing "$schema" "$tmp"/tei/*.xml >"$tmp/jing" 2>&1; then
	ok
else
	grep -v '^\[warning\]' "$tmp/jing" | cut -c1-300 | head -10
	bad "TEI not valid under tei_all"
fi
echo "tei: $pass passed, $fail failed ($examples spec examples)"
[ $fail = 0 ]
