#!/usr/bin/env bash
# tests/games/tateti/check.sh TABLERO -- the toy game through every
# command of TABLERO, a build with it in its registry (tests/toy.sh runs
# it with $(BUILD)/tests/tablero-toy). Each check asserts an output:
# the records here, the expected/ files (checked by hand: the boards,
# the turns, the counts).
set -u
T=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: the checks run from here
here=$(cd "$(dirname "$0")" && pwd)
schema=$here/../../../schemas/tgn.rng
tmp=$(mktemp -d /tmp/tateti.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "tateti: ok   $1"; }
bad() { echo "tateti: FAIL $1"; fail=$((fail + 1)); }
# expect NAME WANT GOT
expect() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: want '$2', got '$3'"; fi; }
cd "$here"

# parse: every record reads
for f in win taken fly step; do
	"$T" parse "$f.tgn" >"$tmp/out" 2>&1
	expect "parse $f" 0 $?
done

# fmt: the canonical form, its tags in the roster's order with the
# game's side tags (Crosses, Noughts), a move to a line
"$T" fmt win.tgn >"$tmp/fmt" 2>&1
if cmp -s "$tmp/fmt" expected/win.fmt; then ok "fmt"; else bad "fmt"; diff expected/win.fmt "$tmp/fmt"; fi

# validate: the legal records pass, the illegal turns are caught and
# told in the game's words, a result the rules contradict is an error
"$T" validate win.tgn >"$tmp/v" 2>&1
expect "validate win" 0 $?
"$T" validate fly.tgn >"$tmp/v" 2>&1
expect "validate fly (moves=fly: a2-b3 flies)" 0 $?
"$T" validate taken.tgn >"$tmp/v" 2>&1
expect "validate taken: exit" 1 $?
grep -q 'taken.tgn:3:31: error: c1-a1: that point is taken \[TB401\]' "$tmp/v" &&
	ok "validate taken: the message" || bad "validate taken: $(cat "$tmp/v")"
"$T" validate step.tgn >"$tmp/v" 2>&1
expect "validate step: exit" 1 $?
grep -q 'a2-b3: a piece steps to the next point along a line \[TB401\]' "$tmp/v" &&
	ok "validate step: the message" || bad "validate step: $(cat "$tmp/v")"
sed 's/1-0/0-1/' win.tgn >"$tmp/wrong.tgn"
"$T" validate "$tmp/wrong.tgn" >"$tmp/v" 2>&1
expect "validate a wrong result: exit" 1 $?
grep -q 'the game ended (the crosses have three on a line) in 1-0, but the result says 0-1' "$tmp/v" &&
	ok "validate a wrong result: the message" || bad "validate wrong: $(cat "$tmp/v")"

# xml: the record and its parts, valid against the schema; read back
# (validated against the embedded schema, whose games are the
# registry's), the canonical TGN again
"$T" xml --positions win.tgn >"$tmp/win.xml" 2>&1
expect "xml: exit" 0 $?
grep -q '<record game="tateti">' "$tmp/win.xml" && grep -q '<step to="c2"/>' "$tmp/win.xml" &&
	grep -q 'O 4 X:a2,b2,c2 O:a1,b1,a3' "$tmp/win.xml" &&
	ok "xml: the record, its step, the last position" || bad "xml: $(head -c 600 "$tmp/win.xml")"
if command -v xmllint >/dev/null; then
	xmllint --noout --relaxng "$schema" "$tmp/win.xml" 2>"$tmp/lint" &&
		ok "xml: valid (xmllint, schemas/tgn.rng)" || bad "xml: xmllint: $(cat "$tmp/lint")"
fi
"$T" xml --to tgn "$tmp/win.xml" >"$tmp/back" 2>&1
if cmp -s "$tmp/back" expected/win.fmt; then ok "xml --to tgn"; else bad "xml --to tgn"; diff expected/win.fmt "$tmp/back"; fi

