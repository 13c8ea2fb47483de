#!/usr/bin/env bash
# Web pages (spec/html.md): every sample's page, and a few random games
# of each game, made by tablero html and
#   - valid HTML5 by tidy (tidy -errors -quiet: no error, no warning);
#   - self-contained: no src or href that leaves the page (but the
#     <audio> over the recording a record names);
#   - replayed in a real browser (tests/html_browser.js: Debian's chromium,
#     headless, driven by puppeteer-core), every turn's pieces against
#     tablero validate --positions, the keys, clicks, the fragment, a
#     variation; text from the record never run; a record with an illegal
#     turn replayed up to it; a turn's evidence links (the samples'
#     recording sought and played, a page's region framed: samples/media/
#     copied beside the pages, as a page finds what its record names).
# What it needs -- chromium, tidy, node and npm from Debian (tools/deps.sh
# html) and puppeteer-core from npm into build/node (no browser is
# downloaded) -- it installs; when it cannot, the test FAILS, loudly:
# CI installs them, so a missing browser is a broken build, not a skip.
# Screenshots of each game go to build/html-shots/, to be looked at.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/lib.sh"
. "$here/puppeteer.sh"
build=$(cd "$(dirname "$TABLERO")" && pwd)

node_dir=$build/node
browser_ready html "$node_dir" || exit 1

pages=$tmp/pages
mkdir -p "$pages"
# the samples' media (samples/media/), where their pages find them
cp -r "$root/samples/media" "$pages/media"
for f in "$root"/samples/*.tgn; do
	name=$(basename "$f" .tgn)
	t html --ignore-access "$f" -o "$pages/$name.html"
	if [ "$rc" -ne 0 ] && ! grep -q "rules stop" "$tmp/err"; then
		bad "tablero html $name: exit $rc" "$tmp/both"
		continue
	fi
	ok
	"$T" validate --positions "$f" >"$pages/$name.positions" 2>/dev/null || true
done
# random games: each game (its folder, lib/games/<name>/), two seeds, up
# to 160 turns
for d in "$root"/lib/games/*/; do
	g=$(basename "$d")
	for s in 3 8; do
		"$T" random --game "$g" --seed "$s" --turns 160 >"$tmp/random.tgn"
		t html "$tmp/random.tgn" -o "$pages/random-$g-$s.html"
		expect "tablero html, random $g seed $s" 0
		"$T" validate --positions "$tmp/random.tgn" >"$pages/random-$g-$s.positions" 2>/dev/null || true
	done
done
# an open '?' and gap until a restated position (spec/html.md): a page
# the browser steps through, and checks at turns 6 and 10
t html "$root/tests/golden/views-decided/abierta.tgn" -o "$pages/abierta.html"
expect "tablero html of a record with an open stretch" 0
"$T" validate --positions "$root/tests/golden/views-decided/abierta.tgn" \
	>"$pages/abierta.positions" 2>/dev/null || true
# text from the record: never markup, never run
cat >"$tmp/hostile.tgn" <<'TGN'
[Game "pitarra"]
[Event "\"><script>window.__pwned=1</script>"]
[Site "<img src=x onerror=alert(1)>"]
[Result "*"]

