#!/usr/bin/env bash
# Books and long games (spec/book.md, spec/svg.md), beyond the golden
# files and the spec's examples:
#   - every sample as one book (a collection, with its contents page), in
#     each record's own language and in Spanish, Arabic and English, as a
#     PDF: rsvg-convert says nothing, every font is embedded (pdffonts),
#     and the text (pdftotext, in the PDF's own order) holds every word
#     of every comment and every turn of the records, in order
#     (tests/book_text.py);
#   - the same as SVG pages, in colour on A4 and in grayscale on letter:
#     valid SVG 1.1, rendered to PNG without a word from rsvg-convert, and
#     checked in pixels (tests/svg_pixels.py: nothing outside the page or
#     in its margins, no mark over a piece, no line into a diagram);
#   - random games hundreds of turns long of the three games, with every
#     kind of event the rules report: a diagram after the first turns of
#     each kind (colour and grayscale, each game's captions in another
#     language) and a book with those diagrams, checked the same way;
#   - the widths lines are broken by, against the ink of every tag value
#     and comment of the samples (tests/text_widths.py);
#   - --times: each timed turn of the tape sample starts a line with its
#     time in the margin (pdftotext), the left margin of a left-to-right
#     book and the right of an Arabic one (the SVG's coordinates);
#   - bad input: a record the rules stop in (the book says where, exit 1),
#     a turn a record does not have (an error naming its last turn),
#     no renderer and a failing one (a message naming the package; no
#     file written, the old one untouched), a directory that cannot be
#     written (nothing written); the PDF's permissions from the umask, or
#     the file it replaces (not 0600); the contents' entries told apart.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
TEXT_EM=${TEXT_EM:-$(dirname "$TABLERO")/tests/text_em}
dtd=/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
samples=("$here"/../samples/*.tgn)

# the text of a PDF in its own order (the layout mode guesses a reading
# order from positions, and reads the lines beside a diagram after
# others), without the running heads and page numbers
pdftext() { pdftotext -raw -x 0 -y 51 -W 612 -H 730 "$1" "$2"; }

fonts_embedded() { # every font of the PDF embedded
	pdffonts "$1" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }'
}

pdf_check() { # PDF, canonical TGN, what
	local pdf=$1 tgn=$2 what=$3
	if [ ! -s "$pdf" ]; then bad "$what: no PDF"; return; fi
	if fonts_embedded "$pdf"; then ok; else bad "$what: a font not embedded"; pdffonts "$pdf"; fi
	pdftext "$pdf" "$tmp/text.txt"
	if python3 "$here/book_text.py" "$tgn" "$tmp/text.txt" >"$tmp/bt"; then ok; else bad "$what: text"; cat "$tmp/bt"; fi
}

svg_check() { # KIND FILE...: valid, rendered without a word, right in pixels
	local kind=$1 good=1
	shift
	xmllint --noout --dtdvalid "$dtd" "$@" 2>"$tmp/err" || { good=0; head -5 "$tmp/err"; }
	for svg in "$@"; do
		if ! rsvg-convert -w 300 "$svg" -o "$tmp/out.png" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
			good=0
			echo "rsvg-convert (PNG) on $svg said:"
			head -3 "$tmp/err"
		fi
	done
	python3 "$here/svg_pixels.py" --kind "$kind" "$@" >"$tmp/px" || { good=0; cat "$tmp/px"; }
	if [ $good = 1 ]; then pass=$((pass + $#)); else bad "$kind documents ($# of them)"; fi
}

# ---- the samples as books ---------------------------------------------------
for f in "${samples[@]}"; do "$TABLERO" fmt "$f"; done >"$tmp/samples.tgn"
for lang in own es ar en; do
	opt=()
	[ $lang = own ] || opt=(--lang $lang)
	# the samples' restricted records too: the test is the setting, not the archive's wish
	if "$TABLERO" book --ignore-access "${opt[@]}" -o "$tmp/samples-$lang.pdf" "${samples[@]}" 2>"$tmp/err"; then
		[ -s "$tmp/err" ] && { bad "book $lang said:"; cat "$tmp/err"; }
	else
		bad "book $lang exited $?"
		cat "$tmp/err"
	fi
	pdf_check "$tmp/samples-$lang.pdf" "$tmp/samples.tgn" "samples' book ($lang)"
done
# Right to left by the rules (UAX #9): on the Arabic contents page each entry
# of an Arabic title reads from the right, so the page number, which ends
# the entry, is at the left end of its line (pdftotext gives the lines in
# visual order); a Source timecode keeps its two times in order.
if command -v pdftotext >/dev/null; then
	pdftotext -f 1 -l 1 -layout "$tmp/samples-ar.pdf" "$tmp/toc-ar.txt"
	grep -E 'لعبة الحصن' "$tmp/toc-ar.txt" | sed 's/^ *//' >"$tmp/toc-ar-asalto.txt"
	if [ -s "$tmp/toc-ar-asalto.txt" ] && ! grep -qvE '^[0-9]+ — ' "$tmp/toc-ar-asalto.txt"; then ok
	else bad "Arabic contents: the page number at the left end of each entry" "$tmp/toc-ar.txt"; fi
	pdftotext -layout "$tmp/samples-ar.pdf" "$tmp/all-ar.txt"
	if grep -q '00:31:05-00:58:20' "$tmp/all-ar.txt" && grep -q 'Cinta 7, lado B @ 00:41:12-00:52:40' "$tmp/all-ar.txt"
	then ok; else bad "Arabic book: a Source's timecode in order, after Arabic words and after Latin ones" "$tmp/all-ar.txt"; fi
fi
mkdir -p "$tmp/pages" "$tmp/gray"
"$TABLERO" book --ignore-access -d "$tmp/pages" "${samples[@]}"
"$TABLERO" book --ignore-access --grayscale --paper letter --lang ar --every 25 -d "$tmp/gray" "${samples[@]}"
svg_check page "$tmp"/pages/*.svg "$tmp"/gray/*.svg

# ---- long random games, every kind of event ------------------------------------
# game, rules, seed: a game of hundreds of turns with the events below
while read -r game seed lang rules; do
	f=$tmp/random-$game.tgn
	"$TABLERO" random --game "$game" --rules "$rules" --seed "${seed/-/1}" --turns 600 >"$f"
	"$TABLERO" validate --positions "$f" 2>/dev/null | grep -E '^[0-9]+\.' >"$tmp/pos" || true
	turns=$(wc -l <"$tmp/pos")
	# the first two turns with each kind of event, two chains, and the last
	plies=$(awk '{ n++; line = $0
		  split("tercia|columpio|removal|capture|pushback|relocation|coronation|stage|huff available|huff |fortress", kinds, "|")
		  for (i in kinds) if (index(line, "  " kinds[i]) || index(line, "; " kinds[i])) if (count[i]++ < 2) want[n] = 1
		  if (gsub(/capture/, "&", line) > 1 && chains++ < 2) want[n] = 1 }
		END { s = ""; for (p in want) s = s (s ? "," : "") p; print s (s ? "," : "") n }' "$tmp/pos")
	kinds=$({ grep -oE '(tercia|columpio|removal|capture|pushback|relocation|coronation|stage|huff|fortress)' "$tmp/pos" || true; } | sort -u | tr '\n' ' ')
	if [ "$seed" != - ] && [ "$turns" -lt 150 ]; then bad "random $game: $turns turns, not hundreds"; fi
	echo "random $game (seed $seed, $turns turns): diagrams after turns $plies; events: $kinds"
	mkdir -p "$tmp/r-$game" "$tmp/r-$game-gray" "$tmp/r-$game-book"
	"$TABLERO" svg --plies "$plies" --lang "$lang" -d "$tmp/r-$game" "$f"
	"$TABLERO" svg --plies "$plies" --grayscale --caption short -d "$tmp/r-$game-gray" "$f"
	svg_check diagram "$tmp/r-$game"/*.svg "$tmp/r-$game-gray"/*.svg
	"$TABLERO" book --at "$plies" -d "$tmp/r-$game-book" "$f"
	"$TABLERO" book --at "$plies" --lang "$lang" -o "$tmp/r-$game.pdf" "$f"
	"$TABLERO" fmt "$f" >"$tmp/r.tgn"
	pdf_check "$tmp/r-$game.pdf" "$tmp/r.tgn" "random $game's book"
	svg_check page "$tmp/r-$game-book"/*.svg
done < <(
	cat <<'GAMES'
pitarra 26 ar pitarra
asalto 4 es asalto; chain=zigzag
ocencahuac 2 en ocencahuac
GAMES
	# every other game built in (its folder, lib/games/<name>/), its
	# defaults, seed 1 ("-": however long its game is)
	for d in "$here"/../lib/games/*/; do
		g=$(basename "$d")
		[ -f "$d/game.c" ] && case " pitarra asalto ocencahuac " in
			*" $g "*) ;; *) echo "$g - en $g" ;; esac
	done
)
"$TABLERO" validate --positions "$tmp"/random-*.tgn >"$tmp/all-pos" 2>/dev/null || true
for kind in tercia columpio removal capture pushback relocation coronation stage huff fortress; do
	# every kind of event was drawn somewhere above
	if grep -q "$kind" "$tmp/all-pos"; then ok; else bad "no random game has a $kind"; fi
