#!/usr/bin/env bash
# The transcription desk (spec/desk.md): tablero desk's page, its
# command's refusals, and the page in Debian's chromium, headless, driven
# by puppeteer-core (tests/desk_browser.js), where
#   - a whole sample of each game is entered by clicks alone from its
#     start (its tags, no turn), and saved: byte for byte tablero fmt of
#     the sample's main line (its tokens, from tablero catalog --turns);
#   - a slip typed into the text shows what tablero validate says of it;
#   - a '?' entered gets the rules' candidates, and one put in;
#   - a turn taken out of the middle shows what became illegal after it;
#   - undo and redo, a reload recovering the draft, a recording's time
#     stamped on a turn and played from there, keys alone, 320 px;
#   - no request leaves the page; no text of a record is ever markup;
#   - each page is valid HTML5 (tidy), its words in the record's language.
# Like tests/html.sh it installs what it needs (tools/deps.sh html) and
# FAILS when it cannot. Where this tablero has no engine (clang's wasm
# target missing: make wasm said so), it says that in one line and skips.
# Screenshots go to build/desk-shots/, to be looked at.
set -euo pipefail
: "${TABLERO:?set TABLERO}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/lib.sh"
. "$here/puppeteer.sh"
build=$(cd "$(dirname "$TABLERO")" && pwd)

printf '[Game "pitarra"]\n[Result "*"]\n\n1. c3 f4 *\n' >"$tmp/short.tgn"
t desk short.tgn -o short.html
if [ "$rc" -eq 2 ] && grep -q 'without the desk' "$tmp/err"; then
	echo "desk: skipped: $(cat "$tmp/err")"
	exit 0
fi
expect "tablero desk FILE -o PAGE" 0
[ -s "$tmp/short.html" ] && ok || bad "the page is written"

# the command's refusals: each says why, exit 2, nothing written
t desk nosuch.tgn -o x.html
expect "a file that is not there" 2
[ ! -e "$tmp/x.html" ] && ok || bad "nothing written for a file that is not there"
echo "[Game" | gzip >"$tmp/bin.tgn"
t desk bin.tgn -o x.html
expect "a file that is no text" 2
has "a file that is no text is said to be so" "$tmp/err" "gzip-compressed file, not TGN text"
[ ! -e "$tmp/x.html" ] && ok || bad "nothing written for a file that is no text"
head -c 2200000 /dev/zero | tr '\0' ' ' >"$tmp/big.tgn"
t desk big.tgn -o x.html
expect "a file over 2 MB" 2
has "a file over 2 MB is said to be too large" "$tmp/err" "larger than the desk takes"
t desk --game nosuch -o x.html
expect "an unknown game" 2
has "an unknown game is named" "$tmp/err" "unknown game 'nosuch'"
t desk a.tgn b.tgn
expect "two files" 2
t desk --game pitarra short.tgn
expect "--game with a file" 2
echo "old" >"$tmp/keep.html"
t desk nosuch.tgn -o keep.html
[ "$(cat "$tmp/keep.html")" = old ] && ok || bad "a failed run leaves -o's file as it was"
t desk --game asalto
expect "a new record of a game, to standard output" 0
has "the page is on standard output" "$tmp/out" '<title>tablero desk</title>'

# self-contained: no src or href that leaves the page; the module inside
if grep -Eo '(src|href)="[^"#][^"]*"' "$tmp/short.html" >"$tmp/ext"; then
	bad "the page refers outside itself" "$tmp/ext"
else
	ok
fi
has "a Content-Security-Policy that allows no connection" "$tmp/short.html" "default-src 'none'"
size=$(wc -c <"$tmp/short.html")
[ "$size" -lt 2000000 ] && ok || bad "the page is under 2 MB ($size bytes)"

# text from the record: never markup, never run (base64 in the page)
cat >"$tmp/hostile.tgn" <<'TGN'
[Game "pitarra"]
[Event "\"><script>window.__pwned=1</script>"]
[Site "<img src=x onerror=window.__pwned=2>"]
[Result "*"]

1. c3 {@es </script><img src=x onerror=window.__pwned=3>} f4 *
TGN
t desk hostile.tgn -o hostile.html
expect "tablero desk of a hostile record" 0
hasnt "the record's markup is not in the page" "$tmp/hostile.html" '<img|<script>window|onerror'

node_dir=$build/node
browser_ready desk "$node_dir" || exit 1

# Each game's whole sample, entered from its start: the page opens with
# the sample's tags and result and no turn (START), is given the main
# line's tokens (TOKENS, one a line) to click, and must save EXPECT.
work=$tmp/work
mkdir -p "$work"
for s in pitarra-navajos-1998 asalto-tetuan-1986 ocencahuac-tepic-2011 ocencahuac-ixtlan-2015-final; do
	f=$root/samples/$s.tgn
	sed -n '/^\[/p' "$f" >"$work/$s.tags"
	result=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$f")
	{ cat "$work/$s.tags"; printf '\n%s\n' "$result"; } >"$work/$s.start.tgn"
	"$T" catalog --turns --format jsonl "$f" |
		python3 -c 'import json,sys; [print(json.loads(l)["token"]) for l in sys.stdin]' \
		>"$work/$s.tokens"
	{ cat "$work/$s.tags"; echo; tr '\n' ' ' <"$work/$s.tokens"; echo "$result"; } >"$work/$s.main.tgn"
	if ! "$T" fmt "$work/$s.main.tgn" >"$work/$s.expect" 2>"$tmp/err"; then
		bad "tablero fmt of $s's main line" "$tmp/err"
		continue
	fi
	(cd "$work" && "$T" desk "$s.start.tgn" -o "$s.html")
	ok
done
cp "$tmp/hostile.html" "$work/hostile.html"
# a slip and a '?': the pages, and what validate says of the same texts
# (the browser writes the texts it typed; validate runs on them there)
printf '[Game "pitarra"]\n[Result "*"]\n\n1. c3 f4 2. d2 g7 3. a1 *\n' >"$work/edit.tgn"
(cd "$work" && "$T" desk edit.tgn -o edit.html)
(cd "$work" && "$T" desk --game pitarra -o new.html)
# valid HTML5 (tidy: no error, no warning), its words in the record's
# language before any script runs
for p in "$work"/*.html; do
	if tidy -errors -quiet "$p" >"$tmp/tidy" 2>&1; then ok; else bad "tidy: $(basename "$p")" "$tmp/tidy"; fi
done
has "the words are the record's language's (es-MX)" "$work/pitarra-navajos-1998.html" \
	'<html lang="es" dir="ltr">'
has "a right-to-left language's page is so (ar)" "$work/asalto-tetuan-1986.html" '<html lang="ar" dir="rtl">'
has "a word of the page, in Arabic" "$work/asalto-tetuan-1986.html" 'data-w="desk.save">حفظ بصيغة TGN<' 
# a recording: three seconds of silence
python3 - "$work/tape.wav" <<'PY'
import sys, wave
w = wave.open(sys.argv[1], 'wb')
w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000)
w.writeframes(b'\0\0' * 8000 * 3)
w.close()
PY

mkdir -p "$build/desk-shots"
echo "desk: $pass passed, $fail failed (the command); now in chromium"
if ! NODE_PATH="$node_dir/node_modules" TABLERO="$T" timeout 600 node "$here/desk_browser.js" \
	"$work" "$build/desk-shots"; then
	fail=$((fail + 1))
fi
echo "desk: $pass passed, $fail failed; screenshots in $build/desk-shots/"
[ "$fail" -eq 0 ]