1. c3 {@es </script><img src=x onerror=alert(1)>} f4 {@en "><script>window.__pwned=1</script>} *
TGN
t html "$tmp/hostile.tgn" -o "$pages/hostile.html"
expect "tablero html of a hostile record" 0
if grep -q '<img\|<script>window' "$pages/hostile.html"; then
	bad "hostile: the record's markup is in the page unescaped" "$pages/hostile.html"
else
	ok
fi
# an illegal turn: replayed up to it
printf '[Game "pitarra"]\n[Result "*"]\n\n1. c3 f4 2. a1 b2 3. c3 g1 *\n' >"$tmp/bad.tgn"
t html "$tmp/bad.tgn" -o "$pages/bad.html"
expect "tablero html of a record with an illegal turn" 1
has "the illegal turn is said" "$tmp/err" "rules stop at 3. c3 \\(line 4\\): c3 is occupied"
# the same in Arabic: the turn in the words round it isolated left to
# right (U+2066 ... U+2069), so that it does not read "c3 .3"
printf '[Game "pitarra"]\n[Language "ar"]\n[Result "*"]\n\n1. c3 f4 2. a1 b2 3. c3 g1 *\n' >"$tmp/bad-ar.tgn"
t html "$tmp/bad-ar.tgn" -o "$pages/bad-ar.html"
expect "tablero html of an Arabic record with an illegal turn" 1
has "the Arabic page isolates the illegal turn" "$pages/bad-ar.html" "$(printf '\xe2\x81\xa63. c3\xe2\x81\xa9')"
# a record with errors: its tags and errors, no board
printf '[Game "pitarra"]\n[Event "roto"]\n[Result "*"]\n\n1. c3 f4 2. zz9 *\n' >"$tmp/broken.tgn"
t html "$tmp/broken.tgn" -o "$tmp/broken.html"
expect "tablero html of a record with errors" 1
has "its page says it has errors" "$tmp/broken.html" 'class="tb-problems"'
# several files need -d; -d writes NAME.html
t html "$root/samples/asalto-fas-1992.tgn" "$root/samples/pitarra-navajos-1998.tgn"
expect "two files without -d" 2
t html --ignore-access -d two "$root/samples/asalto-fas-1992.tgn" "$root/samples/pitarra-navajos-1998.tgn"
expect "two files with -d" 0
[ -s "$tmp/two/asalto-fas-1992.html" ] && [ -s "$tmp/two/pitarra-navajos-1998.html" ] && ok ||
	bad "-d DIR: DIR/NAME.html for each file"

for p in "$pages"/*.html "$tmp/broken.html"; do
	if tidy -errors -quiet "$p" >"$tmp/tidy" 2>&1; then
		ok
	else
		bad "tidy: $(basename "$p")" "$tmp/tidy"
	fi
	# the one exception: the recording a record names ([Recording]), its
	# <audio preload="none">, played only when the reader asks
	if grep -v '^ *<audio class="tb-audio" controls="controls" preload="none" src=' "$p" |
		grep -Eo '(src|href)="[^"#][^"]*"' >"$tmp/ext"; then
		bad "$(basename "$p") refers outside itself" "$tmp/ext"
	else
		ok
	fi
done

mkdir -p "$build/html-shots"
echo "html: $pass passed, $fail failed (pages); now in chromium"
if ! NODE_PATH="$node_dir/node_modules" timeout 300 node "$here/html_browser.js" "$pages" \
	"$build/html-shots"; then
	fail=$((fail + 1))
fi
# a collation's apparatus (spec/html.md §2): a collation of each game, in
# each language, in chromium (tests/html_apparatus.js)
app=$tmp/apparatus
mkdir -p "$app"
"$T" collate --sigla cinta,cuaderno "$root/samples/pitarra-rodeo-2004-cinta.tgn" \
	"$root/samples/pitarra-rodeo-2004-cuaderno.tgn" -o "$tmp/col-pitarra.tgn"
"$T" collate --sigla video,cuaderno "$here/apparatus/oc-video.tgn" "$here/apparatus/oc-cuaderno.tgn" \
	-o "$tmp/col-ocencahuac.tgn"
"$T" collate --sigla Ana,Hamid "$here/apparatus/asalto-ana.tgn" "$here/apparatus/asalto-hamid.tgn" \
	-o "$tmp/col-asalto.tgn"
for g in pitarra ocencahuac asalto; do
	for l in es en ar; do
		t html --lang $l "$tmp/col-$g.tgn" -o "$app/col-$g-$l.html"
		if [ "$rc" -ne 0 ] && ! grep -q "rules stop" "$tmp/err"; then
			bad "tablero html of the $g collation in $l: exit $rc" "$tmp/both"
		elif tidy -errors -quiet "$app/col-$g-$l.html" >"$tmp/tidy" 2>&1; then
			ok
		else
			bad "tidy: the $g collation in $l" "$tmp/tidy"
		fi
	done
done
if ! NODE_PATH="$node_dir/node_modules" timeout 300 node "$here/html_apparatus.js" "$app" \
	"$build/html-shots"; then
	fail=$((fail + 1))
fi
echo "html: $pass passed, $fail failed; screenshots in $build/html-shots/"
[ "$fail" -eq 0 ]