done

# ---- widths -------------------------------------------------------------------------
if python3 "$here/text_widths.py" "$TEXT_EM" "${samples[@]}" >"$tmp/tw"; then ok; else bad "text widths"; cat "$tmp/tw"; fi

# ---- bad input ----------------------------------------------------------------------
# the rules stop at an illegal turn: the book is made and says where; exit 1
sed 's/11\. d7 c5xb2/11. d7 d7/' "$here/../samples/pitarra-navajos-1998.tgn" >"$tmp/stop.tgn"
set +e
"$TABLERO" book --at 30 -o "$tmp/stop.pdf" "$tmp/stop.tgn" 2>"$tmp/err"
rc=$?
set -e
if [ $rc = 1 ] && grep -q "the rules stop at 11... d7 (line [0-9]*): d7 is occupied; 2 diagrams from turn 30 on left out" "$tmp/err" &&
	pdftext "$tmp/stop.pdf" "$tmp/stop.txt" && grep -q "Las reglas no pueden seguir el registro desde" "$tmp/stop.txt" &&
	grep -q "11... d7" "$tmp/stop.txt"; then ok; else bad "a record the rules stop in (exit $rc)"; cat "$tmp/err"; fi
# a turn the record does not have: its last named, nothing written
set +e
"$TABLERO" book --at 99. -o "$tmp/none.pdf" "$here/../samples/pitarra-navajos-1998.tgn" 2>"$tmp/err"
rc=$?
set -e
if [ $rc = 2 ] && [ ! -e "$tmp/none.pdf" ] &&
	grep -q "has no turn 99.: its last is 23. (turn 45 of the record)" "$tmp/err"; then ok; else
	bad "a turn that is not there (exit $rc)"; cat "$tmp/err"; fi