# its own part (game.c's parts, a kind the house numbers from
# TB_PART_GAME): "a2~a1" swaps with the nought on a1 under moves=swap;
# validate plays it, fmt writes its token back, xml writes it as
# <part kind="swap" to="a1"/> (valid, read back to the same TGN), svg
# draws it, and a swap where the rules have none is refused
"$T" validate swap.tgn >"$tmp/v" 2>&1
expect "validate swap (its own part)" 0 $?
expect "fmt: the part's token" "4. a2~a1" "$("$T" fmt swap.tgn 2>&1 | grep '^4\.')"
"$T" xml swap.tgn >"$tmp/sw.xml" 2>&1
expect "xml: the part" 1 "$(grep -c '<part kind="swap" to="a1"/>' "$tmp/sw.xml")"
if command -v xmllint >/dev/null; then
	xmllint --noout --relaxng "$schema" "$tmp/sw.xml" 2>"$tmp/lint" &&
		ok "xml: the part valid (xmllint)" || bad "xml: the part: xmllint: $(cat "$tmp/lint")"
fi
"$T" xml --to tgn "$tmp/sw.xml" >"$tmp/back" 2>&1
"$T" fmt swap.tgn >"$tmp/swfmt" 2>&1
if cmp -s "$tmp/back" "$tmp/swfmt"; then ok "xml --to tgn: its part read"; else
	bad "xml --to tgn: its part"; diff "$tmp/swfmt" "$tmp/back"; fi
for bad in '<part kind="swap"/>' '<part kind="swap" to="a1" point="a1"/>' \
	'<part kind="swap" point="a1"/>' '<part kind="leap" to="a1"/>'; do
	sed "s|<part kind=\"swap\" to=\"a1\"/>|$bad|" "$tmp/sw.xml" >"$tmp/bad.xml"
	"$T" xml --to tgn "$tmp/bad.xml" >"$tmp/out" 2>&1
	expect "xml --to tgn refuses $bad" 1 $?
	grep -q 'error: .*part.*\[TB502\]' "$tmp/out" && ok "  with a diagnostic" ||
		bad "  no diagnostic: $(head -2 "$tmp/out")"
done
"$T" svg swap.tgn >"$tmp/sw.svg" 2>&1
expect "svg: the part's turn drawn" 0 $?
sed 's/moves=swap/moves=step/' swap.tgn >"$tmp/noswap.tgn"
"$T" validate "$tmp/noswap.tgn" >/dev/null 2>&1
expect "validate: no swap under moves=step" 1 $?

# its own event (game.c's events, a kind the house numbers from
# TB_EV_GAME): validate tells it, xml writes it (valid against the
# schema, read back), grep --event finds it and counts it, its name is
# among the events grep lists
"$T" validate --positions win.tgn >"$tmp/v" 2>&1
grep -q '^1\. b2 .*  centre b2$' "$tmp/v" && ! grep -q '^1\.\.\. a1 .*centre' "$tmp/v" &&
	ok "validate --positions: the game's own event" || bad "validate --positions: $(head -3 "$tmp/v")"
"$T" xml --positions win.tgn >"$tmp/ev.xml" 2>&1
expect "xml --positions: the event, once" 1 "$(grep -c '<event kind="centre" point="b2"/>' "$tmp/ev.xml")"
if command -v xmllint >/dev/null; then
	xmllint --noout --relaxng "$schema" "$tmp/ev.xml" 2>"$tmp/lint" &&
		ok "xml --positions: valid (xmllint)" || bad "xml --positions: xmllint: $(cat "$tmp/lint")"
fi
"$T" xml --to tgn "$tmp/ev.xml" >"$tmp/back" 2>&1
if cmp -s "$tmp/back" expected/win.fmt; then ok "xml --to tgn: its event read"; else
	bad "xml --to tgn of the events"; diff expected/win.fmt "$tmp/back"; fi
expect "grep --event centre" "win.tgn" "$("$T" grep -l --event centre win.tgn 2>&1)"
expect "grep --event 'centre=1 per game'" "win.tgn" \
	"$("$T" grep -l --event 'centre=1 per game' win.tgn 2>&1)"
"$T" grep -l --event 'centre>=2 per game' win.tgn >"$tmp/out" 2>&1
expect "grep --event 'centre>=2 per game': none" 1 $?
"$T" grep --event nowhere win.tgn >"$tmp/out" 2>&1
grep -q 'the events: tercia, .*fortress, centre' "$tmp/out" &&
	ok "grep: an unknown event's message lists the game's" || bad "grep: $(cat "$tmp/out")"

