#!/usr/bin/env bash
# Random games replayed by validate under every value of every rule
# option of each game that has a rules engine: La Pitarra's with no
# diagnostic at all; Asalto's with no error (a random defender often
# passes up a capture, which is legal and earns a warning, TB407).
set -euo pipefail
: "${TABLERO:?set TABLERO}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # game, rules, [strict]
	local game=$1 rules=$2 strict=${3:-}
	"$TABLERO" random --game "$game" --rules "$rules" --seed 11 -n 40 >"$tmp/games.tgn"
	if "$TABLERO" validate $strict "$tmp/games.tgn" >/dev/null 2>"$tmp/err" &&
	   ! grep -v 'TB407\|TB403' "$tmp/err" | grep -q 'warning:' &&
	   [ "$(grep -c '^\[Game ' "$tmp/games.tgn")" = 40 ] &&
	   { [ "$game" != pitarra ] || ! grep -q '^\[Result "\*"\]' "$tmp/games.tgn"; }; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: random $game games under \"$rules\" do not validate cleanly"
		head -20 "$tmp/err"
	fi
}
for rules in "" board=25 diagonals=movement movement=slide movement=fly flying=at3 \
	protect=tercia capture=optional columpio=no_return blocked=lose limit=20 \
	"board=25; movement=slide; flying=at3; protect=tercia; capture=optional"; do
	check pitarra "$rules" --strict
done
for rules in "" first=defenders blue=horizontals blue=fortress forward=fortress \
	chain=straight chain=angle huff=automatic huff=off huff_target=mover immobile=lose \
	diagonals=none "chain=straight; huff=automatic; blue=horizontals; forward=fortress"; do
	check asalto "$rules"
done
echo "random: $pass passed, $fail failed"
[ $fail = 0 ]