# in a collection, the record that lacks it named; nothing written for any
set +e
"$TABLERO" book --at 46 -d "$tmp/none" "$here/../samples/asalto-fas-1992.tgn" \
	"$here/../samples/pitarra-navajos-1998.tgn" 2>"$tmp/err"
rc=$?
set -e
if [ $rc = 2 ] && [ ! -e "$tmp/none" ] && grep -q "pitarra-navajos-1998.tgn: record 1: the record has 45 turns on its main line, not 46 (the last is 23.)" "$tmp/err"; then
	ok; else bad "a turn one record of a collection lacks (exit $rc)"; cat "$tmp/err"; fi
# no renderer: the package named, nothing written, the old file untouched
echo "the old book" >"$tmp/old.pdf"
set +e
PATH=/nonexistent "$TABLERO" book -o "$tmp/old.pdf" "${samples[0]}" 2>"$tmp/err"
rc=$?
set -e
if [ $rc = 2 ] && grep -q "librsvg2-bin" "$tmp/err" && [ "$(cat "$tmp/old.pdf")" = "the old book" ] &&
	[ -z "$(ls "$tmp" | grep 'old.pdf.tb')" ]; then ok; else bad "no renderer (exit $rc)"; cat "$tmp/err"; fi
# a renderer that fails, or writes half a file and fails
mkdir -p "$tmp/fake"
printf '#!/bin/sh\necho "rsvg-convert: out of paper" >&2\nexit 1\n' >"$tmp/fake/rsvg-convert"
chmod +x "$tmp/fake/rsvg-convert"
for variant in fails writes-half; do
	if [ $variant = writes-half ]; then
		printf '#!/bin/sh\nwhile [ "$1" != -o ]; do shift; done\necho "%%PDF-1.5 half" >"$2"\nexit 3\n' >"$tmp/fake/rsvg-convert"
	fi
	set +e
	PATH="$tmp/fake:$PATH" "$TABLERO" book -o "$tmp/old.pdf" "${samples[0]}" 2>"$tmp/err"
	rc=$?
	set -e
	if [ $rc = 2 ] && grep -q "nothing written" "$tmp/err" && [ "$(cat "$tmp/old.pdf")" = "the old book" ] &&
		[ -z "$(ls "$tmp" | grep 'old.pdf.tb')" ]; then ok; else bad "a renderer that $variant (exit $rc)"; cat "$tmp/err"; fi