# svg: the pieces in the game's classes, its style rules in the sheet,
# its words in the caption (Spanish too)
"$T" svg -o "$tmp/win.svg" win.tgn >"$tmp/out" 2>&1
expect "svg: exit" 0 $?
expect "svg: three crosses" 3 "$(grep -c 'class="piece tateti-x"' "$tmp/win.svg")"
expect "svg: three noughts" 3 "$(grep -c 'class="piece tateti-o"' "$tmp/win.svg")"
grep -q '\.piece\.tateti-x{fill:#7b2d8e}' "$tmp/win.svg" && grep -q 'class="tateti-centre"' "$tmp/win.svg" &&
	ok "svg: the game's style rules and its mark" || bad "svg: no style rules or mark"
grep -q 'the crosses win' "$tmp/win.svg" && ok "svg: the caption's result" || bad "svg: caption"
"$T" svg --lang es -o "$tmp/win-es.svg" win.tgn >"$tmp/out" 2>&1
grep -q 'ganan las cruces' "$tmp/win-es.svg" && grep -q 'Tatetí' "$tmp/win-es.svg" &&
	ok "svg --lang es: the game's Spanish words" || bad "svg --lang es"

# show: the text board, the key with the game's mark, the end; a turn
# before it with its legal turns
"$T" show win.tgn >"$tmp/show" 2>&1
if cmp -s "$tmp/show" expected/win.show; then ok "show"; else bad "show"; diff expected/win.show "$tmp/show"; fi
"$T" show --ply 3 --legal win.tgn >"$tmp/show" 2>&1
if cmp -s "$tmp/show" expected/win-ply3.show; then ok "show --ply 3 --legal"; else
	bad "show --ply 3 --legal"; diff expected/win-ply3.show "$tmp/show"; fi
"$T" show --color always win.tgn >"$tmp/show" 2>&1
grep -q $'\033\\[1;35mX' "$tmp/show" && grep -q $'\033\\[1;36mO' "$tmp/show" &&
	ok "show --color: the game's colours" || bad "show --color"

# html: a page with the record, the game's style rules
"$T" html -o "$tmp/win.html" win.tgn >"$tmp/out" 2>&1
expect "html: exit" 0 $?
grep -q '\.piece\.tateti-o{fill:#e8f4f8}' "$tmp/win.html" && grep -q 'Tateti' "$tmp/win.html" &&
	ok "html: the page" || bad "html"

# perft: from the start, placements only until the fifth turn (nine
# points, then eight, seven: 9, 72, 504); at the sixth, the 1440 ways
# the crosses' three placements make a line (8 lines x 3! orders x 6x5
# noughts' placements) end the game, the other 13680 have 4 empty
# points: 54720. A position after the placements: the crosses on a1,
# b1, c2 step only to c1 (b1-c1, c2-c1); flying, each of the three goes
# to each of the three empty points.
for d in "1 9" "2 72" "3 504" "6 54720"; do
	set -- $d
	expect "perft depth $1" "$2" "$("$T" perft --game tateti --depth "$1" 2>&1)"
done
P="X 4 X:a1,b1,c2 O:a2,b2,c3"
expect "perft a position, divided" "$(printf 'b1-c1 1\nc2-c1 1\n\ntotal 2')" \
	"$("$T" perft --game tateti --position "$P" --depth 1 --divide 2>&1)"
expect "perft a position, flying" 9 \
	"$("$T" perft --game tateti --rules "tateti; moves=fly" --position "$P" --depth 1 2>&1)"

# random: games that validate
"$T" random --game tateti --seed 3 -n 5 >"$tmp/random.tgn" 2>&1
"$T" validate "$tmp/random.tgn" >"$tmp/v" 2>&1
expect "random games validate" 0 $?

# the lists of games are the registry's
"$T" perft --game tetati --depth 1 >"$tmp/out" 2>&1
grep -q "tablero knows pitarra, asalto, ocencahuac and tateti); did you mean 'tateti'?" "$tmp/out" &&
	ok "the unknown game's message lists it" || bad "unknown game: $(cat "$tmp/out")"

exit $((fail > 0))