done
# the contents: each entry with its site and date, and its source when
# another entry would say the same (three records of one game, no
# players: three 'Ocencahuac' entries before)
for src in "Cinta 1" "Cinta 2"; do
	printf '[Game "ocencahuac"]\n[Site "Tepic"]\n[Date "2011.05.??"]\n[Source "%s"]\n\n*\n\n' "$src"
done >"$tmp/toc.tgn"
printf '[Game "ocencahuac"]\n[Site "Xalisco"]\n[Date "2016.03.01"]\n[Source "Cinta 3"]\n\n*\n' >>"$tmp/toc.tgn"
"$TABLERO" book -o "$tmp/toc.pdf" "$tmp/toc.tgn" 2>"$tmp/err"
pdftotext -f 1 -l 1 "$tmp/toc.pdf" - | tr -s ' \n' ' ' >"$tmp/toc.txt"
if grep -q "Ocencahuac, Tepic, 2011.05, Cinta 1 — 2" "$tmp/toc.txt" &&
	grep -q "Ocencahuac, Tepic, 2011.05, Cinta 2 — 3" "$tmp/toc.txt" &&
	grep -q "Ocencahuac, Xalisco, 2016.03.01 — 4" "$tmp/toc.txt"; then ok; else
	bad "the contents' entries: $(cat "$tmp/toc.txt")"; cat "$tmp/err"; fi
# the PDF's permissions: as any file tablero writes (the umask's for a
# new one, the old file's when it replaces one), not mkstemp's 0600
printf '#!/bin/sh\nwhile [ "$1" != -o ]; do shift; done\necho "%%PDF-1.5 fake" >"$2"\n' >"$tmp/fake/rsvg-convert"
for case in "022 new 644" "077 new 600" "022 old 640"; do
	set -- $case
	rm -f "$tmp/mode.pdf"
	if [ "$2" = old ]; then echo old >"$tmp/mode.pdf"; chmod 640 "$tmp/mode.pdf"; fi
	(umask "$1" && PATH="$tmp/fake:$PATH" "$TABLERO" book -o "$tmp/mode.pdf" "${samples[0]}" 2>"$tmp/err")
	got=$(stat -c %a "$tmp/mode.pdf")
	if [ "$got" = "$3" ] && grep -q fake "$tmp/mode.pdf"; then ok; else
		bad "the PDF's mode under umask $1 ($2 file): $got, not $3"; cat "$tmp/err"; fi
done
# ---- --times: each turn's time in the margin (spec/book.md section 1) ------
cinta=$here/../samples/pitarra-fragmento-cinta.tgn
"$TABLERO" book --ignore-access --times -o "$tmp/times.pdf" "$cinta" 2>"$tmp/err" || bad "book --times exited $?"
pdftotext -layout "$tmp/times.pdf" "$tmp/times.txt"
# each timed turn starts a line, its time before it (the left margin)
for want in '0:41:15 +1\. f2$' '0:41:19 +1\.\.\. b4$' '0:41:24\.5 +2\. b2$' \
	'0:41:30 +2\.\.\. d2 3\. e3' '0:42:02 +5\. d3xd2$' '0:47:51 +16\. e3-f2$' \
	'0:48:40 +18\. e3-\?$' '0:49:12 +19\.\.\. \? \['; do
	if grep -Eq "^ *$want" "$tmp/times.txt"; then ok; else bad "book --times: no line /$want/"; fi
done
n=$(grep -Ec '^ *[0-9]:[0-9]{2}:[0-9]{2}' "$tmp/times.txt" || true)
[ "$n" = 9 ] && ok || bad "book --times: $n times in the margin, not the sample's 9 timed turns"
# the margin is the text's outside: x of every time's right end under
# the 20 mm margin of a left-to-right book; a right-to-left one (Arabic)
# has them beyond the text on the right
"$TABLERO" book --ignore-access --times -d "$tmp/times-svg" "$cinta" "$here/../samples/asalto-tetuan-1986.tgn" 2>"$tmp/err" ||
	bad "book --times -d exited $?"
python3 - "$tmp/times-svg" >"$tmp/tx" <<'PY' || { bad "book --times: where the times are"; cat "$tmp/tx"; }
import glob, re, sys
ltr = rtl = 0
for f in sorted(glob.glob(sys.argv[1] + "/*.svg")):
    s = open(f, encoding="utf-8").read()
    for m in re.finditer(r'<text class="time" x="([\d.]+)" y="[\d.]+"[^>]*text-anchor="(start|end)"', s):
        x, anchor = float(m.group(1)), m.group(2)
        if anchor == "end":
            ltr += 1
            assert x <= 20, (f, x)
        else:
            rtl += 1
            assert x >= 190, (f, x)
assert ltr == 9 and rtl == 8, (ltr, rtl)
PY
[ -s "$tmp/tx" ] || ok
# without --times: no time printed
"$TABLERO" book --ignore-access -o "$tmp/notimes.pdf" "$cinta" 2>/dev/null
pdftotext -layout "$tmp/notimes.pdf" - | grep -Eq '^ *0:4[0-9]:[0-9]{2} ' && bad "a book without --times has times" || ok

# pages into a directory that cannot be written: nothing there
mkdir -p "$tmp/ro" && chmod 555 "$tmp/ro"
set +e
"$TABLERO" book -d "$tmp/ro" "${samples[0]}" 2>"$tmp/err"
rc=$?
set -e
chmod 755 "$tmp/ro"
if [ "$(id -u)" = 0 ] || { [ $rc = 2 ] && [ -z "$(ls "$tmp/ro")" ]; }; then ok; else bad "an unwritable directory (exit $rc)"; fi

# ---- a collation's apparatus (spec/book.md §8) --------------------------------------
# One collation of each game (the Pitarra sample's tape and notebook, the
# Ocencahuac and Asalto witnesses of tests/apparatus/), in each language:
# none of the collator's forms in the text, the notes in the text's order
# after their marks, each reading with its sigla, the tags that differ
# under the title block; the notebook-only comment of the sample's 23rd
# turn attributed to it.
app=$here/apparatus
"$TABLERO" collate --sigla cinta,cuaderno "$here/../samples/pitarra-rodeo-2004-cinta.tgn" \
	"$here/../samples/pitarra-rodeo-2004-cuaderno.tgn" -o "$tmp/col-pitarra.tgn"
"$TABLERO" collate --sigla video,cuaderno "$app/oc-video.tgn" "$app/oc-cuaderno.tgn" -o "$tmp/col-ocencahuac.tgn"
"$TABLERO" collate --sigla Ana,Hamid "$app/asalto-ana.tgn" "$app/asalto-hamid.tgn" -o "$tmp/col-asalto.tgn"
# has FILE TEXT...: each text is in FILE, in this order
has() {
	local f=$1 what=$2
	shift 2
	if python3 - "$f" "$@" <<'PY'; then ok; else bad "$what: not in order in $f"; fi
import sys
text = " ".join(open(sys.argv[1], encoding="utf-8").read().split())
at = 0
for want in sys.argv[2:]:
    i = text.find(want, at)
    if i < 0:
        print("    missing after offset %d: %s" % (at, want))
        sys.exit(1)
    at = i + len(want)
PY
}
for g in pitarra ocencahuac asalto; do
	for l in es en ar; do
		if ! "$TABLERO" book --lang $l -o "$tmp/col-$g-$l.pdf" "$tmp/col-$g.tgn" 2>"$tmp/err"; then
			bad "book of the $g collation in $l"; cat "$tmp/err"
			continue
		fi
		pdftext "$tmp/col-$g-$l.pdf" "$tmp/col-$g-$l.txt"
		if grep -n -e '\[[A-Z][a-z]* "' -e 'no \[' -e 'NAG \$' -e '{' -e '<' "$tmp/col-$g-$l.txt" >"$tmp/raw"; then
			bad "book of the $g collation in $l: the collator's forms in the text"; cat "$tmp/raw"
		else ok; fi
	done
done
has "$tmp/col-pitarra-es.txt" "pitarra, es" "Testimonios: cuaderno (texto base), cinta." \
	"Etiquetas en que difieren los testimonios" \
	"Lugar: El Rodeo, El Marqués, Querétaro] cuaderno; El Rodeo, El Marqués, Querétaro, México cinta" \
	"Registró: Rogelio García] cinta; om. cuaderno" \
	"cinta: Juegan en el patio" "19. d6-d5¹" "cinta: Se acaba el lado A" "19... f2-g1²" \
	"23. b4-b2xf4³" "24. c5-c4⁴" "cuaderno: Escrito encima" "g4-g7xd2⁵" "0-1" "Aparato crítico" \
	"1. 19. d6-d5] cuaderno; faltan 2 jugadas cinta" \
	"2. 19... f2-g1] cuaderno; se restablece la posición cinta" \
	"3. 23. b4-b2xf4] cuaderno?, cinta (cuaderno: así lo anoté); b4-b2xd3 cuaderno? (cuaderno: o quitó la d3: está borroso)" \
	"4. 24. c5-c4] cuaderno, cinta? (cinta: Se oye «ce cuatro», con ruido de la calle.)" \
	"5. 34... g4-g7xd2] cinta; g4-g7xd2! cuaderno"
has "$tmp/col-pitarra-en.txt" "pitarra, en" "Witnesses: cuaderno (base text), cinta." \
	"Recorded by: Rogelio García] cinta; om. cuaderno" "Critical apparatus" \
	"1. 19. d6-d5] cuaderno; 2 turns missing cinta"
has "$tmp/col-ocencahuac-es.txt" "ocencahuac, es" "Testimonios: video (texto base), cuaderno." \
	"Lugar: Tepic, Nayarit] video; Tepic cuaderno" "3. a2-a3 b7-b6¹" "5. c1-b3²" \
	"1. 3... b7-b6] video?, cuaderno (video: se oye mal); b7-a7 video?" "2. 5. c1-b3] video; c1-a3 cuaderno"
has "$tmp/col-asalto-en.txt" "asalto, en" "Witnesses: Ana (base text), Hamid." \
	"Informant: Ana] Ana; Hamid Hamid" "Ana: no recuerda adónde salta" \
	"1. 10... [d6xd4]] proposed by the rules; d6x? Ana, Hamid" "2. 11. b4-b5] Ana; c3-c2 Hamid"
# Arabic: the notes' words, and the readings as Arabic editions give them
# ("في B: c3", "سقط من B"); pdftotext gives the lines in visual order, so
# what is checked is each piece, not its order
# (pdftotext's default mode keeps Arabic words whole; its marks dropped)
pdftotext "$tmp/col-pitarra-ar.pdf" - | python3 -c 'import re, sys; sys.stdout.write(re.sub("[\u202a-\u202e\u2066-\u2069]", "", sys.stdin.read()))' >"$tmp/col-ar.txt"
for w in "فروق النسخ" "الأصل" "سقط من" "في" "النسخ"; do
	if grep -q "$w" "$tmp/col-ar.txt"; then ok; else bad "pitarra, ar: no '$w'"; fi
done

echo "book: $pass passed, $fail failed"
[ $fail = 0 ]
